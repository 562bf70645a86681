// The odds form draws its chart and follows the values; the rules search finds a passage and opens it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser, openPage } from './support.mjs';

let browser;
before(async () => { browser = await openBrowser(); });
after(async () => { await browser?.close(); });

test('the odds form draws a chart and redraws it as a value changes', async () => {
  const { page, done } = await openPage(browser, '/odds/atomspast');
  await page.waitForSelector('.chart svg');
  const rows = await page.locator('.odds-table tbody tr').count();
  assert.ok(rows > 1, `${rows} outcomes`);
  const first = await page.locator('.chart').innerHTML();

  // More dice: more outcomes, another chart.
  await page.fill('#odds-dice', '6');
  await page.waitForFunction((n) => document.querySelectorAll('.odds-table tbody tr').length > n, rows);
  assert.notEqual(await page.locator('.chart').innerHTML(), first);

  // A bad value: the API's message, where and what, in place of the chart's caption.
  await page.fill('#odds-skill', '0');
  await page.waitForSelector('.odds-result .error-text');
  assert.match(await page.locator('.odds-result .error-text').innerText(), /skill/i);
  await done([/status of 400/]);
});

test('the rules search finds a passage and opens it', async () => {
  const { page, done } = await openPage(browser, '/rules');
  await page.fill('.sidebar input[type=search]', 'boost');
  await page.waitForSelector('.search-results li a');
  const hit = page.locator('.search-results li a', { hasText: 'Boosting' }).first();
  await hit.click();
  await page.waitForURL(/#\/rules\/atomspast\/boosting/);
  await page.waitForSelector('#boosting.target');
  assert.ok(await page.locator('#boosting').isVisible());
  // A link inside the rules stays in the app.
  const inner = await page.locator('.rules-text a[href^="#/rules/"]').count();
  assert.ok(inner > 0, 'the rules link to their own sections');
  await done();
});
