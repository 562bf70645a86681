// A Game plays in the browser through the generic game view until the tabletop board renderer
// reads its "tabletop" table view: the new-game form offers its two tables and its lists, the
// table's text picture shows each model's dice pools, and a human's choices (activate a model,
// then what it does) are buttons (against the random bot, which plays Blue's activations).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser, openPage } from './support.mjs';

let browser;
before(async () => { browser = await openBrowser(); });
after(async () => { await browser?.close(); });

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
  await page.click('form.new-game button[type=submit]');
  await page.waitForURL(/#\/play\/\w+/);
  await page.waitForSelector('#table-text');
  const text = await page.locator('#table-text').innerText();
  assert.match(text, /Ruined shrine, round 1 of 8/);
  assert.match(text, /R1 Great Ram of Shamborga: .*dice A3 D0 W1 M2/);

  const buttons = page.locator('#actions .action-buttons button');
  await buttons.first().waitFor();
  const labels = await buttons.allInnerTexts();
  assert.ok(labels.some((label) => /Activate R\d /.test(label)), labels.join(' | '));
  const before = await length(page);
  await buttons.filter({ hasText: /Activate R\d / }).first().click();
  await page.waitForFunction((n) => Number(document.querySelector('#game-state')?.dataset.length) > n, before);
  const next = await buttons.allInnerTexts();
  assert.ok(next.some((label) => /End R\d .*'s activation/.test(label)), next.join(' | '));
  await done();
});
