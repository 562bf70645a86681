// Playing a friend in another browser (issue 21): the creator invites a friend from the new-game
// form, each plays from its own browser context through its own link, a third context without a
// token is refused every write and sees no hand, and a restart of the server in the middle
// changes nothing for either player. The game is played to its end, then rematched.
// The game is short (turn_limit 1, set on the form) and each seat ends its phases at once, the
// moves sent from the test with each page's own token (the pages render on their own): the
// assertions need a whole game, not a long one (20 rounds through the pages took ~160 s; now ~25 s).
//
// This test starts its own server (it restarts it), on its own database.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openBrowser } from './support.mjs';

const BINARY = process.env.WARBAND_BINARY ?? 'build/release/warband_with_test_rulesets';
let browser;
let dir;
let server = null;
let baseUrl = '';
// Rounds before the game is scored: one is enough for hands drawn and for moves before and after
// the restart (about 44 decisions, most of them deployment and the opening spells).
const ROUNDS = 1;

// Starts `warband serve` on `port` (0: a free one) and resolves with its address.
function startServer(port) {
  return new Promise((resolve, reject) => {
    server = spawn(BINARY, ['serve', '--port', String(port), '--db', join(dir, 'warband.db'), '--moves-per-minute', '0'],
      { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    server.stdout.on('data', (chunk) => {
      out += chunk;
      const found = out.match(/Warband is at (http:\/\/127\.0\.0\.1:\d+)\//);
      if (found) resolve(found[1]);
    });
    server.on('exit', (code) => reject(new Error(`the server exited (${code}) before it listened: ${out}`)));
  });
}

function stopServer() {
  return new Promise((resolve) => {
    if (!server || server.exitCode !== null) { resolve(); return; }
    server.once('exit', () => resolve());
    server.kill('SIGTERM');
  });
}

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'warband-remote-'));
  baseUrl = await startServer(0);
  browser = await openBrowser();
});
after(async () => {
  await browser?.close();
  await stopServer();
  rmSync(dir, { recursive: true, force: true });
});

async function newContextPage(errors) {
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  const page = await context.newPage();
  page.setDefaultTimeout(20000);
  page.on('pageerror', (err) => errors.push(`page error: ${err.message}`));
  return { context, page };
}

// The page's own view of the game, read with the token its tab keeps (lib/seat_tokens.js).
function viewFrom(page, id) {
  return page.evaluate(async (gameId) => {
    const token = sessionStorage.getItem(`warband.token.${gameId}`);
    const response = await fetch(`/api/games/${gameId}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
    return response.json();
  }, id);
}

// The token a page's tab keeps for the game (the creator's owner token, the friend's seat token).
function tokenOf(page, id) {
  return page.evaluate((gameId) => sessionStorage.getItem(`warband.token.${gameId}`), id);
}

// The game as a token holder (null: a stranger) reads it, from the test itself: the pages keep
// rendering on their own, and the test's requests do not wait behind their rendering.
async function viewAs(token, id) {
  const response = await fetch(`${baseUrl}/api/games/${id}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  return response.json();
}

// One decision by the seat to move, with the token its page holds: "done" first, so that phases
// end at once and the game reaches its round limit.
async function decideAs(token, id) {
  const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
  const view = await viewAs(token, id);
  if (view.terminal || !view.legal.length) return { moved: false, terminal: view.terminal };
  const order = ['done', 'decline', 'end_phase', 'pass'];
  const pick = order.map((kind) => view.legal.find((a) => a.kind === kind)).find(Boolean) ?? view.legal[0];
  const response = await fetch(`${baseUrl}/api/games/${id}/actions`, {
    method: 'POST', headers, body: JSON.stringify({ action: pick.action, length: view.length }) });
  return { moved: response.ok, status: response.status, terminal: (await response.json()).terminal };
}

// What the page shows of the two hands: [Red's cards listed, Blue's cards listed].
function handsShown(page) {
  return page.evaluate(() => [0, 1].map((side) =>
    document.querySelectorAll(`section.player[data-side="${side}"] .cards-in-hand`).length > 0));
}

test('two browsers play AtomsPast through their links; a stranger is refused; a restart changes nothing', async (t) => {
  const errors = [];
  const red = await newContextPage(errors);
  const blue = await newContextPage(errors);
  const stranger = await newContextPage(errors);

  // The creator invites a friend: Blue is played through a link.
  await red.page.goto(`${baseUrl}/#/play?ruleset=atomspast`);
  await red.page.waitForSelector('form.new-game');
  await red.page.selectOption('select[name=red-player]', 'human');
  await red.page.check('#invite-friend');
  assert.equal(await red.page.inputValue('select[name=blue-player]'), 'human');
  await red.page.fill('input[name=seed]', '11');
  await red.page.click('form.new-game details.parameters summary');
  await red.page.fill('input[name=parameter-turn_limit]', String(ROUNDS));
  await red.page.click('form.new-game button[type=submit]');
  await red.page.waitForURL(/#\/play\/\d+/);
  const id = red.page.url().match(/#\/play\/(\d+)/)[1];
  const link = await red.page.locator('#invite input.seat-link[data-seat="1"]').inputValue();
  assert.match(link, new RegExp(`/#/play/${id}\\?token=[0-9a-f]{64}$`));
  assert.equal(await red.page.locator('#invite img.qr').count(), 1);

  // The friend opens the link; the stranger opens the game without one.
  await blue.page.goto(link.replace(/^http:\/\/[^/]+/, baseUrl));
  await blue.page.waitForSelector('#remote-turn');
  await stranger.page.goto(`${baseUrl}/#/play/${id}`);
  await stranger.page.waitForSelector('#remote-turn');
  assert.match(await stranger.page.textContent('#remote-turn'), /you are watching/);
  // Each side hears that the other is here.
  await red.page.waitForFunction(() => /Blue is connected/.test(document.querySelector('#opponent-presence')?.textContent ?? ''));
  // The friend's page says which side the link plays, whoever is to move.
  assert.match(await blue.page.textContent('#remote-turn'), /\(Blue\)|You play Blue/);
  // The creator resumes the game in a new tab (no token of its own, as Resume in the saved games
  // opens it): the browser kept the owner token and the invitation, so it plays Red, not watches.
  const resumed = await red.context.newPage();
  await resumed.goto(`${baseUrl}/#/play/${id}`);
  await resumed.waitForSelector('#invite #own-link');
  assert.doesNotMatch(await resumed.textContent('#remote-turn'), /you are watching/);
  assert.equal(await resumed.locator('#invite input.seat-link[data-seat="1"]').inputValue(), link);
  await resumed.close();

  const seats = [red.page, blue.page];
  const tokens = [await tokenOf(red.page, id), await tokenOf(blue.page, id)];
  assert.ok(tokens[0] && tokens[1] && tokens[0] !== tokens[1], 'each page keeps its own token');
  assert.equal(await tokenOf(stranger.page, id), null);
  let restarted = false;
  let checkedHands = false;
  let decisions = 0;
  let checkedAt = 0;
  let restartedAt = 0;
  for (; decisions < 3000; ++decisions) {
    const public_ = await viewAs(null, id);
    if (public_.terminal) break;
    const toMove = public_.current_player;
    assert.ok(toMove === 0 || toMove === 1, `a human is to move (${toMove})`);
    const result = await decideAs(tokens[toMove], id);
    assert.ok(result.moved, `seat ${toMove} moved (${result.status})`);

    if (!checkedHands && decisions >= 6) {
      // Both have drawn: each sees its own hand only, the stranger none; the waiting page
      // updated on its own (the event stream) to the same length as the mover's.
      const views = [await viewFrom(red.page, id), await viewFrom(blue.page, id)];
      if (views[0].table.players[0].hand?.length && views[1].table.players[1].hand?.length) {
        for (const [seat, page] of seats.entries()) {
          await page.waitForFunction((length) => Number(document.querySelector('#game-state')?.dataset.length) === length, views[seat].length);
          assert.deepEqual(await handsShown(page), [seat === 0, seat === 1], `seat ${seat} sees its own hand only`);
        }
        assert.deepEqual(await handsShown(stranger.page), [false, false]);
        // Every write the stranger tries is refused.
        const refused = await stranger.page.evaluate(async (gameId) => {
          const post = (path, body) => fetch(`/api/games/${gameId}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.status);
          const view = await (await fetch(`/api/games/${gameId}`)).json();
          return [await post('/actions', { action: 0, length: view.length }), await post('/undo', { length: view.length }),
                  await post('/resign', { length: view.length }), await post('/seats/1/link', {}),
                  await fetch(`/api/games/${gameId}`, { method: 'DELETE' }).then((r) => r.status),
                  await fetch(`/api/games/${gameId}/log`).then((r) => r.status)];
        }, id);
        assert.deepEqual(refused, [403, 403, 403, 403, 403, 403]);
        // The stranger's page has shown what it had to: closed, it stops redrawing every move.
        await stranger.context.close();
        checkedHands = true;
        checkedAt = decisions;
      }
    }

    if (checkedHands && !restarted && decisions >= checkedAt + 4) {
      // The server restarts in the middle: the pages reconnect and go on where they were.
      const before = await viewFrom(blue.page, id);
      assert.equal(before.terminal, false, 'the restart comes before the end');
      await stopServer();
      await red.page.waitForFunction(() => /reconnecting/.test(document.querySelector('#connection-state')?.textContent ?? ''));
      await startServer(Number(new URL(baseUrl).port));
      const after = await viewFrom(blue.page, id);
      assert.equal(after.length, before.length);
      assert.deepEqual(after.table, before.table);
      await red.page.waitForFunction(() => !document.querySelector('#connection-state'), null, { timeout: 15000 });
      restarted = true;
      restartedAt = decisions;
    }
  }
  assert.ok(restarted, 'the server was restarted in the middle of the game');
  assert.ok(decisions > restartedAt + 1, 'the game went on after the restart');
  const end = await viewAs(null, id);
  assert.equal(end.terminal, true, `the game ended within ${decisions} decisions`);
  t.diagnostic(`${decisions} decisions; hands checked after ${checkedAt}, the server restarted after ${restartedAt}`);
  // Both pages show the end, with the winner, on their own.
  for (const page of seats)
    await page.waitForSelector('#result');
  assert.equal(await red.page.locator('#rematch').count(), 1);
  // Once over, the log opens to anyone.
  assert.equal((await fetch(`${baseUrl}/api/games/${id}/log`)).status, 200);

  // Rematch: the creator asks, the friend's page follows on its own, each on the same side.
  await red.page.click('#rematch');
  await red.page.waitForURL((url) => /#\/play\/\d+$/.test(url.hash) && !url.hash.endsWith(`/${id}`));
  const next = red.page.url().match(/#\/play\/(\d+)/)[1];
  await blue.page.waitForURL((url) => url.hash === `#/play/${next}`);
  await blue.page.waitForSelector('#remote-turn');
  assert.equal((await viewFrom(blue.page, next)).seat, 1);
  assert.equal((await viewFrom(red.page, next)).seat, 0);
  assert.equal((await viewFrom(red.page, next)).terminal, false);

  for (const page of [red, blue]) await page.context.close();
  assert.deepEqual(errors, [], 'the pages logged errors');
});
