// Errors a person sees are sentences about what happened, not internal paths: a move made from a
// page the game has moved on from says so, and the page shows the game as it is now.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser, openPage, apiGet, apiPost } from './support.mjs';

let browser;
before(async () => { browser = await openBrowser(); });
after(async () => { await browser?.close(); });

// The game's view once a human is to move (the bot and the dice move on their own).
async function humanToMove(id) {
  for (let i = 0; i < 100; ++i) {
    const view = await apiGet(`/api/games/${id}`);
    if (view.legal?.length) return view;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('no human turn came');
}

test('a move from a stale page: "The game has moved on since this page loaded: reloaded"', async () => {
  const game = await apiPost('/api/games', {
    ruleset: 'atomspast', setup: { map: 'training_ground', warbands: ['toms_orcs', 'jerrys_elves'] },
    players: ['human', 'greedy'], seed: 5 });
  const view = await humanToMove(game.id);
  const { page, done } = await openPage(browser, `/play/${game.id}`);
  await page.waitForSelector('#actions .action-buttons button');

  // Someone else moves first (another tab, the other player).
  await apiPost(`/api/games/${game.id}/actions`, { action: view.legal[0].action, length: view.length });
  await page.locator('#actions .action-buttons button').first().click();
  const banner = page.locator('#messages .banner.error');
  await banner.waitFor();
  assert.equal(await banner.locator('.what').innerText(), 'The game has moved on since this page loaded: reloaded');
  assert.equal(await banner.getAttribute('data-field'), 'body.length');
  // Reloaded: the page is at the game's length now.
  await page.waitForFunction((length) => Number(document.querySelector('#game-state')?.dataset.length) > length, view.length);
  await done([/status of 409/]);
});
