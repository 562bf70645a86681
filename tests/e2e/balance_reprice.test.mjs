// Repricing (`warband balance --reprice`) from the Balance page: the form starts it, its progress
// names the round and the units frozen, Cancel stops it, and its result is the table of old and new
// costs with the points file and the report to download and the last round's games as replays.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { openBrowser, openPage, apiGet, apiPost } from './support.mjs';

let browser;
before(async () => { browser = await openBrowser(); });
after(async () => { await browser?.close(); });

async function downloaded(page, selector) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.click(selector)]);
  return { name: download.suggestedFilename(), text: await readFile(await download.path(), 'utf8') };
}

test('a repricing started from the form shows its table, its downloads and its replays', async () => {
  const { page, done } = await openPage(browser, '/balance');
  await page.waitForSelector('#balance-form');
  await page.selectOption('#balance-form select[name=ruleset]', 'atomspast');
  // The repricing's own fields show only in its mode, at --reprice's defaults.
  assert.ok(await page.locator('#reprice-fields').isHidden());
  await page.check('#balance-form input[name=mode][value=reprice]');
  assert.ok(await page.locator('#reprice-fields').isVisible());
  assert.equal(await page.locator('#balance-form input[name=tolerance]').inputValue(), '10');
  assert.equal(await page.locator('#balance-form input[name=rounds]').inputValue(), '6');
  // The card prices' (spells' AcTi): ±1 step; the jitter left to the server (1 where cards are priced).
  assert.equal(await page.locator('#balance-form input[name=price_tolerance]').inputValue(), '1');
  assert.equal(await page.locator('#balance-form input[name=price_jitter]').inputValue(), '');

  // A quick search for the test: 6 random games a round, two rounds, a target no interval meets.
  await page.fill('#balance-form input[name=games]', '6');
  await page.selectOption('#balance-form select[name=bot]', 'random');
  await page.fill('#balance-form input[name=threads]', '1');
  await page.fill('#balance-form input[name=tolerance]', '0.01');
  await page.fill('#balance-form input[name=rounds]', '2');
  await page.fill('#balance-form input[name=price_jitter]', '2');
  await page.fill('#balance-form input[name=price_tolerance]', '0.5');
  await page.click('#balance-form button[type=submit]');
  await page.waitForURL(/#\/balance\/\w+/);
  const id = page.url().match(/#\/balance\/(\w+)/)[1];
  await page.waitForSelector('#reprice-table', { timeout: 120000 });
  assert.equal(await page.locator('#job-title').innerText(), `Repricing #${id}`);
  assert.match(await page.locator('.progress-line').innerText(), /2 of 2 rounds, 12 games · done/);
  assert.match(await page.locator('#reprice h2').innerText(),
    /^0 of 17 units priced within ±0\.01 points after 2 rounds of 6 games \(12 in all\)/);

  // One row per AtomsPast unit: old cost, new cost, interval, not frozen at ±0.01.
  const rows = page.locator('#reprice-table tbody tr');
  assert.equal(await rows.count(), 17);
  const cells = await rows.first().locator('td').allInnerTexts();
  assert.equal(cells.length, 6);
  assert.match(cells[1], /^\d+$/);
  assert.match(cells[2], /^\d+$/);
  assert.match(cells[4], /^(-?\d+ to -?\d+|not estimable)$/);
  assert.equal(cells[5], 'no');
  // One row per spell's AcTi, searched with the form's jitter and target.
  assert.match(await page.locator('#reprice-cards-headline').innerText(), /^\d+ of 41 card prices \(AcTi\) within ±0\.5 steps/);
  assert.equal(await page.locator('#reprice-cards tbody tr').count(), 41);
  const job = await apiGet(`/api/jobs/${id}`);
  assert.equal(job.settings.price_jitter, 2);
  assert.equal(job.report.reprice.last_round.price_jitter, 2);

  // The new points file and the report, as files.
  const points = await downloaded(page, '#download-points');
  assert.equal(points.name, 'atomspast_points.toml');
  assert.match(points.text, /# was \d+/);
  const report = await downloaded(page, '#download-report');
  assert.equal(report.name, `reprice-${id}.md`);
  assert.match(report.text, /^# Repricing: atomspast/);
  assert.match(report.text, /--first-game 6/);

  // The last round's report below, and its games (6 to 11) as replays.
  const frame = await page.frameLocator('#report iframe').locator('body').innerText();
  assert.match(frame, /Balance report: atomspast/);
  await page.click('#reprice summary');
  const best = page.locator('#reprice a.replay-link').first();
  const game = Number((await best.innerText()).match(/^best: game (\d+)$/)[1]);
  assert.ok(game >= 6 && game <= 11, `game ${game} is the last round's`);
  await best.click();
  await page.waitForURL(/#\/replay\/\w+/);
  await page.waitForSelector('#replay-counter');

  // Listed among the runs as a repricing.
  await page.goto(new URL('/#/balance', page.url()).href);
  await page.waitForSelector('#balance-form');
  assert.match(await page.locator('main').innerText(), new RegExp(`#${id} \\(reprice\\)`));
  await done();
});

test('a running repricing shows its round and units frozen, and Cancel stops it', async () => {
  const started = await apiPost('/api/reprice', { ruleset: 'atomspast', games: 20000, bot: 'random', seed: 2,
    points: 400, threads: 1, tolerance: 10, rounds: 5 });
  const { page, done } = await openPage(browser, `/balance/${started.job}`);
  await page.waitForFunction(() => /round 1 of 5 · [1-9]\d* of 20000 games this round · 0 of 17 units frozen · 0 of 41 card prices frozen · running/
    .test(document.querySelector('.progress-line')?.innerText ?? ''), null, { timeout: 60000 });
  await page.click('.progress-line button.danger');
  await page.waitForFunction(() => /· cancelled/.test(document.querySelector('.progress-line')?.innerText ?? ''));
  assert.match(await page.locator('#report').innerText(), /The run was cancelled/);
  await done();
});

test('a bad target is refused with a sentence, and nothing starts', async () => {
  const { page, done } = await openPage(browser, '/balance');
  await page.waitForSelector('#balance-form');
  await page.selectOption('#balance-form select[name=ruleset]', 'atomspast');
  await page.check('#balance-form input[name=mode][value=reprice]');
  await page.fill('#balance-form input[name=tolerance]', '0');
  await page.click('#balance-form button[type=submit]');
  const banner = page.locator('#messages .banner.error');
  await banner.waitFor();
  assert.equal(await banner.getAttribute('data-field'), 'body.tolerance');
  assert.match(page.url(), /#\/balance$/);
  await done([/status of 400/]);
});
