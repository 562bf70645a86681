// The warbands the new-game form starts on (web/lib/default_sides.js): those `warband play` plays
// without --warbands, which the server lists as a ruleset's default_warbands.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { defaultSides, linkedSides } from '../../web/lib/default_sides.js';
import { playHref } from '../../web/lib/navigate.js';

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

test("a builder's Play it link names its saved document as Red's side", () => {
  // Main's link opened the Play page on the defaults: the saved list had to be found by hand.
  const href = playHref('atomspast', '7');
  assert.equal(href, '#/play?ruleset=atomspast&red=document%3A7');
  const query = new URLSearchParams(href.slice(href.indexOf('?') + 1));
  const offered = ['toms_orcs', 'jerrys_elves', 'document:7'];
  assert.deepEqual(linkedSides(offered, query), ['document:7', null]);
  // A side the form does not offer (a deleted document) keeps the default.
  assert.deepEqual(linkedSides(offered, new URLSearchParams('red=document:9&blue=toms_orcs')), [null, 'toms_orcs']);
  assert.deepEqual(linkedSides(offered, new URLSearchParams('')), [null, null]);
  assert.equal(playHref('big game'), '#/play?ruleset=big%20game');
});
