// The app loads in the browser: the start page lists the server's rulesets with links into each
// part, the router follows the links, and an unknown page says so.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser, openPage, apiGet } from './support.mjs';

let browser;
before(async () => { browser = await openBrowser(); });
after(async () => { await browser?.close(); });

test('the start page lists the rulesets the server has', async () => {
  const rulesets = await apiGet('/api/rulesets');
  const { page, done } = await openPage(browser, '/');
  await page.waitForSelector('.card.ruleset');
  assert.equal(await page.locator('.card.ruleset').count(), rulesets.length);
  const text = await page.locator('main').innerText();
  for (const ruleset of rulesets) assert.ok(text.includes(ruleset.summary), ruleset.name);
  // The most capable ruleset comes first, with a link to play it.
  assert.equal(await page.locator('.card.ruleset h2').first().innerText(), 'AtomsPast');
  assert.ok(await page.locator('.card.ruleset').first().locator('a', { hasText: 'Play' }).count() === 1);
  assert.match(await page.locator('main').innerText(), /Warband \d+\.\d+\.\d+/);
  await done();
});

test('a newcomer is told what to click first, and it starts a game against the bot', async () => {
  const { page, done } = await openPage(browser, '/');
  await page.waitForSelector('.first-steps');
  assert.match(await page.locator('.first-steps').innerText(), /First time here\? Play AtomsPast against the bot/);
  await page.click('.first-steps a');
  await page.waitForSelector('text=Start the game');
  assert.match(page.url(), /#\/play\?ruleset=atomspast$/);
  await done();
});

// Each ruleset's "Balance" opens the balance form on that ruleset (it opened on the first of the
// list whichever was clicked); the form lists the suggested ruleset first, as every list does.
test("a ruleset's Balance link opens the balance form on that ruleset", async () => {
  const { page, done } = await openPage(browser, '/');
  await page.waitForSelector('.card.ruleset[data-ruleset=conflict]');
  await page.locator('.card.ruleset[data-ruleset=conflict] a', { hasText: 'Balance' }).click();
  await page.waitForSelector('#balance-form');
  assert.equal(await page.locator('#balance-form select[name=ruleset]').inputValue(), 'conflict');
  await page.goto(new URL('/#/balance', page.url()).href);
  await page.waitForSelector('#balance-form');
  assert.equal(await page.locator('#balance-form select[name=ruleset]').inputValue(), 'atomspast');
  await done();
});

test('an unknown page says so, and the navigation marks where you are', async () => {
  const { page, done } = await openPage(browser, '/nowhere');
  await page.waitForSelector('main h1');
  assert.equal(await page.locator('main h1').innerText(), 'Not found');
  await page.click('text=Start here.');
  await page.waitForSelector('.card.ruleset');
  assert.equal(await page.locator('nav a.active').count(), 0);
  await done();
});
