// The tabletop board (web/components/boards/tabletop*.js) on a Conflict game: the table drawn to
// scale, a whole game against the bot played by clicks on the board (to its round limit), the
// snap preview then confirm, Esc, the keyboard alone, the ruler, the zoom, and the replay drawn
// on the same board.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser, openPage, apiGet, apiPost } from './support.mjs';

let browser;
before(async () => { browser = await openBrowser(); });
after(async () => { await browser?.close(); });

// A new game; when it starts with the players placing their models (deployment), the first place
// offered is taken each time through the API, so a test starts at the first activation either way
// (the whole game's test deploys on the board instead: `deploy` false).
async function newGame(seed, roundLimit = 6, map = 'ruined_town', { players = ['human', 'random'], deploy = true } = {}) {
  let view = await apiPost('/api/games', { ruleset: 'conflict', setup: { map, parameters: { round_limit: roundLimit } }, players, seed });
  for (let i = 0; deploy && i < 200 && !view.terminal; ++i) {
    if (view.pending) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      view = await apiGet(`/api/games/${view.id}`);
      continue;
    }
    const place = view.legal.find((action) => action.kind === 'deploy');
    if (!place) break;
    view = await apiPost(`/api/games/${view.id}/actions`, { action: place.action, length: view.length });
  }
  return view;
}

const length = async (page) => Number(await page.locator('#game-state').getAttribute('data-length'));

// Waits until the game moved past record length n and the bot is done.
async function moved(page, n) {
  await page.waitForFunction((at) => Number(document.querySelector('#game-state')?.dataset.length) > at &&
                                     !document.querySelector('.prompt.pending'), n);
}

// What the board offers now: its choices (kind, model) and the buttons' kinds.
async function offers(page) {
  return page.evaluate(() => ({
    choices: [...document.querySelectorAll('svg.tabletop .choice')].map((node) => ({
      index: Number(node.dataset.choice), model: node.dataset.model === undefined ? -1 : Number(node.dataset.model),
      kind: ['destination', 'attack_target', 'activate', 'climb'].find((kind) => node.classList.contains(kind)) ??
            (node.classList.contains('dot') ? 'destination' : 'other'),
      y: node.getBoundingClientRect().y })),
    buttons: [...document.querySelectorAll('#actions .action-buttons button')].map((node) => node.dataset.kind),
    over: !!document.querySelector('#result'),
  }));
}

// Clicks the table where choice `index` is drawn (its centre).
async function clickChoice(page, index) {
  const node = page.locator(`svg.tabletop .choice[data-choice="${index}"]`);
  await node.scrollIntoViewIfNeeded();
  const box = await node.boundingBox();
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

// A point a few pixels outside the base of an activation choice, on the side away from every
// other base, nearer that base's edge than any other: {index, model, x, y}.
async function pointBeside(page) {
  return page.evaluate(() => {
    const bases = [...document.querySelectorAll('svg.tabletop .model .base')].map((node) => {
      const box = node.getBoundingClientRect();
      return { model: Number(node.closest('.model').dataset.model), x: box.x + box.width / 2, y: box.y + box.height / 2, r: box.width / 2 };
    });
    const gap = (base, x, y) => Math.hypot(base.x - x, base.y - y) - base.r;
    for (const node of document.querySelectorAll('svg.tabletop .choice.activate')) {
      const base = bases.find((b) => b.model === Number(node.dataset.model));
      for (const [dx, dy] of [[0, -1], [0, 1], [-1, 0], [1, 0]]) {
        const [x, y] = [base.x + dx * (base.r + 5), base.y + dy * (base.r + 5)];
        if (y < 0 || y > window.innerHeight) continue;
        if (bases.every((other) => other === base || gap(other, x, y) > gap(base, x, y) + 8))
          return { index: Number(node.dataset.choice), model: base.model, x, y };
      }
    }
    return null;
  });
}

const picked = async (page) => Number(await page.locator('svg.tabletop').getAttribute('data-picked'));

test('the table is drawn to scale: terrain by size, bases with labels, facing and wounds, the zone and the scale', async () => {
  const game = await newGame(3);
  const table = game.table;
  const { page, done } = await openPage(browser, `/play/${game.id}`);
  await page.waitForSelector('svg.tabletop');
  assert.equal(await page.locator('#table-text').count(), 0, 'no longer the text picture');
  assert.match(await page.locator('#game-state').innerText(), /Ruined town · round 1 of 6 · Red to move/);
  // One piece drawn per piece of the view, labelled with its size and height; a base per model.
  assert.equal(await page.locator('svg.tabletop .piece').count(), table.pieces.length);
  const first = table.pieces[0];
  assert.match(await page.locator('svg.tabletop .piece[data-piece="0"] title').textContent(),
               new RegExp(`${first.name} · size ${first.size} · height ${first.height}"`));
  assert.equal(await page.locator('svg.tabletop .model').count(), table.models.filter((m) => !m.out).length);
  // A base's radius is its diameter's half, in inches (the SVG's unit).
  const r = Number(await page.locator('svg.tabletop .model[data-model="0"] .base').getAttribute('r'));
  assert.equal(r, table.models[0].diameter / 2);
  assert.equal(await page.locator('svg.tabletop .model[data-model="0"] .model-label').textContent(), table.models[0].label);
  assert.equal(await page.locator('svg.tabletop .model[data-model="0"] .facing').count(), 1);
  assert.equal(await page.locator('svg.tabletop .model[data-model="0"] .rear-arc').count(), 1);
  assert.equal(await page.locator('svg.tabletop .zone circle').getAttribute('r'), String(table.zone.radius));
  assert.match(await page.locator('svg.tabletop .scale text').textContent(), /6 inches · table 36" × 36"/);
  // Red's models can be activated: each ringed on its base.
  const ringed = await page.locator('svg.tabletop .choice.activate').count();
  assert.equal(ringed, game.legal.filter((a) => a.kind === 'activate').length);
  await done();
});

test('a click previews the nearest choice, Esc drops it, a second click or Enter plays it', async () => {
  const game = await newGame(5);
  const { page, done } = await openPage(browser, `/play/${game.id}`);
  await page.waitForSelector('svg.tabletop .choice.activate');
  const start = await length(page);
  // A click beside a ringed base (not on it, nearer it than any other) snaps to its activation
  // and only shows it.
  const beside = await pointBeside(page);
  await page.mouse.click(beside.x, beside.y);
  assert.equal(await picked(page), beside.index);
  const label = await page.locator(`svg.tabletop .model[data-model="${beside.model}"]`).getAttribute('data-label');
  assert.match(await page.locator('#tabletop-title').innerText(), new RegExp(`Activate ${label} `));
  const base = page.locator(`svg.tabletop .model[data-model="${beside.model}"] .base`);
  await base.scrollIntoViewIfNeeded();  // below the fold when a banner tells what Blue played
  const box = await base.boundingBox();
  assert.equal(await page.locator('svg.tabletop .ring.attack-reach').count(), 1, 'its rings show');
  assert.equal(await length(page), start, 'nothing played yet');
  await page.keyboard.press('Escape');
  assert.equal(await picked(page), -1);
  assert.equal(await page.locator('#confirm-choice').isDisabled(), true, 'nothing to confirm');
  // Click, then click the same place again: played.
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await moved(page, start);
  // The activation's actions without a place are buttons: Move, then where to go on the table.
  await page.locator('#actions button[data-kind=move]').click();
  await page.waitForSelector('svg.tabletop .choice.dot');
  assert.ok(await page.locator('svg.tabletop .reach-outline').count() === 1, 'the reach outline');
  const dots = await page.locator('svg.tabletop .choice.dot').count();
  assert.ok(dots > 5, `${dots} destinations`);
  // The buttons beside the table are the rest (stop, fall prone), and say where the legs are.
  assert.match(await page.locator('#actions .actions-note').innerText(), new RegExp(`^${dots} more on the board`));
  assert.ok(!(await page.locator('#actions .action-buttons').innerText()).includes('moves to ('), 'no leg is a button');
  // A click on a base that offers nothing (an enemy's) selects it: its card and its rings.
  const enemy = await page.locator('svg.tabletop .model.blue .base').first().boundingBox();
  await page.mouse.click(enemy.x + enemy.width / 2, enemy.y + enemy.height / 2);
  assert.match(await page.locator('#model-card h3').innerText(), /^B\d /);
  assert.equal(await page.locator('svg.tabletop .model.blue.focus').count(), 1);
  assert.equal(await picked(page), -1, 'no leg picked');
  // A click anywhere on the table (here: its top left corner, far from every dot) snaps to the
  // nearest destination and shows the golem's ghost there with its path.
  const table = await page.locator('svg.tabletop .table-top').boundingBox();
  const before = await length(page);
  await page.mouse.click(table.x + 5, table.y + 5);
  assert.ok(await picked(page) >= 0);
  assert.equal(await page.locator('svg.tabletop .ghost-base').count(), 1);
  assert.equal(await page.locator('svg.tabletop .ghost .path').count(), 1);
  const title = await page.locator('#tabletop-title').innerText();
  assert.match(title, new RegExp(`${label} .* moves to \\(`));
  assert.match(await page.locator('#tabletop-detail').innerText(), /" from where it stands/);
  await page.locator('#confirm-choice').click();
  await moved(page, before);
  const log = await page.locator('.log-box').innerText();
  assert.ok(log.includes(title), `the log has "${title}"`);
  await done();
});

test('the keyboard alone: arrows move between choices, Enter plays, + and 0 zoom', async () => {
  const game = await newGame(7);
  const { page, done } = await openPage(browser, `/play/${game.id}`);
  await page.waitForSelector('svg.tabletop .choice.activate');
  await page.locator('#board-frame').focus();
  await page.keyboard.press('ArrowRight');
  const first = await picked(page);
  assert.ok(first >= 0, 'an arrow picks a choice');
  await page.keyboard.press('ArrowRight');
  assert.notEqual(await picked(page), first, 'the next one to the right');
  const start = await length(page);
  const title = await page.locator('#tabletop-title').innerText();
  // The card beside the table follows the model picked.
  const label = title.match(/Activate (R\d+) /)[1];
  assert.match(await page.locator('#model-card h3').innerText(), new RegExp(`^${label} `));
  await page.keyboard.press('Enter');
  await moved(page, start);
  assert.ok((await page.locator('.log-box').innerText()).includes(title));
  // The zoom: + narrows the view box, 0 shows the whole table again.
  const whole = (await page.locator('svg.tabletop').getAttribute('viewBox')).split(' ').map(Number);
  await page.locator('#board-frame').focus();
  await page.keyboard.press('+');
  const zoomed = (await page.locator('svg.tabletop').getAttribute('viewBox')).split(' ').map(Number);
  assert.ok(zoomed[2] < whole[2], `${zoomed} inside ${whole}`);
  await page.keyboard.press('0');
  assert.deepEqual((await page.locator('svg.tabletop').getAttribute('viewBox')).split(' ').map(Number), whole);
  // The wheel zooms too, and the zoom stays after a move.
  const svgBox = await page.locator('svg.tabletop').boundingBox();
  await page.mouse.move(svgBox.x + svgBox.width / 2, svgBox.y + 200);
  await page.mouse.wheel(0, -400);
  const wheeled = (await page.locator('svg.tabletop').getAttribute('viewBox')).split(' ').map(Number);
  assert.ok(wheeled[2] < whole[2]);
  await page.locator('#zoom-fit').click();
  assert.deepEqual((await page.locator('svg.tabletop').getAttribute('viewBox')).split(' ').map(Number), whole);
  await done();
});

test('the ruler measures between two points, edge to edge between two bases', async () => {
  const game = await newGame(3);
  const [red, blue] = [game.table.models[0], game.table.models[7]];
  const { page, done } = await openPage(browser, `/play/${game.id}`, { viewport: { width: 1400, height: 1500 } });
  await page.waitForSelector('svg.tabletop');
  await page.locator('#ruler-toggle').click();
  assert.equal(await page.locator('#ruler-toggle').getAttribute('aria-pressed'), 'true');
  const centre = async (index) => {
    const box = await page.locator(`svg.tabletop .model[data-model="${index}"] .base`).boundingBox();
    return [box.x + box.width / 2, box.y + box.height / 2];
  };
  const [a, b] = [await centre(0), await centre(7)];
  const start = await length(page);
  await page.mouse.move(...a);
  await page.mouse.down();
  await page.mouse.move((a[0] + b[0]) / 2, (a[1] + b[1]) / 2, { steps: 4 });
  await page.mouse.move(...b, { steps: 4 });
  await page.mouse.up();
  const edge = Math.hypot(red.at[0] - blue.at[0], red.at[1] - blue.at[1]) - red.diameter / 2 - blue.diameter / 2;
  const measured = Number(await page.locator('#ruler-measure').getAttribute('data-inches'));
  assert.ok(Math.abs(measured - edge) < 0.05, `${measured} vs ${edge} edge to edge`);
  assert.match(await page.locator('#ruler-measure text').textContent(), /edge to edge/);
  assert.equal(await page.locator('#ruler-measure line.edge').count(), 1);
  assert.equal(await length(page), start, 'measuring plays nothing');
  // Between two bare points of the table: centre to centre only, the inches as drawn.
  const table = await page.locator('svg.tabletop .table-top').boundingBox();
  const perInch = table.width / game.table.width;
  await page.mouse.move(table.x + 2 * perInch, table.y + 16 * perInch);
  await page.mouse.down();
  await page.mouse.move(table.x + 8 * perInch, table.y + 24 * perInch, { steps: 5 });
  await page.mouse.up();
  assert.ok(Math.abs(Number(await page.locator('#ruler-measure').getAttribute('data-inches')) - 10) < 0.1);
  assert.equal(await page.locator('#ruler-measure line.edge').count(), 0);
  await page.keyboard.press('Escape');
  assert.equal(await page.locator('#ruler-measure').count(), 0);
  assert.equal(await page.locator('#ruler-toggle').getAttribute('aria-pressed'), 'false');
  await done();
});

test('the ruler from the keyboard: the arrow keys move its far end, N puts it on the next model', async () => {
  const game = await newGame(3);
  const { page, done } = await openPage(browser, `/play/${game.id}`, { viewport: { width: 1400, height: 1500 } });
  await page.waitForSelector('svg.tabletop');
  await page.locator('#board-frame').focus();
  const start = await length(page);
  await page.keyboard.press('m');
  assert.equal(await page.locator('#ruler-toggle').getAttribute('aria-pressed'), 'true');
  for (let i = 0; i < 2; ++i) await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Shift+ArrowUp');
  assert.equal(Number(await page.locator('#ruler-measure').getAttribute('data-inches')), 2.1);
  // N: the far end on a model's centre (the table drawn with the far edge on top).
  await page.keyboard.press('n');
  const far = await page.locator('#ruler-measure circle').nth(1);
  const end = [Number(await far.getAttribute('cx')), Number(await far.getAttribute('cy'))];
  const { depth, models } = game.table;
  assert.ok(models.some((model) => Array.isArray(model.at) && Math.abs(model.at[0] - end[0]) < 1e-6 &&
                                   Math.abs(depth - model.at[1] - end[1]) < 1e-6), `${end} is on no model`);
  assert.equal(await length(page), start, 'measuring plays nothing');
  await page.keyboard.press('Escape');
  assert.equal(await page.locator('#ruler-measure').count(), 0);
  await done();
});

// Red plays by clicks on the table (and the buttons beside it for what has no place): an attack
// when one is offered (its sight lines and cover checked), else an activation, else the leg
// furthest up the table, else Move, End, Stop or Pass; until the round limit ends the game.
test('a whole game against the bot, played by clicks on the board, to its round limit', async () => {
  const game = await newGame(11, 2, 'open_ground', { deploy: false });
  const { page, done } = await openPage(browser, `/play/${game.id}`, { viewport: { width: 1400, height: 1500 } });
  await page.waitForSelector('svg.tabletop');
  const preference = ['move', 'end_activation', 'stop', 'pass', 'stand_up'];
  let attacks = 0;
  let legs = 0;
  for (let turn = 0; turn < 400; ++turn) {
    await page.waitForFunction(() => !document.querySelector('.prompt.pending'));
    const now = await offers(page);
    if (now.over) break;
    const at = await length(page);
    const attack = now.choices.find((choice) => choice.kind === 'attack_target');
    const activation = now.choices.find((choice) => choice.kind === 'activate');
    const legsOffered = now.choices.filter((choice) => choice.kind === 'destination');
    if (attack) {
      await clickChoice(page, attack.index);
      assert.equal(await picked(page), attack.index);
      assert.equal(await page.locator('svg.tabletop .sight-lines line').count(), 5, 'the five sight lines');
      const clear = Number(await page.locator('svg.tabletop .sight-lines').getAttribute('data-clear'));
      assert.equal(await page.locator('svg.tabletop .sight-lines line.clear').count(), clear);
      assert.equal(await page.locator('svg.tabletop .sight-lines line.blocked').count(), 5 - clear);
      assert.ok(await page.locator('svg.tabletop .sight-lines line.blocked').first().isVisible() || clear === 5);
      assert.match(await page.locator('#tabletop-detail').innerText(), /sight lines clear · (no|partial|full) cover/);
      await page.keyboard.press('Enter');
      attacks += 1;
    } else if (activation) {
      await clickChoice(page, activation.index);
      await clickChoice(page, activation.index);
    } else if (legsOffered.length) {
      const top = legsOffered.reduce((best, choice) => (choice.y < best.y ? choice : best));
      await clickChoice(page, top.index);
      assert.equal(await page.locator('svg.tabletop .ghost-base').count(), 1);
      await page.keyboard.press('Enter');
      legs += 1;
    } else {
      const kind = preference.find((k) => now.buttons.includes(k)) ?? now.buttons[0];
      assert.ok(kind !== undefined, 'something to do');
      await page.locator(`#actions .action-buttons button[data-kind="${kind}"]`).first().click();
    }
    await Promise.race([moved(page, at), page.waitForSelector('#result')]);
  }
  await page.waitForSelector('#result');
  assert.match(await page.locator('#result').innerText(), /The game is over/);
  assert.ok(legs > 3, `${legs} legs moved by clicks`);
  const view = await apiGet(`/api/games/${game.id}`);
  assert.equal(view.terminal, true);
  assert.equal(view.table.round, 2);
  console.log(`played to the end: ${legs} legs, ${attacks} attacks by clicks, ${view.length} actions`);
  // The replay draws on the same board, with the step's move marked.
  const { page: replay, done: replayDone } = await openPage(browser, `/replay/${game.id}?step=${view.length}`);
  await replay.waitForSelector('svg.tabletop .model');
  assert.equal(await replay.locator('#table-text').count(), 0);
  await replayDone();
  await done();
});

test('hot-seat: each side chooses on the table after the device is passed', async () => {
  const game = await newGame(2, 6, 'hill_and_river', { players: ['human', 'human'] });
  const { page, done } = await openPage(browser, `/play/${game.id}`);
  await page.waitForSelector('#pass-device');
  const first = (await page.locator('#pass-device h2').innerText()).match(/Pass the device to (Red|Blue)/)[1];
  const second = first === 'Red' ? 'Blue' : 'Red';
  await page.locator('#pass-device button').click();
  await page.waitForSelector('svg.tabletop .choice.activate');
  // The side to move's own models are the ones ringed.
  const ringed = async () => page.evaluate(() => [...document.querySelectorAll('svg.tabletop .choice.activate')].map((n) =>
    document.querySelector(`svg.tabletop .model[data-model="${n.dataset.model}"]`).classList.contains('red') ? 'Red' : 'Blue'));
  const firstRings = await ringed();
  assert.ok(firstRings.length > 0 && firstRings.every((side) => side === first), firstRings.join());
  const choice = page.locator('svg.tabletop .choice.activate').first();
  await choice.scrollIntoViewIfNeeded();
  const box = await choice.boundingBox();
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await page.keyboard.press('Enter');
  // The activation ended with its button: the device goes to the other side, whose models are ringed.
  await page.locator('#actions button[data-kind=end_activation]').click();
  await page.waitForSelector('#pass-device');
  assert.match(await page.locator('#pass-device').innerText(), new RegExp(`Pass the device to ${second}`));
  await page.locator('#pass-device button').click();
  await page.waitForSelector('svg.tabletop .choice.activate');
  const secondRings = await ringed();
  assert.ok(secondRings.length > 0 && secondRings.every((side) => side === second), secondRings.join());
  await done();
});

test('on a phone: a tap shows the choice, a second tap plays it', async () => {
  const game = await newGame(9);
  const { page, done } = await openPage(browser, `/play/${game.id}`, { viewport: { width: 390, height: 844 }, touch: true });
  await page.waitForSelector('svg.tabletop .choice.activate');
  const frame = await page.locator('#board-frame').boundingBox();
  assert.ok(frame.width <= 390, `the table fits the phone (${frame.width} px)`);
  const start = await length(page);
  const choice = page.locator('svg.tabletop .choice.activate').first();
  await choice.scrollIntoViewIfNeeded();
  const box = await choice.boundingBox();
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
  assert.ok(await picked(page) >= 0);
  assert.equal(await length(page), start);
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
  await moved(page, start);
  await done();
});
