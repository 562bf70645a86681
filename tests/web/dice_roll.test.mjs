// The last roll's dice as the board's panel shows them (web/lib/dice_roll.js): each die's face with
// the server's mark, the N+ each kind needed, the counts, the notes and the wounds.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { dicePoolRoll } from '../../web/lib/dice_roll.js';

const models = [
  { label: 'R1', name: 'Vampire Swordfighter' },
  { label: 'B1', name: 'Great Ram of Shamborga' },
];

// The seed's worked example: 2, 5, 6 at 4+ at 4+, dodges 1, 5, 7 at 7+, a save of 1 at 7+.
const example = {
  attacker: 0, target: 1, attack_name: 'Vicious Stab',
  attack: [2, 5, 6], dodge: [1, 5, 7], save: [1], wounds: 1,
  needs: { attack: 4, dodge: 7, save: 7 },
  results: { attack: ['miss', 'hit', 'hit'], dodge: ['failure', 'failure', 'dodge'], save: ['failure'] },
  cover: false, high_ground: false,
};

test('each die is marked by what it did, each kind with its N+ and its count, then the wounds', () => {
  const roll = dicePoolRoll(example, models);
  assert.equal(roll.title, 'R1 Vampire Swordfighter: Vicious Stab on B1 Great Ram of Shamborga');
  assert.deepEqual(roll.groups.map((g) => [g.key, g.need, g.summary]),
    [['attack', '4+', '2 hits'], ['dodge', '7+', '1 dodge'], ['save', '7+', '0 saves']]);
  assert.deepEqual(roll.groups[0].dice, [
    { face: 2, result: 'miss', success: false },
    { face: 5, result: 'hit', success: true },
    { face: 6, result: 'hit', success: true },
  ]);
  assert.deepEqual(roll.groups[1].dice.map((d) => d.success), [false, false, true]);
  assert.equal(roll.outcome, '1 wound');
  assert.deepEqual(roll.notes, []);
});

test('a roll that missed shows only its attack dice; cover and high ground are noted', () => {
  const missed = { attacker: 0, target: 1, attack_name: 'Javelin', attack: [6], dodge: [], save: [], wounds: 0,
                   needs: { attack: 7, dodge: 6, save: 9 }, results: { attack: ['miss'], dodge: [], save: [] },
                   cover: true, high_ground: true };
  const roll = dicePoolRoll(missed, models);
  assert.deepEqual(roll.groups.map((g) => g.key), ['attack']);
  assert.equal(roll.groups[0].need, '7+');
  assert.equal(roll.groups[0].summary, '0 hits');
  assert.deepEqual(roll.notes, ['target in cover', 'from high ground']);
  assert.equal(roll.outcome, '0 wounds');
});

test('while rolling the wounds are not known yet; nothing rolled is no panel', () => {
  const rolling = { ...example, save: [], results: { ...example.results, save: [] }, wounds: null };
  const roll = dicePoolRoll(rolling, models);
  assert.equal(roll.outcome, 'still rolling');
  assert.deepEqual(roll.groups.map((g) => g.key), ['attack', 'dodge']);
  assert.equal(dicePoolRoll(undefined, models), null);
  assert.equal(dicePoolRoll(null, models), null);
  // A model the view does not list (an old view) is named by its index.
  assert.match(dicePoolRoll({ ...example, target: 7 }, models).title, /on model 7$/);
});
