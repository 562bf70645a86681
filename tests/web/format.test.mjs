// The formatting helpers and the readers of GET /api/rulesets: pure functions.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { choiceId, choiceName, fileName, percent, pretty, turnText, winnerFromReturns, winnerText } from '../../web/lib/format.js';
import { byOffers, chooseRuleset, rulesetTitle, withDocumentKind } from '../../web/lib/rulesets.js';
import { dedicatedPage, editorLinks, playHref, rulesHref, servedBy } from '../../web/lib/navigate.js';

test('a result in words', () => {
  assert.equal(winnerText('Red'), 'Red won');
  assert.equal(winnerText(1), 'Blue won');
  assert.equal(winnerText('draw'), 'a draw');
  assert.equal(winnerFromReturns([1, -1]), 'Red');
  assert.equal(winnerFromReturns([-1, 1]), 'Blue');
  assert.equal(winnerFromReturns([0, 0]), 'draw');
  assert.equal(winnerFromReturns([]), 'draw');
  assert.equal(turnText(0), 'Red to move');
  assert.equal(turnText(-2), 'the game is over');
});

test('names, file names and percentages', () => {
  assert.equal(pretty('broken_hills'), 'Broken Hills');
  assert.equal(fileName("Tom's Orcs"), 'toms_orcs.toml');
  assert.equal(fileName('Merla the Bright', '.wizard.toml'), 'merla_the_bright.wizard.toml');
  assert.equal(fileName('???'), 'warband.toml');
  assert.equal(choiceId({ id: 'a', name: 'A' }), 'a');
  assert.equal(choiceId('b_c'), 'b_c');
  assert.equal(choiceName({ id: 'a', name: 'A', points: 500 }, true), 'A (500 pts)');
  assert.equal(choiceName('b_c'), 'B C');
  assert.equal(percent(0), '0%');
  assert.equal(percent(0.5), '50.00%');
  assert.equal(percent(0.005), '0.500%');
  assert.equal(percent(0.00001), '1.00e-5');
});

const RULESETS = [
  { name: 'dice', title: 'Dice Race', playable: true, documents: [] },
  { name: 'big', title: 'Big Game', playable: true, builder: true, odds: true, rules: true,
    documents: [{ kind: 'warband', title: 'Warband' }, { kind: 'collection', title: 'Collection' }] },
  { name: 'mage', playable: false, builder: true, documents: [{ kind: 'wizard', title: 'Wizard' }] },
];

test('rulesets are read from the server list, never named by the app', () => {
  assert.equal(rulesetTitle(RULESETS, 'big'), 'Big Game');
  assert.equal(rulesetTitle(RULESETS, 'mage'), 'mage');  // no title: its name
  // Most offers first; a tie keeps the server's order.
  assert.deepEqual(byOffers(RULESETS).map((r) => r.name), ['big', 'dice', 'mage']);
  // The ruleset the server suggests to newcomers comes first, whatever the others offer.
  const suggested = RULESETS.map((r) => (r.name === 'dice' ? { ...r, suggested_first: true } : r));
  assert.deepEqual(byOffers(suggested).map((r) => r.name), ['dice', 'big', 'mage']);
  assert.deepEqual(withDocumentKind(RULESETS, 'wizard').map((r) => r.name), ['mage']);
  assert.deepEqual(withDocumentKind(RULESETS, 'warband').map((r) => r.name), ['big']);
  assert.equal(chooseRuleset(RULESETS, 'dice').name, 'dice');
  assert.equal(chooseRuleset(RULESETS, 'nothing').name, 'dice');
  assert.equal(chooseRuleset([], 'dice'), null);
});

test('editor pages follow the document kinds; links build the ruleset name from data', () => {
  assert.deepEqual(editorLinks(RULESETS[1]), [{ href: '#/build?ruleset=big', label: 'Build' }]);
  assert.deepEqual(editorLinks(RULESETS[2]), [{ href: '#/spells?ruleset=mage', label: 'Spell creator' }]);
  assert.deepEqual(editorLinks(RULESETS[0]), []);
  // A kind no page serves, or one whose page would call operations it lacks, opens in the generic
  // documents page, labelled by its title.
  const skirmish = { name: 'skirmish', documents: [
    { kind: 'character', title: 'Character', operations: ['character-new'] },
    { kind: 'warband', title: 'Warband', operations: ['warband-new', 'warband-validate'] }] };
  assert.deepEqual(editorLinks(skirmish), [
    { href: '#/documents?ruleset=skirmish&kind=character', label: 'Characters' },
    { href: '#/documents?ruleset=skirmish&kind=warband', label: 'Warbands' }]);
  assert.equal(servedBy(skirmish, 'warband', 'build'), false);
  const listMaker = { name: 'lists', documents: [{ kind: 'warband', operations: ['new', 'add', 'validate', 'show'] }] };
  assert.deepEqual(editorLinks(listMaker), [{ href: '#/build?ruleset=lists', label: 'Build' }]);
  assert.equal(servedBy(listMaker, 'warband', 'build'), true);
  assert.equal(dedicatedPage({ kind: 'wizard' }).section, 'spells');  // no operations listed: fits
  assert.equal(rulesHref('big', 'the-turn'), '#/rules/big/the-turn');
  assert.equal(rulesHref('big', '', true), '#/rulings/big');
  assert.equal(playHref('big game'), '#/play?ruleset=big%20game');
});
