// Replays: step through any saved game (a slider and buttons), simulate one game of a `warband sim`
// sweep by seed and index and step through it, or open a log file saved by `warband play --log`.
// A step is drawn by the board of the table's kind (components/boards/), else the generic board.
import { api, attempt, showError } from '../lib/api.js';
import { h, append, replace, field, debounce } from '../lib/dom.js';
import { navigate } from '../lib/navigate.js';
import { choiceId, choiceName, formatTime, winnerFromReturns, winnerText } from '../lib/format.js';
import { byOffers, chooseRuleset, loadRulesets, rulesetTitle } from '../lib/rulesets.js';
import { boardFor } from '../components/boards/index.js';
import { logSection } from '../components/game_log.js';
import { listedContent, replayContentLine } from '../lib/game_content.js';
import { defaultSides } from '../lib/default_sides.js';
import { simCommand } from '../lib/sim_command.js';

export async function render(root, params, query) {
  if (params[0]) return renderReplay(root, params[0], query);
  return renderList(root, query);
}

async function renderList(root, query) {
  const [games, rulesets] = await Promise.all([api.get('/api/games'), loadRulesets()]);
  const playable = byOffers(rulesets.filter((r) => r.playable));
  const ruleset = chooseRuleset(playable, query.get('ruleset'));
  append(root, h('h1', {}, 'Replays'));
  if (playable.length > 1)
    append(root, h('p', { class: 'tabs' }, playable.map((r) =>
      h('a', { href: `#/replay?ruleset=${encodeURIComponent(r.name)}`, class: r === ruleset ? 'active' : '' }, r.title ?? r.name))));
  const forms = [];
  if (ruleset) {
    const seed = h('input', { type: 'number', name: 'seed', min: 0, value: 1 });
    const index = h('input', { type: 'number', name: 'index', min: 0, value: 0 });
    const bots = [0, 1].map((side) => h('select', { name: `bot-${side}` },
      ['random', 'greedy', 'mcts:ms=100'].map((b) => h('option', { value: b }, b))));
    const maps = ruleset.maps ?? [];
    const builtIn = ruleset.warbands ?? [];
    const map = h('select', { name: 'map' }, maps.map((m) => h('option', { value: choiceId(m), selected: choiceId(m) === ruleset.default_map }, choiceName(m))));
    // The sides `warband sim` plays when none is given, so that game INDEX is the CLI's.
    const sides = defaultSides(ruleset);
    const warbands = [0, 1].map((side) => h('select', { name: `warband-${side}` },
      builtIn.map((w, i) => h('option', { value: choiceId(w), selected: i === sides[side] }, choiceName(w)))));
    const setup = () => {
      const chosen = {};
      if (maps.length) chosen.map = map.value;
      if (builtIn.length) chosen.warbands = warbands.map((w) => w.value);
      return chosen;
    };
    // The command whose last game this is, following the form: `warband sim` alone plays its own
    // default map, which need not be the one this form starts on.
    const command = h('p', { class: 'muted small', id: 'sim-command' });
    const showCommand = () => replace(command, 'The last game of ', h('code', {}, simCommand({
      ruleset: ruleset.name, seed: seed.value || 0, index: index.value || 0,
      bots: bots.map((b) => b.value), setup: setup() })), ', played again move by move.');
    const go = h('button', { class: 'primary', type: 'submit' }, 'Simulate and replay');
    forms.push(h('form', { class: 'panel', id: 'sim-replay', onsubmit: async (event) => {
      event.preventDefault();
      go.disabled = true;
      go.textContent = 'Simulating…';
      const made = await attempt(() => api.post('/api/replays/sim', {
        ruleset: ruleset.name, seed: Number(seed.value), index: Number(index.value),
        bots: bots.map((b) => b.value), setup: setup() }));
      go.disabled = false;
      go.textContent = 'Simulate and replay';
      if (made) navigate(`/replay/${made.id}`);
    } }, h('h2', {}, `A simulated game of ${ruleset.title ?? ruleset.name}`),
      command,
      h('div', { class: 'row' }, field('Seed', seed), field('Index', index), maps.length ? field('Map', map) : null),
      h('div', { class: 'row' }, builtIn.length ? field('Red', warbands[0]) : null, field('Red bot', bots[0]),
        builtIn.length ? field('Blue', warbands[1]) : null, field('Blue bot', bots[1])),
      h('p', {}, go)));
    forms.at(-1).addEventListener('input', showCommand);
    forms.at(-1).addEventListener('change', showCommand);
    showCommand();
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
        h('td', {}, h('a', { href: `#/replay/${g.id}` }, `#${g.id}`), ' ', h('span', { class: 'muted' }, rulesetTitle(rulesets, g.ruleset)),
          listedContent(g) ? h('div', { class: 'muted small' }, listedContent(g)) : null),
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
  const stateBox = h('div', { class: 'replay-state' });
  const boardBox = h('div', { class: 'board-box' });
  const side = h('div', { class: 'game-side' });
  const logBox = h('div', { class: 'log-box' });
  append(root,
    h('p', { class: 'crumbs' }, h('a', { href: '#/replay' }, 'Replays'), ` / game #${id}`),
    replayContentLine(last) ? h('p', { class: 'muted small', id: 'replay-content' }, replayContentLine(last)) : null,
    h('div', { class: 'replay-controls panel' },
      h('button', { title: 'First', onclick: () => go(0) }, '« First'),
      h('button', { title: 'Back one', id: 'step-back', onclick: () => go(step - 1) }, '‹ Back'),
      play,
      h('button', { title: 'Forward one', id: 'step-forward', onclick: () => go(step + 1) }, 'Next ›'),
      h('button', { title: 'Last', onclick: () => go(length) }, 'Last »'),
      slider, counter,
      h('a', { class: 'button', href: `/api/games/${id}/log`, download: `game-${id}.json` }, 'Save log')),
    h('div', { class: 'game' }, h('div', { class: 'game-main' }, stateBox, boardBox, logBox), side));

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
    const renderer = boardFor(table?.kind);
    counter.textContent = `step ${frame.step} of ${frame.length}`;
    const over = frame.terminal ? `over: ${winnerText(table?.winner ?? winnerFromReturns(frame.returns))}` : null;
    replace(stateBox,
      h('p', { class: 'game-state', id: 'game-state', dataset: { step: frame.step } },
        [renderer.summary(table, frame), over].filter(Boolean).join(' · ')),
      lastEntry ? h('p', { class: 'prompt' }, h('span', { class: 'who' }, lastEntry.player), ' ', lastEntry.text) : null,
      // Why the game ended, as its game screen says it, once the replay reaches the end.
      frame.terminal && frame.end_reason ? h('p', { class: 'end-reason', id: 'end-reason' }, frame.end_reason) : null);
    // The step's own action marked on the board (the unit it moved, its target).
    renderer.frame(frame, { board: boardBox, side }, lastEntry ? { entries: [lastEntry], before: null } : null);
    logSection(logBox, entries);
  }

  go(step);
  return () => { stop(); load.cancel(); };
}
