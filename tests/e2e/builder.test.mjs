// The builder in the browser: a new warband, a validation problem that appears as units are added
// and clears as they are removed, a unit's points breakdown, export and import of the CLI's file,
// renaming, the print view and the rules terms' links.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { openBrowser, openPage, apiPost } from './support.mjs';

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

// Issue 16: starting points, the Spell Deck's tools, factions and the points floor.

// A new list from the form (optionally of a faction, with a Kon), open in the editor.
async function newList(page, name, { faction, kon } = {}) {
  await page.goto(new URL('/#/build', page.url()).href);
  await page.waitForSelector('#new-warband');
  await page.fill('#new-warband input[name=name]', name);
  if (faction) await page.fill('#new-warband input[name=faction]', faction);
  if (kon) await page.selectOption('#new-warband select[name=kon]', kon);
  await page.click('#new-warband button[type=submit]');
  await page.waitForFunction((n) => document.querySelector('.summary h1')?.innerText.includes(n), name);
  return page.url().match(/#\/build\/(\w+)/)[1];
}

test('a sample warband is a starting point: "Start from Tom\'s Orcs" opens a legal copy', async () => {
  const { page, done } = await openPage(browser, '/build');
  const start = page.locator('#samples button[data-sample=toms_orcs]');
  assert.equal(await start.innerText(), "Start from Tom's Orcs");
  assert.equal(await page.locator('#samples button[data-sample=jerrys_elves]').innerText(), "Start from Jerry's Elves");
  await start.click();
  await page.waitForURL(/#\/build\/\w+/);
  await page.waitForSelector('tr[data-unit=troll]');
  assert.match(await page.locator('.summary h1').innerText(), /Tom's Orcs/);
  assert.match(await page.locator('#points').innerText(), /^1500 \/ 1500 points$/);
  assert.match(await problems(page).innerText(), /Legal: ready to play/);
  assert.match(await page.locator('#deck-cards').innerText(), /50 cards/);

  // The list of warbands marks each one legal or not.
  const id = page.url().match(/#\/build\/(\w+)/)[1];
  await apiPost('/api/build/atomspast/new', { args: { name: 'E2E Not Yet' } });
  await page.goto(new URL('/#/build', page.url()).href);
  const row = (href) => page.locator('table.documents tr', { has: page.locator(`a[href="${href}"]`) });
  await row(`#/build/${id}`).locator('.legality').waitFor();
  assert.equal(await row(`#/build/${id}`).locator('.legality').innerText(), 'legal');
  const unfinished = page.locator('table.documents tr', { hasText: 'E2E Not Yet' }).first().locator('.legality');
  assert.match(await unfinished.innerText(), /^illegal: \d+ problems$/);
  await done();
});

test('a template: a new list of a faction starts with its Kon in the list and chosen', async () => {
  const { page, done } = await openPage(browser, '/build');
  await page.waitForSelector('#new-warband');
  // The faction narrows the Kon choices to its units.
  await page.fill('#new-warband input[name=faction]', 'Elven Alliance');
  const kons = await page.locator('#new-warband select[name=kon] option').evaluateAll((all) => all.map((o) => o.value));
  assert.ok(kons.includes('treant') && !kons.includes('troll'), kons.join(','));
  await newList(page, 'E2E Template Orcs', { faction: 'Orc Horde', kon: 'orc_boar_rider' });
  await page.waitForSelector('tr[data-unit=orc_boar_rider] .tag.kon');
  assert.match(await page.locator('.summary .faction').innerText(), /Orc Horde/);
  assert.equal(await page.locator('select[name=kon-unit]').inputValue(), 'orc_boar_rider');
  assert.doesNotMatch(await problems(page).innerText(), /No Kon chosen/);
  await done();
});

test('the Spell Deck: fill the rest, counts edited in place, copy from another list; the problems stay in view', async () => {
  const { page, done } = await openPage(browser, '/build');
  await newList(page, 'E2E Deck Source');
  assert.equal(await page.locator('#deck-fill').innerText(), 'Fill the rest (50 to go)');
  await page.click('#deck-fill');
  await page.waitForFunction(() => /\(50 cards\)/.test(document.querySelector('#deck-cards')?.innerText ?? ''));
  assert.ok(await page.locator('#deck-fill').isDisabled(), 'a full deck has nothing to fill');
  assert.doesNotMatch(await problems(page).innerText(), /Spell Deck has/);

  // One fewer, one more, in place: the row's count follows, the filter typed before is kept.
  await page.fill('input[aria-label="Filter spells"]', 'regrowth');
  const row = page.locator('tr[data-spell=regrowth]');
  const before = Number(await row.locator('input[type=number]').inputValue());
  await row.locator('button[aria-label^="One fewer"]').click();
  await page.waitForFunction((n) => Number(document.querySelector('tr[data-spell=regrowth] input[type=number]')?.value) === n, before - 1);
  assert.equal(await page.locator('input[aria-label="Filter spells"]').inputValue(), 'regrowth');
  assert.equal(await page.locator('tr[data-spell=sinew_lash]').getAttribute('class'), 'in-deck hidden');
  await page.waitForFunction(() => /Spell Deck has 49 cards/.test(document.querySelector('#problems')?.innerText ?? ''));
  await row.locator('button[aria-label^="One more"]').click();
  await page.waitForFunction(() => /\(50 cards\)/.test(document.querySelector('#deck-cards')?.innerText ?? ''));

  // The problems banner stays in view while the deck (far below) is edited.
  await page.setViewportSize({ width: 1400, height: 600 });
  await newList(page, 'E2E Deck Copy');
  await page.locator('#deck').scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  const box = await problems(page).boundingBox();
  assert.ok(box && box.y >= 0 && box.y < 600, `the problems banner is at ${box?.y}`);
  assert.ok(await page.evaluate(() => window.scrollY) > 0, 'the page scrolled');

  // Copy from: the other list's whole deck.
  await page.selectOption('select[name=deck-from]', { label: 'E2E Deck Source' });
  await page.click('#deck-copy');
  await page.waitForFunction(() => /\(50 cards\)/.test(document.querySelector('#deck-cards')?.innerText ?? ''));
  assert.doesNotMatch(await problems(page).innerText(), /Spell Deck has/);
  await done();
});

test('a unit outside the list\'s faction: filtered from the picker, and a warning when added', async () => {
  const { page, done } = await openPage(browser, '/build');
  await newList(page, 'E2E Faction Orcs', { faction: 'Orc Horde' });
  const options = () => page.locator('select[name=unit] option').evaluateAll((all) => all.map((o) => o.value));
  assert.ok((await options()).includes('orc_warrior'));
  assert.ok(!(await options()).includes('elf_riflemen'), 'only the list\'s faction while the filter is on');
  await page.uncheck('input[name=faction-only]');
  await page.waitForFunction(() => [...document.querySelectorAll('select[name=unit] option')].some((o) => o.value === 'elf_riflemen'));
  await page.selectOption('select[name=unit]', 'elf_riflemen');
  await page.click('form.add-unit button[type=submit]');
  await page.waitForSelector('#warnings li.warning');
  assert.match(await page.locator('#warnings').innerText(), /Elf Riflemen is Elven Alliance, not Orc Horde/);
  assert.doesNotMatch(await problems(page).innerText(), /Elven/);
  assert.match(await page.locator('tr[data-unit=elf_riflemen] .tag.warn').innerText(), /Elven Alliance/);
  await done();
});

test('no unit costs 0 points: a custom Pebble costs the floor', async () => {
  const { page, done } = await openPage(browser, '/build');
  await newList(page, 'E2E Pebbles');
  await page.click('summary:has-text("Custom profile")');
  const form = page.locator('details.custom form').last();
  await form.getByLabel('Name').fill('Pebble');
  await form.getByLabel('Move').fill('1');
  await form.getByLabel('Wounds').fill('1');
  await form.getByLabel('Melee S/D/R').fill('1/1/1');
  await form.locator('button[type=submit]').click();
  await page.waitForSelector('tr[data-unit=pebble]');
  assert.equal(await page.locator('tr[data-unit=pebble] td:nth-child(3)').innerText(), '40');
  await done();
});
