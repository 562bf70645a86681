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
