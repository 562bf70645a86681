// What the other side did since a player's last decision (lib/turns.js) and the marks the grid
// board draws for it (components/boards/grid_marks.js), from log entries as the server gives them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { endReason, lastRollText, opponentRun } from '../../web/lib/turns.js';
import { hasMarks, turnMarks } from '../../web/components/boards/grid_marks.js';

const entry = (index, player, kind, more = {}) => ({ index, player, kind, text: `${player} ${kind} ${index}`, ...more });

const LOG = [
  entry(0, 'Red', 'done'),
  entry(1, 'chance', 'die', { text: 'Attack [S4/D4]: 6 counts 1 (above Skill 4) → 1' }),
  entry(2, 'chance', 'draw_card', { hidden: true, text: '(hidden)' }),
  entry(3, 'Blue', 'move', { unit: 5 }),
  entry(4, 'Blue', 'destination', { unit: 5, from: [[3, 3]], path: [[[3, 3]], [[4, 4]], [[4, 5]]], cells: [[4, 5]] }),
  entry(5, 'Blue', 'attack_target', { unit: 5, target: 1 }),
  entry(6, 'chance', 'die', { target: 1, text: 'Attack [S3/D2]: 2, 1 count as rolled → 3' }),
];

test('the run is what came after the seat\'s last decision, when the other side decided in it', () => {
  const run = opponentRun(LOG, 0);
  assert.equal(run.start, 1);
  assert.equal(run.end, 7);
  assert.equal(run.side, 'Blue');
  assert.deepEqual(run.entries.map((e) => e.index), [1, 2, 3, 4, 5, 6]);
  // Blue's own last decision was the attack: only a die followed it, so Blue has nothing to see.
  assert.equal(opponentRun(LOG, 1), null);
  // Nobody's run for a spectator, or an empty log.
  assert.equal(opponentRun(LOG, -1), null);
  assert.equal(opponentRun([], 0), null);
  // Red has not decided yet: everything Blue did counts.
  assert.equal(opponentRun(LOG.slice(1), 0).start, 1);
});

test('the last roll\'s text comes from the log (the dice box\'s words once the roll is over)', () => {
  assert.equal(lastRollText(LOG), 'Attack [S3/D2]: 2, 1 count as rolled → 3');
  assert.equal(lastRollText(LOG, 5), 'Attack [S4/D4]: 6 counts 1 (above Skill 4) → 1');
  assert.equal(lastRollText(LOG, 0), null);
});

test('a game over says why: the server\'s reason, else the winner and the last action', () => {
  assert.equal(endReason({ end_reason: 'Blue won: R1 destroyed', log: LOG }), 'Blue won: R1 destroyed');
  assert.equal(endReason({ log: LOG }), 'The last action: Attack [S3/D2]: 2, 1 count as rolled → 3');
  assert.equal(endReason({ log: [] }), null);
});

test('the marks: moves with where they started and their route, the last attack\'s target, wrecks where units stood', () => {
  const before = { units: [
    { index: 1, side: 0, label: 'R2', name: 'Orc', alive: true, cells: [[4, 6]] },
    { index: 5, side: 1, label: 'B3', name: 'Elf', alive: true, cells: [[3, 3]] }] };
  const now = { units: [
    { index: 1, side: 0, label: 'R2', name: 'Orc', alive: false, cells: [] },
    { index: 5, side: 1, label: 'B3', name: 'Elf', alive: true, cells: [[4, 5]] }] };
  const marks = turnMarks(opponentRun(LOG, 0).entries, before, now);
  assert.deepEqual(marks.moves, [{ unit: 5, from: [[3, 3]], to: [[4, 5]], path: [[[3, 3]], [[4, 4]], [[4, 5]]] }]);
  assert.deepEqual([...marks.moved], [5]);
  assert.equal(marks.target, 1);
  assert.deepEqual(marks.wrecks, [{ unit: 1, side: 0, label: 'R2', name: 'Orc', cells: [[4, 6]] }]);
  assert.ok(hasMarks(marks));
  // Without the table before, no wreck can be placed; draws and dice mark nothing.
  const quiet = turnMarks([LOG[1], LOG[2]], null, now);
  assert.equal(hasMarks(quiet), false);
});

test('the marks: where the other side\'s placed areas landed, the squares each affected', () => {
  const cast = entry(8, 'Blue', 'placement', { unit: 5, anchor: [-1, 2], affected: [[0, 2], [0, 3]], unaffected: [[0, 4]] });
  const missed = entry(9, 'Blue', 'placement', { unit: 5, anchor: [7, 7], affected: [], unaffected: [[7, 7]] });
  const marks = turnMarks([entry(7, 'Blue', 'cast', { unit: 5 }), cast, missed], null, { units: [] });
  assert.deepEqual(marks.areas, [{ unit: 5, text: cast.text, cells: [[0, 2], [0, 3]] }], 'what it affected, not its whole shape');
  assert.ok(hasMarks(marks));
  // Moves and attacks mark no area.
  assert.deepEqual(turnMarks(opponentRun(LOG, 0).entries, null, { units: [] }).areas, []);
});
