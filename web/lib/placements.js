// Placing an area on a grid board: the step where every legal action is one placement of a shape
// (its action view carries "anchor" [x, y] and "affected" [[x, y]...], and "unaffected", the
// shape's squares out of range or sight; docs/api.md). The board previews the placement at the
// square under the pointer; this module picks it. Pure functions (no DOM), so they are tested in node.

const isSquare = (value) => Array.isArray(value) && value.length === 2 && value.every(Number.isInteger);
const sameSquare = (a, b) => a[0] === b[0] && a[1] === b[1];

// True when the legal actions are placements: there are some, and each has an anchor and affected squares.
export function isPlacementStep(legal) {
  return Array.isArray(legal) && legal.length > 0 &&
         legal.every((action) => isSquare(action.anchor) && Array.isArray(action.affected));
}

const covers = (cells, square) => (cells ?? []).some((cell) => sameSquare(cell, square));

// The placements a square offers, in the order the server lists them: those anchored there, then
// those anchored off the board that hit it (no square is their anchor). A square with none of
// these offers whatever hits it (a line's middle), else whatever of whose shape it is (a placement
// that hits nothing in range). So every placement can be reached from some square of its own.
// board: {width, height}.
export function placementsAt(legal, square, { width = Infinity, height = Infinity } = {}) {
  if (!isSquare(square)) return [];
  const offBoard = ([x, y]) => x < 0 || y < 0 || x >= width || y >= height;
  const here = legal.filter((action) => sameSquare(action.anchor, square) ||
                                        (offBoard(action.anchor) && covers(action.affected, square)));
  if (here.length) return here;
  const hit = legal.filter((action) => covers(action.affected, square));
  if (hit.length) return hit;
  return legal.filter((action) => covers(action.unaffected, square));
}

// The placement shown at `square` after `rotation` presses of R (wrapping round), with what to
// highlight: {action, index, count, affected, unaffected}; null when the square offers none.
export function placementPreview(legal, square, rotation = 0, board = {}) {
  const choices = placementsAt(legal, square, board);
  if (!choices.length) return null;
  const index = ((rotation % choices.length) + choices.length) % choices.length;
  const action = choices[index];
  return { action, index, count: choices.length, affected: action.affected, unaffected: action.unaffected ?? [] };
}

// The rotation to start with at a new square: the one with the orientation shown before, so a
// shape keeps its turn as the pointer moves; else the first.
export function rotationKeeping(legal, square, orientation, board = {}) {
  const found = placementsAt(legal, square, board).findIndex((action) => action.orientation === orientation);
  return Math.max(found, 0);
}

// Where the preview starts before the pointer moves: the first placement's anchor when it is on the
// board, else its first affected square, else the first square of its shape.
export function firstSquare(legal, width, height) {
  const first = legal?.[0];
  if (!first) return null;
  const on = ([x, y]) => x >= 0 && y >= 0 && x < width && y < height;
  if (on(first.anchor)) return first.anchor;
  return first.affected.find(on) ?? (first.unaffected ?? []).find(on) ?? null;
}

// The square where the preview of `action` (a placement, e.g. a button hovered in the list) is
// shown: as firstSquare, with the rotation that shows that very placement there.
export function squareShowing(legal, action, width, height) {
  const square = firstSquare([action], width, height);
  if (!square) return null;
  return { square, rotation: Math.max(placementsAt(legal, square, { width, height }).indexOf(action), 0) };
}

const STEPS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

// The square an arrow key moves to, kept on the board; null for another key.
export function arrowStep(square, key, width, height) {
  const step = STEPS[key];
  if (!step) return null;
  const [x, y] = square ?? [0, 0];
  return [Math.min(Math.max(x + step[0], 0), width - 1), Math.min(Math.max(y + step[1], 0), height - 1)];
}

// The combatants (table units alive on the board) standing on an affected square.
export function unitsHit(preview, units) {
  const hit = new Set((preview?.affected ?? []).map(([x, y]) => `${x},${y}`));
  return (units ?? []).filter((unit) => unit.alive !== false &&
                                        (unit.cells ?? []).some(([x, y]) => hit.has(`${x},${y}`)));
}

// The caption under a preview: which spell and placement (the view's own text when it has one),
// which rotation, whom it hits, and what the keys do.
export function placementCaption(preview, units) {
  if (!preview) return { title: 'Point at a square to place the spell', detail: '', hint: HINT };
  const { action, index, count } = preview;
  const hit = unitsHit(preview, units);
  const names = hit.map((unit) => unit.label ?? unit.name).filter(Boolean);
  const who = `hits ${hit.length} combatant${hit.length === 1 ? '' : 's'}${names.length ? ` (${names.join(', ')})` : ''}`;
  const turn = count > 1 ? `rotation ${index + 1} of ${count}` : 'one placement here';
  return {
    title: [action.spell, turn, who].filter(Boolean).join(' · '),
    detail: action.text ?? '',
    hint: HINT,
  };
}

const HINT = 'click to cast, R to rotate, Esc/Undo to choose another spell';
