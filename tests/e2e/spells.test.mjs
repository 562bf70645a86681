// The Spellweavers spell creator: the power and MP cost follow the form, and a spell goes into a wizard.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser, openPage } from './support.mjs';

let browser;
before(async () => { browser = await openBrowser(); });
after(async () => { await browser?.close(); });

test('the power and MP cost follow the spell as it is edited', async () => {
  const { page, done } = await openPage(browser, '/spells');
  await page.waitForSelector('#spell-power');
  const first = Number(await page.locator('#spell-power').innerText());
  assert.ok(first > 0, `power ${first}`);
  await page.fill('.effect-row .effect-value', '6');
  await page.waitForFunction((p) => Number(document.querySelector('#spell-power')?.innerText) > p, first);
  const stronger = Number(await page.locator('#spell-power').innerText());
  await page.selectOption('select[name=range]', 'snipe');
  await page.waitForFunction((p) => Number(document.querySelector('#spell-power')?.innerText) > p, stronger);
  // Too strong for one action: no cost with 1, one with 2.
  await page.waitForFunction(() => document.querySelector('#spell-mp')?.innerText === '—');
  await page.selectOption('select[name=actions]', '2');
  await page.waitForFunction(() => /^\d+$/.test(document.querySelector('#spell-mp')?.innerText ?? ''));

  // A wizard, and the spell in its list.
  await page.fill('#wizard input[placeholder="Merla the Bright"]', 'E2E Merla');
  await page.click('#wizard form button[type=submit]');
  await page.waitForSelector('#wizard button.primary');
  assert.match(page.url(), /#\/spells\/\w+/);
  // The spell being made is still the one on the form: it goes into the wizard as it is.
  const power = await page.locator('#spell-power').innerText();
  await page.fill('input[name=name]', 'Sniper Bolt');
  await page.click('#wizard button.primary');
  await page.waitForSelector('ul.wizard-spells li');
  assert.match(await page.locator('ul.wizard-spells').innerText(), new RegExp(`Sniper Bolt · power ${power}`));
  await done();
});

test('a wizard refuses a spell it could never cast, in a sentence, cleared by the next success', async () => {
  const { page, done } = await openPage(browser, '/spells');
  await page.waitForSelector('#spell-power');
  await page.fill('#wizard input[placeholder="Merla the Bright"]', 'E2E Refuser');
  await page.selectOption('#wizard form select', 'tetra-master');
  await page.click('#wizard form button[type=submit]');
  await page.waitForFunction(() => document.querySelector('#wizard p strong')?.textContent === 'E2E Refuser');

  // Damage 3 on the whole battlefield: power 75, 65 MP even with 2 actions, past 60 max MP.
  await page.fill('input[name=name]', 'Nova');
  await page.fill('.effect-row .effect-value', '3');
  await page.selectOption('select[name=area]', 'nuke');
  await page.waitForFunction(() => document.querySelector('#spell-power')?.innerText === '75');
  await page.click('#wizard button.primary');
  const banner = page.locator('#messages .banner.error');
  await banner.waitFor();
  assert.match(await banner.innerText(), /^Effect is too strong for this wizard: 'Nova' has power 75, so even its cheapest cast costs 65 MP, more than E2E Refuser's max MP of 60; it could never be cast/);
  assert.equal(await banner.getAttribute('data-field'), 'body.args.effect');
  assert.doesNotMatch(await banner.innerText(), /body\./);

  // A Tetramino that is no tetris block: refused, saying what the shape must be.
  await page.selectOption('select[name=area]', 'tetramino');
  await page.fill('input[name=shape]', '0,0;1,1;2,2;3,3');
  await page.waitForFunction(() => document.querySelector('#spell-power')?.innerText === '15');
  await page.click('#wizard button.primary');
  await page.waitForFunction(() => /^Shape must be exactly 4 squares of a Tetramino/.test(document.querySelector('#messages .banner.error')?.innerText ?? ''));
  assert.equal(await page.locator('ul.wizard-spells li').count(), 0);

  // Joined side to side it is taken, and the stale error goes.
  await page.fill('input[name=shape]', '0,0;1,0;2,0;1,1');
  await page.waitForFunction(() => !document.querySelector('#messages .banner.error'));
  await page.click('#wizard button.primary');
  await page.waitForSelector('ul.wizard-spells li');
  assert.match(await page.locator('ul.wizard-spells').innerText(), /Nova · power 15/);
  assert.equal(await page.locator('#messages .banner.error').count(), 0);
  await done([/status of 400/]);
});
