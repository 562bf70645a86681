// What a player of a game with remote seats reads about the turn and the table (no DOM, so the
// unit tests read it): whose turn it is, whether this tab waits for the opponent, and whether
// the opponent is connected. `view.access.seats`: the seats this tab plays (docs/api.md).
import { sideName } from './format.js';

export function remoteTurnText(view) {
  const mine = view?.access?.seats ?? [];
  if (view.terminal) return 'The game is over.';
  const toMove = view.current_player;
  if (toMove < 0) return 'The dice are rolling…';
  if (mine.includes(toMove)) return `Your turn (${sideName(toMove)}).`;
  if (!mine.length) return `${sideName(toMove)} is to move (you are watching).`;
  return `Waiting for your opponent (${sideName(toMove)})…`;
}

// "Blue is connected." / "Blue is not connected." for each remote seat this tab does not play;
// `connected` is the stream's presence: [Red, Blue].
export function opponentPresenceText(view, connected) {
  const mine = view?.access?.seats ?? [];
  const others = [0, 1].filter((seat) => !mine.includes(seat) && (view?.access?.remote_seats ?? []).includes(seat));
  return others.map((seat) => `${sideName(seat)} is ${connected?.[seat] ? '' : 'not '}connected.`).join(' ');
}

// The line about this tab's own stream: "" while connected.
export function connectionText(state) {
  return state === 'reconnecting' ? 'Connection lost: reconnecting…' : '';
}
