// Replays in the browser: step through a saved game with the buttons and the slider, replay a
// simulated game chosen by seed and index, and open a log file.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser, openPage, apiPost, apiGet } from './support.mjs';

let browser;
before(async () => { browser = await openBrowser(); });
after(async () => { await browser?.close(); });

test('step through a saved game', async () => {
  // A whole bot game, made through the API.
  const game = await apiPost('/api/games', {
    ruleset: 'atomspast', setup: { map: 'broken_hills', warbands: ['toms_orcs', 'jerrys_elves'] },
    players: ['random', 'random'], seed: 5 });
  assert.ok(game.terminal, 'two bots play to the end');
  const { page, done } = await openPage(browser, `/replay/${game.id}`);
  await page.waitForSelector('svg.board');
  assert.equal(await page.locator('#replay-counter').innerText(), `step 0 of ${game.length}`);
  assert.equal(await page.locator('ol.log li').count(), 0);

  await page.click('#step-forward');
  await page.waitForFunction(() => document.querySelector('#game-state')?.dataset.step === '1');
  assert.equal(await page.locator('ol.log li').count(), 1);

  // A step that moved a unit marks it, with the route of its move.
  const move = game.log.find((entry) => entry.kind === 'destination');
  await page.locator('#replay-step').fill(String(move.index + 1));
  await page.waitForFunction((n) => document.querySelector('#game-state')?.dataset.step === String(n), move.index + 1);
  assert.equal(await page.locator(`svg.board .unit.moved[data-unit="${move.unit}"]`).count(), 1);
  assert.equal(await page.locator(`svg.board .move-path[data-unit="${move.unit}"]`).count(), 1);

  // The slider to the end: the last position, every entry of the log.
  await page.locator('#replay-step').fill(String(game.length));
  await page.waitForFunction((n) => document.querySelector('#game-state')?.dataset.step === String(n), game.length);
  assert.equal(await page.locator('ol.log li').count(), game.log.length);
  assert.match(await page.locator('#game-state').innerText(), /over/);
  // Why it ended, as the game's own screen says it (the replay said only who won).
  assert.equal(await page.locator('#end-reason').innerText(), game.end_reason);

  // The step is in the address: a reload opens the same position.
  await page.reload();
  await page.waitForFunction((n) => document.querySelector('#game-state')?.dataset.step === String(n), game.length);
  await done();
});

test('replay a simulated game by seed and index', async () => {
  const { page, done } = await openPage(browser, '/replay');
  await page.waitForSelector('#sim-replay');
  await page.fill('#sim-replay input[name=seed]', '3');
  await page.fill('#sim-replay input[name=index]', '2');
  await page.click('#sim-replay button[type=submit]');
  await page.waitForURL(/#\/replay\/\w+/);
  await page.waitForSelector('svg.board');
  const counter = await page.locator('#replay-counter').innerText();
  const total = Number(counter.match(/of (\d+)/)[1]);
  assert.ok(total > 10, `the simulated game has ${total} steps`);
  await page.click('button[title=Last]');
  await page.waitForFunction((n) => document.querySelector('#game-state')?.dataset.step === String(n), total);
  await done();
});

test('open a log file saved by warband play --log', async () => {
  const game = await apiPost('/api/games', {
    ruleset: 'atomspast', setup: { map: 'training_ground', warbands: ['toms_orcs', 'jerrys_elves'] },
    players: ['random', 'random'], seed: 11 });
  const log = await apiGet(`/api/games/${game.id}/log`);
  const { page, done } = await openPage(browser, '/replay');
  await page.waitForSelector('input[type=file]');
  await page.setInputFiles('input[type=file]', {
    name: 'game.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(log)) });
  await page.waitForURL((url) => /#\/replay\/\w+/.test(url.hash) && !url.hash.endsWith(`/${game.id}`));
  await page.waitForSelector('svg.board');
  assert.equal(await page.locator('#replay-counter').innerText(), `step 0 of ${game.length}`);

  // A file that is not a log says so and opens nothing.
  await page.goto(new URL('/#/replay', page.url()).href);
  await page.waitForSelector('input[type=file]');
  await page.setInputFiles('input[type=file]', {
    name: 'notes.json', mimeType: 'application/json', buffer: Buffer.from('{"not": "a log"}') });
  await page.waitForSelector('#messages .banner.error');
  assert.match(await page.locator('#messages .banner.error').innerText(), /log/);
  assert.match(page.url(), /#\/replay$/);
  await done([/status of 4\d\d/]);
});
