// Takes the README's screenshots: the builder with a warband being edited, the board of a game
// against the bot with a unit selected, and that game on a 390 px phone. Run by scripts/screenshots.sh; argument: the folder.
import { readFile } from 'node:fs/promises';
import { openBrowser, openPage, apiPost, apiGet } from './support.mjs';

const folder = process.argv[2] ?? 'docs/screenshots';
const browser = await openBrowser();

// The builder: one of the seed's warbands, uploaded as its CLI file, one unit's profile open.
{
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
{
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

await browser.close();
