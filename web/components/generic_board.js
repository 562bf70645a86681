// The board of any table view kind without a renderer of its own (components/boards/): the
// table's text picture and the labelled legal actions, so a new ruleset plays in the browser from
// its first day. It has the interface of a board renderer (components/boards/index.js).
import { h, replace } from '../lib/dom.js';
import { turnText } from '../lib/format.js';
import { actionsPanel } from './action_buttons.js';

function picture(table) {
  const text = table?.text ?? (table ? JSON.stringify(table, null, 2) : '');
  return h('pre', { class: 'table-text', id: 'table-text' }, text);
}

export const genericBoard = {
  kind: null,

  // The line above the board: whose turn it is (nothing once the game is over: the result says it).
  summary(table, game) {
    return game.terminal ? null : turnText(game.current_player);
  },

  // A live game: the picture, and the legal actions as buttons.
  play({ act }) {
    return {
      reset() {},
      draw(view, { board, side }) {
        replace(board, picture(view.table));
        replace(side, actionsPanel(view, { act }));
      },
    };
  },

  // One step of a replay.
  frame(frame, { board, side }) {
    replace(board, picture(frame.table));
    replace(side);
  },
};
