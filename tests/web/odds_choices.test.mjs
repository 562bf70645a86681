// What an odds picker offers and holds, and when a question starts on its example.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { offeredChoices, pickedValue, startsOnExample } from '../../web/lib/odds_choices.js';

const attacks = [
  { value: 'Vicious Stab', label: 'Vicious Stab (melee)', only_with: { option: 'attacker', value: 'Vampire Swordfighter' } },
  { value: 'Claw', label: 'Claw (melee)', only_with: { option: 'attacker', value: 'Great Ram of Shamborga' } },
  { value: 'Any', label: 'Offered always' },
];

test('a choice tied to another option is offered only while that option holds its value', () => {
  const values = { attacker: 'Great Ram of Shamborga' };
  assert.deepEqual(offeredChoices(attacks, (name) => values[name]).map((c) => c.value), ['Claw', 'Any']);
  values.attacker = 'vampire swordfighter';  // names match in any case, as the server reads them
  assert.deepEqual(offeredChoices(attacks, (name) => values[name]).map((c) => c.value), ['Vicious Stab', 'Any']);
  values.attacker = undefined;
  assert.deepEqual(offeredChoices(attacks, (name) => values[name]).map((c) => c.value), ['Any']);
});

test('a picker holds the choice named by value or label, else the fallback when required, else none', () => {
  const suits = [{ value: 'S', label: '♠ Spades' }, { value: 'H', label: '♥ Hearts' }];
  assert.equal(pickedValue(suits, 'h', true), 'H');
  assert.equal(pickedValue(suits, '♠ spades', false), 'S');
  assert.equal(pickedValue(suits, 'X', true, 1), 'H');
  assert.equal(pickedValue(suits, 'X', true, 5), 'H');  // past the end: the last
  assert.equal(pickedValue(suits, 'X', false), '');
  assert.equal(pickedValue([], 'X', true), '');
});

test('a question starts on its example only when nothing given asks it', () => {
  const attack = { title: 'An attack', options: ['attack', 'defense', 'charge'], example: { attack: '3', defense: '2' } };
  assert.equal(startsOnExample(attack, {}), true);
  assert.equal(startsOnExample(attack, { suit: 'H' }), true);      // another question's values
  assert.equal(startsOnExample(attack, { charge: 'true' }), false);  // a link asking this question
  assert.equal(startsOnExample(attack, { attack: '' }), true);
  assert.equal(startsOnExample({ title: 'A roll', options: ['skill'] }, {}), false);  // no example
});
