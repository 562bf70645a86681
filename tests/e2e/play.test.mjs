// Playing in the browser against the bot: a new game from the form, several turns played by
// clicking the legal actions and the board, the bot answering, then a reload that resumes the game.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser, openPage, apiPost } from './support.mjs';

let browser;
before(async () => { browser = await openBrowser(); });
after(async () => { await browser?.close(); });

const state = async (page) => {
  const node = page.locator('#game-state');
  return { length: Number(await node.getAttribute('data-length')), round: Number(await node.getAttribute('data-round')) };
};

// One decision: a destination on the board when there is one (deploying, moving), else an action
// button, preferring ones that move the game on.
async function decide(page, turn) {
  const destinations = page.locator('svg.board .destination');
  const count = await destinations.count();
  if (count > 0) {
    await destinations.nth((turn * 7) % count).locator('circle').click();
    // Several actions end on that space (a unit's two facings): they are listed, take the first.
    await page.waitForTimeout(100);
    if (await page.locator('#actions button:has-text("show all")').count())
      await page.locator('#actions .action-buttons button').first().click();
    return 'board';
  }
  const buttons = page.locator('#actions .action-buttons button');
  const n = await buttons.count();
  assert.ok(n > 0, 'a human to move has legal actions');
  const kinds = await buttons.evaluateAll((all) => all.map((b) => b.dataset.kind));
  const pick = ['done', 'decline', 'move', 'melee_attack', 'attack_target', 'charge'].map((k) => kinds.indexOf(k)).find((i) => i >= 0) ?? 0;
  await buttons.nth(pick).click();
  return kinds[pick];
}

test('play several turns against the bot, then reload and resume', async () => {
  const { page, done } = await openPage(browser, '/play');
  await page.waitForSelector('form.new-game');
  await page.selectOption('select[name=red-player]', 'human');
  await page.selectOption('select[name=blue-player]', 'greedy');
  await page.fill('input[name=seed]', '7');
  await page.click('form.new-game button[type=submit]');
  await page.waitForURL(/#\/play\/\w+/);
  await page.waitForSelector('svg.board');
  const gameId = page.url().match(/#\/play\/(\w+)/)[1];

  // A decision no die followed can be taken back.
  const placing = page.locator('#actions button[data-kind=place_spell]');
  if (await placing.count()) {
    const before = (await state(page)).length;
    await placing.first().click();
    await page.waitForSelector('#undo');
    assert.ok((await state(page)).length > before);
    await page.click('#undo');
    await page.waitForFunction((length) => Number(document.querySelector('#game-state')?.dataset.length) === length, before);
  }

  const start = await state(page);
  let decisions = 0;
  let board = 0;
  let current = start;
  while (decisions < 80 && current.round < 3 && !(await page.locator('#result').count())) {
    const before = current.length;
    if ((await decide(page, decisions)) === 'board') ++board;
    ++decisions;
    await page.waitForFunction((length) => Number(document.querySelector('#game-state')?.dataset.length) > length, before);
    // On a loaded machine the bot may still be thinking: the next decision is the human's once it
    // has answered (or the game is over).
    await page.waitForFunction(() => !document.querySelector('#prompt.pending'), null, { timeout: 60000 });
    current = await state(page);
  }
  assert.ok(decisions >= 3, `${decisions} decisions`);
  assert.ok(board >= 1, 'at least one decision was a click on the board');
  assert.ok(current.round >= 2 || (await page.locator('#result').count()) > 0, `reached round ${current.round}`);
  // The bot played too: its moves are in the log.
  const log = await page.locator('ol.log').innerText();
  assert.match(log, /Blue/);
  assert.match(log, /Red/);
  // Every unit on the board shows its AcTi.
  assert.ok(await page.locator('svg.board .unit .acti').count() > 0);

  // Reload: the same game, at the same move.
  const saved = await state(page);
  await page.reload();
  await page.waitForSelector('svg.board');
  const resumed = await state(page);
  assert.equal(resumed.length, saved.length);
  assert.equal(page.url().match(/#\/play\/(\w+)/)[1], gameId);

  // And from the games list.
  await page.goto(new URL('/#/play', page.url()).href);
  await page.click(`tr[data-game="${gameId}"] a.button:has-text("Resume"), tr[data-game="${gameId}"] a.button:has-text("Open")`);
  await page.waitForSelector('svg.board');
  assert.equal((await state(page)).length, saved.length);
  await done();
});

test('clicking a unit of the side to move shows where it can go and what it sees', async () => {
  const { page, done } = await openPage(browser, '/play');
  await page.waitForSelector('form.new-game');
  await page.fill('input[name=seed]', '11');
  await page.click('form.new-game button[type=submit]');
  await page.waitForSelector('svg.board');
  // Deploy every unit (clicking destinations) until the battle starts and Red's units have reach.
  for (let i = 0; i < 60; ++i) {
    const reachable = await page.evaluate(() => document.querySelectorAll('svg.board .unit.red').length);
    const hasDest = await page.locator('svg.board .destination').count();
    if (!hasDest && reachable) break;
    const before = Number(await page.locator('#game-state').getAttribute('data-length'));
    await decide(page, i);
    await page.waitForFunction((length) => Number(document.querySelector('#game-state')?.dataset.length) > length, before);
  }
  const red = page.locator('svg.board .unit.red');
  assert.ok(await red.count() > 0, 'Red has units on the board');
  await red.first().click();
  await page.waitForSelector('#unit-card');
  assert.ok(await page.locator('svg.board .unit.red.selected').count() === 1);
  assert.ok(await page.locator('svg.board .sight').count() > 0, 'the sight of the selected unit is drawn');
  await done();
});

test('hot-seat: the device passes between the sides, each hand hidden from the other', async () => {
  const game = await apiPost('/api/games', {
    ruleset: 'atomspast', setup: { map: 'ruined_keep', warbands: ['toms_orcs', 'jerrys_elves'] },
    players: ['human', 'human'], seed: 3 });
  const { page, done } = await openPage(browser, `/play/${game.id}`);
  const first = ['Red', 'Blue'][game.current_player];
  const other = ['Red', 'Blue'][1 - game.current_player];
  // Nothing of the game shows until the side to move takes the device.
  await page.waitForSelector('#pass-device');
  assert.equal(await page.locator('#pass-device h2').innerText(), `Pass the device to ${first}`);
  assert.equal(await page.locator('svg.board').count(), 0);
  await page.click('#pass-device button');
  await page.waitForSelector('svg.board');
  const hands = async () => page.locator('.player').evaluateAll((all) =>
    Object.fromEntries(all.map((p) => [p.querySelector('h3').firstChild.textContent, !!p.querySelector('.hidden-hand')])));
  assert.deepEqual(await hands(), { [first]: false, [other]: true });
  // Play until the other side is to move: the screen hides the board again.
  for (let i = 0; i < 10 && !(await page.locator('#pass-device').count()); ++i) {
    const before = Number(await page.locator('#game-state').getAttribute('data-length'));
    await page.locator('#actions .action-buttons button').first().click();
    await page.waitForFunction((length) => document.querySelector('#pass-device') ||
      Number(document.querySelector('#game-state')?.dataset.length) > length, before);
  }
  assert.equal(await page.locator('#pass-device h2').innerText(), `Pass the device to ${other}`);
  await page.click('#pass-device button');
  await page.waitForSelector('svg.board');
  assert.deepEqual(await hands(), { [first]: true, [other]: false });
  await done();
});

test('an illegal saved warband is marked in the menu, and starting with it says what to fix', async () => {
  const made = await apiPost('/api/build/atomspast/new', { args: { name: 'E2E Unfinished' } });
  const id = made.document.id;
  const { page, done } = await openPage(browser, '/play?ruleset=atomspast');
  await page.waitForSelector('form.new-game');
  const option = page.locator(`select[name=red-warband] option[value="document:${id}"]`);
  await option.waitFor({ state: 'attached' });
  assert.match(await option.innerText(), /^E2E Unfinished \(illegal: \d+ problems\)$/);
  // The built-in lists are legal: no mark.
  assert.doesNotMatch(await page.locator('select[name=red-warband] option[value=toms_orcs]').innerText(), /illegal/);
  await page.selectOption('select[name=red-warband]', `document:${id}`);
  await page.click('form.new-game button[type=submit]');
  const why = page.locator('#illegal-warbands');
  await why.waitFor();
  assert.match(await why.innerText(), /Red's warband “E2E Unfinished” is not legal yet/);
  assert.ok(await why.locator('li.problem').count() > 0);
  assert.equal(await why.locator('a').getAttribute('href'), `#/build/${id}`);
  assert.match(page.url(), /#\/play(\?|$)/, 'no game was started');
  await why.locator('a').click();
  await page.waitForURL(new RegExp(`#/build/${id}$`));
  await page.waitForSelector('#problems li.problem');
  await done();
});
