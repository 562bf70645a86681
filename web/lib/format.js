// Formatting for display: names of sides and results, times, file names, percentages. Pure
// functions (no DOM), so they can be tested outside a browser.

// The seats of a two-player game as the API names them in logs and results.
export const SIDE_NAMES = ['Red', 'Blue'];

export function sideName(seat) {
  return SIDE_NAMES[seat] ?? `Player ${seat + 1}`;
}

// "broken_hills" → "Broken Hills" (for ids the server gives without a name).
export function pretty(id) {
  return String(id).replace(/_/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase()).replace(/\bS\b/g, 's');
}

// The API names the winner "Red", "Blue" or "draw" (null while the game goes on); a seat number
// is turned into its side's name.
export function winnerText(winner) {
  if (winner === 'draw') return 'a draw';
  if (typeof winner === 'number') return `${sideName(winner)} won`;
  return winner ? `${winner} won` : 'a draw';
}

// A finished game's returns (one number per seat, as the replay frames carry them) as the winner:
// the seat with the highest return, or "draw" when no seat is alone at the top.
export function winnerFromReturns(returns) {
  if (!Array.isArray(returns) || returns.length === 0) return 'draw';
  const best = Math.max(...returns);
  const leaders = returns.map((value, seat) => (value === best ? seat : -1)).filter((seat) => seat >= 0);
  return leaders.length === 1 ? sideName(leaders[0]) : 'draw';
}

// Whose turn it is, from the game view's current_player (-1 chance, -2 over).
export function turnText(currentPlayer) {
  if (currentPlayer === -2) return 'the game is over';
  if (currentPlayer === -1) return 'chance to move';
  return `${sideName(currentPlayer)} to move`;
}

// The new-game choices (maps, warbands) are {id, name, points?} or, from older servers, ids.
export function choiceId(choice) {
  return typeof choice === 'string' ? choice : choice.id;
}
export function choiceName(choice, withPoints = false) {
  if (typeof choice === 'string') return pretty(choice);
  return withPoints && choice.points ? `${choice.name} (${choice.points} pts)` : choice.name;
}

// A stored time (seconds since 1970, or an ISO string) in the reader's local format.
export function formatTime(value) {
  if (!value) return '';
  const date = new Date(typeof value === 'number' ? value * 1000 : value);
  return Number.isNaN(date.getTime()) ? String(value) : date.toLocaleString();
}

// A file name the CLI would use: "Tom's Orcs" → "toms_orcs.toml".
export function fileName(name, extension = '.toml') {
  const slug = name.toLowerCase().replace(/['’]/g, '').replace(/[^a-z0-9]+/g, '_').replace(/^_|_$/g, '');
  return `${slug || 'warband'}${extension}`;
}

// A probability as a short percentage; tiny ones in scientific notation.
export function percent(p) {
  if (p === 0) return '0%';
  if (p < 0.0001) return p.toExponential(2);
  return `${(100 * p).toFixed(p < 0.01 ? 3 : 2)}%`;
}
