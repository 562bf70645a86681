// The play screen as a newcomer meets it: the phase in words and turns counted, the board's key,
// spell cards read with a tap, what the bot just did marked on the board and stepped through, the
// dice explained, why the game ended, and a phone-sized window (390 px) where the board scrolls in
// its own frame and the panels stack under it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser, openPage, apiPost, apiGet } from './support.mjs';
import { opponentRun } from '../../web/lib/turns.js';

let browser;
before(async () => { browser = await openBrowser(); });
after(async () => { await browser?.close(); });

const newGame = (players, seed) => apiPost('/api/games', {
  ruleset: 'atomspast', setup: { map: 'broken_hills', warbands: ['toms_orcs', 'jerrys_elves'] }, players, seed });

// Plays the human's decisions through the API (ending each phase as soon as it may, else the first
// legal action) until `reached(view)`, the bot answering after each.
async function playUntil(id, reached, limit = 300) {
  let view = await apiGet(`/api/games/${id}`);
  for (let i = 0; i < limit; ++i) {
    while (view.pending) view = await apiGet(`/api/games/${id}`);
    if (reached(view)) return view;
    assert.ok(!view.terminal, 'the game ended before the position the test needs');
    const pick = view.legal.find((a) => a.kind === 'done') ?? view.legal[0];
    view = await apiPost(`/api/games/${id}/actions`, { action: pick.action, length: view.length });
  }
  throw new Error(`not reached in ${limit} decisions`);
}

// The bot (Blue) moved a unit since Red's last decision.
const botMoved = (view) => (opponentRun(view.log, 0)?.entries ?? []).some((e) => e.player === 'Blue' && e.kind === 'destination');

test('the header says the phase in words and counts turns; the key is always there', async () => {
  const game = await newGame(['human', 'greedy'], 4);
  const { page, done } = await openPage(browser, `/play/${game.id}`);
  await page.waitForSelector('svg.board');
  const line = await page.locator('#game-state').innerText();
  assert.match(line, /Broken Hills · (set-up|round \d+, turn \d+) · [A-Z][a-z-]+( [A-Z][a-z]+)*/);
  assert.doesNotMatch(line, /_|\bmove \d/, 'no ids, no count of applies');

  const key = page.locator('#board-key');
  assert.ok(await key.isVisible());
  const kinds = await key.locator('li[data-key=terrain]').allInnerTexts();
  assert.ok(kinds.length >= 3, `the map's terrain kinds: ${kinds}`);
  assert.ok(kinds.some((k) => /cover/i.test(k)), `cover is in the key: ${kinds}`);
  assert.match(await key.innerText(), /Higher Ground/);
  assert.match(await key.innerText(), /Red's deployment zone/);
  assert.match(await key.innerText(), /Blue's deployment zone/);

  // Played on into the battle, the turn counts turns: round 1 has turns 1 and 2.
  const later = await playUntil(game.id, (v) => v.table.turn >= 2);
  await page.reload();
  await page.waitForSelector('svg.board');
  assert.equal(await page.locator('#game-state').getAttribute('data-turn'), String(later.table.turn));
  assert.match(await page.locator('#game-state').innerText(),
               new RegExp(`round ${later.table.round}, turn ${later.table.turn} · (Spell|Kon|Battlefield) Phase`));
  assert.ok(await page.locator('#board-key').isVisible(), 'the key stays after set-up');
  await done();
});

test('a tap on a spell card shows its text, and a second tap hides it', async () => {
  const game = await newGame(['human', 'greedy'], 4);
  const { page, done } = await openPage(browser, `/play/${game.id}`);
  await page.waitForSelector('svg.board');
  const card = page.locator('.player .spell').first();
  const text = card.locator('.card-text');
  assert.equal(await text.isVisible(), false);
  await card.locator('button.spell-name').click();
  assert.ok(await text.isVisible());
  assert.match(await text.innerText(), /^AcTi \d+\. \S/);
  await card.locator('button.spell-name').click();
  assert.equal(await text.isVisible(), false);
  await done();
});

test('after the bot\'s turn its moves are marked, and its actions can be stepped through', async () => {
  const game = await newGame(['human', 'greedy'], 6);
  const view = await playUntil(game.id, botMoved);
  const run = opponentRun(view.log, 0);
  const { page, done } = await openPage(browser, `/play/${game.id}`);
  await page.waitForSelector('svg.board');

  // The unit the bot moved last is outlined where it stands now, and its move is drawn.
  const moves = run.entries.filter((e) => e.kind === 'destination');
  const mover = moves[moves.length - 1].unit;
  if (view.table.units[mover].alive)
    assert.equal(await page.locator(`svg.board .unit.moved[data-unit="${mover}"]`).count(), 1);
  assert.ok(await page.locator('svg.board .move-path polyline').count() >= 1, 'the route of a move');
  const target = [...run.entries].reverse().find((e) => e.kind === 'attack_target');
  if (target && view.table.units[target.target].alive)
    assert.equal(await page.locator(`svg.board .unit.last-target[data-unit="${target.target}"]`).count(), 1);

  // Step through: one action at a time, on the board as it stood after it.
  await page.waitForSelector('#step-through');
  await page.click('#step-through');
  await page.waitForSelector('#step-counter');
  assert.equal(await page.locator('#step-counter').innerText(), `1 of ${run.entries.length}`);
  assert.equal(await page.locator('#step-text').innerText(), `${run.entries[0].player} ${run.entries[0].text}`);
  assert.equal(await page.locator(`ol.log li.current[data-index="${run.entries[0].index}"]`).count(), 1);
  assert.equal(await page.locator('#actions').count(), 0, 'no actions while looking back');
  // On to the first move: the unit is outlined there, with its line.
  const moveStep = run.entries.findIndex((e) => e.kind === 'destination');
  for (let i = 0; i < moveStep; ++i) {
    await page.click('#step-next');
    await page.waitForFunction((n) => document.querySelector('#step-counter')?.textContent.startsWith(`${n} of`), i + 2);
  }
  const moved = run.entries[moveStep].unit;
  assert.equal(await page.locator(`svg.board .unit.moved[data-unit="${moved}"]`).count(), 1);
  assert.equal(await page.locator(`svg.board .move-path[data-unit="${moved}"]`).count(), 1);
  // Drawn along its route, one point per placement from where it stood to where it stopped.
  const route = run.entries[moveStep].path;
  assert.ok(route.length >= 2, 'a move has a route');
  assert.deepEqual(route[0], run.entries[moveStep].from);
  assert.deepEqual(route[route.length - 1], run.entries[moveStep].cells);
  const points = await page.locator(`svg.board .move-path[data-unit="${moved}"] polyline`).getAttribute('points');
  assert.equal(points.trim().split(/\s+/).length, route.length);
  const at = run.entries[moveStep].cells[0];
  const token = await page.locator(`svg.board .unit[data-unit="${moved}"] rect.token`).first();
  const cell = await page.locator(`svg.board .cell[data-x="${at[0]}"][data-y="${at[1]}"] rect`).first().boundingBox();
  const box = await token.boundingBox();
  assert.ok(box.x < cell.x + cell.width && cell.x < box.x + box.width && box.y < cell.y + cell.height && cell.y < box.y + box.height,
            'the moved unit stands where the move ended');
  // Back one, then skip to now: the live game with its actions.
  if (moveStep > 0) {
    await page.click('#step-back');
    await page.waitForFunction((n) => document.querySelector('#step-counter')?.textContent.startsWith(`${n} of`), moveStep);
  }
  await page.click('#step-skip');
  await page.waitForSelector('#actions');
  await page.waitForSelector('#step-through');
  await done();
});

test('the dice box explains the roll in the log\'s words', async () => {
  const game = await newGame(['human', 'greedy'], 6);
  const view = await playUntil(game.id, (v) => v.log.some((e) => e.kind === 'die' && /→/.test(e.text)) && v.table.roll && !v.table.roll.in_progress);
  const { page, done } = await openPage(browser, `/play/${game.id}`);
  await page.waitForSelector('#roll');
  const lastDie = [...view.log].reverse().find((e) => e.kind === 'die');
  const words = await page.locator('#roll-words').innerText();
  assert.equal(words, lastDie.text);
  assert.match(words, /\[S\d+\/D\d+\]: .*→ \d+/);
  assert.match(await page.locator('#roll .roll-label').innerText(), /^\[S\d+\/D\d+\]$/);
  assert.ok(lastDie.text.includes(view.table.roll.notation), 'one notation in the log and the box');
  await done();
});

test('a finished game says why it ended', async () => {
  const game = await newGame(['random', 'random'], 5);
  assert.ok(game.terminal);
  const { page, done } = await openPage(browser, `/play/${game.id}`);
  await page.waitForSelector('#result');
  const last = game.log[game.log.length - 1];
  assert.equal(await page.locator('#result').innerText(),
               `The game is over: ${game.winner === 'draw' ? 'a draw' : `${game.winner} won`}.`);
  // The server's reason, in the ruleset's words (State::end_reason).
  assert.match(game.end_reason, /\(Kon\) destroyed by|\(the turn limit\)/);
  assert.equal(await page.locator('#end-reason').innerText(), game.end_reason);
  // A ruleset that gives no reason: the page names the last action.
  await page.route(`**/api/games/${game.id}`, async (route) => {
    const response = await route.fetch();
    const json = await response.json();
    await route.fulfill({ response, json: { ...json, end_reason: null } });
  });
  await page.reload();
  await page.waitForSelector('#result');
  assert.equal(await page.locator('#end-reason').innerText(), `The last action: ${last.text}`);
  await done();
});

test('at 390 px the page never scrolls sideways: the board scrolls in its frame, the panels stack under it', async () => {
  const game = await newGame(['human', 'greedy'], 4);
  await playUntil(game.id, (v) => v.table.turn >= 1);
  const { page, done } = await openPage(browser, `/play/${game.id}`, { viewport: { width: 390, height: 844 } });
  await page.waitForSelector('svg.board');
  const sizes = await page.evaluate(() => {
    const frame = document.querySelector('#board-frame').getBoundingClientRect();
    const frameNode = document.querySelector('#board-frame');
    return {
      page: document.documentElement.scrollWidth, window: window.innerWidth,
      frameLeft: frame.left, frameRight: frame.right, frameBottom: frame.bottom,
      frameScrolls: frameNode.scrollWidth > frameNode.clientWidth,
      sideTop: document.querySelector('.game-side').getBoundingClientRect().top,
      keyRight: document.querySelector('#board-key').getBoundingClientRect().right,
      actionsTop: document.querySelector('#actions').getBoundingClientRect().top,
      logTop: document.querySelector('.log-box').getBoundingClientRect().top,
    };
  });
  assert.ok(sizes.page <= sizes.window, `the page is ${sizes.page} px wide in a ${sizes.window} px window`);
  assert.ok(sizes.frameLeft >= 0 && sizes.frameRight <= sizes.window, `the board's frame: ${sizes.frameLeft}..${sizes.frameRight}`);
  assert.ok(sizes.frameScrolls, 'the board scrolls inside its frame');
  assert.ok(sizes.keyRight <= sizes.window);
  assert.ok(sizes.sideTop >= sizes.frameBottom, 'the panels stack under the board');
  assert.ok(sizes.actionsTop < sizes.logTop, 'the actions come before the log, right under the board');
  // The frame scrolls, the page does not.
  await page.locator('#board-frame').evaluate((frame) => { frame.scrollLeft = 200; });
  assert.ok(await page.locator('#board-frame').evaluate((frame) => frame.scrollLeft) > 0);
  assert.equal(await page.evaluate(() => window.scrollX), 0);
  await done();
});
