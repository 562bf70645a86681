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

test('units clearly priced off are named with their interval, solid or not', () => {
  const verdict = balanceVerdict({ games: 1000, outcome: 'margin', rate_per_point: { identified: true }, points: 500, spread: 250,
    units: [unit('Riflemen', { points: 165, suggested_points: { value: 333.4, low: 234.2, high: 485.6 } }),
      unit('Outrider', { points: 150, suggested_points: { value: 17, low: -117, high: 109 } }),
      unit('Troll', { points: 330, suggested_points: { value: 490, low: 277, high: 772 } }),
      unit('Imp', { solid: true, suggested_points: { value: 90, low: 80, high: 99 } })] }, 'balance');
  assert.equal(verdict.headline, '1 of 4 units have a solid suggested cost.');
  assert.deepEqual(verdict.off.map((u) => u.text), [
    'Riflemen: worth more than its 165 points (95%: 234 to 486)',
    'Outrider: worth less than its 150 points (95%: -117 to 109)']);

  // Without a solid unit the headline names how many are clearly off.
  const none = balanceVerdict({ games: 1000, outcome: 'margin', rate_per_point: { identified: true }, points: 500, spread: 250,
    units: [unit('Riflemen', { points: 165, suggested_points: { value: 333, low: 234, high: 485 } }), unit('Troll')] }, 'balance');
  assert.equal(none.headline, 'Nothing is solid yet, but 1 of 2 units are clearly priced off.');
  assert.ok(none.reasons.some((r) => /uncertain by more than ±15%/.test(r)));
  assert.ok(!none.reasons.some((r) => /margin/.test(r)), 'no advice to price by the margin when it did');

  // Without an identified rate the intervals say nothing: none is called off.
  const unrated = balanceVerdict({ games: 1000, outcome: 'result', rate_per_point: { identified: false }, points: 500, spread: 250,
    units: [unit('Riflemen', { points: 165, suggested_points: { value: 333, low: 234, high: 485 } })] }, 'balance');
  assert.deepEqual(unrated.off, []);
  assert.match(unrated.headline, /^Nothing is solid yet: /);
  assert.ok(unrated.reasons.some((r) => /Priced by the margin/.test(r)));
});

const term = (name, fields) => ({ name, current: 2.5, estimable: true, priced: 'fair', ...fields });

test('a formula report names the terms priced off, with the number suggested', () => {
  const verdict = balanceVerdict({ games: 2000, formula: { rate_per_point: { identified: true }, terms: [
    term('AreaMod Medium', { priced: 'too low', suggested: { value: 3.14159, low: 2.8, high: 3.5 } }),
    term('Talent Navy Seal', { priced: 'too high' }),
    term('AreaMod Large'), term('AreaMod Nuke', { estimable: false, priced: 'unknown' })] } }, 'greedy');
  assert.equal(verdict.headline, '2 of 3 formula terms are priced off the average point.');
  assert.equal(verdict.solid[0].text, 'AreaMod Medium: priced too low (2.5 now, about 3.14 suggested, 95% 2.8 to 3.5)');
  assert.equal(verdict.solid[1].text, 'Talent Navy Seal: priced too high');
  assert.deepEqual(verdict.reasons, []);
});

test('a formula report from a bot too weak says so plainly', () => {
  const verdict = balanceVerdict({ games: 30, formula: { rate_per_point: { identified: false }, terms: [term('AreaMod Medium', { priced: 'too low' })] } }, 'random');
  assert.match(verdict.headline, /^Nothing to act on yet/);
  assert.deepEqual(verdict.solid, []);
  assert.match(verdict.reasons[0], /too weak for these figures to mean anything/);
  assert.ok(verdict.reasons.some((r) => /choose the balance bot/.test(r)));
});

test('best and worst games to replay', () => {
  assert.deepEqual(gamesToReplay({ units: [{ name: 'Troll', best_game: { index: 3 }, worst_game: { index: 9 } }, { name: 'Imp' }] }),
    [{ name: 'Troll', best: { index: 3 }, worst: { index: 9 } }]);
});

test('what-if lines become the API\'s set, or a sentence about the bad line', () => {
  assert.deepEqual(parseWhatIfs('units.orc_warrior.wounds=3\n\n spells.fireball.acti = 4 \nparameters.x=abc'),
    { set: { 'units.orc_warrior.wounds': 3, 'spells.fireball.acti': 4, 'parameters.x': 'abc' } });
  // The example quoted is the chosen ruleset's own; none is quoted when it offers none.
  assert.deepEqual(parseWhatIfs('units.orc_warrior.wounds=3\nwounds 3', 'parameters.round_limit=6'),
    { error: 'What-if line 2 must be PATH=VALUE, such as parameters.round_limit=6 (you typed "wounds 3").' });
  assert.deepEqual(parseWhatIfs('wounds 3'), { error: 'What-if line 1 must be PATH=VALUE (you typed "wounds 3").' });
});
