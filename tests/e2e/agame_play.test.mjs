// A Game plays in the browser on the tabletop board its "tabletop" table view draws (the board
// Conflict uses): the new-game form offers its two tables, the models stand on the table, a
// human activates one on the board (the keyboard's arrows pick, Enter plays) and its card shows
// its dice pools left; what it does next are buttons (against the random bot, Blue); the last
// roll's dice stand beside the board, each marked by what it did, and no facing is drawn.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { apiGet, apiPost, openBrowser, openPage } from './support.mjs';

let browser;
before(async () => { browser = await openBrowser(); });
after(async () => { await browser?.close(); });

// These tests start at the first activation: the draft is skipped (agame_draft.test.mjs plays it).
async function skipTheDraft(page) {
  await page.click('form.new-game details.parameters summary');
  await page.fill('input[name=parameter-draft]', '0');
}

const length = async (page) => Number(await page.locator('#game-state').getAttribute('data-length'));

test('A Game starts on a chosen table and takes a human activation', async () => {
  const { page, done } = await openPage(browser, '/play?ruleset=agame');
  await page.waitForSelector('form.new-game[data-ruleset=agame]');
  const tables = await page.locator('form.new-game select[name=map] option').allInnerTexts();
  for (const name of ['Open field', 'Ruined shrine'])
    assert.ok(tables.some((text) => text.includes(name)), tables.join(', '));
  await page.selectOption('form.new-game select[name=map]', 'ruined_shrine');
  await page.selectOption('select[name=red-player]', 'human');
  await page.selectOption('select[name=blue-player]', 'random');
  await page.fill('input[name=seed]', '3');
  await skipTheDraft(page);
  await page.click('form.new-game button[type=submit]');
  await page.waitForURL(/#\/play\/\w+/);
  await page.waitForSelector('svg.tabletop .choice.activate');
  assert.match(await page.locator('body').innerText(), /Ruined shrine/);  // the game's heading
  const labels = await page.locator('svg.tabletop .model').evaluateAll((nodes) => nodes.map((n) => n.dataset.label));
  assert.ok(labels.includes('R1') && labels.includes('B1'), labels.join(' '));

  // The keyboard picks the first model Red may activate, Enter plays it.
  const before = await length(page);
  await page.locator('svg.tabletop').focus();
  await page.keyboard.press('ArrowRight');
  assert.match(await page.locator('#tabletop-title').innerText(), /Activate R\d /);
  await page.keyboard.press('Enter');
  await page.waitForFunction((n) => Number(document.querySelector('#game-state')?.dataset.length) > n, before);
  const card = await page.locator('#model-card').innerText();
  assert.match(card, /Dice left/);
  assert.match(card, /Class/);
  const buttons = page.locator('#actions .action-buttons button');
  await buttons.first().waitFor();
  const next = await buttons.allInnerTexts();
  assert.ok(next.some((label) => /End R\d .*'s activation/.test(label)), next.join(' | '));
  await done();
});

test('A Game plays the builder\'s shipped warbands chosen in the new-game form', async () => {
  const { page, done } = await openPage(browser, '/play?ruleset=agame');
  await page.waitForSelector('form.new-game[data-ruleset=agame]');
  const offered = await page.locator('form.new-game select[name=red-warband] option').allInnerTexts();
  for (const name of ['The Host of Shamborga', 'Iron Hold', 'The Night Court'])
    assert.ok(offered.some((text) => text.includes(name)), offered.join(', '));
  await page.selectOption('select[name=red-warband]', 'iron_hold');
  await page.selectOption('select[name=blue-warband]', 'night_court');
  await page.selectOption('select[name=red-player]', 'human');
  await page.selectOption('select[name=blue-player]', 'random');
  await skipTheDraft(page);
  await page.click('form.new-game button[type=submit]');
  await page.waitForURL(/#\/play\/\w+/);
  await page.waitForSelector('svg.tabletop .choice.activate');
  // Three models a side, as the two warband files list them (the default lists have four).
  const labels = await page.locator('svg.tabletop .model').evaluateAll((nodes) => nodes.map((n) => n.dataset.label));
  assert.deepEqual(labels.sort(), ['B1', 'B2', 'B3', 'R1', 'R2', 'R3']);
  await done();
});

test('A Game shows the last roll\'s dice beside the board, each marked, and the wounds', async () => {
  // Two bots play a whole game: its last attack's dice are the table view's last_roll.
  const game = await apiPost('/api/games', {
    ruleset: 'agame', setup: { map: 'open_field' }, players: ['random', 'random'], seed: 7 });
  assert.ok(game.terminal, 'two bots play to the end');
  const roll = (await apiGet(`/api/games/${game.id}`)).table.last_roll;
  assert.ok(roll?.attack?.length > 0, 'the game rolled an attack');
  const { page, done } = await openPage(browser, `/play/${game.id}`);
  await page.waitForSelector('#dice-roll');
  const panel = page.locator('#dice-roll');
  const faces = await panel.locator('[data-group=attack] .die').allInnerTexts();
  assert.deepEqual(faces.map(Number), roll.attack);
  const marks = await panel.locator('[data-group=attack] .die').evaluateAll((nodes) => nodes.map((n) => n.dataset.result));
  assert.deepEqual(marks, roll.results.attack);
  const hits = roll.results.attack.filter((r) => r === 'hit').length;
  assert.equal(await panel.locator('[data-group=attack] .die.success').count(), hits);
  assert.match(await panel.locator('[data-group=attack]').innerText(), new RegExp(`\\(${roll.needs.attack}\\+\\)`));
  for (const group of ['dodge', 'save'])
    assert.equal(await panel.locator(`[data-group=${group}] .die`).count(), roll[group].length, group);
  assert.match(await panel.locator('.dice-roll-outcome').innerText(), new RegExp(`^${roll.wounds} wounds?$`));
  assert.match(await panel.innerText(), new RegExp(roll.attack_name));
  // A Game has no facing (ruling "Facing"): no wedge, no rear arc on its bases.
  assert.equal(await page.locator('svg.tabletop .model .facing').count(), 0);
  assert.equal(await page.locator('svg.tabletop .model .rear-arc').count(), 0);
  await done();
});
