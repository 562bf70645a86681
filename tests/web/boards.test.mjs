// The board registry: a table view's kind picks its renderer; any other kind (or none) gets the
// generic board, so a new ruleset plays from its first day.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BOARDS, boardFor } from '../../web/components/boards/index.js';
import { genericBoard } from '../../web/components/generic_board.js';
import { gridBoard } from '../../web/components/boards/grid.js';
import { tabletopBoard } from '../../web/components/boards/tabletop.js';

test('a grid table is drawn by the grid board', () => {
  assert.equal(boardFor('grid'), gridBoard);
  assert.equal(BOARDS.grid.kind, 'grid');
});

test('a tabletop table is drawn by the tabletop board', () => {
  assert.equal(boardFor('tabletop'), tabletopBoard);
  assert.equal(BOARDS.tabletop.kind, 'tabletop');
});

test('the tabletop board sums up its table: name, round of the limit, whose turn', () => {
  const table = { kind: 'tabletop', name: 'Ruined town', round: 2, round_limit: 6 };
  assert.equal(tabletopBoard.summary(table, { current_player: 0, terminal: false }), 'Ruined town · round 2 of 6 · Red to move');
  assert.equal(tabletopBoard.summary(table, { current_player: -2, terminal: true }), 'Ruined town · round 2 of 6');
  assert.equal(tabletopBoard.summary({ kind: 'tabletop', name: 'T', round: 1 }, { current_player: 1 }), 'T · round 1 · Blue to move');
});

test('a kind without a renderer, or no kind, gets the generic board', () => {
  for (const kind of ['text', 'hexes', '', undefined, null, 'constructor', 'toString', 7])
    assert.equal(boardFor(kind), genericBoard, String(kind));
});

test('every renderer has the interface the game and replay screens use', () => {
  for (const board of [...Object.values(BOARDS), genericBoard]) {
    assert.equal(typeof board.summary, 'function');
    assert.equal(typeof board.play, 'function');
    assert.equal(typeof board.frame, 'function');
  }
  // A board's kind is its key in the registry.
  for (const [kind, board] of Object.entries(BOARDS)) assert.equal(board.kind, kind);
});

test('the generic board says whose turn it is', () => {
  assert.equal(genericBoard.summary({ kind: 'text', text: '' }, { current_player: 1, terminal: false }), 'Blue to move');
  assert.equal(genericBoard.summary({ kind: 'text', text: '' }, { current_player: -1, terminal: false }), 'chance to move');
  assert.equal(genericBoard.summary(null, { current_player: -2, terminal: true }), null);
});

test('the grid board sums up its table: map, round and turn as the rules count them, phase in words', () => {
  assert.equal(gridBoard.summary({ kind: 'grid', map: { name: 'Hills' }, round: 2, turn: 3, phase: 'battlefield', phase_name: 'Battlefield Phase' }),
               'Hills · round 2, turn 3 · Battlefield Phase');
  assert.equal(gridBoard.summary({ kind: 'grid', map: { name: 'Hills' }, round: 0, turn: 0, phase: 'dice_off', phase_name: 'Dice-off' }),
               'Hills · set-up · Dice-off');
  // A table from a server without phase names still reads as words, never as an id.
  assert.equal(gridBoard.summary({ kind: 'grid', map: { name: 'Hills' }, round: 1, phase: 'spell_effects' }),
               'Hills · round 1 · Spell Effects Phase');
});
