// The board renderer of table views of kind "tabletop" (Conflict's, and any inch-measured game's;
// docs/api.md, "The Conflict view"): the table drawn to scale (tabletop_drawing.js), zoomed and
// panned (tabletop_zoom.js), the legal actions of the decision chosen where they act
// (lib/tabletop_choices.js): a click snaps to the nearest choice and previews it, a second click
// or Enter plays it, Esc drops it, the arrow keys move between choices; the rest are buttons
// beside the board. Rings, sight lines and a ruler are laid over it (tabletop_overlays.js).
// Nothing here decides a rule: every choice is one the server listed.
import { h, replace } from '../../lib/dom.js';
import { turnText } from '../../lib/format.js';
import { actorOf, choiceCaption, snapIndex, splitChoices } from '../../lib/tabletop_choices.js';
import { distance, inchesText, isArrow, measure, modelAt, stepIndex } from '../../lib/tabletop_geometry.js';
import { tabletopMarks } from '../../lib/tabletop_marks.js';
import { dicePoolRoll } from '../../lib/dice_roll.js';
import { actionsPanel } from '../action_buttons.js';
import { diceRollPanel } from '../dice_roll.js';
import { draftPanel } from '../card_draft.js';
import { drawTable, modelStatus } from './tabletop_drawing.js';
import { choiceMarks, previewMarks, rings, rulerMarks, turnMarkNodes } from './tabletop_overlays.js';
import { rulerKey } from '../../lib/tabletop_ruler.js';
import { zoomController } from './tabletop_zoom.js';

// How near a choice (inches) a click on a base must be to pick the choice, not the model.
const SELECT_SLACK = 0.5;

// The model's card: what the view says of it, in words.
function modelCard(model) {
  if (!model || !Array.isArray(model.at)) return null;
  const rows = [
    ['Size', model.size], ['Base', inchesText(model.diameter)],
    ['Wounds', `${model.wounds} / ${model.max_wounds}`],
    ['At', `(${model.at.map((v) => Number(v.toFixed(2))).join(', ')})${Number.isFinite(model.facing) ? ` facing ${model.facing}°` : ''}`],
    ['Attack Reach', inchesText(model.attack_reach ?? 0)], ['Influence', inchesText(model.influence ?? 0)],
  ];
  // What a view adds of its own: the model's class, its dice left (of the most it has).
  if (typeof model.class === 'string') rows.unshift(['Class', model.class]);
  if (model.dice && typeof model.dice === 'object')
    rows.push(['Dice left', Object.entries(model.dice).map(([name, n]) =>
      `${name} ${n}${Number.isFinite(model.max_dice?.[name]) ? `/${model.max_dice[name]}` : ''}`).join(', ')]);
  const status = modelStatus(model);
  if (status.length) rows.push(['State', status.join(', ')]);
  return h('section', { class: `unit-card panel ${model.side === 0 ? 'red' : 'blue'}`, id: 'model-card' },
    h('h3', {}, `${model.label} ${model.name}`),
    h('table', { class: 'data compact' }, h('tbody', {}, rows.map(([k, v]) => h('tr', {}, h('th', {}, k), h('td', {}, String(v)))))));
}

// The models off the table: those still to be placed, and those knocked out.
function offTable(table) {
  const models = table.models ?? [];
  const waiting = models.filter((model) => !model.out && model.deployed === false);
  const out = models.filter((model) => model.out);
  if (!waiting.length && !out.length) return null;
  const names = (list) => list.map((model) => `${model.label} ${model.name}`).join(', ');
  return h('section', { class: 'panel small', id: 'models-off' },
    waiting.length ? h('p', { id: 'models-to-deploy' }, h('strong', {}, 'To deploy: '), names(waiting)) : null,
    out.length ? h('p', { id: 'models-out' }, h('strong', {}, 'Knocked out: '), names(out)) : null);
}

// The key under the board.
function tabletopKey() {
  const item = (cls, text) => h('li', {}, h('span', { class: `swatch tt-${cls}` }), h('span', {}, text));
  return h('section', { class: 'board-key', id: 'board-key', 'aria-label': 'Board key' },
    h('h3', {}, 'Key'),
    h('ul', { class: 'key-marks' },
      item('piece', 'Terrain: darker is larger; its size · height in inches (striped: impassable, double edge: reinforced)'),
      item('model', 'A model: its label, the wedge its facing and the dark half its rear arc (in a game with facing), the bar its wounds left'),
      item('ring', 'Attack Reach (red) and Influence (purple) of the model selected or active, edge to edge'),
      item('dot', 'Where the moving model can end this leg, inside the outline of its reach'),
      item('target', 'A model you can choose (activate, attack): click it'),
      item('sight', 'Sight lines to the target picked: solid clear, dashed hidden by terrain')),
    h('p', { class: 'small muted' }, 'Click the table: the nearest legal choice is shown; click it again or press Enter to play it, ',
      'Esc to drop it, the arrow keys to move between choices. The wheel, a pinch or + and − zoom; drag to pan; ',
      'the ruler (M) measures between any two points, edge to edge between bases: drag, or the arrow keys and N (next model).'));
}

function summary(table, game) {
  if (!table) return game?.terminal ? null : turnText(game?.current_player);
  const round = table.round_limit ? `round ${table.round} of ${table.round_limit}` : table.round ? `round ${table.round}` : null;
  return [table.name, round, game?.terminal ? null : turnText(game?.current_player)].filter(Boolean).join(' · ');
}

// The board of a live game.
function playBoard({ act }) {
  const zoom = zoomController();
  let view = null;
  let boxes = null;
  let recent = null;
  let step = null;        // the decision on the board (record length): a new one drops the preview
  let picked = -1;        // the choice previewed
  let selected = null;    // a model clicked for its rings and card
  let rulerOn = false;
  let measurement = null;
  let rulerStart = null;
  let parts = null;       // what the current draw made: {table, choices, buttons, layers, svg, bar...}
  const keyed = new WeakSet();

  function confirm(action = parts?.choices[picked]?.actions[0]) {
    if (action) act(action);
  }

  // The model whose rings show: the one picked to activate, else the one clicked, else the active one.
  function ringModel() {
    const { table, choices } = parts;
    const choice = choices[picked];
    if (choice?.kind === 'activate') return choice.model;
    if (selected !== null) return selected;
    return table.active >= 0 ? table.active : -1;
  }

  // Redraws what changes with the pointer and the keys, in place (the table stays, so do the zoom
  // and the focus).
  function refresh() {
    const { table, choices, layers, svg, caption } = parts;
    const depth = table.depth;
    const ring = ringModel();
    replace(layers.rings, rings(table.models?.[ring], depth));
    for (const node of svg.querySelectorAll('.model')) node.classList.toggle('focus', Number(node.dataset.model) === ring);
    for (const node of layers.choices.querySelectorAll('.choice.picked')) node.classList.remove('picked');
    layers.choices.querySelector(`[data-choice="${picked}"]`)?.classList.add('picked');
    const choice = choices[picked] ?? null;
    replace(layers.preview, previewMarks(choice, table, table.models?.[actorOf(choice, table)]));
    replace(layers.ruler, rulerMarks(measurement, depth));
    svg.dataset.picked = picked;
    svg.dataset.action = choice?.actions[0]?.action ?? '';
    svg.classList.toggle('measuring', rulerOn);
    const words = rulerOn && measurement
      ? { title: `Ruler: ${measurement.edge ? `${inchesText(measurement.edge.inches)} edge to edge` : inchesText(measurement.inches)}`, detail: '' }
      : rulerOn ? { title: 'Ruler: drag between two points', detail: 'or the arrow keys and N (next model); edge to edge when both ends are on bases' }
        : choices.length ? choiceCaption(choice, table) : { title: 'Nothing to choose on the table now', detail: '' };
    replace(caption, h('strong', { id: 'tabletop-title', title: words.title }, words.title), h('span', { id: 'tabletop-detail' }, words.detail));
    // The buttons are always there (disabled with nothing picked), so that the table below does
    // not move between a tap that picks and the tap that confirms.
    confirmButton.disabled = !choice || rulerOn;
    cancelButton.disabled = !choice || rulerOn;
    // Several actions in one place (two attacks on one target): Confirm plays the first, the
    // list beside the table offers each.
    replace(parts.actionsBox, actionsPanel(view, {
      actions: choice?.actions.length > 1 ? choice.actions : parts.buttons, act,
      note: choice?.actions.length > 1 ? `${choice.actions.length} choices at the place picked: Confirm plays the first`
        : parts.placed ? `${parts.placed} more on the board: click the table, or the arrow keys and Enter` : null }));
    rulerButton.classList.toggle('active', rulerOn);
    rulerButton.setAttribute('aria-pressed', String(rulerOn));
    replace(parts.cardBox, modelCard(table.models?.[ring]));
  }

  function pick(index) {
    picked = index;
    refresh();
  }

  function onTableClick(event) {
    if (rulerOn || !parts) return;
    const { table, choices } = parts;
    const point = zoom.tablePoint(event.clientX, event.clientY, table.depth);
    const model = modelAt(table.models, point);
    const index = snapIndex(choices, point);
    // A base that offers no choice, with none close to the click (a leg may end inside the mover's
    // own base): the model is selected, for its rings and card.
    const close = index >= 0 && distance(choices[index].at, point) - choices[index].radius <= SELECT_SLACK;
    if (model && !choices.some((choice) => choice.model === model.index) && !close) {
      selected = selected === model.index ? null : model.index;
      pick(-1);
      return;
    }
    if (index < 0) return;
    if (index === picked) confirm();
    else pick(index);
  }

  // The ruler: a drag from one point to another while it is on.
  function onRulerDown(event) {
    if (!rulerOn) return;
    event.preventDefault();
    parts.frame.focus({ preventScroll: true });  // the default focusing is prevented with the drag
    parts.svg.setPointerCapture?.(event.pointerId);
    rulerStart = zoom.tablePoint(event.clientX, event.clientY, parts.table.depth);
    measurement = measure(rulerStart, rulerStart, parts.table.models);
    refresh();
  }
  function onRulerMove(event) {
    if (!rulerOn || !rulerStart) return;
    measurement = measure(rulerStart, zoom.tablePoint(event.clientX, event.clientY, parts.table.depth), parts.table.models);
    refresh();
  }
  function onRulerUp() {
    rulerStart = null;
  }

  // The keyboard's ruler starts at the model whose rings show, else at the table's centre.
  function rulerOrigin() {
    const { table } = parts;
    const model = table.models?.[ringModel()];
    return Array.isArray(model?.at) ? model.at : [table.width / 2, table.depth / 2];
  }

  function toggleRuler() {
    rulerOn = !rulerOn;
    if (!rulerOn) measurement = null;
    refresh();
  }

  function onKey(event) {
    if (!parts || event.ctrlKey || event.metaKey || event.altKey) return;
    // A focused button keeps its own keys (Enter, Space); Esc works from anywhere on the board.
    if (event.key !== 'Escape' && event.target.closest?.('button, input, select, textarea, a')) return;
    const { choices, table } = parts;
    const ends = rulerOn ? rulerKey(measurement, event.key, { shift: event.shiftKey, origin: rulerOrigin(), table }) : null;
    if (ends) {
      measurement = measure(ends.from, ends.to, table.models);
      refresh();
    } else if (isArrow(event.key) && choices.length) pick(stepIndex(choices, picked, event.key));
    else if (event.key === 'Enter' && picked >= 0) confirm();
    else if (event.key === 'Escape') {
      if (measurement || rulerOn) { rulerOn = false; measurement = null; refresh(); } else if (picked >= 0) pick(-1);
      else if (selected !== null) { selected = null; refresh(); } else return;
    } else if (event.key === '+' || event.key === '=') zoom.zoom(1.25);
    else if (event.key === '-') zoom.zoom(0.8);
    else if (event.key === '0') zoom.fit();
    else if (event.key === 'm' || event.key === 'M') toggleRuler();
    else return;
    event.preventDefault();
  }

  const confirmButton = h('button', { class: 'primary', id: 'confirm-choice', title: 'Play it (Enter)', onclick: () => confirm() }, 'Confirm');
  const cancelButton = h('button', { id: 'cancel-choice', title: 'Drop it (Esc)', onclick: () => pick(-1) }, 'Cancel');
  const rulerButton = h('button', { id: 'ruler-toggle', title: 'Measure between two points (M)', 'aria-pressed': 'false', onclick: toggleRuler }, 'Ruler');
  const toolbar = h('div', { class: 'tabletop-tools' },
    h('button', { id: 'zoom-out', title: 'Zoom out (−)', onclick: () => zoom.zoom(0.8) }, '−'),
    h('button', { id: 'zoom-fit', title: 'The whole table (0)', onclick: () => zoom.fit() }, 'Fit'),
    h('button', { id: 'zoom-in', title: 'Zoom in (+)', onclick: () => zoom.zoom(1.25) }, '+'),
    rulerButton);

  function draw(nextView, nextBoxes, nextRecent = null) {
    view = nextView;
    boxes = nextBoxes;
    recent = nextRecent;
    const table = view.table;
    const stepKey = `${view.length}`;
    if (step !== stepKey) {
      step = stepKey;
      picked = -1;
    }
    const { choices, buttons } = splitChoices(view.legal ?? [], table);
    if (picked >= choices.length) picked = -1;
    if (selected !== null && (table.models?.[selected]?.out ?? true)) selected = null;
    const { svg, layers, whole } = drawTable(table, { box: zoom.box });
    const marks = recent ? tabletopMarks(recent.entries, recent.before) : null;
    layers.marks.append(...turnMarkNodes(marks, table, recent?.before));
    layers.choices.append(...choiceMarks(choices, table.depth, picked));
    svg.addEventListener('click', onTableClick);
    svg.addEventListener('pointerdown', onRulerDown);
    svg.addEventListener('pointermove', onRulerMove);
    svg.addEventListener('pointerup', onRulerUp);
    zoom.attach(svg, whole, () => rulerOn);
    const frame = h('div', { class: 'board-frame tabletop-frame', id: 'board-frame', tabindex: 0 }, svg);
    const caption = h('div', { class: 'placement-caption', id: 'tabletop-caption' });
    const confirmBox = h('div', { class: 'placement-buttons', id: 'choice-buttons' }, confirmButton, cancelButton);
    const bar = h('div', { class: 'placement-bar tabletop-bar', id: 'tabletop-bar', 'aria-live': 'polite' }, caption, confirmBox, toolbar);
    const cardBox = h('div', { class: 'model-card-box' });
    const actionsBox = h('div', { class: 'actions-box' });
    const placed = (view.legal?.length ?? 0) - buttons.length;
    parts = { table, choices, buttons, placed, layers, svg, frame, caption, cardBox, actionsBox };
    replace(boxes.board, bar, frame, tabletopKey());
    replace(boxes.side,
      actionsBox,
      draftPanel(table.draft, view.legal, act),
      cardBox,
      diceRollPanel(dicePoolRoll(table.last_roll, table.models)),
      offTable(table));
    refresh();
    if (!keyed.has(boxes.board)) {
      keyed.add(boxes.board);
      boxes.board.addEventListener('keydown', onKey);
    }
    if (choices.length && (!document.activeElement || document.activeElement === document.body)) frame.focus({ preventScroll: true });
  }

  return {
    draw,
    reset() { picked = -1; selected = null; },
  };
}

export const tabletopBoard = {
  kind: 'tabletop',
  summary,
  play: playBoard,

  // A replay step, or a step of the other side's turn: the table, what `recent.entries` did on it.
  frame(frame, { board, side }, recent = null) {
    const table = frame.table;
    const { svg, layers, whole } = drawTable(table);
    layers.marks.append(...turnMarkNodes(recent ? tabletopMarks(recent.entries, recent.before) : null, table, recent?.before));
    const zoom = zoomController();
    zoom.attach(svg, whole);
    replace(board, h('div', { class: 'board-frame tabletop-frame', id: 'board-frame' }, svg), tabletopKey());
    replace(side, draftPanel(table.draft), modelCard(table.models?.[table.active]),
      diceRollPanel(dicePoolRoll(table.last_roll, table.models)), offTable(table));
  },
};
