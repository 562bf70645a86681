// The board renderers, one per table view kind (docs/api.md, "Table views"). A table of a kind
// without one is shown by the generic board (its text picture and labelled actions).
//
// A renderer has: summary(table, game) → the state line's text; play({act, undo}) → a board for a
// live game, {draw(view, {board, side}), reset()}; frame(frame, {board, side}) draws a replay step.
import { genericBoard } from '../generic_board.js';
import { gridBoard } from './grid.js';
import { tabletopBoard } from './tabletop.js';

export const BOARDS = {
  grid: gridBoard,
  tabletop: tabletopBoard,
};

export function boardFor(kind) {
  return (typeof kind === 'string' && Object.hasOwn(BOARDS, kind)) ? BOARDS[kind] : genericBoard;
}
