// Spellweavers in the browser through the shared grid board: a game against the bot shows each
// combatant's card in the seed's words (HP, MP, move, conditions), each side's wizards, and no
// panel of another game's (no AcTi, deck or Casting Zone); a move clicked on the board is played;
// a cast is two buttons, the spell's and then where it lands.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser, openPage, apiPost } from './support.mjs';

let browser;
before(async () => { browser = await openBrowser(); });
after(async () => { await browser?.close(); });

test('Spellweavers: a wizard\'s card in the seed\'s words, a move played from the board, then a cast', async () => {
  const game = await apiPost('/api/games', { ruleset: 'spellweavers', setup: {}, players: ['human', 'greedy'], seed: 3 });
  const red = game.table.units.find((u) => u.side === 0);
  const { page, done } = await openPage(browser, `/play/${game.id}`);
  await page.waitForSelector('svg.board');
  // The wizard to act is the board's focus: its card is shown (its own square also takes a cast,
  // so the token lies under a destination).
  assert.equal(game.table.acting_unit, red.index);
  await page.waitForSelector('#unit-card');
  const card = await page.locator('#unit-card').innerText();
  assert.match(card, new RegExp(`^${red.label} ${red.name}\\n`), 'the label once, then the name');
  assert.match(card, /HP\s+30 \/ 30/);
  assert.match(card, new RegExp(`MP\\s+${red.mp} / ${red.max_mp}`));
  assert.match(card, /Move\s+3 squares/);
  assert.match(card, /Conditions\s+none/);
  const text = await page.locator('main').innerText();
  for (const foreign of ['AcTi', 'Casting Zone', 'Deck', 'undefined'])
    assert.ok(!text.includes(foreign), `no "${foreign}" on a Spellweavers screen`);
  assert.match(await page.locator('.players').innerText(), /Wizard: /);
  assert.equal(await page.locator('svg.board .unit .acti-badge').count(), 0, 'no badge: Spellweavers gives none');

  // A move: one of the squares its move reaches, clicked on the board.
  const before = Number(await page.locator('#game-state').getAttribute('data-length'));
  const square = red.reach[0];
  await page.locator(`svg.board .destination[data-x="${square[0]}"][data-y="${square[1]}"] circle`).first().click();
  await page.waitForTimeout(100);
  if (await page.locator('#actions button:has-text("show all")').count())
    await page.locator('#actions .action-buttons button[data-kind=move]').first().click();
  await page.waitForFunction((n) => Number(document.querySelector('#game-state')?.dataset.length) > n, before);

  // A cast with the action left: the spell's button commits it, then its placements are offered.
  const length = async () => Number(await page.locator('#game-state').getAttribute('data-length'));
  const button = async (kind) => {
    const found = page.locator(`#actions button[data-kind=${kind}]`);
    if (!(await found.count()) && await page.locator('#actions button:has-text("show all")').count())
      await page.locator('#actions button:has-text("show all")').click();
    return found.first();
  };
  const moved = await length();
  const spell = await button('cast');
  assert.match(await spell.innerText(), /casts .+ \(\d actions?, \d+ MP\)/);
  await spell.click();
  await page.waitForFunction((n) => Number(document.querySelector('#game-state')?.dataset.length) > n, moved);
  const placement = await button('placement');
  assert.match(await placement.innerText(), /places /);
  assert.equal(await page.locator('#actions button[data-kind=cast]').count(), 0, 'the spell is committed');
  const chosen = await length();
  await placement.click();
  await page.waitForFunction((n) => Number(document.querySelector('#game-state')?.dataset.length) > n, chosen);
  await done();
});
