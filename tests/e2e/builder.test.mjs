// The builder in the browser: a new warband, a validation problem that appears as units are added
// and clears as they are removed, a unit's points breakdown, export and import of the CLI's file,
// renaming, the print view and the rules terms' links.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { openBrowser, openPage } from './support.mjs';

let browser;
before(async () => { browser = await openBrowser(); });
after(async () => { await browser?.close(); });

const problems = (page) => page.locator('#problems');

test('a warband over its points limit says so, and stops saying so when a unit goes', async () => {
  const { page, done } = await openPage(browser, '/build');
  await page.fill('#new-warband input[name=name]', 'E2E Raiders');
  await page.fill('#new-warband input[name=points-limit]', '200');
  await page.click('#new-warband button[type=submit]');
  await page.waitForURL(/#\/build\/\w+/);
  await page.waitForSelector('#units');
  // A new list is not legal (no Kon, no deck) but it is within its points.
  await assert.doesNotReject(page.waitForSelector('#problems li.problem'));
  assert.doesNotMatch(await problems(page).innerText(), /over its limit/);
  assert.match(await page.locator('#points').innerText(), /^0 \/ 200 points$/);

  // Add units until the list costs more than 200: the problem appears as the edit lands.
  await page.selectOption('select[name=unit]', 'orc_warrior');
  await page.fill('input[name=count]', '5');
  await page.click('form.add-unit button[type=submit]');
  await page.waitForFunction(() => /over its limit of 200/.test(document.querySelector('#problems')?.innerText ?? ''));
  const over = Number((await page.locator('#points').innerText()).split(' ')[0]);
  assert.ok(over > 200, `the list costs ${over}`);
  assert.match(await page.locator('#points').getAttribute('class'), /over/);

  // Remove one at a time until it fits: the problem clears.
  for (let i = 0; i < 5; ++i) {
    if (!/over its limit/.test(await problems(page).innerText())) break;
    const before = await page.locator('#points').innerText();
    await page.click('tr[data-unit=orc_warrior] button[aria-label^="Remove one"]');
    await page.waitForFunction((text) => document.querySelector('#points')?.innerText !== text, before);
  }
  assert.doesNotMatch(await problems(page).innerText(), /over its limit/);
  const now = Number((await page.locator('#points').innerText()).split(' ')[0]);
  assert.ok(now > 0 && now <= 200, `the list costs ${now}`);

  // The unit's profile and how its points are made.
  await page.click('tr[data-unit=orc_warrior] td:first-child');
  await page.waitForSelector('#profile table.breakdown');
  assert.match(await page.locator('#profile h2').innerText(), /Orc Warrior/);
  assert.match(await page.locator('#profile table.breakdown').innerText(), /Points/);
  await done([/status of 4\d\d/]);
});

test('a warband exports as the CLI file and imports back', async () => {
  const { page, done } = await openPage(browser, '/build');
  await page.fill('#new-warband input[name=name]', 'E2E Roundtrip');
  await page.click('#new-warband button[type=submit]');
  await page.waitForSelector('#units');
  await page.selectOption('select[name=unit]', 'orc_warrior');
  await page.click('form.add-unit button[type=submit]');
  await page.waitForSelector('tr[data-unit=orc_warrior]');

  const [download] = await Promise.all([page.waitForEvent('download'), page.click('text=Export file')]);
  assert.equal(download.suggestedFilename(), 'e2e_roundtrip.toml');
  const path = await download.path();
  const text = await readFile(path, 'utf8');
  assert.match(text, /name = "E2E Roundtrip"/);
  assert.match(text, /orc_warrior/);

  await page.goto(new URL('/#/build', page.url()).href);
  await page.waitForSelector('#new-warband');
  await page.setInputFiles('input[type=file]', { name: 'roundtrip_copy.toml', mimeType: 'text/plain', buffer: Buffer.from(text) });
  await page.waitForSelector('tr[data-unit=orc_warrior]');
  assert.match(await page.locator('.summary h1').innerText(), /E2E Roundtrip/);
  await done();
});

test('a warband renamed, printed as the CLI exports it, and its rules terms link to their passage', async () => {
  const { page, done } = await openPage(browser, '/build');
  await page.fill('#new-warband input[name=name]', 'E2E Printed');
  await page.click('#new-warband button[type=submit]');
  await page.waitForSelector('#units');
  await page.selectOption('select[name=unit]', 'orc_warrior');
  await page.click('form.add-unit button[type=submit]');
  await page.waitForSelector('tr[data-unit=orc_warrior]');

  // Renamed, with a new points limit: the list, its points line and the saved document follow.
  await page.click('#warband-settings summary');
  await page.fill('#warband-settings input[name=name]', 'E2E Printed Orcs');
  await page.fill('#warband-settings input[name=points-limit]', '300');
  await page.click('#warband-settings button[type=submit]');
  await page.waitForFunction(() => /E2E Printed Orcs/.test(document.querySelector('.summary h1')?.innerText ?? ''));
  assert.match(await page.locator('#points').innerText(), / \/ 300 points$/);
  assert.match(await page.locator('.crumbs').innerText(), /E2E Printed Orcs/);

  const [popup] = await Promise.all([page.waitForEvent('popup'), page.click('text=Print view')]);
  await popup.waitForLoadState();
  const printed = await popup.content();
  assert.match(printed, /E2E Printed Orcs/);
  assert.match(printed, /Orc Warrior/);
  await popup.close();

  // The Kon panel's heading is a rules term: it opens the rules at its passage.
  const link = page.locator('a.term', { hasText: /^Kon$/ }).first();
  const href = await link.getAttribute('href');
  assert.match(href, /^#\/rules\/atomspast\/[\w-]+$/);
  const anchor = decodeURIComponent(href.split('/').pop());
  await link.click();
  await page.waitForURL(/#\/rules\/atomspast\//);
  await page.waitForSelector(`[id="${anchor}"]`);
  assert.match(await page.locator(`[id="${anchor}"]`).innerText(), /Kon/);
  await done([/status of 4\d\d/]);
});
