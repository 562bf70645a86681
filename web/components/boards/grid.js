// The board renderer of table views of kind "grid" (AtomsPast's; docs/api.md): the board drawn as
// SVG, its units clickable, the destinations of the legal actions on it, and the panels beside it
// (the unit selected, the players, the roll). Everything shown comes from the table view; nothing
// here decides a rule.
import { h, s, replace } from '../../lib/dom.js';
import { actionsPanel } from '../action_buttons.js';
import { playerPanels, rollView, spellView } from '../table_panels.js';
import { pretty } from '../../lib/format.js';
import { lastRollText } from '../../lib/turns.js';
import { isPlacementStep } from '../../lib/placements.js';
import { boardKey } from './grid_key.js';
import { turnMarks } from './grid_marks.js';
import { placementMode } from './grid_placement.js';
import { terrainDefs, terrainShapes } from './grid_terrain.js';

export const CELL = 32;
const MARGIN = 20;  // room for the column letters and row numbers

// "A".."Z", "AA", "AB": the column names the terminal and the rules use.
export function columnName(x) {
  let name = '';
  let n = x + 1;
  while (n > 0) {
    const rem = (n - 1) % 26;
    name = String.fromCharCode(65 + rem) + name;
    n = Math.floor((n - 1) / 26);
  }
  return name;
}

export function cellName([x, y]) {
  return `${columnName(x)}${y + 1}`;
}

// R1, B7: the side's letter and the unit's place in its side (the Kon is 1), as the terminal labels them.
export function unitLabels(units) {
  const labels = new Map();
  const counts = [0, 0];
  for (const unit of [...units].sort((a, b) => a.index - b.index)) {
    counts[unit.side] += 1;
    labels.set(unit.index, unit.label ?? `${unit.side === 0 ? 'R' : 'B'}${counts[unit.side]}`);
  }
  return labels;
}

// The board. options: selected (unit index), highlight {reach, sight, targets}, cellActions
// [{cells, onclick, title}], onUnit(unit), labels (Map index → label), marks (what the other side
// just did: grid_marks.js), overlay(at, cell) → nodes drawn over everything (a placement's preview).
export function drawBoard(table, options = {}) {
  const { width, height } = table;
  const labels = options.labels ?? unitLabels(table.units);
  const svg = s('svg', {
    class: 'board', viewBox: `0 0 ${MARGIN + width * CELL + 2} ${MARGIN + height * CELL + 2}`,
    width: MARGIN + width * CELL + 2, height: MARGIN + height * CELL + 2, role: 'img',
    'aria-label': `${table.map?.name ?? 'Board'}: ${width} by ${height} spaces` });
  svg.append(terrainDefs());
  const at = (x, y) => ({ x: MARGIN + x * CELL, y: MARGIN + y * CELL });

  // Coordinates.
  for (let x = 0; x < width; ++x)
    svg.append(s('text', { class: 'coord', x: at(x, 0).x + CELL / 2, y: 14, 'text-anchor': 'middle' }, columnName(x)));
  for (let y = 0; y < height; ++y)
    svg.append(s('text', { class: 'coord', x: MARGIN - 4, y: at(0, y).y + CELL / 2 + 4, 'text-anchor': 'end' }, y + 1));

  // Terrain, Higher Ground, cover.
  const terrain = s('g', { class: 'terrain' });
  for (let y = 0; y < height; ++y) {
    const row = table.terrain[y] ?? '';
    for (let x = 0; x < width; ++x) {
      const symbol = row[x] ?? '.';
      const entry = table.legend?.[symbol];
      const { x: px, y: py } = at(x, y);
      const level = table.heights?.[y]?.[x] ?? 0;
      const title = [cellName([x, y]), entry?.name && !/^open/.test(entry.name) ? entry.name : null,
                     level ? `Higher Ground ${level}` : null].filter(Boolean).join(' · ');
      const cell = s('g', { class: 'cell', 'data-x': x, 'data-y': y },
        s('title', {}, title), terrainShapes(entry, level, px, py, CELL));
      terrain.append(cell);
    }
  }
  svg.append(terrain);

  // The deployment zones, while units are deployed.
  if (table.phase === 'deploy' || table.phase === 'setup' || table.phase === 'dice_off') {
    (table.deploy_zones ?? []).forEach(([x0, y0, x1, y1], side) => {
      svg.append(s('rect', { class: `deploy-zone ${side === 0 ? 'red' : 'blue'}`, x: at(x0, y0).x, y: at(x0, y0).y,
                             width: (x1 - x0 + 1) * CELL, height: (y1 - y0 + 1) * CELL }));
    });
  }

  // What the selected unit could do: sight, reach.
  const selectionMarks = s('g', { class: 'marks' });
  for (const [x, y] of options.highlight?.sight ?? [])
    selectionMarks.append(s('rect', { class: 'sight', x: at(x, y).x, y: at(x, y).y, width: CELL, height: CELL }));
  for (const [x, y] of options.highlight?.reach ?? [])
    selectionMarks.append(s('rect', { class: 'reach', x: at(x, y).x + 3, y: at(x, y).y + 3, width: CELL - 6, height: CELL - 6, rx: 4 }));
  svg.append(selectionMarks);

  // What the other side just did: wrecks where units were destroyed, and the line of each move
  // from where it started (a ghost outline) to where it ended.
  const marks = options.marks;
  if (marks) {
    const layer = s('g', { class: 'turn-marks' });
    // The squares its areas affected (a spell placed), under its moves.
    for (const area of marks.areas ?? []) {
      layer.append(s('g', { class: 'cast-area', 'data-unit': area.unit }, s('title', {}, area.text),
        area.cells.map(([x, y]) => s('rect', { 'data-x': x, 'data-y': y, x: at(x, y).x + 2, y: at(x, y).y + 2, width: CELL - 4, height: CELL - 4 }))));
    }
    const box = (cells) => {
      const xs = cells.map((c) => c[0]); const ys = cells.map((c) => c[1]);
      const x0 = Math.min(...xs); const y0 = Math.min(...ys);
      return { ...at(x0, y0), w: (Math.max(...xs) - x0 + 1) * CELL, h: (Math.max(...ys) - y0 + 1) * CELL };
    };
    for (const wreck of marks.wrecks) {
      const b = box(wreck.cells);
      layer.append(s('g', { class: `wreck ${wreck.side === 0 ? 'red' : 'blue'}`, 'data-unit': wreck.unit },
        s('title', {}, `${wreck.label} ${wreck.name}: destroyed`),
        s('rect', { x: b.x + 3, y: b.y + 3, width: b.w - 6, height: b.h - 6, rx: 6 }),
        s('path', { d: `M ${b.x + 8} ${b.y + 8} L ${b.x + b.w - 8} ${b.y + b.h - 8} M ${b.x + b.w - 8} ${b.y + 8} L ${b.x + 8} ${b.y + b.h - 8}` })));
    }
    for (const move of marks.moves) {
      const to = box(move.to);
      if (!move.from?.length) continue;
      const from = box(move.from);
      // Along the route it took (round walls and friends), or straight when none was given.
      const stops = (move.path?.length >= 2 ? move.path : [move.from, move.to]).map(box);
      const points = stops.map((b) => `${b.x + b.w / 2},${b.y + b.h / 2}`).join(' ');
      layer.append(s('g', { class: 'move-path', 'data-unit': move.unit },
        s('rect', { class: 'ghost', x: from.x + 3, y: from.y + 3, width: from.w - 6, height: from.h - 6, rx: 6 }),
        s('polyline', { points, 'marker-end': 'url(#move-arrow)' })));
    }
    svg.append(layer);
  }

  // Units.
  const targets = new Set(options.highlight?.targets ?? []);
  const unitsLayer = s('g', { class: 'units' });
  for (const unit of table.units) {
    if (!unit.alive || !unit.deployed || !unit.cells?.length) continue;
    const xs = unit.cells.map((c) => c[0]);
    const ys = unit.cells.map((c) => c[1]);
    const x0 = Math.min(...xs); const y0 = Math.min(...ys);
    const w = Math.max(...xs) - x0 + 1; const hgt = Math.max(...ys) - y0 + 1;
    const { x: px, y: py } = at(x0, y0);
    const selected = options.selected === unit.index;
    const classes = ['unit', unit.side === 0 ? 'red' : 'blue', unit.kon ? 'kon' : '', selected ? 'selected' : '',
                     targets.has(unit.index) ? 'target' : '', marks?.moved.has(unit.index) ? 'moved' : '',
                     marks?.target === unit.index ? 'last-target' : ''].filter(Boolean).join(' ');
    const token = s('g', { class: classes, 'data-unit': unit.index, tabindex: 0,
      onclick: (event) => { event.stopPropagation(); options.onUnit?.(unit); } },
      s('title', {}, [unitRow(unit, labels), ...(unit.stats ?? []).map(([name, value]) => `${name} ${value}`)].join(' · ')),
      s('rect', { class: 'token', x: px + 2, y: py + 2, width: w * CELL - 4, height: hgt * CELL - 4, rx: w * hgt === 1 ? 13 : 8 }),
      s('text', { class: 'label', x: px + (w * CELL) / 2, y: py + (hgt * CELL) / 2 + 4, 'text-anchor': 'middle' }, labels.get(unit.index)));
    if (marks?.target === unit.index)
      token.append(s('circle', { class: 'reticle', cx: px + (w * CELL) / 2, cy: py + (hgt * CELL) / 2, r: Math.max(w, hgt) * CELL / 2 + 1 }));
    // The ruleset's badge (AtomsPast: the activation timer), when it gives one.
    if (unit.badge !== undefined && unit.badge !== null)
      token.append(s('circle', { class: 'acti-badge', cx: px + w * CELL - 5, cy: py + 5, r: 7 }),
                   s('text', { class: 'acti', x: px + w * CELL - 5, y: py + 8.5, 'text-anchor': 'middle' }, unit.badge));
    // Wounds left, as a bar along the bottom.
    const barWidth = w * CELL - 10;
    const left = unit.max_wounds ? Math.max(0, unit.wounds / unit.max_wounds) : 1;
    token.append(s('rect', { class: 'wound-bg', x: px + 5, y: py + hgt * CELL - 6, width: barWidth, height: 3 }),
                 s('rect', { class: 'wound', x: px + 5, y: py + hgt * CELL - 6, width: barWidth * left, height: 3 }));
    unitsLayer.append(token);
  }
  svg.append(unitsLayer);

  // Destinations of the legal actions (deploy, move): clickable.
  if (options.cellActions?.length) {
    const layer = s('g', { class: 'destinations' });
    for (const choice of options.cellActions) {
      const [x, y] = choice.cells[0];
      const footprint = s('g', { class: 'footprint' }, choice.cells.map(([cx, cy]) =>
        s('rect', { x: at(cx, cy).x, y: at(cx, cy).y, width: CELL, height: CELL })));
      const marker = s('g', { class: 'destination', 'data-x': x, 'data-y': y, onclick: choice.onclick },
        s('title', {}, choice.title),
        footprint,
        s('circle', { cx: at(x, y).x + CELL / 2, cy: at(x, y).y + CELL / 2, r: 6 }));
      layer.append(marker);
    }
    svg.append(layer);
  }
  if (options.overlay) svg.append(...options.overlay(at, CELL));
  return svg;
}

// The units of the table as a list (the ones not on the board too).
export function unitRow(unit, labels) {
  return `${labels.get(unit.index)} ${unit.name}${unit.kon ? ' (Kon)' : ''}`;
}

function unitPanel(unit, labels) {
  return h('section', { class: `unit-card panel ${unit.side === 0 ? 'red' : 'blue'}`, id: 'unit-card' },
    h('h3', {}, unitRow(unit, labels)),
    h('table', { class: 'data compact' }, h('tbody', {},
      // The ruleset's own rows, in its words, then where the unit stands.
      [...(unit.stats ?? []), ['At', (unit.cells ?? []).map(cellName).join(' ') || 'not deployed']]
        .map(([k, v]) => h('tr', {}, h('th', {}, k), h('td', {}, v))))),
    unit.reach ? h('p', { class: 'small muted' }, `${unit.reach.length} spaces in reach · sees ${unit.sight?.length ?? 0} · ${unit.targets?.length ?? 0} targets`) : null);
}

function undeployed(table, labels) {
  const waiting = table.units.filter((u) => u.alive && !u.deployed);
  const fallen = table.units.filter((u) => !u.alive);
  if (!waiting.length && !fallen.length) return null;
  return h('section', { class: 'panel small' },
    waiting.length ? h('p', {}, h('strong', {}, 'To deploy: '), waiting.map((u) => unitRow(u, labels)).join(', ')) : null,
    fallen.length ? h('p', {}, h('strong', {}, 'Destroyed: '), fallen.map((u) => unitRow(u, labels)).join(', ')) : null);
}

// The board of a live game: a unit clicked shows its reach, sight and targets and narrows the
// actions to its own; a destination clicked plays the action that ends there (or lists them when
// several do). When the legal actions place an area, the board previews them (grid_placement.js).
function playBoard({ act, undo }) {
  let selected = null;      // the unit clicked
  let anchorFilter = null;  // a destination clicked that several actions share
  let view = null;
  let boxes = null;
  let placement = null;     // the placement mode's controls, while the step is one
  // Its square and rotation, kept across draws of the step, and whether its start was scrolled to.
  let placing = { step: null, square: null, rotation: 0, seen: false };
  const keyed = new WeakSet();  // the board boxes that pass their keys to the placement mode

  function redraw() {
    if (view) draw(view, boxes, recent);
  }

  function highlightCells(cells) {
    for (const old of boxes.board.querySelectorAll('.destination.hover')) old.classList.remove('hover');
    if (!cells?.length) return;
    const marker = boxes.board.querySelector(`.destination[data-x="${cells[0][0]}"][data-y="${cells[0][1]}"]`);
    marker?.classList.add('hover');
  }

  let recent = null;

  function draw(nextView, nextBoxes, nextRecent = null) {
    view = nextView;
    boxes = nextBoxes;
    recent = nextRecent;
    const table = view.table;
    const labels = unitLabels(table.units);
    // The unit clicked, else the one whose action is being resolved (where it moves, whom it attacks).
    const focus = selected ?? (table.acting_unit >= 0 ? table.acting_unit : null);
    const unit = table.units.find((u) => u.index === focus);
    const legal = view.legal ?? [];
    placement = null;
    if (isPlacementStep(legal)) {
      const step = `${view.length}:${legal.map((a) => a.action).join(',')}`;
      if (placing.step !== step) placing = { step, square: null, rotation: 0, seen: false };
      placement = placementMode({ table, legal, state: placing, act, undo: view.can_undo ? undo : null });
    }
    // Destinations on the board: the actions with a footprint (none while placing: the preview shows them).
    let cellActions = placement ? [] : legal.filter((a) => a.cells?.length);
    if (selected !== null && cellActions.some((a) => a.unit === selected)) cellActions = cellActions.filter((a) => a.unit === selected);
    const byAnchor = new Map();
    for (const action of cellActions) {
      const key = action.cells[0].join(',');
      if (!byAnchor.has(key)) byAnchor.set(key, []);
      byAnchor.get(key).push(action);
    }
    const marks = recent ? turnMarks(recent.entries, recent.before, table) : null;
    const board = drawBoard(table, {
      labels, selected: focus, marks,
      overlay: placement?.overlay,
      // While placing, the preview alone: the unit's reach and sight would read as the spell's.
      highlight: unit && !placement ? { reach: unit.reach, sight: unit.sight, targets: unit.targets } : null,
      cellActions: [...byAnchor.values()].map((actions) => ({
        cells: actions[0].cells,
        title: actions.map((a) => a.text).join(' / '),
        onclick: () => {
          if (actions.length === 1) act(actions[0]);
          else { anchorFilter = actions; redraw(); }
        },
      })),
      onUnit: (clicked) => {
        // An attack or spell aimed at this unit: one click does it.
        const aimed = legal.filter((a) => a.target === clicked.index && !a.cells?.length);
        if (aimed.length === 1 && selected !== clicked.index && (selected === null || aimed[0].unit === selected || aimed[0].unit < 0)) {
          act(aimed[0]);
          return;
        }
        selected = selected === clicked.index ? null : clicked.index;
        anchorFilter = null;
        redraw();
      },
    });
    board.addEventListener('click', () => { if (selected !== null) { selected = null; redraw(); } });
    const frame = boardFrame(board);
    replace(boxes.board, placement?.bar, frame, boardKey(table, { placing: !!placement, castAreas: !!marks?.areas.length }));

    let shown = legal;
    if (anchorFilter) shown = anchorFilter;
    else if (selected !== null && legal.some((a) => a.unit === selected)) shown = legal.filter((a) => a.unit === selected || a.unit < 0);
    replace(boxes.side,
      rollView(table.roll, lastRollText(view.log)),
      spellView(table, labels),
      actionsPanel(view, {
        actions: shown, act,
        onHover: placement ? (cells, action) => placement?.showAction(action) : highlightCells,
        onShowAll: () => { selected = null; anchorFilter = null; redraw(); } }),
      unit ? unitPanel(unit, labels) : null,
      playerPanels(table, { seat: view.seat }),
      undeployed(table, labels));
    if (placement) startPlacing(frame);
  }

  // While placing, the keys act on the preview (R, the arrows, Enter, Esc). The board's frame takes
  // the focus when nothing else has it (the spell's button just clicked is gone), so they work at
  // once, without a click (which would cast). At a step's start the caption is scrolled into view:
  // on a phone the spell's button lies below the board.
  function startPlacing(frame) {
    if (!placing.seen) {
      placing.seen = true;
      placement.bar.scrollIntoView({ block: 'nearest' });
    }
    if (!keyed.has(boxes.board)) {
      keyed.add(boxes.board);
      boxes.board.addEventListener('keydown', (event) => placement?.onKey(event));
    }
    frame.tabIndex = 0;
    if (!document.activeElement || document.activeElement === document.body) frame.focus({ preventScroll: true });
  }

  return {
    draw,
    reset() { selected = null; anchorFilter = null; },
  };
}

// The board in a frame of its own, which scrolls when the board is wider than the screen.
function boardFrame(board) {
  return h('div', { class: 'board-frame', id: 'board-frame' }, board);
}

export const gridBoard = {
  kind: 'grid',

  // Rounds and turns as the rules count them, and the phase in words.
  summary(table) {
    const when = table.turn > 0 ? `round ${table.round}, turn ${table.turn}` : table.round > 0 ? `round ${table.round}` : 'set-up';
    const phase = table.phase_name ?? `${pretty(table.phase ?? '')} Phase`;
    return [table.map?.name, when, phase].filter(Boolean).join(' · ');
  },

  play: playBoard,

  // A replay step; `recent` ({entries, before}) marks what those entries did on the board.
  frame(frame, { board, side }, recent = null) {
    const table = frame.table;
    const marks = recent ? turnMarks(recent.entries, recent.before, table) : null;
    replace(board, boardFrame(drawBoard(table, { marks })), boardKey(table, { castAreas: !!marks?.areas.length }));
    replace(side, rollView(table.roll, lastRollText(frame.log)), spellView(table, unitLabels(table.units)), playerPanels(table));
  },
};
