// Which legal actions of a tabletop decision are chosen on the board and where
// (web/lib/tabletop_choices.js), and the marks of the other side's moves (web/lib/tabletop_marks.js).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { actorOf, attackNotes, choiceCaption, placeOf, snapIndex, splitChoices } from '../../web/lib/tabletop_choices.js';
import { tabletopMarks } from '../../web/lib/tabletop_marks.js';

const table = {
  kind: 'tabletop', width: 36, depth: 36, active: 0,
  pieces: [{ name: 'Tower', shape: 'circle', centre: [18, 18], width: 4, depth: 4, size: 3, height: 2 }],
  models: [
    { label: 'R1', name: 'Golem', side: 0, at: [18, 2], diameter: 4, out: false },
    { label: 'B1', name: 'Giant', side: 1, at: [18, 30], diameter: 4, out: false },
    { label: 'B2', name: 'Wisp', side: 1, at: [30, 30], diameter: 1, out: true },
  ],
};

const leg = (x, y) => ({ action: 1000 + x * 100 + y, kind: 'destination', unit: 0, point: [x, y], text: `R1 Golem moves to (${x}, ${y})` });
const punch = { action: 7, kind: 'attack_target', unit: 0, target: 1, text: 'R1 Golem attacks B1 Giant: Punch',
                sight: { from: [18, 2], lines: [{ to: [18, 28], clear: true }], clear: 4 }, cover: 'partial', flanking: true };
const kick = { action: 8, kind: 'attack_target', unit: 0, target: 1, text: 'R1 Golem attacks B1 Giant: Kick' };
const end = { action: 9, kind: 'end_activation', unit: 0, text: 'End R1 Golem\'s activation' };

test('destinations, attacks, activations and climbs have a place; passes and maneuvers do not', () => {
  assert.deepEqual(placeOf(leg(20, 5), table), { at: [20, 5], radius: 0, model: -1, piece: -1, on: 'point' });
  assert.deepEqual(placeOf(punch, table), { at: [18, 30], radius: 2, model: 1, piece: -1, on: 'model' });
  assert.deepEqual(placeOf({ kind: 'activate', unit: 0 }, table), { at: [18, 2], radius: 2, model: 0, piece: -1, on: 'model' });
  assert.deepEqual(placeOf({ kind: 'climb', unit: 0, piece: 0 }, table), { at: [18, 18], radius: 0, model: -1, piece: 0, on: 'piece' });
  // A kind the board does not know, with a point (a deployment a later engine offers): placed there.
  assert.deepEqual(placeOf({ kind: 'deploy_at', unit: 0, point: [1, 1] }, table), { at: [1, 1], radius: 0, model: -1, piece: -1, on: 'point' });
  for (const action of [end, { kind: 'pass', unit: -1 }, { kind: 'maneuver', unit: 0, target: 1 }, { kind: 'stand_up', unit: 0 }])
    assert.equal(placeOf(action, table), null, action.kind);
  // What the board cannot place stays a button: a model out, a missing piece, a malformed point,
  // a kind a later engine adds.
  assert.equal(placeOf({ kind: 'attack_target', unit: 0, target: 2 }, table), null);
  assert.equal(placeOf({ kind: 'climb', unit: 0, piece: 4 }, table), null);
  assert.equal(placeOf({ kind: 'destination', unit: 0, point: [1] }, table), null);
  assert.equal(placeOf({ kind: 'deploy_at', unit: 0, point: ['1', 1] }, table), null);
  assert.equal(placeOf({ kind: 'objective', unit: 0, zone: 2 }, table), null);
});

test('an attack on terrain is on its piece; a deployment at its point; what is off the table is a button', () => {
  assert.deepEqual(placeOf({ kind: 'attack_piece', unit: 0, piece: 0 }, table), { at: [18, 18], radius: 0, model: -1, piece: 0, on: 'piece' });
  const ruined = { ...table, pieces: [{ ...table.pieces[0], destroyed: true }] };
  assert.equal(placeOf({ kind: 'attack_piece', unit: 0, piece: 0 }, ruined), null, 'a destroyed piece is gone');
  assert.equal(placeOf({ kind: 'climb', unit: 0, piece: 0 }, ruined), null);
  assert.deepEqual(placeOf({ kind: 'deploy', unit: 0, point: [4, 2], group: 'R1 Golem deploys' }, table).at, [4, 2]);
  assert.equal(placeOf({ kind: 'deploy', unit: 0, group: 'R1 Golem deploys' }, table), null, 'no room: a button');
  // A model not placed yet can be neither activated nor attacked on the table.
  const waiting = { ...table, models: [{ ...table.models[0], deployed: false }, table.models[1]] };
  assert.equal(placeOf({ kind: 'activate', unit: 0 }, waiting), null);
  // Its deployment's preview says no distance (it stands nowhere yet).
  const { choices } = splitChoices([{ action: 3, kind: 'deploy', unit: 0, point: [4, 2], text: 'R1 Golem deploys at (4, 2)' }], waiting);
  assert.deepEqual(choiceCaption(choices[0], waiting), { title: 'R1 Golem deploys at (4, 2)', detail: '' });
});

test('the legal actions split into choices on the board, one per place, and buttons', () => {
  const { choices, buttons } = splitChoices([leg(20, 5), punch, end, kick, leg(21, 5)], table);
  assert.deepEqual(buttons, [end]);
  assert.deepEqual(choices.map((c) => c.kind), ['destination', 'attack_target', 'destination']);
  assert.deepEqual(choices[1].actions, [punch, kick], 'two attacks on one target: one choice');
  assert.deepEqual(splitChoices(undefined, table), { choices: [], buttons: [] });
});

test('a click snaps to the nearest choice; a click on the target\'s base picks the attack', () => {
  const { choices } = splitChoices([leg(20, 5), leg(22, 5), punch], table);
  assert.equal(snapIndex(choices, [20.4, 5.3]), 0);
  assert.equal(snapIndex(choices, [25, 0]), 1, 'far from everything: still the nearest');
  assert.equal(snapIndex(choices, [19.5, 31]), 2, 'inside B1\'s base');
  assert.equal(snapIndex([], [0, 0]), -1);
});

test('the preview says what the choice does and what the board measured for it', () => {
  const { choices } = splitChoices([leg(21, 6), punch, kick], table);
  assert.equal(actorOf(choices[0], table), 0);
  assert.deepEqual(choiceCaption(choices[0], table), { title: 'R1 Golem moves to (21, 6)', detail: '5" from where it stands' });
  assert.deepEqual(choiceCaption(choices[1], table), { title: '2 choices here', detail: '4 of 1 sight lines clear · partial cover · flanking' });
  assert.match(choiceCaption(null, table).title, /Click the table/);
  assert.deepEqual(attackNotes({ cover: 'none', high_ground: true }), ['no cover', 'high ground']);
  assert.deepEqual(attackNotes({}), [], 'an older server: nothing said');
});

test('the other side\'s moves: each model\'s route from where it stood, and its attacks', () => {
  const before = { models: [{ at: [18, 2] }, { at: [18, 30] }] };
  const entries = [
    { index: 4, player: 'Red', kind: 'activate', unit: 0 },
    { index: 5, player: 'Red', kind: 'destination', unit: 0, point: [18, 5] },
    { index: 6, player: 'Red', kind: 'destination', unit: 0, point: [19, 8] },
    { index: 7, player: 'Red', kind: 'attack_target', unit: 0, target: 1, cover: 'none', sight: { from: [19, 8], lines: [], clear: 5 } },
    { index: 8, player: 'chance', text: '(hidden)', hidden: true },
  ];
  const marks = tabletopMarks(entries, before);
  assert.deepEqual(marks.routes, [{ unit: 0, points: [[18, 2], [18, 5], [19, 8]] }]);
  assert.equal(marks.attacks.length, 1);
  assert.equal(marks.attacks[0].target, 1);
  assert.equal(marks.attacks[0].cover, 'none');
  assert.deepEqual([...marks.touched].sort(), [0, 1]);
  // Without the table before (a replay's step): the legs alone.
  assert.deepEqual(tabletopMarks(entries.slice(1, 2), null).routes, [{ unit: 0, points: [[18, 5]] }]);
  assert.deepEqual(tabletopMarks(undefined, null).routes, []);
});
