// The play page's notice of a game that plays the content it began on.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { contentNotice } from '../../web/lib/game_content.js';

test('a game on its stored content version says so in one line', () => {
  assert.equal(
    contentNotice({ content: 'as it began (version 1a2b3c4d5e6f, 12 files)' }),
    'This game plays the content as it began (version 1a2b3c4d5e6f, 12 files): the content has ' +
      'been edited since, and a new game plays the edited one.');
});

test('a game on the live content, or from a server without the field, shows nothing', () => {
  assert.equal(contentNotice({ content: 'live' }), null);
  assert.equal(contentNotice({}), null);
  assert.equal(contentNotice(null), null);
});
