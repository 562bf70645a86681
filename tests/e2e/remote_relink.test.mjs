// Re-issuing a seat link in the page (issue 21): the creator of a game with a remote seat clicks
// "New link" in its invitation and confirms; the panel shows the new link and its QR code, the old
// token is refused (403) and the new one plays the seat.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BASE_URL, openBrowser, openPage } from './support.mjs';

let browser;
before(async () => { browser = await openBrowser(); });
after(async () => { await browser?.close(); });

// A request to the game as a token holder: its status and answer.
async function call(method, path, token, body) {
  const headers = { Authorization: `Bearer ${token}` };
  if (body) headers['Content-Type'] = 'application/json';
  const response = await fetch(new URL(path, BASE_URL), { method, headers, body: body ? JSON.stringify(body) : undefined });
  return { status: response.status, data: await response.json() };
}

test("the creator re-issues Blue's link in the page: the old link is refused, the new one plays", async () => {
  const { page, done } = await openPage(browser, '/play?ruleset=atomspast');
  await page.waitForSelector('form.new-game');
  await page.selectOption('select[name=red-player]', 'human');
  await page.check('#invite-friend');
  await page.fill('input[name=seed]', '5');
  await page.click('form.new-game button[type=submit]');
  await page.waitForURL(/#\/play\/\d+/);
  const id = page.url().match(/#\/play\/(\d+)/)[1];
  const seatLink = page.locator('#invite input.seat-link[data-seat="1"]');
  const oldLink = await seatLink.inputValue();
  const oldToken = oldLink.match(/token=([0-9a-f]{64})$/)[1];
  const oldQr = await page.locator('#invite .invite-seat[data-seat="1"] img.qr').getAttribute('src');
  const owner = await page.evaluate((gameId) => sessionStorage.getItem(`warband.token.${gameId}`), id);
  assert.equal((await call('GET', `/api/games/${id}`, oldToken)).status, 200);

  // Declining the confirmation changes nothing.
  page.once('dialog', (dialog) => dialog.dismiss());
  await page.click('#invite button.new-link[data-seat="1"]');
  assert.equal(await seatLink.inputValue(), oldLink);
  assert.equal((await call('GET', `/api/games/${id}`, oldToken)).status, 200);

  // Confirmed: a new link and QR code in the panel, kept for a reload.
  let asked = '';
  page.once('dialog', (dialog) => { asked = dialog.message(); dialog.accept(); });
  await page.click('#invite button.new-link[data-seat="1"]');
  await page.waitForFunction((old) => document.querySelector('#invite input.seat-link[data-seat="1"]')?.value !== old, oldLink);
  assert.match(asked, /old link stops working/);
  const newLink = await seatLink.inputValue();
  assert.match(newLink, new RegExp(`/#/play/${id}\\?token=[0-9a-f]{64}$`));
  const newToken = newLink.match(/token=([0-9a-f]{64})$/)[1];
  assert.notEqual(newToken, oldToken);
  assert.notEqual(await page.locator('#invite .invite-seat[data-seat="1"] img.qr').getAttribute('src'), oldQr);
  await page.reload();
  await page.waitForSelector('#invite');
  assert.equal(await seatLink.inputValue(), newLink);

  // The old token is refused everything; the new one reads Blue's view and plays Blue's move.
  const refused = await call('GET', `/api/games/${id}`, oldToken);
  assert.equal(refused.status, 403);
  assert.match(refused.data.error.message ?? refused.data.error.what, /revoked/);
  for (let moves = 0; ; ++moves) {
    assert.ok(moves < 200, 'Blue came to move');
    const view = (await call('GET', `/api/games/${id}`, owner)).data;
    assert.equal(view.terminal, false);
    const seat = view.current_player;
    if (seat === 1) {
      const stale = await call('POST', `/api/games/${id}/actions`, oldToken, { action: 0, length: view.length });
      assert.equal(stale.status, 403);
      const blue = (await call('GET', `/api/games/${id}`, newToken)).data;
      assert.equal(blue.seat, 1);
      const played = await call('POST', `/api/games/${id}/actions`, newToken, { action: blue.legal[0].action, length: blue.length });
      assert.equal(played.status, 200, JSON.stringify(played.data));
      break;
    }
    assert.equal(seat, 0, `a human is to move (${seat})`);
    const pick = view.legal.find((a) => a.kind === 'done') ?? view.legal[0];
    assert.equal((await call('POST', `/api/games/${id}/actions`, owner, { action: pick.action, length: view.length })).status, 200);
  }
  await done([/403/]);
});
