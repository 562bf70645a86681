// The Balance form's words for the chosen ruleset: its own what-ifs and the budget it plays.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { defaultsNote, whatIfHint } from '../../web/lib/balance_form.js';

const DEFAULTS = { games: 1000, bot: 'balance', outcome: 'margin', points: 500, spread: 250 };

test('the what-if hint is the chosen ruleset\'s own examples and paths', () => {
  const listed = { name: 'a', what_if_paths: 'parameters.NAME', what_if_examples: ['parameters.hp=40', 'parameters.dice=3'] };
  assert.deepEqual(whatIfHint(listed),
    { placeholder: 'parameters.hp=40\nparameters.dice=3', paths: 'parameters.NAME', example: 'parameters.hp=40' });
  // A ruleset listing from an older server (no hints) shows nothing rather than another's paths.
  assert.deepEqual(whatIfHint({ name: 'b' }), { placeholder: '', paths: '', example: '' });
  assert.deepEqual(whatIfHint(undefined), { placeholder: '', paths: '', example: '' });
});

test('the defaults line names the budget the chosen ruleset plays', () => {
  assert.equal(defaultsNote(DEFAULTS, { balance_formula: false }),
    'The defaults (1000 games, balance bots, 500 points spread by 250, priced by the margin) take under a minute on two cores.');
  const formula = defaultsNote(DEFAULTS, { balance_formula: true });
  assert.match(formula, /the ruleset's standard budget/);
  assert.doesNotMatch(formula, /500 points/);
});
