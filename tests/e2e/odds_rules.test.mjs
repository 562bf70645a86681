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

  // A bad value: a sentence about the input in place of the chart's caption, no internal path.
  await page.fill('#odds-skill', '0');
  await page.waitForSelector('.odds-result .error-text');
  const error = page.locator('.odds-result .error-text');
  assert.equal(await error.innerText(), 'Skill must be a whole number from 1 to 6 (you typed 0).');
  assert.equal(await error.getAttribute('data-field'), 'body.args.skill');

  // The next good value clears it.
  await page.fill('#odds-skill', '4');
  await page.waitForFunction(() => !document.querySelector('.odds-result .error-text') &&
    document.querySelector('.odds-result .status strong')?.textContent.includes('[S4/D6]'));
  await done([/status of 400/]);
});

test('the odds form asks one question at a time, with units picked from the content', async () => {
  const { page, done } = await openPage(browser, '/odds/atomspast');
  await page.waitForSelector('.chart svg');
  // Three questions; the example is a roll, so only the roll's options show.
  const questions = await page.locator('.odds-form .question').allInnerTexts();
  assert.deepEqual(questions.map((q) => q.trim()), ['A roll', 'An attack between two units', 'A Cast']);
  assert.ok(await page.locator('#odds-skill').isVisible());
  assert.ok(!(await page.locator('#odds-attacker').isVisible()));

  // An attack: the units are a picker filled from the content, and the chart answers at once.
  await page.check('input[value="an-attack-between-two-units"]');
  await page.waitForSelector('#odds-attacker:visible');
  assert.ok(!(await page.locator('#odds-skill').isVisible()));
  const units = await page.locator('#odds-attacker option').allInnerTexts();
  assert.ok(units.includes('Orc Warrior'), units.join(', '));
  await page.selectOption('#odds-attacker', { label: 'Orc Warrior' });
  await page.selectOption('#odds-target', { label: 'Footmen' });
  await page.check('#odds-charge');
  await page.waitForFunction(() => /Orc Warrior/.test(document.querySelector('.odds-result .status strong')?.textContent ?? '') &&
    /Footmen/.test(document.querySelector('.odds-result .status strong').textContent));

  // The chart stays in view beside the form while the form scrolls.
  assert.equal(await page.locator('.odds-result').evaluate((node) => getComputedStyle(node).position), 'sticky');
  const form = await page.locator('.odds-form').boundingBox();
  const result = await page.locator('.odds-result').boundingBox();
  assert.ok(result.x > form.x + form.width - 1, 'the chart is beside the form');
  await done();
});

test('an option two questions share keeps its value from one to the other', async () => {
  const { page, done } = await openPage(browser, '/odds/spellweavers');
  await page.waitForSelector('.chart svg');
  assert.ok(await page.locator('input[value="a-damage-roll"]').isChecked());
  await page.check('#odds-defend');
  await page.waitForFunction(() => /Defend/i.test(document.querySelector('.odds-result .status strong')?.textContent ?? ''));
  // Poison over turns: the same Defend box, still ticked; the condition picker is a list.
  await page.check('input[value="poison-or-regenerate-over-turns"]');
  assert.ok(await page.locator('#odds-defend').isChecked());
  assert.equal(await page.locator('#odds-damage-dice').count(), 0);
  await page.check('#odds-poison');
  await page.waitForFunction(() => /Poison/.test(document.querySelector('.odds-result .status strong')?.textContent ?? ''));
  await page.check('input[value="when-a-condition-is-removed"]');
  assert.deepEqual(await page.locator('#odds-condition option').allInnerTexts(), ['none', 'Poison', 'Slow', 'Stun', 'Regenerate', 'Protection']);
  await done([/status of 400/]);
});

test('a wizard\'s spell picked by name rolls the dice its file gives', async () => {
  const { page, done } = await openPage(browser, '/odds/spellweavers');
  await page.waitForSelector('.chart svg');
  // It starts on Ember the Red's Fireball (damage:3): 3d6 against a wizard at full HP.
  await page.check('input[value="a-wizard-s-spell"]');
  await page.waitForFunction(() => /Ember the Red's Fireball/.test(document.querySelector('.odds-result .status strong')?.textContent ?? ''));
  assert.equal(await page.locator('#odds-wizard').inputValue(), 'Ember the Red');
  // Another wizard offers its staff and its own rolling spells only: Brother Thorn's Mending
  // Light heals 3d6.
  await page.selectOption('#odds-wizard', 'Brother Thorn');
  const spells = await page.locator('#odds-spell option').allInnerTexts();
  assert.deepEqual(spells, ['Staff Strike (2d6 damage)', 'Mending Light (3d6 healing)']);
  await page.selectOption('#odds-spell', 'Mending Light');
  await page.waitForFunction(() => /Mending Light \(Healing 3\): 3d6 healing/.test(document.querySelector('.odds-result .status strong')?.textContent ?? ''));
  await done();
});

test('a link reproduces a query, and two queries compare side by side', async () => {
  const first = await openPage(browser, '/odds/atomspast');
  await first.page.waitForSelector('.chart svg');
  await first.page.check('input[value="a-cast"]');
  await first.page.fill('#odds-acti', '6');
  await first.page.fill('#odds-channels', '2');
  await first.page.waitForFunction(() => /AcTi 6/.test(document.querySelector('.odds-result .status strong')?.textContent ?? ''));
  await first.page.waitForFunction(() => /channels=2/.test(document.querySelector('.share-link').getAttribute('href')));
  const href = await first.page.locator('.share-link').getAttribute('href');
  assert.match(href, /q=a-cast/);
  const title = await first.page.locator('.odds-result .status strong').innerText();
  await first.done();

  // Opening the link fills the form and runs it: the same title.
  const { page, done } = await openPage(browser, href.replace(/^#/, ''));
  await page.waitForSelector('.chart svg');
  assert.equal(await page.locator('#odds-acti').inputValue(), '6');
  assert.equal(await page.locator('#odds-channels').inputValue(), '2');
  assert.ok(await page.locator('input[value="a-cast"]').isChecked());
  await page.waitForFunction((t) => document.querySelector('.odds-result .status strong')?.textContent === t, title);

  // Compare: a second query beside the first, a copy to change one thing in.
  await page.click('button.compare');
  await page.waitForSelector('#odds-b-acti');
  assert.equal(await page.locator('.odds-panel').count(), 2);
  await page.fill('#odds-b-channels', '0');
  await page.waitForFunction(() => document.querySelectorAll('.chart svg').length === 2 &&
    !/Channel/.test(document.querySelectorAll('.odds-result .status strong')[1]?.textContent ?? 'Channel'));
  const [a, b] = await Promise.all([page.locator('.odds-panel').nth(0).boundingBox(), page.locator('.odds-panel').nth(1).boundingBox()]);
  assert.ok(b.x > a.x + a.width - 1 && Math.abs(b.y - a.y) < 5, 'side by side');
  // The comparison is in the link too.
  await page.waitForFunction(() => /b\.q=a-cast/.test(location.hash));
  await done();
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
