// Play: a new game (hot-seat or against a bot), the saved games to resume, and the game itself on
// the drawn board. The server says what is legal (view.legal) and applies what is chosen; bots and
// dice run on the server, so a reload resumes the game exactly where it was.
import { api, attempt, cached, showError } from '../api.js';
import { h, append, replace, field } from '../dom.js';
import { navigate } from '../app.js';
import { drawBoard, playerPanels, rollView, spellView, logView, unitLabels, unitRow, cellName, SIDE_NAMES } from './board.js';
import { formatTime } from './build.js';
import { title } from './home.js';

export const PLAYER_KINDS = [
  ['human', 'Human'], ['greedy', 'Bot: greedy'], ['mcts:ms=200', 'Bot: MCTS (0.2 s a move)'], ['random', 'Bot: random']];

export async function render(root, params, query) {
  if (params[0]) return renderGame(root, params[0]);
  return renderLobby(root, query);
}

// ---------------------------------------------------------------------------------------------
// The lobby: a new game, the games saved.

async function renderLobby(root, query) {
  const [rulesets, games, documents] = await Promise.all([
    cached('/api/rulesets'), api.get('/api/games'),
    api.get('/api/documents?ruleset=atomspast&kind=warband').catch(() => [])]);
  const playable = rulesets.filter((r) => r.playable);
  const wanted = query.get('ruleset');
  const ruleset = playable.find((r) => r.name === wanted) ?? playable[0];
  append(root, h('h1', {}, 'Play'));
  if (!ruleset) {
    append(root, h('p', {}, 'No ruleset of this build is playable yet.'));
    return undefined;
  }
  const maps = ruleset.maps ?? [];
  const map = h('select', { name: 'map' }, maps.map((m) => h('option', { value: choiceId(m), selected: choiceId(m) === 'broken_hills' }, choiceName(m))));
  const mapDescription = h('p', { class: 'muted small map-description' });
  const describeMap = () => { mapDescription.textContent = maps.find((m) => choiceId(m) === map.value)?.description ?? ''; };
  map.addEventListener('change', describeMap);
  describeMap();
  const warbandSelect = (name, index) => h('select', { name },
    h('optgroup', { label: 'Built-in' }, (ruleset.warbands ?? []).map((w, i) =>
      h('option', { value: choiceId(w), selected: i === index }, choiceName(w, true)))),
    documents.length ? h('optgroup', { label: 'Your warbands' }, documents.map((doc) =>
      h('option', { value: `document:${doc.id}` }, doc.name))) : null);
  const warbands = [warbandSelect('red-warband', 0), warbandSelect('blue-warband', Math.min(1, (ruleset.warbands ?? []).length - 1))];
  const playerSelect = (name, value) => h('select', { name }, PLAYER_KINDS.map(([v, label]) => h('option', { value: v, selected: v === value }, label)));
  const players = [playerSelect('red-player', 'human'), playerSelect('blue-player', 'greedy')];
  const seed = h('input', { type: 'number', name: 'seed', min: 0, placeholder: 'random' });
  const start = h('button', { class: 'primary', type: 'submit' }, 'Start the game');
  const form = h('form', { class: 'panel new-game', onsubmit: async (event) => {
    event.preventDefault();
    start.disabled = true;
    const body = {
      ruleset: ruleset.name,
      setup: { map: map.value, warbands: warbands.map((select) => select.value.startsWith('document:')
        ? { document: select.value.slice('document:'.length) } : select.value) },
      players: players.map((select) => select.value),
    };
    if (seed.value !== '') body.seed = Number(seed.value);
    const view = await attempt(() => api.post('/api/games', body));
    start.disabled = false;
    if (view) navigate(`/play/${view.id}`);
  } },
    h('h2', {}, `New game of ${title(ruleset.name)}`),
    h('div', { class: 'row top' }, field('Map', map), field('Seed', seed, 'the same seed plays the same dice')),
    mapDescription,
    h('div', { class: 'sides' },
      h('fieldset', { class: 'side red' }, h('legend', {}, 'Red'), field('Warband', warbands[0]), field('Played by', players[0])),
      h('fieldset', { class: 'side blue' }, h('legend', {}, 'Blue'), field('Warband', warbands[1]), field('Played by', players[1]))),
    h('p', { class: 'muted small' }, 'Two humans: hot-seat on this device, each hand hidden from the other side. A human against a bot: the bot moves at once.'),
    start);
  const saved = games.filter((g) => g.kind !== 'replay');
  append(root, h('div', { class: 'two-columns' }, form,
    h('section', { class: 'panel' }, h('h2', {}, 'Saved games'),
      saved.length ? gamesTable(saved, root, query) : h('p', { class: 'empty' }, 'No games yet.'))));
  return undefined;
}

// The new-game choices (maps, warbands) are {id, name, points?}.
export function choiceId(choice) {
  return typeof choice === 'string' ? choice : choice.id;
}
export function choiceName(choice, withPoints = false) {
  if (typeof choice === 'string') return pretty(choice);
  return withPoints && choice.points ? `${choice.name} (${choice.points} pts)` : choice.name;
}

export function pretty(id) {
  return String(id).replace(/_/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase()).replace(/\bS\b/g, 's');
}

// The API names the winner "Red", "Blue" or "draw" (null while the game goes on).
export function winnerText(winner) {
  if (winner === 'draw') return 'a draw';
  if (typeof winner === 'number') return `${SIDE_NAMES[winner] ?? winner} won`;
  return winner ? `${winner} won` : 'a draw';
}

function describeResult(game) {
  return game.terminal ? `finished: ${winnerText(game.winner)}` : `move ${game.length}`;
}

function gamesTable(games, root, query) {
  return h('table', { class: 'data games' },
    h('thead', {}, h('tr', {}, h('th', {}, 'Game'), h('th', {}, 'Players'), h('th', {}, 'State'), h('th', {}, 'Saved'), h('th', {}, ''))),
    h('tbody', {}, games.map((game) => h('tr', { dataset: { game: game.id } },
      h('td', {}, h('a', { href: `#/play/${game.id}` }, `#${game.id}`), ' ', h('span', { class: 'muted' }, title(game.ruleset))),
      h('td', {}, game.players.join(' vs ')),
      h('td', {}, describeResult(game)),
      h('td', { class: 'muted' }, formatTime(game.updated)),
      h('td', { class: 'num' },
        h('a', { class: 'button small', href: `#/play/${game.id}` }, game.terminal ? 'Open' : 'Resume'), ' ',
        h('a', { class: 'button small', href: `#/replay/${game.id}` }, 'Replay'), ' ',
        h('button', { class: 'small danger', onclick: async () => {
          if (!confirm(`Delete game #${game.id}?`)) return;
          if (await attempt(() => api.del(`/api/games/${game.id}`))) {
            root.replaceChildren();
            renderLobby(root, query).catch(showError);
          }
        } }, 'Delete'))))));
}

// ---------------------------------------------------------------------------------------------
// One game.

async function renderGame(root, id) {
  let view = await api.get(`/api/games/${id}`);
  const humans = view.players.map((p, seat) => (p === 'human' ? seat : -1)).filter((seat) => seat >= 0);
  const hotSeat = humans.length === 2;
  let shownSeat = null;  // the seat whose eyes are on the screen (hot-seat)
  let selected = null;   // the unit clicked
  let anchorFilter = null;  // a destination clicked that several actions share
  let busy = false;

  const header = h('div', { class: 'game-head' });
  const boardBox = h('div', { class: 'board-box' });
  const side = h('div', { class: 'game-side' });
  const logBox = h('div', { class: 'log-box' });
  const screen = h('div', { class: 'game' }, h('div', { class: 'game-main' }, header, boardBox, logBox), side);
  append(root, screen);

  async function act(action) {
    if (busy) return;
    busy = true;
    screen.classList.add('busy');
    try {
      const next = await api.post(`/api/games/${id}/actions`, { action: action.action, length: view.length });
      selected = null;
      anchorFilter = null;
      await show(next);
    } catch (err) {
      showError(err);
      if (err.status === 409) await show(await api.get(`/api/games/${id}`));
    } finally {
      busy = false;
      screen.classList.remove('busy');
    }
  }

  async function undo() {
    const previous = await attempt(() => api.post(`/api/games/${id}/undo`, { length: view.length }));
    if (previous) {
      selected = null;
      await show(previous);
    }
  }

  // In hot-seat, a change of seat hides the screen until the other player takes the device.
  let poll = null;
  async function show(next) {
    view = next;
    clearTimeout(poll);
    // A long run of bot moves goes on at the next GET: ask again until it is done.
    if (view.pending) poll = setTimeout(async () => {
      const fresh = await attempt(() => api.get(`/api/games/${id}${shownSeat !== null ? `?seat=${shownSeat}` : ''}`));
      if (fresh && root.isConnected) await show(fresh);
    }, 250);
    const toMove = view.current_player;
    if (hotSeat && !view.terminal && humans.includes(toMove) && toMove !== shownSeat) {
      passScreen(toMove);
      return;
    }
    draw();
  }

  function passScreen(seat) {
    replace(header); replace(boardBox); replace(side); replace(logBox);
    append(boardBox, h('div', { class: 'pass-device', id: 'pass-device' },
      h('h2', {}, `Pass the device to ${SIDE_NAMES[seat]}`),
      h('p', {}, `${SIDE_NAMES[seat]} plays next; the other side's hand stays hidden.`),
      h('button', { class: `primary ${seat === 0 ? 'red' : 'blue'}`, onclick: async () => {
        shownSeat = seat;
        const fresh = await attempt(() => api.get(`/api/games/${id}?seat=${seat}`));
        if (fresh) { view = fresh; draw(); }
      } }, `I am ${SIDE_NAMES[seat]}: show my side`)));
  }

  function draw() {
    const table = view.table;
    replace(header,
      h('div', {},
        h('h1', {}, `Game #${view.id}`, h('span', { class: 'muted' }, ` · ${view.players.map((p, i) => `${SIDE_NAMES[i]}: ${p}`).join(', ')}`)),
        table?.kind === 'grid'
          ? h('p', { class: 'game-state', id: 'game-state', dataset: { round: table.round ?? '', length: view.length } },
              `${table.map?.name ?? ''} · round ${table.round} · ${table.phase} phase · move ${view.length}`)
          : h('p', { class: 'game-state', id: 'game-state', dataset: { length: view.length } }, `move ${view.length}`)),
      h('div', { class: 'actions-bar' },
        view.can_undo ? h('button', { id: 'undo', onclick: undo, title: 'Take back your last decision (no die was rolled since)' }, '↶ Undo') : null,
        h('a', { class: 'button', href: `/api/games/${id}/log`, download: `game-${id}.json` }, 'Save log'),
        h('a', { class: 'button', href: `#/replay/${id}` }, 'Replay'),
        h('a', { class: 'button', href: '#/play' }, 'All games')));

    if (view.terminal) {
      const winner = view.winner;
      append(header, h('div', { class: `result ${String(winner).toLowerCase()}`, id: 'result' },
        `The game is over: ${winnerText(winner)}.`));
    } else if (view.pending) {
      append(header, h('p', { class: 'prompt pending', id: 'prompt' }, 'The bot is thinking…'));
    } else if (table?.prompt) {
      append(header, h('p', { class: 'prompt', id: 'prompt' }, table.prompt));
    }

    if (!table || table.kind !== 'grid') {
      replace(boardBox, h('pre', { class: 'table-text' }, table?.text ?? ''));
      replace(side, actionsPanel([]));
      replace(logBox, h('h3', {}, 'Log'), logView(view.log ?? []));
      return;
    }
    const labels = unitLabels(table.units);
    // The unit clicked, else the one whose action is being resolved (where it moves, whom it attacks).
    const focus = selected ?? (table.acting_unit >= 0 ? table.acting_unit : null);
    const unit = table.units.find((u) => u.index === focus);
    const legal = view.legal ?? [];
    // Destinations on the board: the actions with a footprint.
    let cellActions = legal.filter((a) => a.cells?.length);
    if (selected !== null && cellActions.some((a) => a.unit === selected)) cellActions = cellActions.filter((a) => a.unit === selected);
    const byAnchor = new Map();
    for (const action of cellActions) {
      const key = action.cells[0].join(',');
      if (!byAnchor.has(key)) byAnchor.set(key, []);
      byAnchor.get(key).push(action);
    }
    const board = drawBoard(table, {
      labels, selected: focus,
      highlight: unit ? { reach: unit.reach, sight: unit.sight, targets: unit.targets } : null,
      cellActions: [...byAnchor.values()].map((actions) => ({
        cells: actions[0].cells,
        title: actions.map((a) => a.text).join(' / '),
        onclick: () => {
          if (actions.length === 1) act(actions[0]);
          else { anchorFilter = actions; draw(); }
        },
      })),
      onUnit: (clicked) => {
        // An attack or spell aimed at this unit: one click does it.
        const aimed = legal.filter((a) => a.target === clicked.index && !a.cells?.length);
        if (aimed.length === 1 && selected !== clicked.index && (selected === null || aimed[0].unit === selected || aimed[0].unit < 0)) {
          act(aimed[0]);
          return;
        }
        selected = selected === clicked.index ? null : clicked.index;
        anchorFilter = null;
        draw();
      },
    });
    board.addEventListener('click', () => { if (selected !== null) { selected = null; draw(); } });
    replace(boardBox, board, h('div', { class: 'legend-line small muted' },
      h('span', { class: 'swatch reach' }), ' where it can move ', h('span', { class: 'swatch sight' }), ' what it sees ',
      h('span', { class: 'swatch target' }), ' what it can attack · numbers in a corner: Higher Ground · badge: AcTi'));

    let shown = legal;
    if (anchorFilter) shown = anchorFilter;
    else if (selected !== null && legal.some((a) => a.unit === selected)) shown = legal.filter((a) => a.unit === selected || a.unit < 0);
    replace(side,
      rollView(table.roll),
      spellView(table, labels),
      actionsPanel(shown, legal.length),
      unit ? unitPanel(unit, labels) : null,
      playerPanels(table, { seat: view.seat }),
      undeployed(table, labels));
    replace(logBox, h('h3', {}, 'Log'), logView(view.log ?? []));
    const list = logBox.querySelector('.log');
    if (list) list.scrollTop = list.scrollHeight;
  }

  function actionsPanel(actions, total = actions.length) {
    const mine = view.legal?.length;
    return h('section', { class: 'actions panel', id: 'actions' },
      h('h3', {}, mine ? 'Your move' : view.terminal ? 'Game over' : 'Waiting'),
      actions.length < total ? h('p', { class: 'small muted' }, `${actions.length} of ${total} actions: `,
        h('button', { class: 'small', onclick: () => { selected = null; anchorFilter = null; draw(); } }, 'show all')) : null,
      h('div', { class: 'action-buttons' }, actions.map((action) => h('button', {
        class: `action kind-${action.kind}`, dataset: { kind: action.kind, action: action.action },
        onclick: () => act(action),
        onmouseenter: () => highlightCells(action.cells), onmouseleave: () => highlightCells([]),
      }, action.text))));
  }

  function highlightCells(cells) {
    for (const old of boardBox.querySelectorAll('.destination.hover')) old.classList.remove('hover');
    if (!cells?.length) return;
    const marker = boardBox.querySelector(`.destination[data-x="${cells[0][0]}"][data-y="${cells[0][1]}"]`);
    marker?.classList.add('hover');
  }

  if (hotSeat && !view.terminal && humans.includes(view.current_player)) passScreen(view.current_player);
  else await show(view);
  return () => clearTimeout(poll);
}

function unitPanel(unit, labels) {
  return h('section', { class: `unit-card panel ${unit.side === 0 ? 'red' : 'blue'}`, id: 'unit-card' },
    h('h3', {}, unitRow(unit, labels)),
    h('table', { class: 'data compact' }, h('tbody', {},
      [['AcTi', unit.acti], ['Wounds', `${unit.wounds} / ${unit.max_wounds}`], ['Move', unit.move], ['Shield', unit.shield],
       ['Melee', unit.melee ?? '—'], ['Ranged', unit.ranged ?? '—'], ['Keywords', (unit.keywords ?? []).join(', ') || '—'],
       ['At', (unit.cells ?? []).map(cellName).join(' ') || 'not deployed']]
        .map(([k, v]) => h('tr', {}, h('th', {}, k), h('td', {}, v))))),
    unit.reach ? h('p', { class: 'small muted' }, `${unit.reach.length} spaces in reach · sees ${unit.sight?.length ?? 0} · ${unit.targets?.length ?? 0} targets`) : null);
}

function undeployed(table, labels) {
  const waiting = table.units.filter((u) => u.alive && !u.deployed);
  const fallen = table.units.filter((u) => !u.alive);
  if (!waiting.length && !fallen.length) return null;
  return h('section', { class: 'panel small' },
    waiting.length ? h('p', {}, h('strong', {}, 'To deploy: '), waiting.map((u) => unitRow(u, labels)).join(', ')) : null,
    fallen.length ? h('p', {}, h('strong', {}, 'Destroyed: '), fallen.map((u) => unitRow(u, labels)).join(', ')) : null);
}
