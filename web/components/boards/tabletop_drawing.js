// The tabletop drawn to scale as SVG (table views of kind "tabletop", docs/api.md): one SVG unit
// is one inch, the far edge on top (lib/tabletop_geometry.js). The inch grid and a scale bar, the
// terrain pieces by shape, shaded by size and labelled with size and height, the zone, the
// objectives with their holder, and the round bases with their label, side, facing and arcs, wounds and state. Knows no ruleset: it
// draws the fields the view documents and ignores the rest.
import { s } from '../../lib/dom.js';
import { fitBox, gridLines, inchesText, onTable, screenDirection, sectorPath, toScreen } from '../../lib/tabletop_geometry.js';
import { objectiveMarks, objectiveTitle } from '../../lib/tabletop_objectives.js';

// The SVG of the table, its layers named so the board can redraw its overlays in place:
// {svg, layers: {marks, choices, preview, ruler}}. options.box: the view box [x, y, w, h].
export function drawTable(table, { box = null, focus = -1 } = {}) {
  const { width, depth } = table;
  const whole = fitBox(width, depth);
  const view = box ?? whole;
  const svg = s('svg', {
    class: 'board tabletop', id: 'tabletop', viewBox: view.join(' '), role: 'img',
    'aria-label': `${table.name ?? 'Table'}: ${width} by ${depth} inches` });
  svg.dataset.width = width;
  svg.dataset.depth = depth;
  svg.append(
    s('defs', {}, s('pattern', { id: 'impassable-hatch', width: 0.6, height: 0.6, patternUnits: 'userSpaceOnUse', patternTransform: 'rotate(45)' },
      s('line', { x1: 0, y1: 0, x2: 0, y2: 0.6 }))),
    s('rect', { class: 'table-top', x: 0, y: 0, width, height: depth }),
    inchGrid(width, depth),
    scaleBar(width, depth),
    deploying(table) ? deploymentZones(table.deployment_zones, depth) : null,
    s('g', { class: 'pieces' }, (table.pieces ?? []).map((piece, index) => drawPiece(piece, index, depth))),
    table.zone ? drawZone(table.zone, depth) : null,
    drawObjectives(table, depth));
  const layers = {
    marks: s('g', { class: 'turn-marks' }),
    rings: s('g', { class: 'rings' }),
    choices: s('g', { class: 'choices' }),
  };
  svg.append(layers.marks, layers.rings, layers.choices);
  svg.append(s('g', { class: 'models' }, (table.models ?? []).map((model, index) =>
    (onTable(model) ? drawModel(model, index, table, { focus: index === focus }) : null))));
  layers.preview = s('g', { class: 'preview' });
  layers.ruler = s('g', { class: 'ruler' });
  svg.append(layers.preview, layers.ruler);
  return { svg, layers, whole };
}

// While models are still to be placed (a view that says which: `deployed`, `deploying`).
function deploying(table) {
  return Array.isArray(table.deployment_zones) &&
         (table.deploying >= 0 || (table.models ?? []).some((model) => !model.out && model.deployed === false));
}

// Each side's deployment zone, a rectangle between its `low` and `high` corners.
function deploymentZones(zones, depth) {
  return s('g', { class: 'deployment-zones' }, zones.map((zone) => {
    if (!Array.isArray(zone.low) || !Array.isArray(zone.high)) return null;
    const [x0, y0] = toScreen([Math.min(zone.low[0], zone.high[0]), Math.max(zone.low[1], zone.high[1])], depth);
    return s('rect', { class: `deployment-zone ${zone.side === 0 ? 'red' : 'blue'}`, x: x0, y: y0,
                       width: Math.abs(zone.high[0] - zone.low[0]), height: Math.abs(zone.high[1] - zone.low[1]) },
      s('title', {}, `${zone.side === 0 ? 'Red' : 'Blue'}'s deployment zone`));
  }));
}

function inchGrid(width, depth) {
  return s('g', { class: 'inch-grid', 'aria-hidden': 'true' }, gridLines(width, depth).map(({ from, to, major }) =>
    s('line', { class: major ? 'major' : null, x1: from[0], y1: depth - from[1], x2: to[0], y2: depth - to[1] })));
}

// A 6-inch scale bar under the table, an inch a tick, and the table's size.
function scaleBar(width, depth) {
  const length = Math.min(6, Math.floor(width));
  const y = depth + 0.6;
  return s('g', { class: 'scale', 'aria-hidden': 'true' },
    s('line', { x1: 0, y1: y, x2: length, y2: y }),
    Array.from({ length: length + 1 }, (_, i) => s('line', { class: 'tick', x1: i, y1: y - 0.2, x2: i, y2: y + 0.2 })),
    s('text', { x: length + 0.4, y: y + 0.22 }, `${length} inches · table ${width}" × ${depth}"`));
}

// Lighter for small pieces, darker for tall ones (the size hides models up to it).
export function pieceShade(size) {
  const clamped = Math.max(0, Math.min(6, Number(size) || 0));
  return `hsl(30, ${clamped === 0 ? 45 : 25}%, ${clamped === 0 ? 82 : 80 - clamped * 8}%)`;
}

export function pieceLabel(piece) {
  const marks = [piece.destroyed ? 'destroyed' : null, piece.impassable ? 'impassable' : null,
                 piece.reinforced ? 'reinforced' : null, piece.destructible ? 'destructible' : null,
                 piece.max_wounds > 0 ? `wounds ${piece.wounds}/${piece.max_wounds}` : null].filter(Boolean);
  return [piece.name, `size ${piece.size}`, `height ${inchesText(piece.height ?? 0)}`, ...marks].filter(Boolean).join(' · ');
}

function drawPiece(piece, index, depth) {
  // A destroyed piece has left the table: drawn as a ghost of where it stood.
  const classes = ['piece', piece.impassable ? 'impassable' : '', piece.reinforced ? 'reinforced' : '',
                   piece.destroyed ? 'destroyed' : ''].filter(Boolean).join(' ');
  const [cx, cy] = toScreen(piece.centre, depth);
  const style = piece.destroyed ? null : `fill: ${pieceShade(piece.size)}`;
  let shape;
  if (piece.shape === 'circle') shape = s('circle', { class: 'footprint', cx, cy, r: piece.width / 2, style });
  else if (Array.isArray(piece.corners) && piece.corners.length >= 3)
    shape = s('polygon', { class: 'footprint', style, points: piece.corners.map((c) => toScreen(c, depth).join(',')).join(' ') });
  else shape = s('rect', { class: 'footprint', style, x: cx - piece.width / 2, y: cy - piece.depth / 2, width: piece.width, height: piece.depth,
                            transform: `rotate(${-(piece.rotation ?? 0)} ${cx} ${cy})` });
  const small = Math.min(piece.width ?? 1, piece.depth ?? piece.width ?? 1);
  const font = Math.max(0.35, Math.min(0.6, small / 3));
  return s('g', { class: classes, 'data-piece': index },
    s('title', {}, pieceLabel(piece)),
    shape,
    piece.impassable && !piece.destroyed ? hatched(shape) : null,
    s('text', { class: 'piece-size', x: cx, y: cy + font * 0.35, 'font-size': font, 'text-anchor': 'middle' },
      piece.destroyed ? 'destroyed' : `${piece.size}${piece.height ? ` · ${inchesText(piece.height)}` : ''}`),
    // Reinforced terrain's wounds left, as a model's are.
    piece.max_wounds > 0 && !piece.destroyed ? woundBar(cx, cy + font * 0.7, Math.min(piece.width ?? 2, 3), piece.wounds / piece.max_wounds) : null);
}

function woundBar(cx, top, width, left) {
  const share = Math.max(0, Math.min(1, Number.isFinite(left) ? left : 1));
  return [s('rect', { class: 'wound-bg', x: cx - width / 2, y: top, width, height: 0.18 }),
          s('rect', { class: 'wound', x: cx - width / 2, y: top, width: width * share, height: 0.18 })];
}

// The same footprint again, striped (the stripes are the pattern in the SVG's defs).
function hatched(shape) {
  const copy = shape.cloneNode();
  copy.setAttribute('class', 'hatch');
  copy.removeAttribute('style');
  return copy;
}

function drawZone(zone, depth) {
  const [cx, cy] = toScreen(zone.centre, depth);
  return s('g', { class: 'zone' },
    s('title', {}, `The zone: ${inchesText(zone.radius)} round its centre`),
    s('circle', { cx, cy, r: zone.radius }),
    s('text', { x: cx, y: cy - zone.radius - 0.2, 'text-anchor': 'middle' }, 'zone'));
}

// Each objective the view lists: a ringed point in its holder's colour (grey when nobody holds
// it), its name and worth beside it.
function drawObjectives(table, depth) {
  const marks = objectiveMarks(table);
  if (!marks.length) return null;
  return s('g', { class: 'objectives' }, marks.map((mark) => {
    const [cx, cy] = toScreen(mark.at, depth);
    const r = mark.diameter / 2;
    const holder = mark.side === 0 ? 'red' : mark.side === 1 ? 'blue' : 'unheld';
    return s('g', { class: `objective ${holder}`, 'data-objective': mark.index },
      s('title', {}, objectiveTitle(mark)),
      s('circle', { class: 'objective-ring', cx, cy, r }),
      s('circle', { class: 'objective-dot', cx, cy, r: r * 0.3 }),
      s('text', { x: cx, y: cy - r - 0.15, 'text-anchor': 'middle' },
        mark.points === null ? mark.name : `${mark.name} (${mark.points})`));
  }));
}

// What a model's state reads as, in words (its tooltip, and the marks drawn on it).
export function modelStatus(model) {
  const conditions = Object.entries(model.conditions ?? {}).filter(([, n]) => n > 0).map(([name, n]) => `${name.replace(/_/g, ' ')} ${n}`);
  return [model.out ? 'out' : null, model.prone ? 'prone' : null, model.activated ? 'activated' : null, ...conditions].filter(Boolean);
}

function drawModel(model, index, table, { focus }) {
  const depth = table.depth;
  const r = model.diameter / 2;
  const [cx, cy] = toScreen(model.at, depth);
  const rear = Number.isFinite(table.rear_arc) ? table.rear_arc : 180;
  // A game without facing (A Game) sends none: then no wedge and no rear arc.
  const facing = Number.isFinite(model.facing) ? model.facing : null;
  const [fx, fy] = screenDirection(facing ?? 90);
  const status = modelStatus(model);
  const classes = ['model', model.side === 0 ? 'red' : 'blue', model.prone ? 'prone' : '', model.activated ? 'activated' : '',
                   focus ? 'focus' : ''].filter(Boolean).join(' ');
  const font = Math.max(0.3, Math.min(0.75, model.diameter * 0.36));
  const barWidth = Math.max(model.diameter, 1);
  const left = model.max_wounds ? model.wounds / model.max_wounds : 1;
  return s('g', { class: classes, 'data-model': index, 'data-label': model.label ?? '' },
    s('title', {}, [`${model.label ?? ''} ${model.name ?? ''}`.trim(), `size ${model.size}`, `wounds ${model.wounds}/${model.max_wounds}`,
                    `base ${inchesText(model.diameter)}`, facing === null ? null : `facing ${facing}°`, ...status].filter(Boolean).join(' · ')),
    s('circle', { class: 'base', cx, cy, r }),
    // The rear arc (Flanking) darker, the front lighter; a wedge marks the facing.
    facing === null ? null : s('path', { class: 'rear-arc', d: sectorPath(model.at, r, facing + 180 - rear / 2, facing + 180 + rear / 2, depth) }),
    facing === null ? null : s('path', { class: 'facing', d: `M ${cx + fx * r} ${cy + fy * r} L ${cx + fx * r * 0.55 - fy * r * 0.3} ${cy + fy * r * 0.55 + fx * r * 0.3} L ${cx + fx * r * 0.55 + fy * r * 0.3} ${cy + fy * r * 0.55 - fx * r * 0.3} Z` }),
    s('text', { class: 'model-label', x: cx, y: cy + font * 0.35, 'font-size': font, 'text-anchor': 'middle' }, model.label ?? ''),
    woundBar(cx, cy + r + 0.08, barWidth, left),
    status.length ? s('text', { class: 'model-status', x: cx, y: cy + r + 0.6, 'font-size': 0.38, 'text-anchor': 'middle' },
      status.filter((word) => word !== 'out').join(', ')) : null);
}
