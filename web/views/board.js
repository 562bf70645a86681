// The AtomsPast board drawn as SVG from a table view of kind "grid" (docs/api.md), and the pieces
// around it that the play and replay pages share: the players' panels, the last roll, the log.
// Everything shown comes from the table view; nothing here decides a rule.
import { h, s } from '../dom.js';

export const CELL = 32;
const MARGIN = 20;  // room for the column letters and row numbers

export const SIDE_NAMES = ['Red', 'Blue'];

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

// A spell's name with its card (AcTi, text) as the tooltip, from the view's `cards`.
function spellName(table, name, extra = '') {
  const card = table.cards?.[name];
  return h('span', { class: 'spell-name', title: card ? `AcTi ${card.acti}. ${card.text}` : null }, h('strong', {}, name), extra);
}

// The two sides: hands (hidden ones as a count), decks, Casting Zones, Kon Spells.
export function playerPanels(table, { seat = -1, active = table.active } = {}) {
  return h('div', { class: 'players' }, (table.players ?? []).map((player) => {
    const side = player.side === 0 ? 'red' : 'blue';
    return h('section', { class: `player ${side} ${player.side === active ? 'to-move' : ''}`, dataset: { side: player.side } },
      h('h3', {}, player.name ?? SIDE_NAMES[player.side],
        player.warband ? h('span', { class: 'muted warband-name' }, ` · ${player.warband}`) : null,
        player.side === seat ? h('span', { class: 'tag' }, 'you') : null,
        player.side === active ? h('span', { class: 'tag turn' }, 'to move') : null),
      h('p', { class: 'small' },
        `Deck ${player.deck} · discard ${player.discard} · destroyed ${player.points_destroyed} pts`),
      player.kon_spell ? h('p', { class: 'small' }, 'Kon Spell: ', spellName(table, player.kon_spell),
        player.kon_power_level ? ` at Power Level ${player.kon_power_level}` : '',
        player.kon_spell_acti !== undefined && player.kon_spell_acti !== null ? ` · AcTi ${player.kon_spell_acti}` : '') : null,
      h('div', { class: 'zone' }, h('span', { class: 'small muted' }, 'Casting Zone'),
        player.zone?.length
          ? h('ul', { class: 'zone-slots' }, player.zone.map((slot) => h('li', {},
              spellName(table, slot.spell), ` AcTi ${slot.acti}`, slot.boost ? ` · Boost ${slot.boost}` : '')))
          : h('span', { class: 'small muted' }, ' empty')),
      h('div', { class: 'hand' }, h('span', { class: 'small muted' }, 'Hand'),
        player.hand
          ? h('ul', { class: 'cards-in-hand' }, player.hand.map((card) => h('li', { class: 'spell-card' }, spellName(table, card))))
          : h('span', { class: 'small muted hidden-hand' }, ` ${player.hand_size} card${player.hand_size === 1 ? '' : 's'} (hidden)`)));
  }));
}

// The spell being resolved, if any.
export function spellView(table, labels) {
  const spell = table.spell;
  if (!spell) return null;
  return h('div', { class: 'casting panel small' }, 'Resolving ', spellName(table, spell.name),
    spell.from_kon ? ' (Kon Spell)' : '', ` · X = ${spell.x}`,
    spell.targets?.length ? ` · on ${spell.targets.map((t) => labels.get(t) ?? t).join(', ')}` : '');
}

// The roll in progress or the last one, with its dice.
export function rollView(roll) {
  if (!roll) return h('div', { class: 'roll empty' });
  return h('div', { class: `roll ${roll.in_progress ? 'in-progress' : ''}`, id: 'roll' },
    h('span', { class: 'small muted' }, `${roll.purpose ? `${roll.purpose} ` : ''}[${roll.skill}S/D${roll.dice}]`),
    h('span', { class: 'dice' }, (roll.rolled ?? []).map((face) => h('span', { class: 'die' }, face))),
    h('span', { class: 'total' }, '= ', h('strong', {}, roll.total)));
}

// The game log, newest last.
export function logView(log) {
  const list = h('ol', { class: 'log', start: log.length ? log[0].index + 1 : 1 },
    log.map((entry) => h('li', { class: `log-${String(entry.player).toLowerCase()}${entry.hidden ? ' hidden-entry' : ''}` },
      h('span', { class: 'who' }, entry.player), ' ', entry.text)));
  return list;
}

// The units of the table as a list (the ones not on the board too).
export function unitRow(unit, labels) {
  return `${labels.get(unit.index)} ${unit.name}${unit.kon ? ' (Kon)' : ''}`;
}
