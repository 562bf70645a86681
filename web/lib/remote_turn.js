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
  // Which side this link plays is said while it waits too: a friend who opens the link on the
  // opponent's turn learns it at once.
  return `You play ${mine.map(sideName).join(' and ')}. Waiting for your opponent (${sideName(toMove)})…`;
}

// The line that says the opponent moved, when a game event brought this tab a newer view: the
// last of the opponent's actions since `before` (the length this tab showed), or "".
export function opponentMovedText(view, before) {
  const mine = view?.access?.seats ?? [];
  if (!mine.length || !(view?.length > before)) return '';
  const theirs = (view.log ?? []).filter((entry) => entry.index >= before && entry.player !== 'chance' && !mine.includes(['Red', 'Blue'].indexOf(entry.player)));
  const last = theirs[theirs.length - 1];
  if (!last) return '';
  const more = theirs.length > 1 ? ` (and ${theirs.length - 1} more before it)` : '';
  // What the opponent may keep hidden (a card drawn into their hand) is not named.
  const what = last.hidden ? '' : `: ${String(last.text).replace(/\.$/, '')}`;
  return `${last.player} moved${what}${more}.`;
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
