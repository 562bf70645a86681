// The balance page's reading of a repricing job: its progress line, headline and unit rows.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { repriceCardRows, repriceCardsHeadline, repriceHeadline, repriceProgressText, repriceRows } from '../../web/lib/reprice_summary.js';

const unit = (name, fields) => ({ id: name.toLowerCase(), name, old: 100, new: 100, estimable: true, suggested: 100,
  low: 90, high: 110, frozen_round: -1, ...fields });

test('a running repricing says its round, its games and the units frozen', () => {
  assert.equal(repriceProgressText({ round: 2, rounds: 6, round_done: 14, round_total: 40, frozen: 3, units: 17 }),
    'round 2 of 6 · 14 of 40 games this round · 3 of 17 units frozen');
  assert.equal(repriceProgressText(null), 'starting');
  // With card prices searched too (AtomsPast's 41 spells' AcTi), they are counted apart.
  assert.equal(repriceProgressText({ round: 1, rounds: 2, round_done: 5, round_total: 6, frozen: 0, units: 17,
    cards_frozen: 2, cards: 41 }),
  'round 1 of 2 · 5 of 6 games this round · 0 of 17 units frozen · 2 of 41 card prices frozen');
});

const card = (name, fields) => ({ price_id: name.toLowerCase(), price_path: `spells.${name.toLowerCase()}.acti`, name,
  kind: 'Deck copy', old: 4, new: 4, estimable: false, suggested: 0, low: 0, high: 0, frozen_round: -1, ...fields });

test('card prices: a line on how many froze, and a row each with its suggestion', () => {
  assert.equal(repriceCardsHeadline({ units: [] }), '');
  const base = { card_price: 'AcTi', price_tolerance: 1 };
  assert.equal(repriceCardsHeadline({ ...base, cards: [card('Ward'), card('Hex')] }),
    '0 of 2 card prices (AcTi) within ±1 steps: no AcTi could be suggested (a dearer card was not measured to be worth less), so none moved.');
  const cards = [card('Ward', { old: 6, new: 4, estimable: true, suggested: 4.36, low: 3.61, high: 5.04, frozen_round: 1 }),
    card('Hex')];
  assert.equal(repriceCardsHeadline({ ...base, cards }), '1 of 2 card prices (AcTi) within ±1 steps; 1 had a suggestion.');
  assert.deepEqual(repriceCardRows({ ...base, cards }), [
    { name: 'Ward', kind: 'Deck copy', old: 6, new: 4, change: '−2', suggested: '4.4', interval: '3.6 to 5.0', frozen: 'yes (round 2)' },
    { name: 'Hex', kind: 'Deck copy', old: 4, new: 4, change: '', suggested: 'none', interval: '', frozen: 'no' },
  ]);
});

test('the headline says whether every unit was priced within the tolerance', () => {
  const base = { rounds: 2, games_per_round: 20, games: 40, tolerance: 10 };
  assert.equal(repriceHeadline({ ...base, all_frozen: true, units: [unit('Troll', { frozen_round: 1 })] }),
    'Every unit\'s price is within ±10 points after 2 rounds of 20 games (40 in all).');
  const some = repriceHeadline({ ...base, rounds: 1, games: 20, all_frozen: false,
    units: [unit('Troll', { frozen_round: 0 }), unit('Goblin'), unit('Eagle')] });
  assert.match(some, /^1 of 3 units priced within ±10 points after 1 round of 20 games \(20 in all\): the others need more games/);
});

test('a repricing whose rate was not identified says that no price moved on noise', () => {
  const base = { rounds: 3, games_per_round: 20, games: 60, tolerance: 10, all_frozen: false, rate_identified: false };
  assert.equal(repriceHeadline({ ...base, units: [unit('Troll'), unit('Goblin')] }),
    'Points did not clearly predict the outcome after 3 rounds of 20 games (60 in all), so no price moved on noise: ' +
    'every unit keeps its cost. More games, a bot that plays to win or the margin outcome identify it.');
  assert.match(repriceHeadline({ ...base, units: [unit('Troll', { frozen_round: 0 }), unit('Goblin')] }),
    /every unit keeps its cost but the 1 frozen earlier\./);
  // An identified rate (or a report from before the field) keeps the usual headline.
  assert.match(repriceHeadline({ ...base, rate_identified: true, units: [unit('Troll')] }), /^0 of 1 units priced/);
});

test('each row has the old and new cost, the change, the interval and whether it froze', () => {
  const rows = repriceRows({ units: [
    unit('Troll', { old: 330, new: 251, low: 240.4, high: 262.6, frozen_round: 1 }),
    unit('Goblin', { old: 60, new: 75 }),
    unit('Kon', { estimable: false }),
  ] });
  assert.deepEqual(rows, [
    { name: 'Troll', old: 330, new: 251, change: '−79', interval: '240 to 263', frozen: 'yes (round 2)' },
    { name: 'Goblin', old: 60, new: 75, change: '+15', interval: '90 to 110', frozen: 'no' },
    { name: 'Kon', old: 100, new: 100, change: '', interval: 'not estimable', frozen: 'no' },
  ]);
});
