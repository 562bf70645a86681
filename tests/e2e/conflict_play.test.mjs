// Conflict plays in the browser on the tabletop board (components/boards/tabletop.js; its own
// tests are tabletop_board.test.mjs): the new-game form offers its three tables, the table is
// drawn, a human activates a model on the table and then sees what it can do beside it (against
// the random bot, which plays Blue's activations in between).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser, openPage } from './support.mjs';

let browser;
before(async () => { browser = await openBrowser(); });
after(async () => { await browser?.close(); });

const length = async (page) => Number(await page.locator('#game-state').getAttribute('data-length'));

test('Conflict starts on a chosen table and takes a human activation', async () => {
  const { page, done } = await openPage(browser, '/play?ruleset=conflict');
  await page.waitForSelector('form.new-game[data-ruleset=conflict]');
  const tables = await page.locator('form.new-game select[name=map] option').allInnerTexts();
  for (const name of ['Open ground', 'Ruined town', 'Hill and river'])
    assert.ok(tables.some((text) => text.includes(name)), tables.join(', '));
  await page.selectOption('form.new-game select[name=map]', 'ruined_town');
  await page.selectOption('select[name=red-player]', 'human');
  await page.selectOption('select[name=blue-player]', 'random');
  await page.fill('input[name=seed]', '3');
  // The engine places the models (the players' deployment is a lattice of places per model).
  await page.locator('form.new-game details.parameters summary').click();
  await page.check('input[name=parameter-automatic_deployment]');
  await page.click('form.new-game button[type=submit]');
  await page.waitForURL(/#\/play\/\w+/);
  await page.waitForSelector('svg.tabletop .choice.activate');
  assert.match(await page.locator('#game-state').innerText(), /Ruined town · round 1 of 6/);
  // The table's three objectives are drawn, none held yet.
  assert.deepEqual(await page.locator('svg.tabletop .objective title').allTextContents(),
                   ['West well: 1 point, held by nobody', 'East well: 1 point, held by nobody', 'Beacon: 2 points, held by nobody']);

  // The activations are on the table: a click on a ringed base shows it, Confirm plays it.
  const ringed = page.locator('svg.tabletop .choice.activate').first();
  await ringed.scrollIntoViewIfNeeded();
  const box = await ringed.boundingBox();
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  assert.match(await page.locator('#tabletop-title').innerText(), /Activate R\d /);
  const before = await length(page);
  await page.locator('#confirm-choice').click();
  await page.waitForFunction((n) => Number(document.querySelector('#game-state')?.dataset.length) > n, before);
  const buttons = page.locator('#actions .action-buttons button');
  await buttons.first().waitFor();
  const next = await buttons.allInnerTexts();
  assert.ok(next.some((label) => /End R\d .*'s activation/.test(label)), next.join(' | '));
  await done();
});
