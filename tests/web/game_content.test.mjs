// The content a game plays: the play page's notice, the replay page's line, the games list's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { contentNotice, listedContent, replayContentLine } from '../../web/lib/game_content.js';

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

test('a replay says which content it plays, live included', () => {
  assert.equal(replayContentLine({ content: 'live' }), 'Replays on the content as it is now.');
  assert.equal(
    replayContentLine({ content: 'as it began (version 1a2b3c4d5e6f, 12 files)' }),
    'Replays on the content as it began (version 1a2b3c4d5e6f, 12 files): the content has been ' +
      'edited since.');
  assert.equal(replayContentLine({}), null);
});

test('the list of games names a kept version only', () => {
  assert.equal(listedContent({ content: 'as it began (version 1a2b3c4d5e6f, 12 files)' }),
    'content as it began (version 1a2b3c4d5e6f, 12 files)');
  assert.equal(listedContent({ content: 'live' }), null);
  assert.equal(listedContent({}), null);
});
