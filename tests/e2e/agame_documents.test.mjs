// A Game's decks, warbands and campaigns on the generic documents page: listed from the start
// page once A Game's builder declares them, started from the shipped samples, priced, checked and
// edited through the operations A Game declares (no code of the app names A Game).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser, openPage } from './support.mjs';

let browser;
before(async () => { browser = await openBrowser(); });
after(async () => { await browser?.close(); });

test('the start page links A Game decks, warbands and campaigns to the documents page', async () => {
  const { page, done } = await openPage(browser, '/');
  for (const kind of ['deck', 'warband', 'campaign'])
    await page.locator(`a[href="#/documents?ruleset=agame&kind=${kind}"]`).first().waitFor();
  await done();
});

test('a shipped A Game warband is copied with its points, then a model too many is a problem', async () => {
  const { page, done } = await openPage(browser, '/documents?ruleset=agame&kind=warband');
  await page.click('button[data-sample="night_court"]');
  await page.waitForSelector('#report');
  // Two Vampires (69 each) and the Great Ram (100).
  assert.equal(await page.locator('#report .points').innerText(), '238 points');
  assert.match(await page.locator('#report h2').innerText(), /^Legal warband/);
  // A second Great Ram through the declared warband-add: 100 points more, over the 300.
  const add = page.locator('form[data-operation="warband-add"]');
  await add.locator('input[name="profile"]').fill('Great Ram of Shamborga');
  await add.locator('button[type=submit]').click();
  await page.waitForFunction(() => document.querySelector('#report .points')?.innerText === '338 points');
  assert.match(await page.locator('#report h2').innerText(), /^Not legal: 1 problem$/);
  assert.match(await page.locator('#report pre').innerText(), /338 points, over the limit of 300 by 38/);
  await done();
});

test('a new A Game deck is made from the form and filled to its 10 cards', async () => {
  const { page, done } = await openPage(browser, '/documents?ruleset=agame&kind=deck');
  const form = page.locator('#new-document');
  await form.locator('input[name="name"]').fill('E2E Tricks');
  await form.locator('textarea[name="card"]').fill('parry\nparry\nsprint\nrally\nrooted');
  await form.locator('button[type=submit]').click();
  await page.waitForSelector('#report');
  assert.match(await page.locator('#report pre').innerText(), /the deck holds 5 cards; a deck is 10 cards/);
  const add = page.locator('form[data-operation="deck-add"]');
  await add.locator('textarea[name="card"]').fill('brace\nthicket\ncaltrops\nriposte\nsmoke_pot');
  await add.locator('button[type=submit]').click();
  await page.waitForFunction(() => /^Legal deck/.test(document.querySelector('#report h2')?.innerText ?? ''));
  await done();
});
