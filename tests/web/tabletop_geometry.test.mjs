// The tabletop board's measuring (web/lib/tabletop_geometry.js): the screen's flip, distances and
// bases, the rings and the ruler, snapping and the arrow keys, the reach outline, the zoom.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  distance, edgeDistance, fitBox, fromScreen, gridLines, inchesText, isArrow, latticeStep, measure, modelAt,
  nearestIndex, onTable, panBox, reachOutline, ringRadius, screenDirection, sectorPath, standingModels, stepIndex, toScreen,
  zoomBox,
} from '../../web/lib/tabletop_geometry.js';

const near = (actual, expected, message) => assert.ok(Math.abs(actual - expected) < 1e-9, `${message ?? ''} ${actual} ≠ ${expected}`);

// Two bases 10" apart centre to centre on a 36" table: a 4" golem and a 1" imp; a third model out.
const golem = { label: 'R1', at: [18, 2], diameter: 4, attack_reach: 3, influence: 5, out: false };
const imp = { label: 'B1', at: [18, 12], diameter: 1, attack_reach: 1, influence: 2, out: false };
const fallen = { label: 'B2', at: [30, 30], diameter: 2, out: true };
const models = [golem, imp, fallen];

test('the far edge is drawn on top, and a screen point maps back', () => {
  assert.deepEqual(toScreen([18, 2], 36), [18, 34]);
  assert.deepEqual(fromScreen(toScreen([3.5, 30], 36), 36), [3.5, 30]);
  // Facing 90° (towards +y, the far edge) points up the screen; 0° to the right.
  near(screenDirection(90)[0], 0); near(screenDirection(90)[1], -1);
  near(screenDirection(0)[0], 1); near(screenDirection(0)[1], 0);
});

test('distances centre to centre and edge to edge, never below 0 for bases in contact', () => {
  near(distance([0, 0], [3, 4]), 5);
  near(edgeDistance(golem, imp), 10 - 2 - 0.5);
  near(edgeDistance(golem, { at: [20, 2], diameter: 1 }), 0, 'overlapping bases');
});

test('a point falls on the base it is in (its edge included), never on a model out', () => {
  assert.equal(modelAt(models, [19.9, 2]).label, 'R1');
  assert.equal(modelAt(models, [20, 2]).label, 'R1', 'the edge');
  assert.equal(modelAt(models, [20.1, 2]), null);
  assert.equal(modelAt(models, [30, 30]), null, 'B2 is out');
  assert.equal(modelAt(models, [18, 12]).index, 1, 'the model keeps its index in the view');
  // Overlapping bases: the nearer centre.
  assert.equal(modelAt([golem, { label: 'X', at: [21, 2], diameter: 4 }], [20.2, 2]).label, 'X');
});

test('a model is on the table unless knocked out or not placed yet', () => {
  assert.equal(onTable(golem), true);
  assert.equal(onTable(fallen), false);
  assert.equal(onTable({ ...imp, deployed: false }), false, 'deployment: not placed yet');
  assert.equal(onTable({ ...imp, deployed: true }), true);
  assert.equal(onTable({ label: 'X' }), false, 'no position');
  // A view that tells the dead apart: out of the fight (dying) but still on the table.
  assert.equal(onTable({ ...imp, out: true, dead: false }), true);
  assert.equal(onTable({ ...imp, out: true, dead: true }), false);
  assert.deepEqual(standingModels([golem, { ...imp, deployed: false }, fallen]).map((m) => m.index), [0]);
  assert.equal(modelAt([{ ...golem, deployed: false }], golem.at), null, 'a click finds no model not placed');
});

test('Attack Reach and Influence rings lie at the base radius plus the reach', () => {
  assert.equal(ringRadius(golem, golem.attack_reach), 5);
  assert.equal(ringRadius(golem, golem.influence), 7);
  // A base touching the ring is exactly the reach away, edge to edge.
  const touching = { at: [18, 2 + ringRadius(golem, 3) + 0.5], diameter: 1 };
  near(edgeDistance(golem, touching), 3);
});

test('the ruler: centre to centre between points, edge to edge between two bases', () => {
  const free = measure([0, 0], [6, 8], models);
  near(free.inches, 10);
  assert.equal(free.edge, null);
  const bases = measure([18.5, 3], [18.2, 12.1], models);
  assert.equal(bases.fromModel.label, 'R1');
  assert.equal(bases.toModel.label, 'B1');
  near(bases.edge.inches, 7.5);
  assert.deepEqual(bases.edge.from, [18, 4]);
  assert.deepEqual(bases.edge.to, [18, 11.5]);
  // Both ends on one base: no edge to edge.
  assert.equal(measure([17, 2], [19, 2], models).edge, null);
  assert.equal(inchesText(7.5), '7.5"');
  assert.equal(inchesText(4.2426), '4.24"');
  assert.equal(inchesText(3), '3"');
});

test('a click snaps to the nearest candidate, a base clicked inside winning over a nearer centre', () => {
  const candidates = [{ at: [10, 10], radius: 0 }, { at: [13, 10], radius: 2 }, { at: [10.5, 10], radius: 0 }];
  assert.equal(nearestIndex(candidates, [10.1, 10]), 0);
  assert.equal(nearestIndex(candidates, [10.4, 10]), 2);
  assert.equal(nearestIndex(candidates, [11.2, 10]), 1, 'inside the base of radius 2');
  assert.equal(nearestIndex([], [0, 0]), -1);
  // Equals: the first listed.
  assert.equal(nearestIndex([{ at: [0, 1] }, { at: [0, -1] }], [0, 0]), 0);
});

test('the arrow keys move to the nearest candidate that way (up is the far edge), else stay', () => {
  const grid = [{ at: [10, 10] }, { at: [11, 10] }, { at: [12, 10] }, { at: [10, 11] }, { at: [14, 14] }];
  assert.equal(stepIndex(grid, 0, 'ArrowRight'), 1);
  assert.equal(stepIndex(grid, 1, 'ArrowRight'), 2);
  assert.equal(stepIndex(grid, 0, 'ArrowUp'), 3);
  assert.equal(stepIndex(grid, 0, 'ArrowLeft'), 0, 'nothing to the left');
  assert.equal(stepIndex(grid, 3, 'ArrowDown'), 0);
  assert.equal(stepIndex(grid, 2, 'ArrowUp'), 4, 'within 60° of up');
  assert.equal(stepIndex(grid, -1, 'ArrowRight'), 0, 'nothing chosen yet: the first');
  assert.equal(stepIndex(grid, 0, 'Enter'), 0);
  assert.equal(isArrow('ArrowDown'), true);
  assert.equal(isArrow('a'), false);
});

test('the lattice step is read from the destinations, extra points between kept', () => {
  assert.equal(latticeStep([[0, 0], [0.5, 0], [1, 0.5]]), 0.5);
  assert.equal(latticeStep([[0, 0], [1, 0], [2, 1]]), 1);
  assert.equal(latticeStep([[3, 3]]), 0.5, 'one point: the default');
});

test('the reach outline bounds the lattice squares reached, with a hole where one is missing', () => {
  // One square: its four edges.
  assert.equal(reachOutline([[1, 1]], 1).length, 4);
  // A 2 x 1 block: 6 edges (the shared one is inside).
  const block = reachOutline([[1, 1], [2, 1]], 1);
  assert.equal(block.length, 6);
  assert.ok(!block.some(([a, b]) => a[0] === 1.5 && b[0] === 1.5), 'no edge between the two squares');
  // A 3 x 3 ring round a missing centre: 12 outer edges and 4 round the hole.
  const ring = [];
  for (let x = 0; x < 3; ++x) for (let y = 0; y < 3; ++y) if (x !== 1 || y !== 1) ring.push([x, y]);
  assert.equal(reachOutline(ring, 1).length, 16);
});

test('a base\'s rear arc is a sector behind its facing; a full turn is a circle', () => {
  // Facing 90° (up the screen), rear 180°: from 180° to 360°, the lower half on the screen.
  const d = sectorPath([10, 10], 2, 180, 360, 20);
  assert.match(d, /^M 10 10 L 8 10 A 2 2 0 0 0 12 10 Z$/);
  assert.match(sectorPath([10, 10], 2, 0, 360, 20), /a 2 2 0 1 0 4 0/);
});

test('the view box fits the table, zooms about a point that stays put, and stays over the table', () => {
  const whole = fitBox(36, 24, 1);
  assert.deepEqual(whole, [-1, -1, 38, 26]);
  const zoomed = zoomBox(whole, 2, [9, 6], whole);
  near(zoomed[2], 19); near(zoomed[3], 13);
  // The point about which it zoomed is as far across the box as before.
  near((9 - zoomed[0]) / zoomed[2], (9 - whole[0]) / whole[2]);
  // Never wider than the whole table, never narrower than the minimum.
  assert.deepEqual(zoomBox(whole, 0.5, [9, 6], whole), whole);
  near(zoomBox(whole, 100, [9, 6], whole)[2], 4);
  // Panning stops at the table's edges.
  const panned = panBox(zoomed, [-100, -100], whole);
  assert.equal(panned[0], -1);
  assert.equal(panned[1], -1);
});

test('the inch grid: a line every inch inside the table, a heavier one every sixth', () => {
  const lines = gridLines(12, 6);
  assert.equal(lines.length, 11 + 5);
  assert.deepEqual(lines.filter((l) => l.major).map((l) => l.from), [[6, 0]]);
});
