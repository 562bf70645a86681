// Takes the README's screenshots: the builder with a warband being edited, the board of a game
// against the bot with a unit selected, that game on a 390 px phone, a Spellweavers spell's
// placement previewed, and a Conflict attack picked on the tabletop board. Run by
// scripts/screenshots.sh; arguments: the folder, then the pictures to take (builder, board,
// spell_preview, tabletop; all when none is named).
import { readFile } from 'node:fs/promises';
import { openBrowser, openPage, apiPost, apiGet } from './support.mjs';

const folder = process.argv[2] ?? 'docs/screenshots';
const named = process.argv.slice(3);
const wanted = (name) => !named.length || named.includes(name);
const browser = await openBrowser();

// The builder: one of the seed's warbands, uploaded as its CLI file, one unit's profile open.
if (wanted('builder')) {
  const text = await readFile(new URL('../../content/atomspast/warbands/toms_orcs.toml', import.meta.url), 'utf8');
  const doc = await apiPost('/api/documents', { ruleset: 'atomspast', kind: 'warband', name: "Tom's Orcs", text });
  const { page, done } = await openPage(browser, `/build/${doc.id}`);
  await page.setViewportSize({ width: 1400, height: 1240 });
  await page.waitForSelector('tr[data-unit=troll]');
  await page.click('tr[data-unit=troll] td:first-child');
  await page.waitForSelector('#profile table.breakdown');
  await page.screenshot({ path: `${folder}/builder.png`, fullPage: false });
  await done();
}

// The board: a game against the greedy bot, played into the battle, a unit selected.
if (wanted('board')) {
  const game = await apiPost('/api/games', {
    ruleset: 'atomspast', setup: { map: 'broken_hills', warbands: ['toms_orcs', 'jerrys_elves'] },
    players: ['human', 'greedy'], seed: 42 });
  let view = game;
  // Place spells, deploy, and play a round, moving units forward, until Red's battle turn.
  for (let i = 0; i < 600 && !view.terminal; ++i) {
    if (view.pending || !view.legal.length) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      view = await apiGet(`/api/games/${game.id}`);
      continue;
    }
    const table = view.table;
    const engaged = table.units.some((u) => u.side === 0 && u.targets?.length && u.reach?.length > 1);
    // Into the battle: a unit of Red's in reach of a target, or Red's third battle turn at the latest.
    if (table.phase === 'battlefield' && table.round >= 2 && (engaged || table.round >= 3)) break;
    const legal = view.legal;
    // Red marches south, towards Blue: the southernmost destination, attacks when it can.
    const south = (a) => Math.max(...a.cells.map((c) => c[1]));
    const destinations = legal.filter((a) => a.kind === 'destination').sort((a, b) => south(b) - south(a));
    const pick = legal.find((a) => a.kind === 'place_spell') ?? legal.find((a) => a.kind === 'deploy') ??
                 legal.find((a) => a.kind === 'deploy_unit') ??
                 legal.find((a) => a.kind === 'attack_target') ?? legal.find((a) => a.kind === 'melee_attack') ??
                 destinations[0] ?? legal.find((a) => a.kind === 'move') ??
                 legal.find((a) => a.kind === 'done') ?? legal[0];
    view = await apiPost(`/api/games/${game.id}/actions`, { action: pick.action, length: view.length });
  }
  const { page, done } = await openPage(browser, `/play/${game.id}`);
  await page.waitForSelector('svg.board');
  const reach = view.table.units.find((u) => u.side === 0 && u.reach?.length > 1 && u.targets?.length) ??
                view.table.units.find((u) => u.side === 0 && u.reach?.length > 1);
  if (reach) await page.locator(`svg.board .unit[data-unit="${reach.index}"]`).click();
  await page.screenshot({ path: `${folder}/board.png`, fullPage: false });
  await done();
  // The same game on a phone, 390 px wide: the board in its frame, the panels under it.
  const phone = await openPage(browser, `/play/${game.id}`, { viewport: { width: 390, height: 844 } });
  await phone.page.waitForSelector('svg.board');
  await phone.page.screenshot({ path: `${folder}/phone.png`, fullPage: false });
  await phone.done();
}

// A Spellweavers spell being placed: Blue's wizard (after the bot's first turn) picks Smoke Screen,
// and the pointer is on the placement with the most squares hit that also has squares out of sight.
if (wanted('spell_preview')) {
  let view = await apiPost('/api/games', { ruleset: 'spellweavers', setup: {}, players: ['greedy', 'human'], seed: 3 });
  while (view.pending || view.current_player !== 1) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    view = await apiGet(`/api/games/${view.id}`);
  }
  const { page, done } = await openPage(browser, `/play/${view.id}`);
  await page.setViewportSize({ width: 1400, height: 960 });
  await page.waitForSelector('svg.board');
  await page.locator('#actions button[data-kind=cast]', { hasText: 'Smoke Screen (1 action' }).click();
  await page.waitForSelector('#placement-bar');
  const { legal, table } = await apiGet(`/api/games/${view.id}`);
  const on = ([x, y]) => x >= 0 && y >= 0 && x < table.width && y < table.height;
  const shown = legal.filter((a) => on(a.anchor) && a.unaffected.length >= 2)
    .sort((a, b) => b.affected.length - a.affected.length)[0];
  await page.locator(`svg.board .placement-square[data-x="${shown.anchor[0]}"][data-y="${shown.anchor[1]}"]`).hover();
  // R until that very placement is the one shown.
  for (let i = 0; i < 8 && await page.locator('svg.board .placement-preview').getAttribute('data-action') !== String(shown.action); ++i)
    await page.keyboard.press('r');
  await page.screenshot({ path: `${folder}/spell_preview.png`, fullPage: false });
  await done();
}

// The tabletop board: a Conflict game against the random bot, Red played forward through the API
// (activate, the leg furthest up the table, end) until it can attack, then the attack picked on
// the table: its five sight lines, the cover named, the attacker's rings.
if (wanted('tabletop')) {
  let view = await apiPost('/api/games', { ruleset: 'conflict', setup: { map: 'open_ground' }, players: ['human', 'random'], seed: 11 });
  for (let i = 0; i < 400 && !view.terminal; ++i) {
    if (view.pending || !view.legal.length) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      view = await apiGet(`/api/games/${view.id}`);
      continue;
    }
    const legal = view.legal;
    if (legal.some((a) => a.kind === 'attack_target')) break;
    const up = legal.filter((a) => a.kind === 'destination').sort((a, b) => b.point[1] - a.point[1]);
    const pick = legal.find((a) => a.kind === 'activate') ?? up[0] ?? legal.find((a) => a.kind === 'move') ??
                 legal.find((a) => a.kind === 'end_activation') ?? legal.find((a) => a.kind === 'stop') ?? legal[0];
    view = await apiPost(`/api/games/${view.id}/actions`, { action: pick.action, length: view.length });
  }
  const { page, done } = await openPage(browser, `/play/${view.id}`, { viewport: { width: 1400, height: 1180 } });
  await page.waitForSelector('svg.tabletop');
  const attack = page.locator('svg.tabletop .choice.attack_target').first();
  if (await attack.count()) {
    const box = await attack.boundingBox();
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  }
  await page.screenshot({ path: `${folder}/tabletop.png`, fullPage: false });
  await done();
}

await browser.close();
