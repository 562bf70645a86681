// Placement mode's pure part (web/lib/placements.js): from the legal actions' views and the square
// pointed at (and R pressed so many times) to the placement played and the squares highlighted and
// greyed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  arrowStep, firstSquare, isPlacementStep, placementCaption, placementPreview, placementsAt, rotationKeeping,
  squareShowing, unitsHit,
} from '../../web/lib/placements.js';

// On a 6 x 6 board: a 3-square bar anchored at C3 in two orientations, a cone anchored off the
// board whose squares are A1 and B1, a line to E5 through D4 (E5 out of range), a cone anchored
// off the board that hits C3 (a bar's anchor) and one that hits nothing (F6 out of sight).
const bar0 = { action: 10, text: 'W places Bar at C3', spell: 'Bar', orientation: 0, anchor: [2, 2],
               affected: [[1, 2], [2, 2], [3, 2]], unaffected: [] };
const bar1 = { action: 11, text: 'W places Bar at C3, turned 90°', spell: 'Bar', orientation: 1, anchor: [2, 2],
               affected: [[2, 1], [2, 2]], unaffected: [[2, 3]] };
const cone = { action: 12, text: 'W places Bar at (-1, 0) off the board', spell: 'Bar', orientation: 1, anchor: [-1, 0],
               affected: [[0, 0], [1, 0]], unaffected: [] };
const line = { action: 13, text: 'W places Bar in a line to E5', spell: 'Bar', orientation: 0, anchor: [4, 4],
               affected: [[3, 3]], unaffected: [[4, 4]] };
const coneOnBar = { action: 14, text: 'W places Bar at (2, -1) off the board', spell: 'Bar', orientation: 2, anchor: [2, -1],
                    affected: [[2, 0], [2, 1], [2, 2]], unaffected: [] };
const unseen = { action: 15, text: 'W places Bar at (6, 5) off the board', spell: 'Bar', orientation: 3, anchor: [6, 5],
                 affected: [], unaffected: [[5, 5]] };
const legal = [bar0, bar1, cone, line, coneOnBar, unseen];
const board = { width: 6, height: 6 };

test('placement mode: only when every legal action has an anchor and affected squares', () => {
  assert.equal(isPlacementStep(legal), true);
  assert.equal(isPlacementStep([]), false, 'no actions: nothing to place');
  assert.equal(isPlacementStep(undefined), false);
  // A top-level step: moves (cells) beside a spell's button: not placements.
  assert.equal(isPlacementStep([bar0, { action: 1, kind: 'move', cells: [[0, 0]] }]), false);
  assert.equal(isPlacementStep([{ ...bar0, anchor: [1] }]), false, 'an anchor is two whole numbers');
  assert.equal(isPlacementStep([{ ...bar0, affected: undefined }]), false);
});

test('a square offers the placements anchored there, then those anchored off the board that hit it', () => {
  assert.deepEqual(placementsAt(legal, [2, 2], board), [bar0, bar1, coneOnBar]);
  assert.deepEqual(placementsAt(legal, [4, 0], board), [], 'nothing at a square nothing touches');
  assert.deepEqual(placementsAt(legal, [9, 9], board), []);
  assert.deepEqual(placementsAt(legal, null, board), []);
});

test('where none is anchored, a square offers the placements that hit it (off-board anchors, lines)', () => {
  assert.deepEqual(placementsAt(legal, [0, 0], board), [cone]);
  assert.deepEqual(placementsAt(legal, [1, 0], board), [cone]);
  assert.deepEqual(placementsAt(legal, [3, 3], board), [line]);
  // B3 is hit by bar0 only (anchored at C3, not at B3).
  assert.deepEqual(placementsAt(legal, [1, 2], board), [bar0]);
  // E5 is the line's anchor, though out of range.
  assert.deepEqual(placementsAt(legal, [4, 4], board), [line]);
  // C2: the turned bar hits it too, but the cone from above has no anchor on the board to be found at.
  assert.deepEqual(placementsAt(legal, [2, 1], board), [coneOnBar]);
  // Without the board's size only an anchor past the top or left edge is off it; D4 still offers what hits it.
  assert.deepEqual(placementsAt([{ ...line, anchor: [7, 7] }], [3, 3]), [{ ...line, anchor: [7, 7] }]);
  // F6: hit by nothing, but in the shape of the cone that hits nothing.
  assert.deepEqual(placementsAt(legal, [5, 5], board), [unseen]);
});

// Every placement shown at a square as R is pressed round.
const placementPreviewsAt = (square) => {
  const count = placementPreview(legal, square, 0, board)?.count ?? 0;
  return Array.from({ length: count }, (_, rotation) => placementPreview(legal, square, rotation, board).action);
};

test('every placement can be reached from some square of its own, by pointing and R', () => {
  for (const action of legal) {
    const squares = [action.anchor, ...action.affected, ...action.unaffected];
    const reachable = squares.some((square) => placementPreviewsAt(square).includes(action));
    assert.ok(reachable, action.text);
  }
});

test('the preview: the chosen action, its affected squares highlighted and the rest greyed; R cycles', () => {
  const first = placementPreview(legal, [2, 2], 0, board);
  assert.equal(first.action, bar0);
  assert.deepEqual(first.affected, [[1, 2], [2, 2], [3, 2]]);
  assert.deepEqual(first.unaffected, []);
  assert.equal(first.count, 3);
  const turned = placementPreview(legal, [2, 2], 1, board);
  assert.equal(turned.action, bar1);
  assert.equal(turned.index, 1);
  assert.deepEqual(turned.affected, [[2, 1], [2, 2]]);
  assert.deepEqual(turned.unaffected, [[2, 3]]);
  assert.equal(placementPreview(legal, [2, 2], 2, board).action, coneOnBar);
  // Round again after the last one.
  assert.equal(placementPreview(legal, [2, 2], 3, board).action, bar0);
  assert.equal(placementPreview(legal, [2, 2], 7, board).action, bar1);
  assert.equal(placementPreview(legal, [4, 0], 0, board), null);
  // No "unaffected" in the view: nothing greyed.
  assert.deepEqual(placementPreview([{ ...bar0, unaffected: undefined }], [2, 2]).unaffected, []);
});

test('a shape keeps its turn as the pointer moves, when the new square has it', () => {
  assert.equal(rotationKeeping(legal, [2, 2], 1, board), 1);
  assert.equal(rotationKeeping(legal, [2, 2], 2, board), 2);
  assert.equal(rotationKeeping(legal, [2, 2], 0, board), 0);
  assert.equal(rotationKeeping(legal, [0, 0], 1, board), 0, 'the cone: the only one there');
  assert.equal(rotationKeeping(legal, [3, 3], 3, board), 0, 'no such turn: the first');
});

test('the preview starts at the first placement\'s anchor, or its first square on the board', () => {
  assert.deepEqual(firstSquare(legal, 6, 6), [2, 2]);
  assert.deepEqual(firstSquare([cone], 6, 6), [0, 0]);
  assert.equal(firstSquare([], 6, 6), null);
  assert.deepEqual(firstSquare([unseen], 6, 6), [5, 5], 'hitting nothing: a square of its shape');
  assert.equal(firstSquare([{ ...cone, affected: [] }], 6, 6), null);
});

test('a placement pointed at in the list is shown at its square with its rotation', () => {
  assert.deepEqual(squareShowing(legal, bar1, 6, 6), { square: [2, 2], rotation: 1 });
  assert.deepEqual(squareShowing(legal, cone, 6, 6), { square: [0, 0], rotation: 0 });
  for (const action of legal) {
    const shown = squareShowing(legal, action, 6, 6);
    assert.equal(placementPreview(legal, shown.square, shown.rotation, board).action, action, action.text);
  }
});

test('the arrow keys move the square, kept on the board; other keys do not', () => {
  assert.deepEqual(arrowStep([2, 2], 'ArrowLeft', 6, 6), [1, 2]);
  assert.deepEqual(arrowStep([2, 2], 'ArrowDown', 6, 6), [2, 3]);
  assert.deepEqual(arrowStep([0, 0], 'ArrowUp', 6, 6), [0, 0]);
  assert.deepEqual(arrowStep([5, 5], 'ArrowRight', 6, 6), [5, 5]);
  assert.deepEqual(arrowStep(null, 'ArrowRight', 6, 6), [1, 0]);
  assert.equal(arrowStep([2, 2], 'r', 6, 6), null);
});

test('the caption: the spell, the rotation, whom it hits, the action\'s own text and the keys', () => {
  const units = [
    { index: 0, label: 'R1', name: 'Wizard', alive: true, cells: [[1, 2]] },
    { index: 1, label: 'B1', name: 'Wizard', alive: true, cells: [[3, 2]] },
    { index: 2, label: 'B2', name: 'Imp', alive: false, cells: [[2, 2]] },
    { index: 3, label: 'B3', name: 'Imp', alive: true, cells: [[5, 5]] },
  ];
  const preview = placementPreview(legal, [2, 2], 0, board);
  assert.deepEqual(unitsHit(preview, units).map((u) => u.label), ['R1', 'B1']);
  const caption = placementCaption(preview, units);
  assert.equal(caption.title, 'Bar · rotation 1 of 3 · hits 2 combatants (R1, B1)');
  assert.equal(caption.detail, 'W places Bar at C3');
  assert.equal(caption.hint, 'click to cast, R to rotate, Esc/Undo to choose another spell');
  assert.equal(placementCaption(placementPreview(legal, [0, 0], 0, board), units).title, 'Bar · one placement here · hits 0 combatants');
  assert.match(placementCaption(null, units).title, /Point at a square/);
});
