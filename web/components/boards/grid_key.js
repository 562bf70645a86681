// The grid board's key, always shown with it: every kind of terrain on this map as the board draws
// it (grid_terrain.js), Higher Ground, cover, the deployment zones, the units and the marks the
// board lays over them. Everything comes from the table view (its legend and heights).
import { h, s } from '../../lib/dom.js';
import { terrainShapes } from './grid_terrain.js';

const SIZE = 18;

function swatch(...shapes) {
  return s('svg', { class: 'key-swatch', width: SIZE, height: SIZE, viewBox: `0 0 ${SIZE} ${SIZE}`, 'aria-hidden': 'true' }, shapes);
}

function item(picture, text, kind) {
  return h('li', { dataset: { key: kind } }, picture, h('span', {}, text));
}

const capitalised = (text) => text.charAt(0).toUpperCase() + text.slice(1);

// placing: true while the legal actions are placements (their preview's marks are added);
// castAreas: true when the board marks where the other side's areas landed.
export function boardKey(table, { placing = false, castAreas = false } = {}) {
  const terrain = Object.values(table.legend ?? {}).map((entry) =>
    item(swatch(terrainShapes(entry, 0, 0, 0, SIZE)), capitalised(entry.name), 'terrain'));
  const highest = Math.max(0, ...(table.heights ?? []).flat());
  const zones = (table.deploy_zones ?? []).map((_, side) => item(
    swatch(s('rect', { class: `deploy-zone ${side === 0 ? 'red' : 'blue'}`, x: 1.5, y: 1.5, width: SIZE - 3, height: SIZE - 3 })),
    `${side === 0 ? 'Red' : 'Blue'}'s deployment zone (drawn while deploying)`, 'zone'));
  const mark = (cls, text, kind) => item(h('span', { class: `swatch ${cls}` }), text, kind);
  return h('section', { class: 'board-key', id: 'board-key', 'aria-label': 'Board key' },
    h('h3', {}, 'Key'),
    h('ul', { class: 'key-terrain' }, terrain,
      highest > 0 ? item(swatch(terrainShapes(null, 2, 0, 0, SIZE)), `Higher Ground: the number is its height (up to ${highest} here)`, 'height') : null,
      zones),
    h('ul', { class: 'key-marks' },
      item(swatch(s('rect', { class: 'key-token red', x: 1, y: 1, width: SIZE - 2, height: SIZE - 2, rx: 6 })),
           table.unit_key ?? 'A unit: its label; the bar its wounds left', 'unit'),
      mark('reach', 'Where the unit clicked can move', 'reach'),
      mark('sight', 'What it sees', 'sight'),
      mark('target', 'What it can attack', 'target'),
      mark('moved', 'Moved by the other side since your last move, with the route it took', 'moved'),
      mark('last-target', 'The target of its last attack', 'last-target'),
      mark('wreck', 'Destroyed since your last move (a wreck, for a turn)', 'wreck'),
      castAreas ? mark('cast-area', 'Where the other side\'s spells landed since your last move', 'cast-area') : null,
      placing ? mark('affected', 'What the placement pointed at hits (in range and in sight)', 'affected') : null,
      placing ? mark('unaffected', 'The rest of its shape: out of range or out of sight', 'unaffected') : null));
}
