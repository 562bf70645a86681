// The balance page's reading of a report: what is solid, or why nothing is; the what-if lines.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { balanceVerdict, gamesToReplay, parseWhatIfs } from '../../web/lib/balance_verdict.js';

const unit = (name, fields) => ({ name, points: 100, estimable: true, solid: false, suggested_points: { value: 120 }, ...fields });

test('solid units are named with their suggested cost', () => {
  const verdict = balanceVerdict({ games: 400, rate_per_point: { identified: true }, points: 500, spread: 250,
    units: [unit('Troll', { solid: true, suggested_points: { value: 141.6 } }), unit('Goblin')] }, 'greedy');
  assert.equal(verdict.headline, '1 of 2 units have a solid suggested cost.');
  assert.deepEqual(verdict.solid, [{ name: 'Troll', points: 100, suggested: 142 }]);
  assert.deepEqual(verdict.reasons, []);
});

test('nothing solid says so plainly, and why', () => {
  const verdict = balanceVerdict({ games: 40, rate_per_point: { identified: false }, points: 500, spread: 50, unfinished: 1,
    units: [unit('Troll'), unit('Goblin')] }, 'random');
  assert.match(verdict.headline, /^Nothing is solid yet/);
  assert.match(verdict.reasons[0], /Points did not predict who won in these 40 games/);
  assert.ok(verdict.reasons.some((r) => /Random bots barely reward points/.test(r)));
  assert.ok(verdict.reasons.some((r) => /at most 50 of 500 points/.test(r)));
  assert.ok(verdict.reasons.some((r) => /1 game reached no result/.test(r)));

  const fixed = balanceVerdict({ games: 40, units: [{ name: 'Troll', estimable: false }] }, 'greedy');
  assert.match(fixed.reasons[0], /same forces in every game/);
});

test('best and worst games to replay', () => {
  assert.deepEqual(gamesToReplay({ units: [{ name: 'Troll', best_game: { index: 3 }, worst_game: { index: 9 } }, { name: 'Imp' }] }),
    [{ name: 'Troll', best: { index: 3 }, worst: { index: 9 } }]);
});

test('what-if lines become the API\'s set, or a sentence about the bad line', () => {
  assert.deepEqual(parseWhatIfs('units.orc_warrior.wounds=3\n\n spells.fireball.acti = 4 \nparameters.x=abc'),
    { set: { 'units.orc_warrior.wounds': 3, 'spells.fireball.acti': 4, 'parameters.x': 'abc' } });
  assert.deepEqual(parseWhatIfs('units.orc_warrior.wounds=3\nwounds 3'),
    { error: 'What-if line 2 must be PATH=VALUE, such as units.orc_warrior.wounds=3 (you typed "wounds 3").' });
});
