// The tabletop ruler from the keyboard (web/lib/tabletop_ruler.js): the arrow keys move its far
// end, N and P go from base to base, edge to edge measured as a drag would.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { measure } from '../../web/lib/tabletop_geometry.js';
import { rulerKey } from '../../web/lib/tabletop_ruler.js';

// A 4" golem and a 1" imp 10" apart centre to centre, a model out, and a 2" ogre, on a 36" table.
const golem = { label: 'R1', at: [18, 2], diameter: 4, out: false };
const imp = { label: 'B1', at: [18, 12], diameter: 1, out: false };
const fallen = { label: 'B2', at: [30, 30], diameter: 2, out: true };
const ogre = { label: 'B3', at: [6, 2], diameter: 2, out: false };
const table = { models: [golem, imp, fallen, ogre], width: 36, depth: 36 };

test('the arrow keys move the far end an inch, a tenth with Shift, from the origin', () => {
  let ends = rulerKey(null, 'ArrowUp', { origin: [18, 2], table });
  assert.deepEqual(ends, { from: [18, 2], to: [18, 3] });
  ends = rulerKey(ends, 'ArrowRight', { origin: [0, 0], table });
  assert.deepEqual(ends, { from: [18, 2], to: [19, 3] }, 'the origin only starts a measurement');
  for (let i = 0; i < 10; ++i) ends = rulerKey(ends, 'ArrowDown', { shift: true, origin: [0, 0], table });
  assert.deepEqual(ends.to, [19, 2], 'ten tenths are an inch');
  assert.equal(measure(ends.from, ends.to, table.models).inches, 1);
});

test('the far end stays on the table', () => {
  let ends = { from: [35.5, 1], to: [35.5, 0.5] };
  ends = rulerKey(ends, 'ArrowRight', { origin: [0, 0], table });
  ends = rulerKey(ends, 'ArrowDown', { origin: [0, 0], table });
  assert.deepEqual(ends.to, [36, 0]);
});

test('N and P go through the other standing models, and the ruler measures edge to edge', () => {
  const origin = golem.at;
  let ends = rulerKey(null, 'n', { origin, table });
  assert.deepEqual(ends.to, imp.at, 'the first model other than the one measured from');
  const edge = measure(ends.from, ends.to, table.models).edge;
  assert.ok(Math.abs(edge.inches - (10 - 2 - 0.5)) < 1e-9, `${edge.inches}`);
  ends = rulerKey(ends, 'N', { origin, table });
  assert.deepEqual(ends.to, ogre.at, 'a model out is skipped');
  ends = rulerKey(ends, 'n', { origin, table });
  assert.deepEqual(ends.to, imp.at, 'round again');
  ends = rulerKey(ends, 'p', { origin, table });
  assert.deepEqual(ends.to, ogre.at, 'P goes back');
  assert.deepEqual(rulerKey(null, 'p', { origin, table }).to, ogre.at, 'P from no model: the last');
});

test('other keys are not the ruler\'s, and N with no other model does nothing', () => {
  assert.equal(rulerKey(null, 'Enter', { origin: [1, 1], table }), null);
  assert.equal(rulerKey(null, 'x', { origin: [1, 1], table }), null);
  const alone = { models: [golem], width: 36, depth: 36 };
  assert.equal(rulerKey(null, 'n', { origin: golem.at, table: alone }), null);
});
