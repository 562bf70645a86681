// What the other side did since a player's last decision, read from a game's log (each entry's
// "player" is "Red", "Blue" or "chance"): the entries the browser marks on the board and lets the
// player step through. Pure functions (no DOM), so they can be tested outside a browser.
import { sideName } from './format.js';

// The entries after `seat`'s last decision, when the other side decided something among them
// (a bot's turn, or the other player's at hot-seat): {start, end, side, entries}, where `start` is
// the log index of the first of them and `end` one past the last. null when the other side has
// not played since, or for a viewer who is not a player (seat < 0).
export function opponentRun(log, seat) {
  if (!Array.isArray(log) || !(seat >= 0)) return null;
  const mine = sideName(seat);
  let from = log.length;
  while (from > 0 && log[from - 1].player !== mine) --from;
  const entries = log.slice(from);
  const other = entries.find((entry) => entry.player !== mine && entry.player !== 'chance');
  if (!other) return null;
  return { start: entries[0].index, end: entries[entries.length - 1].index + 1, side: other.player, entries };
}

// The text of the last roll logged at or before log index `upTo` (its purpose and consequence:
// "Attack [S4/D4]: 6, 5 count 1 each (above Skill 4) → 2; ..."), or null.
export function lastRollText(log, upTo = Infinity) {
  for (let i = (log?.length ?? 0) - 1; i >= 0; --i)
    if (log[i].index <= upTo && log[i].kind === 'die' && !log[i].hidden) return log[i].text;
  return null;
}

// Why a finished game ended, in words: the game's own `end_reason` when the server gives one
// ("Blue won: R1 Orc Boar Rider (Kon) destroyed by B5 Static Mine, X = 6"), else the last thing
// logged, which is what finished it; null for an empty log.
export function endReason(view) {
  if (view.end_reason) return view.end_reason;
  const last = [...(view.log ?? [])].reverse().find((entry) => !entry.hidden);
  return last ? `The last action: ${last.text}` : null;
}
