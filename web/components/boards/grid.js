// The board renderer of table views of kind "grid" (AtomsPast's; docs/api.md): the board drawn as
// SVG, its units clickable, the destinations of the legal actions on it, and the panels beside it
// (the unit selected, the players, the roll). Everything shown comes from the table view; nothing
// here decides a rule.
import { h, s, replace } from '../../lib/dom.js';
import { actionsPanel } from '../action_buttons.js';
import { playerPanels, rollView, spellView } from '../table_panels.js';

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

// How a terrain symbol looks, from what the legend says it is (its flags).
function terrainLook(entry) {
  if (!entry) return { fill: '#e9e4d4' };
  if (entry.blocks_move) return { fill: '#5b5852' };
  if (entry.dangerous) return { fill: '#e39a62' };
  if (entry.blocks_sight) return { fill: '#a08e74' };
  if (entry.difficult) return { fill: '#a9c48b' };
  if (entry.obscuring) return { fill: '#c2d6a4' };
  if (entry.cover === 'heavy') return { fill: '#d3c19e' };
  if (entry.cover === 'light') return { fill: '#dde3b8' };
  return { fill: '#e9e4d4' };
}

function coverKind(entry) {
  return entry?.cover ?? null;
}

function defs() {
  return s('defs', {},
    s('pattern', { id: 'cover-light', width: 6, height: 6, patternUnits: 'userSpaceOnUse', patternTransform: 'rotate(45)' },
      s('line', { x1: 0, y1: 0, x2: 0, y2: 6, stroke: '#6b7f3a', 'stroke-width': 1, opacity: 0.55 })),
    s('pattern', { id: 'cover-heavy', width: 5, height: 5, patternUnits: 'userSpaceOnUse', patternTransform: 'rotate(45)' },
      s('line', { x1: 0, y1: 0, x2: 0, y2: 5, stroke: '#6a4a22', 'stroke-width': 1.6, opacity: 0.7 })),
    s('pattern', { id: 'obscuring', width: 8, height: 8, patternUnits: 'userSpaceOnUse' },
      s('circle', { cx: 4, cy: 4, r: 1.6, fill: '#4f6d33', opacity: 0.55 })));
}

// The board. options: selected (unit index), highlight {reach, sight, targets}, cellActions
// [{cells, onclick, title}], onUnit(unit), labels (Map index → label).
export function drawBoard(table, options = {}) {
  const { width, height } = table;
  const labels = options.labels ?? unitLabels(table.units);
  const svg = s('svg', {
    class: 'board', viewBox: `0 0 ${MARGIN + width * CELL + 2} ${MARGIN + height * CELL + 2}`,
    width: MARGIN + width * CELL + 2, height: MARGIN + height * CELL + 2, role: 'img',
    'aria-label': `${table.map?.name ?? 'Board'}: ${width} by ${height} spaces` });
  svg.append(defs());
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
      const look = terrainLook(entry);
      const { x: px, y: py } = at(x, y);
      const level = table.heights?.[y]?.[x] ?? 0;
      const title = [cellName([x, y]), entry?.name && !/^open/.test(entry.name) ? entry.name : null,
                     level ? `Higher Ground ${level}` : null].filter(Boolean).join(' · ');
      const cell = s('g', { class: 'cell', 'data-x': x, 'data-y': y },
        s('title', {}, title),
        s('rect', { x: px, y: py, width: CELL, height: CELL, fill: look.fill, stroke: '#cfc8b4', 'stroke-width': 0.5 }));
      if (level > 0)
        cell.append(s('rect', { x: px, y: py, width: CELL, height: CELL, fill: '#7a4f1d', opacity: Math.min(0.45, 0.07 * level) }),
                    s('text', { class: 'height', x: px + 3, y: py + 11 }, level));
      const cover = coverKind(entry);
      if (cover) cell.append(s('rect', { x: px, y: py, width: CELL, height: CELL, fill: `url(#cover-${cover === 'heavy' ? 'heavy' : 'light'})` }));
      if (entry?.obscuring) cell.append(s('rect', { x: px, y: py, width: CELL, height: CELL, fill: 'url(#obscuring)' }));
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
  const marks = s('g', { class: 'marks' });
  for (const [x, y] of options.highlight?.sight ?? [])
    marks.append(s('rect', { class: 'sight', x: at(x, y).x, y: at(x, y).y, width: CELL, height: CELL }));
  for (const [x, y] of options.highlight?.reach ?? [])
    marks.append(s('rect', { class: 'reach', x: at(x, y).x + 3, y: at(x, y).y + 3, width: CELL - 6, height: CELL - 6, rx: 4 }));
  svg.append(marks);

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
                     targets.has(unit.index) ? 'target' : ''].filter(Boolean).join(' ');
    const token = s('g', { class: classes, 'data-unit': unit.index, tabindex: 0,
      onclick: (event) => { event.stopPropagation(); options.onUnit?.(unit); } },
      s('title', {}, `${labels.get(unit.index)} ${unit.name}${unit.kon ? ' (Kon)' : ''} · AcTi ${unit.acti} · wounds ${unit.wounds}/${unit.max_wounds}`),
      s('rect', { class: 'token', x: px + 2, y: py + 2, width: w * CELL - 4, height: hgt * CELL - 4, rx: w * hgt === 1 ? 13 : 8 }),
      s('text', { class: 'label', x: px + (w * CELL) / 2, y: py + (hgt * CELL) / 2 + 4, 'text-anchor': 'middle' }, labels.get(unit.index)));
    // AcTi: the activation timer, in a badge.
    token.append(s('circle', { class: 'acti-badge', cx: px + w * CELL - 5, cy: py + 5, r: 7 }),
                 s('text', { class: 'acti', x: px + w * CELL - 5, y: py + 8.5, 'text-anchor': 'middle' }, unit.acti));
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
      [['AcTi', unit.acti], ['Wounds', `${unit.wounds} / ${unit.max_wounds}`], ['Move', unit.move], ['Shield', unit.shield],
       ['Melee', unit.melee ?? '—'], ['Ranged', unit.ranged ?? '—'], ['Keywords', (unit.keywords ?? []).join(', ') || '—'],
       ['At', (unit.cells ?? []).map(cellName).join(' ') || 'not deployed']]
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
// several do).
function playBoard({ act }) {
  let selected = null;      // the unit clicked
  let anchorFilter = null;  // a destination clicked that several actions share
  let view = null;
  let boxes = null;

  function redraw() {
    if (view) draw(view, boxes);
  }

  function highlightCells(cells) {
    for (const old of boxes.board.querySelectorAll('.destination.hover')) old.classList.remove('hover');
    if (!cells?.length) return;
    const marker = boxes.board.querySelector(`.destination[data-x="${cells[0][0]}"][data-y="${cells[0][1]}"]`);
    marker?.classList.add('hover');
  }

  function draw(nextView, nextBoxes) {
    view = nextView;
    boxes = nextBoxes;
    const table = view.table;
    const labels = unitLabels(table.units);
    // The unit clicked, else the one whose action is being resolved (where it moves, whom it attacks).
    const focus = selected ?? (table.acting_unit >= 0 ? table.acting_unit : null);
    const unit = table.units.find((u) => u.index === focus);
    const legal = view.legal ?? [];
    // Destinations on the board: the actions with a footprint.
    let cellActions = legal.filter((a) => a.cells?.length);
    if (selected !== null && cellActions.some((a) => a.unit === selected)) cellActions = cellActions.filter((a) => a.unit === selected);
    const byAnchor = new Map();
    for (const action of cellActions) {
      const key = action.cells[0].join(',');
      if (!byAnchor.has(key)) byAnchor.set(key, []);
      byAnchor.get(key).push(action);
    }
    const board = drawBoard(table, {
      labels, selected: focus,
      highlight: unit ? { reach: unit.reach, sight: unit.sight, targets: unit.targets } : null,
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
    replace(boxes.board, board, h('div', { class: 'legend-line small muted' },
      h('span', { class: 'swatch reach' }), ' where it can move ', h('span', { class: 'swatch sight' }), ' what it sees ',
      h('span', { class: 'swatch target' }), ' what it can attack · numbers in a corner: Higher Ground · badge: AcTi'));

    let shown = legal;
    if (anchorFilter) shown = anchorFilter;
    else if (selected !== null && legal.some((a) => a.unit === selected)) shown = legal.filter((a) => a.unit === selected || a.unit < 0);
    replace(boxes.side,
      rollView(table.roll),
      spellView(table, labels),
      actionsPanel(view, {
        actions: shown, act, onHover: highlightCells,
        onShowAll: () => { selected = null; anchorFilter = null; redraw(); } }),
      unit ? unitPanel(unit, labels) : null,
      playerPanels(table, { seat: view.seat }),
      undeployed(table, labels));
  }

  return {
    draw,
    reset() { selected = null; anchorFilter = null; },
  };
}

export const gridBoard = {
  kind: 'grid',

  summary(table) {
    return `${table.map?.name ?? ''} · round ${table.round} · ${table.phase} phase`;
  },

  play: playBoard,

  frame(frame, { board, side }) {
    const table = frame.table;
    replace(board, drawBoard(table));
    replace(side, rollView(table.roll), spellView(table, unitLabels(table.units)), playerPanels(table));
  },
};
