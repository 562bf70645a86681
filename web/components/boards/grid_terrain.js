// How the grid board draws a space's terrain, shared by the board (grid.js) and its key
// (grid_key.js) so that the two always agree: a fill from what the legend says the terrain is
// (its flags), and the cover and Obscuring patterns laid over it.
import { s } from '../../lib/dom.js';

export function terrainLook(entry) {
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

// The Higher Ground shade over a space of height `level`.
export function heightShade(level) {
  return Math.min(0.45, 0.07 * level);
}

// The patterns the terrain uses (ids are page-wide: the board and the key share them).
export function terrainDefs() {
  return s('defs', {},
    s('pattern', { id: 'cover-light', width: 6, height: 6, patternUnits: 'userSpaceOnUse', patternTransform: 'rotate(45)' },
      s('line', { x1: 0, y1: 0, x2: 0, y2: 6, stroke: '#6b7f3a', 'stroke-width': 1, opacity: 0.55 })),
    s('pattern', { id: 'cover-heavy', width: 5, height: 5, patternUnits: 'userSpaceOnUse', patternTransform: 'rotate(45)' },
      s('line', { x1: 0, y1: 0, x2: 0, y2: 5, stroke: '#6a4a22', 'stroke-width': 1.6, opacity: 0.7 })),
    s('pattern', { id: 'obscuring', width: 8, height: 8, patternUnits: 'userSpaceOnUse' },
      s('circle', { cx: 4, cy: 4, r: 1.6, fill: '#4f6d33', opacity: 0.55 })),
    s('marker', { id: 'move-arrow', viewBox: '0 0 10 10', refX: 8, refY: 5, markerWidth: 5, markerHeight: 5, orient: 'auto-start-reverse' },
      s('path', { d: 'M 0 0 L 10 5 L 0 10 z', class: 'move-arrow-head' })));
}

// The layers one space of terrain draws (its fill, Higher Ground shade and number, cover and
// Obscuring patterns) at (px, py), `size` wide.
export function terrainShapes(entry, level, px, py, size) {
  const shapes = [s('rect', { x: px, y: py, width: size, height: size, fill: terrainLook(entry).fill, stroke: '#cfc8b4', 'stroke-width': 0.5 })];
  if (level > 0)
    shapes.push(s('rect', { x: px, y: py, width: size, height: size, fill: '#7a4f1d', opacity: heightShade(level) }),
                s('text', { class: 'height', x: px + 3, y: py + 11 }, level));
  if (entry?.cover) shapes.push(s('rect', { x: px, y: py, width: size, height: size, fill: `url(#cover-${entry.cover === 'heavy' ? 'heavy' : 'light'})` }));
  if (entry?.obscuring) shapes.push(s('rect', { x: px, y: py, width: size, height: size, fill: 'url(#obscuring)' }));
  return shapes;
}
