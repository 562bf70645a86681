// The saved documents the new-game form offers as sides (web/lib/rulesets.js): every kind the
// server marks plays_as_side, a Spellweavers wizard as well as a warband, and no other kind.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { savedSidesLabel, sideKinds } from '../../web/lib/rulesets.js';

test('the kinds that play as a side, and only those', () => {
  const wizards = { documents: [{ kind: 'wizard', title: 'Wizard', plays_as_side: true }] };
  assert.deepEqual(sideKinds(wizards).map((k) => k.kind), ['wizard']);
  const warbands = {
    documents: [
      { kind: 'warband', title: 'Warband', plays_as_side: true },
      { kind: 'collection', title: 'Collection', plays_as_side: false },
      { kind: 'deck', title: 'Deck' },
    ],
  };
  assert.deepEqual(sideKinds(warbands).map((k) => k.kind), ['warband']);
  assert.deepEqual(sideKinds({}), []);
});

test('the heading names the kinds', () => {
  assert.equal(savedSidesLabel([{ kind: 'wizard', title: 'Wizard' }]), 'Your wizards');
  assert.equal(savedSidesLabel([{ kind: 'warband', title: 'Warband' }]), 'Your warbands');
});
