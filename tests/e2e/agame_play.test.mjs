// A Game plays in the browser on the tabletop board its "tabletop" table view draws (the board
// Conflict uses): the new-game form offers its two tables, the models stand on the table, a
// human activates one on the board (the keyboard's arrows pick, Enter plays) and its card shows
// its dice pools left; what it does next are buttons (against the random bot, Blue).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser, openPage } from './support.mjs';

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
