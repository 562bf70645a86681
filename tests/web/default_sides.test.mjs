// The warbands the new-game form starts on (web/lib/default_sides.js): those `warband play` plays
// without --warbands, which the server lists as a ruleset's default_warbands.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { defaultSides } from '../../web/lib/default_sides.js';

const warbands = [{ id: 'jerrys_elves', name: "Jerry's Elves" }, { id: 'toms_orcs', name: "Tom's Orcs" }];

test('the default warbands, Red first, whatever the order of the list', () => {
  // The form put the Elves as Red (the list's first) where the command line plays the Orcs.
  assert.deepEqual(defaultSides({ warbands, default_warbands: ['toms_orcs', 'jerrys_elves'] }), [1, 0]);
  assert.deepEqual(defaultSides({ warbands, default_warbands: ['jerrys_elves', 'toms_orcs'] }), [0, 1]);
  assert.deepEqual(defaultSides({ warbands: ['a', 'b', 'c'], default_warbands: ['c', 'a'] }), [2, 0]);
});

test('without defaults, or with one the list lacks, the first two', () => {
  assert.deepEqual(defaultSides({ warbands }), [0, 1]);
  assert.deepEqual(defaultSides({ warbands, default_warbands: null }), [0, 1]);
  assert.deepEqual(defaultSides({ warbands, default_warbands: ['toms_orcs', 'gone'] }), [0, 1]);
  assert.deepEqual(defaultSides({ warbands: [warbands[0]] }), [0, 0]);
  assert.deepEqual(defaultSides({}), [0, 0]);
});
