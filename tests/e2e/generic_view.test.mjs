// A ruleset with no board renderer plays in the browser through the generic game view: the table's
// text picture, its legal actions as labelled buttons, whose turn it is, the log and the result.
// The test-only "toy" ruleset (tests/test_rulesets/toy: a dice race with a hidden card) is served
// by warband_with_test_rulesets (scripts/e2e.sh).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser, openPage, apiPost } from './support.mjs';

let browser;
before(async () => { browser = await openBrowser(); });
after(async () => { await browser?.close(); });

const length = async (page) => Number(await page.locator('#game-state').getAttribute('data-length'));

// One decision of the toy: bank a turn total above zero, else roll (or play the card when that is
// all there is). Returns the button's label.
async function decide(page) {
  const buttons = page.locator('#actions .action-buttons button');
  const labels = await buttons.allInnerTexts();
  assert.ok(labels.length > 0, 'the side to move has labelled actions');
  let pick = labels.findIndex((label) => /^bank [1-9]/.test(label));
  if (pick < 0) pick = labels.findIndex((label) => label === 'roll');
  if (pick < 0) pick = 0;
  await buttons.nth(pick).click();
  return labels[pick];
}

test('the toy plays to the end against a bot, from the new-game form', async () => {
  const { page, done } = await openPage(browser, '/play?ruleset=toy');
  await page.waitForSelector('form.new-game[data-ruleset=toy]');
  assert.match(await page.locator('form.new-game h2').innerText(), /New game of Toy/);
  // The toy has no maps nor warbands: the form asks only for what it has, and its parameters.
  assert.equal(await page.locator('form.new-game select[name=map]').count(), 0);
  await page.click('form.new-game details.parameters summary');
  await page.fill('input[name=parameter-target]', '8');
  await page.selectOption('select[name=red-player]', 'human');
  await page.selectOption('select[name=blue-player]', 'random');
  await page.fill('input[name=seed]', '4');
  await page.click('form.new-game button[type=submit]');
  await page.waitForURL(/#\/play\/\w+/);
  await page.waitForSelector('#table-text');
  assert.equal(await page.locator('svg.board').count(), 0, 'no board: the generic view');
  assert.match(await page.locator('#table-text').innerText(), /Dice race to 8/);

  let decisions = 0;
  const labels = new Set();
  while (!(await page.locator('#result').count())) {
    assert.ok(decisions < 200, 'the game ends');
    assert.match(await page.locator('#game-state').innerText(), /Red to move/);
    const before = await length(page);
    labels.add(await decide(page));
    ++decisions;
    await page.waitForFunction((n) => document.querySelector('#result') ||
      Number(document.querySelector('#game-state')?.dataset.length) > n, before);
  }
  assert.ok(decisions >= 2, `${decisions} decisions`);
  assert.ok(labels.has('roll'), [...labels].join(', '));
  assert.match(await page.locator('#result').innerText(), /^The game is over: (Red won|Blue won|a draw)\.$/);
  assert.doesNotMatch(await page.locator('#game-state').innerText(), /to move/);
  assert.equal(await page.locator('#actions .action-buttons button').count(), 0);
  assert.equal(await page.locator('#actions h3').innerText(), 'Game over');
  // The log has both sides and the dice.
  const log = await page.locator('ol.log').innerText();
  assert.match(log, /Red/);
  assert.match(log, /Blue/);
  assert.match(log, /roll: \d/);
  // Its replay steps through the same game in the generic view, to the same end.
  await page.click('a.button:has-text("Replay")');
  await page.waitForSelector('#table-text');
  await page.click('button[title=Last]');
  await page.waitForFunction(() => /over: /.test(document.querySelector('#game-state')?.innerText ?? ''));
  assert.ok(await page.locator('ol.log li').count() > decisions);
  await done();
});

// The rows of the toy's picture: {Red: {card: "2", played: false}, Blue: {card: "?", ...}}.
async function cards(page) {
  const rows = {};
  for (const line of (await page.locator('#table-text').innerText()).split('\n')) {
    const match = line.match(/^\s+(\w+)\s+\d+\s+card (\S+)( \(played\))?/);
    if (match) rows[match[1]] = { card: match[2], played: !!match[3] };
  }
  return rows;
}

test('hot-seat: each side sees its own card and not the other one, to the end of the game', async () => {
  const game = await apiPost('/api/games', {
    ruleset: 'toy', setup: { parameters: { target: 12, max_turns: 10 } }, players: ['human', 'human'], seed: 2 });
  const { page, done } = await openPage(browser, `/play/${game.id}`);
  let handovers = 0;
  let seat = null;
  let revealed = false;
  for (let i = 0; i < 200; ++i) {
    // The page shows the pass screen, the game, or its result.
    await page.waitForSelector('#pass-device, #game-state');
    if (await page.locator('#result').count()) break;
    if (await page.locator('#pass-device').count()) {
      // Nothing of the game shows until the side to move takes the device.
      assert.equal(await page.locator('#table-text').count(), 0);
      seat = (await page.locator('#pass-device h2').innerText()).replace('Pass the device to ', '');
      await page.click('#pass-device button');
      await page.waitForSelector('#table-text');
      ++handovers;
      // The picture shows this side's card, and the other's only once it is played.
      const rows = await cards(page);
      const other = seat === 'Red' ? 'Blue' : 'Red';
      assert.match(rows[seat].card, /^[123]$/, `${seat} sees its own card`);
      if (rows[other].played) {
        assert.match(rows[other].card, /^[123]$/);
        revealed = true;
      } else {
        assert.equal(rows[other].card, '?', `${other}'s card is hidden from ${seat}`);
      }
      continue;
    }
    const before = await length(page);
    // Blue plays its card when it may, so that Red then sees it.
    const card = page.locator('#actions .action-buttons button', { hasText: 'play card' });
    if (seat === 'Blue' && await card.count()) await card.click();
    else await decide(page);
    await page.waitForFunction((n) => document.querySelector('#pass-device') || document.querySelector('#result') ||
      Number(document.querySelector('#game-state')?.dataset.length) > n, before);
  }
  assert.ok(await page.locator('#result').count(), 'the game ended');
  assert.ok(handovers >= 2, `${handovers} handovers`);
  assert.ok(revealed, 'a played card shows to the other side');
  await done();
});
