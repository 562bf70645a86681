// The legal actions of the human to move as labelled buttons (each action view's "text"). Every
// board renderer shows them; a board may narrow the list (a unit selected) and offer "show all".
import { h } from '../lib/dom.js';

// view: the game view; actions: those to show (default: all legal ones); act(action) plays one;
// onShowAll() widens a narrowed list; onHover(cells, action) follows the pointer over a button;
// note: a line that says where the other actions are instead of "show all" (a board that offers
// them on the table).
export function actionsPanel(view, { actions = view.legal ?? [], act, onShowAll, onHover, note } = {}) {
  const total = view.legal?.length ?? 0;
  let narrowed = null;
  if (note) narrowed = h('p', { class: 'small muted actions-note' }, note);
  else if (actions.length < total)
    narrowed = h('p', { class: 'small muted' }, `${actions.length} of ${total} actions: `,
      h('button', { class: 'small', onclick: () => onShowAll?.() }, 'show all'));
  return h('section', { class: 'actions panel', id: 'actions' },
    h('h3', {}, total ? 'Your move' : view.terminal ? 'Game over' : 'Waiting'),
    narrowed,
    h('div', { class: 'action-buttons' }, actions.map((action) => h('button', {
      class: `action kind-${action.kind ?? 'action'}`, dataset: { kind: action.kind ?? '', action: action.action },
      onclick: () => act(action),
      onmouseenter: onHover ? () => onHover(action.cells, action) : null,
      onmouseleave: onHover ? () => onHover([]) : null,
    }, action.text ?? `action ${action.action}`))));
}
