// Balance in the browser: a run started from the form, its progress followed, its report shown.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser, openPage } from './support.mjs';

let browser;
before(async () => { browser = await openBrowser(); });
after(async () => { await browser?.close(); });

test('a balance run shows its progress, then its report', async () => {
  const { page, done } = await openPage(browser, '/balance');
  await page.waitForSelector('#balance-form');
  await page.fill('#balance-form input[name=games]', '40');
  await page.fill('#balance-form input[name=threads]', '1');
  await page.click('#balance-form button[type=submit]');
  await page.waitForURL(/#\/balance\/\w+/);
  await page.waitForSelector('#job-progress');
  await page.waitForSelector('#report iframe', { timeout: 120000 });
  assert.equal(await page.locator('#job-progress').getAttribute('value'), '40');
  assert.match(await page.locator('.progress-line').innerText(), /40 of 40 games · done/);
  const report = await page.frameLocator('#report iframe').locator('body').innerText();
  assert.match(report, /Balance report: atomspast/);
  assert.match(report, /40 games of atomspast/);
  // The run is listed with the others.
  await page.click('text=Balance');
  await page.waitForSelector('#balance-form');
  assert.match(await page.locator('main').innerText(), /done/);
  await done();
});
