// One game being played: the header (players, state line, undo, result), the board of the table's
// kind (components/boards/, else the generic board), the legal actions and the log. The server says
// what is legal (view.legal) and applies what is chosen; bots and dice run on the server, so a
// reload resumes the game exactly where it was. Two humans play hot-seat: a change of seat hides
// the screen until the other player takes the device. What the other side did since the player's
// last decision is marked on the board, and can be stepped through (components/turn_steps.js).
// A game with remote seats (docs/api.md) is played through this tab's token: no pass-the-device
// screen, the opponent's moves arrive on the game's event stream, and the header says whose turn
// it is and whether the opponent is connected.
import { api, attempt, showError } from '../lib/api.js';
import { h, append, replace } from '../lib/dom.js';
import { sideName, winnerText } from '../lib/format.js';
import { endReason, opponentRun } from '../lib/turns.js';
import { boardFor } from './boards/index.js';
import { logSection, markLogEntry } from './game_log.js';
import { turnStepsBar } from './turn_steps.js';
import { invitePanel } from './invite_panel.js';
import { watchGame } from '../lib/game_events.js';
import { latestOnly } from '../lib/latest_only.js';
import { keepCreatorToken, keepSeatToken, keptInvite } from '../lib/seat_tokens.js';
import { connectionText, opponentMovedText, opponentPresenceText, remoteTurnText } from '../lib/remote_turn.js';
import { navigate } from '../lib/navigate.js';
import { contentNotice } from '../lib/game_content.js';

// `token`: this tab's seat or owner token in a game with remote seats (lib/seat_tokens.js).
export async function renderGame(root, id, { token = null } = {}) {
  const auth = { token };
  let view = await api.get(`/api/games/${id}`, auth);
  const humans = view.players.map((p, seat) => (p === 'human' ? seat : -1)).filter((seat) => seat >= 0);
  const remote = Boolean(view.access);
  const hotSeat = humans.length === 2 && !remote;
  let presence = [false, false];
  let connection = 'connected';
  let opponentMoved = '';  // what the opponent's last move was, once an event brought it
  let closeEvents = () => {};
  let shownSeat = null;  // the seat whose eyes are on the screen (hot-seat)
  let busy = false;
  let poll = null;
  // The other side's actions since this seat's last decision, with the table before them
  // ({start, end, side, entries, before}), and the one being stepped through (an index) or null.
  let recent = null;
  let stepping = null;
  // Replay frames (the game as it stood after N actions) for the step-through; an undo rewrites
  // the history after it, so it empties them.
  const frames = new Map();

  const header = h('div', { class: 'game-head' });
  const stepsBox = h('div', { class: 'steps-box' });
  const boardBox = h('div', { class: 'board-box' });
  const side = h('div', { class: 'game-side' });
  const logBox = h('div', { class: 'log-box' });
  const screen = h('div', { class: 'game' }, h('div', { class: 'game-main' }, header, stepsBox, boardBox, logBox), side);
  append(root, screen);

  // The board follows the table's kind, which a game keeps from start to end.
  const renderer = boardFor(view.table?.kind);
  const board = renderer.play({ act, undo });

  async function act(action) {
    if (busy) return;
    busy = true;
    screen.classList.add('busy');
    try {
      const next = await api.post(`/api/games/${id}/actions`, { action: action.action, length: view.length }, auth);
      opponentMoved = '';
      board.reset();
      await show(next);
    } catch (err) {
      // A stale move (409): say so, and show the game as it is now.
      showError(err, err.status === 409 ? 'reloaded' : '');
      if (err.status === 409) await show(await api.get(`/api/games/${id}`, auth));
    } finally {
      busy = false;
      screen.classList.remove('busy');
    }
  }

  async function undo() {
    const previous = await attempt(() => api.post(`/api/games/${id}/undo`, { length: view.length }, auth));
    if (previous) {
      board.reset();
      frames.clear();
      await show(previous);
    }
  }

  async function frameAt(step) {
    const key = `${step}:${view.seat}`;
    if (!frames.has(key))
      frames.set(key, await api.get(`/api/games/${id}/replay?step=${step}${view.seat >= 0 ? `&seat=${view.seat}` : ''}`, auth));
    return frames.get(key);
  }

  // What the other side did since this seat's last decision, and the table before it (fetched once
  // per run: a bot's long turn grows the run, not its start).
  async function findRecent() {
    const run = opponentRun(view.log, view.seat);
    if (!run) return null;
    if (recent && recent.start === run.start && recent.seat === view.seat) return { ...recent, ...run };
    const before = await attempt(() => frameAt(run.start));
    return { ...run, seat: view.seat, before: before?.table ?? null };
  }

  async function stepTo(index) {
    const entry = recent?.entries[index];
    if (!entry) return;
    const [before, after] = await Promise.all([attempt(() => frameAt(entry.index)), attempt(() => frameAt(entry.index + 1))]);
    if (!after || !root.isConnected) return;
    stepping = index;
    board.reset();
    renderer.frame(after, { board: boardBox, side }, { entries: [entry], before: before?.table ?? null });
    drawSteps();
    markLogEntry(logBox, entry.index);
  }

  function drawSteps() {
    replace(stepsBox, view.pending ? null : turnStepsBar(recent, {
      stepping, onStep: stepTo, onSkip: () => { stepping = null; draw(); } }));
  }

  async function show(next) {
    if (next.length < (view?.length ?? 0)) frames.clear();
    view = next;
    stepping = null;
    recent = await findRecent();
    clearTimeout(poll);
    // A long run of bot moves goes on at the next GET: ask again until it is done.
    if (view.pending) poll = setTimeout(async () => {
      const fresh = await attempt(() => api.get(`/api/games/${id}${shownSeat !== null ? `?seat=${shownSeat}` : ''}`, auth));
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
    replace(header); replace(stepsBox); replace(boardBox); replace(side); replace(logBox);
    append(boardBox, h('div', { class: 'pass-device', id: 'pass-device' },
      h('h2', {}, `Pass the device to ${sideName(seat)}`),
      h('p', {}, `${sideName(seat)} plays next; what the other side may not see stays hidden.`),
      h('button', { class: `primary ${seat === 0 ? 'red' : 'blue'}`, onclick: async () => {
        shownSeat = seat;
        const fresh = await attempt(() => api.get(`/api/games/${id}?seat=${seat}`, auth));
        if (fresh) await show(fresh);
      } }, `I am ${sideName(seat)}: show my side`)));
  }

  function draw() {
    const table = view.table;
    const summary = renderer.summary(table, view);
    replace(header,
      h('div', {},
        h('h1', {}, `Game #${view.id}`, h('span', { class: 'muted' }, ` · ${view.players.map((p, i) => `${sideName(i)}: ${p}`).join(', ')}`)),
        h('p', { class: 'game-state', id: 'game-state', dataset: { round: table?.round ?? '', turn: table?.turn ?? '', length: view.length } },
          summary ?? (view.terminal ? 'Game over' : ''))),
      h('div', { class: 'actions-bar' },
        view.can_undo ? h('button', { id: 'undo', onclick: undo, title: 'Take back your last decision (no die was rolled since)' }, '↶ Undo') : null,
        // The log of a game with remote seats holds every hand: it opens once the game is over.
        remote && !view.terminal ? null : h('a', { class: 'button', href: `/api/games/${id}/log`, download: `game-${id}.json` }, 'Save log'),
        remote && !view.terminal ? h('button', { id: 'resign', class: 'danger', onclick: resign }, 'Resign') : null,
        remote && view.terminal ? h('button', { id: 'rematch', onclick: rematch }, 'Rematch') : null,
        h('a', { class: 'button', href: `#/replay/${id}` }, 'Replay'),
        h('a', { class: 'button', href: '#/play' }, 'All games')));

    if (view.terminal) {
      const winner = view.winner;
      const reason = endReason(view);
      append(header, h('div', { class: `result ${String(winner).toLowerCase()}`, id: 'result' },
        `The game is over: ${winnerText(winner)}.`),
        reason ? h('p', { class: 'end-reason', id: 'end-reason' }, reason) : null);
    } else if (view.pending) {
      append(header, h('p', { class: 'prompt pending', id: 'prompt' }, 'The bot is thinking…'));
    } else if (table?.prompt) {
      append(header, h('p', { class: 'prompt', id: 'prompt' }, table.prompt));
    }
    const notice = contentNotice(view);
    if (notice) append(header, h('p', { class: 'muted small content-notice', id: 'content-notice' }, notice));
    if (remote) append(header, remoteBox);
    drawRemote();
    board.draw(view, { board: boardBox, side }, recent);
    if (remote && view.access.owner && !view.terminal) append(side, invitePanel(keptInvite(id), { id, token }));
    logSection(logBox, view.log);
    drawSteps();
  }

  // Remote play: whose turn, the opponent's connection, this tab's own.
  const remoteBox = h('div', { class: 'remote-status', id: 'remote-status' });
  function drawRemote() {
    if (!remote) return;
    replace(remoteBox,
      h('p', { class: 'remote-turn', id: 'remote-turn' }, remoteTurnText(view)),
      opponentMoved ? h('p', { class: 'small', id: 'opponent-moved' }, opponentMoved) : null,
      h('p', { class: 'muted small', id: 'opponent-presence' }, opponentPresenceText(view, presence)),
      connectionText(connection) ? h('p', { class: 'warning small', id: 'connection-state' }, connectionText(connection)) : null);
  }

  async function resign() {
    if (!confirm('Resign this game? Your opponent wins.')) return;
    const next = await attempt(() => api.post(`/api/games/${id}/resign`, { length: view.length }, auth));
    if (next) await show(next);
  }

  async function rematch() {
    const next = await attempt(() => api.post(`/api/games/${id}/rematch`, {}, auth));
    if (next) goToRematch(next.id);
  }

  // Each tab keeps its own token for the new game (and the browser, to resume it): the rematch
  // keeps the seats and their links.
  function goToRematch(nextId) {
    if (view.access?.owner) keepCreatorToken(nextId, token);
    else keepSeatToken(nextId, token);
    navigate(`/play/${nextId}`);
  }

  if (remote) {
    const freshView = latestOnly(() => attempt(() => api.get(`/api/games/${id}`, auth)));
    closeEvents = watchGame(id, token, {
      onGame: async (event) => {
        if (event.rematch) { goToRematch(event.rematch); return; }
        if (busy || (event.length === view.length && event.terminal === view.terminal)) return;
        const shown = view.length;
        const fresh = await freshView();
        if (!fresh || !root.isConnected) return;
        opponentMoved = opponentMovedText(fresh, shown) || opponentMoved;
        await show(fresh);
      },
      onPresence: (connected) => { presence = connected; drawRemote(); },
      onConnection: (state) => { connection = state; drawRemote(); },
    });
  }

  if (hotSeat && !view.terminal && humans.includes(view.current_player)) passScreen(view.current_player);
  else await show(view);
  return () => { clearTimeout(poll); closeEvents(); };
}
