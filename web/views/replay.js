// Replays: step through any saved game (a slider and buttons), simulate one game of a `warband sim`
// sweep by seed and index and step through it, or open a log file saved by `warband play --log`.
import { api, attempt, cached, showError } from '../api.js';
import { h, append, replace, field, debounce } from '../dom.js';
import { navigate } from '../app.js';
import { drawBoard, playerPanels, rollView, spellView, logView, unitLabels } from './board.js';
import { formatTime } from './build.js';
import { choiceId, choiceName, winnerText } from './play.js';
import { title } from './home.js';

export async function render(root, params, query) {
  if (params[0]) return renderReplay(root, params[0], query);
  return renderList(root);
}

async function renderList(root) {
  const [games, rulesets] = await Promise.all([api.get('/api/games'), cached('/api/rulesets')]);
  const playable = rulesets.filter((r) => r.playable);
  const ruleset = playable[0];
  append(root, h('h1', {}, 'Replays'));
  const forms = [];
  if (ruleset) {
    const seed = h('input', { type: 'number', name: 'seed', min: 0, value: 1 });
    const index = h('input', { type: 'number', name: 'index', min: 0, value: 0 });
    const bots = [0, 1].map((side) => h('select', { name: `bot-${side}` },
      ['random', 'greedy', 'mcts:ms=100'].map((b) => h('option', { value: b }, b))));
    const map = h('select', { name: 'map' }, (ruleset.maps ?? []).map((m) => h('option', { value: choiceId(m) }, choiceName(m))));
    const warbands = [0, 1].map((side) => h('select', { name: `warband-${side}` },
      (ruleset.warbands ?? []).map((w, i) => h('option', { value: choiceId(w), selected: i === Math.min(side, ruleset.warbands.length - 1) }, choiceName(w)))));
    const go = h('button', { class: 'primary', type: 'submit' }, 'Simulate and replay');
    forms.push(h('form', { class: 'panel', id: 'sim-replay', onsubmit: async (event) => {
      event.preventDefault();
      go.disabled = true;
      go.textContent = 'Simulating…';
      const made = await attempt(() => api.post('/api/replays/sim', {
        ruleset: ruleset.name, seed: Number(seed.value), index: Number(index.value),
        bots: bots.map((b) => b.value), setup: { map: map.value, warbands: warbands.map((w) => w.value) } }));
      go.disabled = false;
      go.textContent = 'Simulate and replay';
      if (made) navigate(`/replay/${made.id}`);
    } }, h('h2', {}, 'A simulated game'),
      h('p', { class: 'muted small' }, 'Game number INDEX of ', h('code', {}, 'warband sim --seed SEED'), ' with these bots, played again move by move.'),
      h('div', { class: 'row' }, field('Seed', seed), field('Index', index), field('Map', map)),
      h('div', { class: 'row' }, field('Red', warbands[0]), field('bot', bots[0]), field('Blue', warbands[1]), field('bot', bots[1])),
      h('p', {}, go)));
  }
  const upload = h('input', { type: 'file', accept: '.json,application/json', onchange: async () => {
    const file = upload.files[0];
    if (!file) return;
    let log;
    try { log = JSON.parse(await file.text()); } catch (err) { showError(new Error(`${file.name} is not JSON: ${err.message}`)); return; }
    const made = await attempt(() => api.post('/api/replays/import', { log }));
    upload.value = '';
    if (made) navigate(`/replay/${made.id}`);
  } });
  forms.push(h('div', { class: 'panel' }, h('h2', {}, 'Open a log file'),
    h('p', { class: 'muted small' }, 'A game saved by ', h('code', {}, 'warband play --log FILE'), ' (checked by replaying it).'), upload));
  append(root, h('div', { class: 'two-columns' }, forms),
    h('h2', {}, 'Saved games and replays'),
    games.length ? h('table', { class: 'data' },
      h('thead', {}, h('tr', {}, h('th', {}, 'Game'), h('th', {}, 'Kind'), h('th', {}, 'Players'), h('th', { class: 'num' }, 'Moves'), h('th', {}, 'Result'), h('th', {}, 'Saved'))),
      h('tbody', {}, games.map((g) => h('tr', {},
        h('td', {}, h('a', { href: `#/replay/${g.id}` }, `#${g.id}`), ' ', h('span', { class: 'muted' }, title(g.ruleset))),
        h('td', {}, g.kind), h('td', {}, g.players.join(' vs ')), h('td', { class: 'num' }, g.length),
        h('td', {}, g.terminal ? winnerText(g.winner) : 'in progress'),
        h('td', { class: 'muted' }, formatTime(g.updated))))))
      : h('p', { class: 'empty' }, 'No games yet.'));
}

async function renderReplay(root, id, query) {
  const last = await api.get(`/api/games/${id}/replay`);
  const length = last.length;
  let step = Math.max(0, Math.min(length, Number(query.get('step') ?? 0) || 0));
  let timer = null;
  let ticket = 0;

  const slider = h('input', { type: 'range', min: 0, max: length, value: step, id: 'replay-step', 'aria-label': 'Step' });
  const counter = h('span', { class: 'counter', id: 'replay-counter' });
  const play = h('button', { title: 'Play', class: 'play', onclick: () => (timer ? stop() : start()) }, '▶ Play');
  const boardBox = h('div', { class: 'board-box' });
  const side = h('div', { class: 'game-side' });
  const logBox = h('div', { class: 'log-box' });
  append(root,
    h('p', { class: 'crumbs' }, h('a', { href: '#/replay' }, 'Replays'), ` / game #${id}`),
    h('div', { class: 'replay-controls panel' },
      h('button', { title: 'First', onclick: () => go(0) }, '« First'),
      h('button', { title: 'Back one', id: 'step-back', onclick: () => go(step - 1) }, '‹ Back'),
      play,
      h('button', { title: 'Forward one', id: 'step-forward', onclick: () => go(step + 1) }, 'Next ›'),
      h('button', { title: 'Last', onclick: () => go(length) }, 'Last »'),
      slider, counter,
      h('a', { class: 'button', href: `/api/games/${id}/log`, download: `game-${id}.json` }, 'Save log')),
    h('div', { class: 'game' }, h('div', { class: 'game-main' }, boardBox, logBox), side));

  const load = debounce(async () => {
    const mine = ++ticket;
    try {
      const frame = await api.get(`/api/games/${id}/replay?step=${step}`);
      if (mine === ticket) drawFrame(frame);
    } catch (err) {
      showError(err);
      stop();
    }
  }, 60);

  function go(to) {
    step = Math.max(0, Math.min(length, to));
    slider.value = step;
    counter.textContent = `step ${step} of ${length}`;
    history.replaceState(null, '', `#/replay/${id}?step=${step}`);
    load();
  }
  function start() {
    if (step >= length) go(0);
    play.textContent = '❚❚ Pause';
    timer = setInterval(() => { if (step >= length) stop(); else go(step + 1); }, 400);
  }
  function stop() {
    clearInterval(timer);
    timer = null;
    play.textContent = '▶ Play';
  }
  slider.addEventListener('input', () => go(Number(slider.value)));

  function drawFrame(frame) {
    const table = frame.table;
    const entries = frame.log ?? [];
    const lastEntry = entries[entries.length - 1];
    counter.textContent = `step ${frame.step} of ${frame.length}`;
    if (table?.kind === 'grid') {
      replace(boardBox, h('p', { class: 'game-state', id: 'game-state', dataset: { step: frame.step } },
        `${table.map?.name ?? ''} · round ${table.round} · ${table.phase} phase`,
        frame.terminal ? ` · over: ${winnerText(table.winner)}` : ''),
        lastEntry ? h('p', { class: 'prompt' }, h('span', { class: 'who' }, lastEntry.player), ' ', lastEntry.text) : null,
        drawBoard(table));
      replace(side, rollView(table.roll), spellView(table, unitLabels(table.units)), playerPanels(table));
    } else {
      replace(boardBox, h('pre', { class: 'table-text' }, table?.text ?? ''));
      replace(side);
    }
    replace(logBox, h('h3', {}, 'Log'), logView(entries));
    const list = logBox.querySelector('.log');
    if (list) list.scrollTop = list.scrollHeight;
  }

  go(step);
  return () => { stop(); load.cancel(); };
}
