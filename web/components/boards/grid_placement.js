// Placement mode of the grid board (components/boards/grid.js): when every legal action places an
// area (its view has "anchor" and "affected"; lib/placements.js), the square under the pointer
// previews the placement there, its affected squares highlighted and the rest of its shape greyed;
// R or the Rotate button turns it, a click or Enter plays it, the arrow keys move the square and
// Esc takes the last decision back. The preview is redrawn in place, not the whole board, so it
// follows the pointer and keeps the keyboard's focus.
import { h, s, replace } from '../../lib/dom.js';
import { arrowStep, firstSquare, placementCaption, placementPreview, rotationKeeping, squareShowing } from '../../lib/placements.js';

// table: the grid table view; legal: the placements; state: {square, rotation}, kept by the board
// between draws of the same step; act(action) plays one; undo() takes the last decision back.
// Returns {overlay(at, cell), bar, onKey(event), showAction(action)}.
export function placementMode({ table, legal, state, act, undo }) {
  const { width, height } = table;
  if (!state.square) Object.assign(state, { square: firstSquare(legal, width, height), rotation: 0 });
  const previewLayer = s('g', { class: 'placement-preview' });
  const title = h('strong', { id: 'placement-title' });
  const detail = h('span', { id: 'placement-detail' });
  const hint = h('span', { class: 'small muted' });
  let at = null;
  let size = 0;

  const current = () => placementPreview(legal, state.square, state.rotation, { width, height });

  function square(cls, [x, y], inset = 0) {
    const { x: px, y: py } = at(x, y);
    return s('rect', { class: cls, 'data-x': x, 'data-y': y, x: px + inset, y: py + inset,
                       width: size - 2 * inset, height: size - 2 * inset });
  }

  function show() {
    const preview = current();
    if (at) {
      replace(previewLayer,
        (preview?.unaffected ?? []).map((cell) => square('unaffected', cell)),
        (preview?.affected ?? []).map((cell) => square('affected', cell, 1)),
        state.square ? square('hovered', state.square, 1) : null);
      previewLayer.dataset.action = preview?.action.action ?? '';
    }
    const caption = placementCaption(preview, table.units);
    title.textContent = caption.title;
    detail.textContent = caption.detail;
    hint.textContent = caption.hint;
  }

  function hover(next) {
    if (state.square && next[0] === state.square[0] && next[1] === state.square[1]) return;
    const orientation = current()?.action.orientation;
    Object.assign(state, { square: next, rotation: rotationKeeping(legal, next, orientation, { width, height }) });
    show();
  }

  function rotate() {
    state.rotation += 1;
    show();
  }

  function cast() {
    const preview = current();
    if (preview) act(preview.action);
  }

  // The preview, and over everything a transparent square for each space that takes the pointer
  // (a tap on a touch screen previews first; a second tap on the same square casts).
  function overlay(atCell, cell) {
    at = atCell;
    size = cell;
    const squares = s('g', { class: 'placement-squares' });
    for (let y = 0; y < height; ++y) {
      for (let x = 0; x < width; ++x) {
        let armed = true;
        const { x: px, y: py } = at(x, y);
        squares.append(s('rect', {
          class: 'placement-square', 'data-x': x, 'data-y': y, x: px, y: py, width: size, height: size,
          onpointerenter: (event) => { if (event.pointerType !== 'touch') hover([x, y]); },
          onpointerdown: (event) => {
            armed = event.pointerType !== 'touch' || (state.square?.[0] === x && state.square?.[1] === y);
          },
          onclick: (event) => {
            event.stopPropagation();
            hover([x, y]);
            if (armed) cast();
            armed = true;
          },
        }));
      }
    }
    show();
    return [previewLayer, squares];
  }

  function onKey(event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const moved = arrowStep(state.square, event.key, width, height);
    if (moved) hover(moved);
    else if (event.key === 'r' || event.key === 'R') rotate();
    else if (event.key === 'Enter') cast();
    else if (event.key === 'Escape') undo?.();
    else return;
    event.preventDefault();
  }

  // A placement pointed at elsewhere (its button in the list): shown on the board.
  function showAction(action) {
    const found = action && squareShowing(legal, action, width, height);
    if (!found) return;
    Object.assign(state, found);
    show();
  }

  const bar = h('div', { class: 'placement-bar', id: 'placement-bar', 'aria-live': 'polite' },
    h('div', { class: 'placement-caption' }, title, detail, hint),
    h('div', { class: 'placement-buttons' },
      h('button', { id: 'rotate-placement', title: 'Turn the shape (R)', onclick: rotate }, '⟳ Rotate'),
      h('button', { class: 'primary', id: 'cast-placement', title: 'Cast it here (Enter)', onclick: cast }, 'Cast here')));
  show();
  return { overlay, bar, onKey, showAction };
}
