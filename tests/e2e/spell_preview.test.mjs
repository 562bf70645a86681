// The grid board's placement mode on a Spellweavers game: at the top level the board's marked
// squares are moves only (a spell is a button); once a spell is picked, the square under the
// pointer previews the placement there (its affected squares highlighted, the rest greyed), R
// turns it, the arrow keys move it, Esc takes the spell back, and a click casts it there; a
// placement's button pointed at in the list is previewed too. On a touch screen a tap previews and
// a second tap on the same square casts; on a phone the caption comes into view when a spell is picked.
// What the other side's spell affected is marked on the board until the player's next decision.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser, openPage, apiPost, apiGet } from './support.mjs';
import { placementsAt } from '../../web/lib/placements.js';

let browser;
before(async () => { browser = await openBrowser(); });
after(async () => { await browser?.close(); });

const sorted = (cells) => cells.map(([x, y]) => `${x},${y}`).sort();

// The squares a layer of the preview marks, and the action it shows.
async function shown(page) {
  return page.evaluate(() => {
    const layer = document.querySelector('svg.board .placement-preview');
    const cells = (cls) => [...layer.querySelectorAll(`.${cls}`)].map((r) => [Number(r.dataset.x), Number(r.dataset.y)]);
    return { action: layer.dataset.action, affected: cells('affected'), unaffected: cells('unaffected'), hovered: cells('hovered')[0] };
  });
}

test('spell preview: hover a square, R turns the shape, a click casts it there', async () => {
  const game = await apiPost('/api/games', { ruleset: 'spellweavers', setup: {}, players: ['human', 'greedy'], seed: 3 });
  const { page, done } = await openPage(browser, `/play/${game.id}`);
  await page.waitForSelector('svg.board');
  const length = async () => Number(await page.locator('#game-state').getAttribute('data-length'));

  // The top level: the board's destinations are the moves' squares, no spell among them.
  const moveSquares = new Set(game.legal.filter((a) => a.kind === 'move').map((a) => `${a.cells[0][0]},${a.cells[0][1]}`));
  const marked = await page.locator('svg.board .destination').evaluateAll((nodes) => nodes.map((n) => `${n.dataset.x},${n.dataset.y}`));
  assert.deepEqual(new Set(marked), moveSquares);
  assert.equal(marked.length, moveSquares.size, 'one mark a square');
  assert.equal(await page.locator('#placement-bar').count(), 0, 'no preview before a spell is picked');

  // Pick a spell whose placements turn (some square offers several); Esc takes back one that does not.
  const board = { width: game.table.width, height: game.table.height };
  let legal = null;
  let square = null;
  const spells = await page.locator('#actions button[data-kind=cast]').evaluateAll((nodes) => nodes.map((n) => n.dataset.action));
  for (const spell of spells) {
    const at = await length();
    await page.locator(`#actions button[data-action="${spell}"]`).click();
    await page.waitForSelector('#placement-bar');
    legal = (await apiGet(`/api/games/${game.id}`)).legal;
    assert.ok(legal.every((a) => a.kind === 'placement'));
    // The board at this step: no destination marks, the preview instead.
    assert.equal(await page.locator('svg.board .destination').count(), 0);
    const squares = legal.map((a) => a.anchor).filter(([x, y]) => x >= 0 && y >= 0 && x < board.width && y < board.height);
    square = squares.find((s) => placementsAt(legal, s, board).length >= 2);
    if (square) break;
    await page.keyboard.press('Escape');
    await page.waitForFunction((n) => Number(document.querySelector('#game-state')?.dataset.length) === n, at);
    await page.waitForSelector('#actions button[data-kind=cast]');
    assert.equal(await page.locator('#placement-bar').count(), 0, 'Esc: back to the spells');
  }
  assert.ok(square, 'a spell whose shape turns');
  const choices = placementsAt(legal, square, board);
  const byCode = (code) => legal.find((a) => String(a.action) === code);

  // A placement's button in the list, pointed at: that placement on the board.
  const listed = legal[legal.length - 1];
  await page.locator(`#actions button[data-action="${listed.action}"]`).hover();
  const fromList = await shown(page);
  assert.equal(fromList.action, String(listed.action));
  assert.deepEqual(sorted(fromList.affected), sorted(listed.affected));

  // The keyboard: an arrow moves the previewed square.
  const start = (await shown(page)).hovered;
  const step = start[0] + 1 < board.width ? ['ArrowRight', [start[0] + 1, start[1]]] : ['ArrowLeft', [start[0] - 1, start[1]]];
  await page.keyboard.press(step[0]);
  assert.deepEqual((await shown(page)).hovered, step[1]);

  // The pointer on the square: one of its placements, its affected squares highlighted, the rest greyed.
  const target = page.locator(`svg.board .placement-square[data-x="${square[0]}"][data-y="${square[1]}"]`);
  await target.hover();
  const first = await shown(page);
  assert.deepEqual(first.hovered, square);
  const firstAction = byCode(first.action);
  assert.ok(choices.includes(firstAction), 'a placement of that square');
  assert.deepEqual(sorted(first.affected), sorted(firstAction.affected));
  assert.deepEqual(sorted(first.unaffected), sorted(firstAction.unaffected));
  assert.equal(await page.locator('#placement-detail').innerText(), firstAction.text);

  // R: another placement of the same square, with its own squares, and the caption says which.
  await page.keyboard.press('r');
  const second = await shown(page);
  const secondAction = byCode(second.action);
  assert.notEqual(second.action, first.action);
  assert.ok(choices.includes(secondAction));
  assert.deepEqual(sorted(second.affected), sorted(secondAction.affected));
  assert.equal(await page.locator('#placement-detail').innerText(), secondAction.text);
  assert.match(await page.locator('#placement-title').innerText(),
               new RegExp(`^${secondAction.spell} · rotation ${choices.indexOf(secondAction) + 1} of ${choices.length} · hits \\d+ combatants?`));
  assert.match(await page.locator('#placement-bar').innerText(), /click to cast, R to rotate, Esc\/Undo to choose another spell/);

  // The click casts that placement: the log shows it, at that square.
  const placed = await length();
  await target.click();
  await page.waitForFunction((n) => Number(document.querySelector('#game-state')?.dataset.length) > n, placed);
  const after = await apiGet(`/api/games/${game.id}`);
  const entry = after.log.find((e) => e.index === placed);
  assert.equal(entry.text, secondAction.text);
  await page.waitForFunction((text) => document.querySelector('.log-box')?.innerText.includes(text), secondAction.text);
  await done();
});

test('spell preview on a touch screen: a tap previews, a second tap on that square casts', async () => {
  const game = await apiPost('/api/games', { ruleset: 'spellweavers', setup: {}, players: ['human', 'greedy'], seed: 3 });
  const { page, done } = await openPage(browser, `/play/${game.id}`, { touch: true, viewport: { width: 390, height: 844 } });
  await page.waitForSelector('svg.board');
  // On a phone the spell's button lies under the board: once it is tapped, the caption is scrolled into view.
  await page.locator('#actions button[data-kind=cast]').first().tap();
  await page.waitForSelector('#placement-bar');
  const bar = await page.locator('#placement-bar').evaluate((node) => {
    const box = node.getBoundingClientRect();
    return { top: box.top, bottom: box.bottom, height: window.innerHeight,
             header: document.querySelector('header.top').getBoundingClientRect().bottom };
  });
  assert.ok(bar.top >= bar.header - 1 && bar.bottom <= bar.height, `the caption in view, under the header: ${JSON.stringify(bar)}`);
  const { legal, length, table } = await apiGet(`/api/games/${game.id}`);
  const board = { width: table.width, height: table.height };
  // A square with a placement, away from where the preview starts.
  const start = (await shown(page)).hovered;
  const square = legal.map((a) => a.anchor)
    .find(([x, y]) => x >= 0 && y >= 0 && x < board.width && y < board.height && (x !== start[0] || y !== start[1]));
  const target = page.locator(`svg.board .placement-square[data-x="${square[0]}"][data-y="${square[1]}"]`);
  await target.tap();
  const previewed = await shown(page);
  assert.deepEqual(previewed.hovered, square, 'the first tap moves the preview');
  const action = legal.find((a) => String(a.action) === previewed.action);
  assert.ok(placementsAt(legal, square, board).includes(action));
  assert.equal(Number(await page.locator('#game-state').getAttribute('data-length')), length, 'and casts nothing');
  await target.tap();
  await page.waitForFunction((n) => Number(document.querySelector('#game-state')?.dataset.length) > n, length);
  const after = await apiGet(`/api/games/${game.id}`);
  assert.equal(after.log.find((e) => e.index === length).text, action.text);
  await done();
});

test('spell preview: where the bot\'s spell landed is marked on the board, the squares it affected', async () => {
  let view = await apiPost('/api/games', { ruleset: 'spellweavers', setup: {}, players: ['greedy', 'human'], seed: 3 });
  while (view.pending || view.current_player !== 1) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    view = await apiGet(`/api/games/${view.id}`);
  }
  const cast = view.log.filter((e) => e.player === 'Red' && Array.isArray(e.anchor));
  assert.ok(cast.length, 'the bot placed a spell in its first turn (seed 3)');
  const { page, done } = await openPage(browser, `/play/${view.id}`);
  await page.waitForSelector('svg.board .turn-marks');
  const marked = await page.locator('svg.board .turn-marks .cast-area rect')
    .evaluateAll((rects) => rects.map((r) => [Number(r.dataset.x), Number(r.dataset.y)]));
  assert.deepEqual(sorted(marked), sorted(cast.flatMap((e) => e.affected)));
  assert.equal(await page.locator('svg.board .cast-area title').first().textContent(), cast[0].text);
  assert.equal(await page.locator('#board-key [data-key=cast-area]').count(), 1, 'the key says what the mark is');
  await done();
});

