// The generic documents page: a ruleset's document kinds that no dedicated page serves (Conflict's
// characters and warbands) are listed, started from a shipped sample, made, checked and edited
// through the operations the ruleset declares, with no code of the app naming the ruleset.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser, openPage } from './support.mjs';

let browser;
before(async () => { browser = await openBrowser(); });
after(async () => { await browser?.close(); });

test('the start page links a ruleset kinds no page serves to the documents page', async () => {
  const { page, done } = await openPage(browser, '/');
  const link = page.locator('a[href="#/documents?ruleset=conflict&kind=character"]').first();
  await link.waitFor();
  assert.equal(await link.innerText(), 'Characters');
  // The Build page keeps the rulesets whose warbands it knows how to edit.
  await page.goto(`${new URL(page.url()).origin}/#/build`);
  await page.waitForSelector('#new-warband');
  assert.equal(await page.locator('a[href="#/build?ruleset=conflict"]').count(), 0);
  await done();
});

test('a shipped character is copied, priced term by term and edited', async () => {
  const { page, done } = await openPage(browser, '/documents?ruleset=conflict&kind=character');
  await page.click('button[data-sample="knight_captain"]');
  await page.waitForSelector('#report');
  assert.match(page.url(), /#\/documents\/\w+/);
  assert.equal(await page.locator('#report .points').innerText(), '51 points');
  assert.match(await page.locator('#report pre').innerText(), /attack 'Longsword'\s+14\.25/);
  assert.match(await page.locator('#report h2').innerText(), /^Legal character/);

  // One more Wound through the declared character-set operation: 5 x 4 more points.
  const set = page.locator('form[data-operation="character-set"]');
  await set.locator('input[name="wounds"]').fill('6');
  await set.locator('button[type=submit]').click();
  await page.waitForFunction(() => document.querySelector('#report .points')?.innerText === '55 points');

  // Past the size's Wounds: the problem is shown, with where it is.
  await set.locator('input[name="wounds"]').fill('9');
  await set.locator('button[type=submit]').click();
  await page.waitForFunction(() => /^Not legal: 1 problem$/.test(document.querySelector('#report h2')?.innerText ?? ''));
  assert.match(await page.locator('#report pre').innerText(), /:9: wounds 9 is more than a size 2 \(Small\) character may have \(6/);
  await done();
});

test('a new character is made from the form and gets its first attack', async () => {
  const { page, done } = await openPage(browser, '/documents?ruleset=conflict&kind=character');
  const form = page.locator('#new-document');
  await form.locator('input[name="name"]').waitFor();
  // A new document replaces no file: the CLI's --force ("replace an existing file") is not offered.
  assert.equal(await page.locator('#new-document input[name="force"], #import-document input[name="force"]').count(), 0);
  await form.locator('input[name="name"]').fill('E2E Pikeman');
  await form.locator('input[name="size"]').fill('2');
  await form.locator('input[name="suit"]').fill('hearts');
  await form.locator('input[name="wounds"]').fill('4');
  await form.locator('button[type=submit]').click();
  await page.waitForSelector('#report');
  assert.match(await page.locator('#report pre').innerText(), /has no attack/);
  const attack = page.locator('form[data-operation="character-add-attack"]');
  await attack.locator('input[name="name"]').fill('Pike');
  await attack.locator('input[name="type"]').fill('physical');
  await attack.locator('input[name="strength"]').fill('3');
  await attack.locator('textarea[name="effect"]').fill('push:match_suit');
  await attack.locator('button[type=submit]').click();
  await page.waitForFunction(() => /^Legal character/.test(document.querySelector('#report h2')?.innerText ?? ''));
  // size 2: 10; 4 x 2 = 8; (2 x 3 + push 3 x 0.5) x 1 = 7.5: 25.5, rounded half up 26.
  assert.equal(await page.locator('#report .points').innerText(), '26 points');
  await done();
});

test('a shipped warband is copied with its points and the warband list marks it legal', async () => {
  const { page, done } = await openPage(browser, '/documents?ruleset=conflict&kind=warband');
  await page.click('button[data-sample="wild_hunt"]');
  await page.waitForSelector('#report');
  assert.equal(await page.locator('#report .points').innerText(), '544 points');
  await page.click('.crumbs a');
  await page.waitForSelector('table.documents');
  assert.match(await page.locator('table.documents').innerText(), /The Wild Hunt\s*legal/);
  await done();
});
