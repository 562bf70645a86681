// What the tabletop board lays over the table (components/boards/tabletop.js): a model's Attack
// Reach and Influence rings, the choices of the decision (destination dots inside their reach
// outline, targets ringed on their bases), the preview of the choice picked (a ghost base and its
// path, an attack's sight lines and cover), the ruler, and the marks of the other side's last
// moves. SVG nodes in screen inches; every length comes from the table view or its actions.
import { s } from '../../lib/dom.js';
import { inchesText, onTable, reachOutline, ringRadius, toScreen } from '../../lib/tabletop_geometry.js';

// Attack Reach and Influence, edge to edge: rings round the base at the base's radius plus each.
export function rings(model, depth) {
  if (!onTable(model)) return [];
  const [cx, cy] = toScreen(model.at, depth);
  const ring = (cls, reach, name) => {
    if (!(reach > 0)) return null;
    const r = ringRadius(model, reach);
    return s('g', { class: `ring ${cls}` },
      s('title', {}, `${model.label} ${name}: ${inchesText(reach)} from its base`),
      s('circle', { cx, cy, r }),
      s('text', { x: cx, y: cy - r - 0.15, 'text-anchor': 'middle' }, `${name} ${inchesText(reach)}`));
  };
  return [ring('influence', model.influence, 'Influence'), ring('attack-reach', model.attack_reach, 'Attack Reach')];
}

// The choices of the decision: destinations as dots with the outline of where the leg can end,
// models that can be chosen (to activate, to attack) ringed on their base, a climbable piece marked
// at its centre. `current`: the index of the choice previewed.
export function choiceMarks(choices, depth, current = -1) {
  const dots = choices.filter((choice) => choice.on === 'point');
  const nodes = [];
  if (dots.length > 1) {
    const d = reachOutline(dots.map((choice) => choice.at))
      .map(([a, b]) => `M ${a[0]} ${depth - a[1]} L ${b[0]} ${depth - b[1]}`).join(' ');
    nodes.push(s('path', { class: 'reach-outline', d }));
  }
  choices.forEach((choice, index) => {
    const [x, y] = toScreen(choice.at, depth);
    const picked = index === current ? ' picked' : '';
    const title = s('title', {}, choice.actions.map((action) => action.text).join(' / '));
    if (choice.on === 'point')
      nodes.push(s('circle', { class: `choice dot ${choice.kind}${picked}`, 'data-choice': index, cx: x, cy: y, r: 0.12 }, title));
    else if (choice.model >= 0)
      nodes.push(s('circle', { class: `choice on-base ${choice.kind}${picked}`, 'data-choice': index, 'data-model': choice.model,
                               cx: x, cy: y, r: choice.radius + 0.2 }, title));
    else
      nodes.push(s('rect', { class: `choice place ${choice.kind}${picked}`, 'data-choice': index,
                             x: x - 0.3, y: y - 0.3, width: 0.6, height: 0.6, transform: `rotate(45 ${x} ${y})` }, title));
  });
  return nodes;
}

// The choice picked, before it is confirmed: for a destination, the mover's ghost base there and
// the straight path to it; for an attack, its sight lines (clear ones solid, hidden ones dashed)
// and the cover named at the target; for a model or a piece, a highlight.
export function previewMarks(choice, table, mover) {
  if (!choice) return [];
  const depth = table.depth;
  const [x, y] = toScreen(choice.at, depth);
  if (choice.on === 'point' && mover && !mover.out && mover.diameter > 0) {
    // The path from where it stands; a model not placed yet (deploying) has none.
    const [fx, fy] = onTable(mover) ? toScreen(mover.at, depth) : [x, y];
    return [s('g', { class: 'ghost' },
      onTable(mover) ? s('line', { class: 'path', x1: fx, y1: fy, x2: x, y2: y }) : null,
      s('circle', { class: `ghost-base ${mover.side === 0 ? 'red' : 'blue'}`, cx: x, cy: y, r: mover.diameter / 2 }),
      s('text', { class: 'ghost-label', x, y: y + 0.2, 'font-size': Math.max(0.3, Math.min(0.7, mover.diameter * 0.3)), 'text-anchor': 'middle' }, mover.label ?? ''))];
  }
  if (choice.kind === 'attack_target') return sightMarks(choice.actions[0], table);
  return [s('circle', { class: 'ghost-pick', cx: x, cy: y, r: (choice.radius || 0.4) + 0.35 })];
}

// An attack's sight lines as the server measured them (docs/api.md: `sight` {from, lines: [{to,
// clear}], clear}) and its cover; nothing when the server gives none.
export function sightMarks(action, table) {
  const sight = action?.sight;
  if (!sight || !Array.isArray(sight.from) || !Array.isArray(sight.lines)) return [];
  const depth = table.depth;
  const [fx, fy] = toScreen(sight.from, depth);
  const target = table.models?.[action.target];
  const label = target ? toScreen(target.at, depth) : null;
  return [s('g', { class: 'sight-lines', 'data-clear': sight.clear ?? '' },
    sight.lines.map((line) => {
      const [tx, ty] = toScreen(line.to, depth);
      return s('line', { class: line.clear ? 'clear' : 'blocked', x1: fx, y1: fy, x2: tx, y2: ty });
    }),
    label && typeof action.cover === 'string' ? s('text', { class: `cover-label cover-${action.cover}`, x: label[0],
      y: label[1] - target.diameter / 2 - 0.3, 'text-anchor': 'middle' }, action.cover === 'none' ? 'no cover' : `${action.cover} cover`) : null)];
}

// The ruler: the line between its ends and the distance; when both ends are on bases, the
// edge-to-edge part drawn heavier and its length given as well.
export function rulerMarks(measurement, depth) {
  if (!measurement) return [];
  const [x1, y1] = toScreen(measurement.from, depth);
  const [x2, y2] = toScreen(measurement.to, depth);
  const edge = measurement.edge;
  const text = edge ? `${inchesText(edge.inches)} edge to edge (${inchesText(measurement.inches)} centre to centre)`
                    : inchesText(measurement.inches);
  const edgeLine = edge ? (() => {
    const [a, b] = [toScreen(edge.from, depth), toScreen(edge.to, depth)];
    return s('line', { class: 'edge', x1: a[0], y1: a[1], x2: b[0], y2: b[1] });
  })() : null;
  return [s('g', { class: 'measure', id: 'ruler-measure', 'data-inches': (edge ?? measurement).inches.toFixed(2) },
    s('line', { x1, y1, x2, y2 }), edgeLine,
    s('circle', { cx: x1, cy: y1, r: 0.1 }), s('circle', { cx: x2, cy: y2, r: 0.1 }),
    s('text', { x: (x1 + x2) / 2, y: (y1 + y2) / 2 - 0.3, 'text-anchor': 'middle' }, text))];
}

// The other side's last moves: each route as a line through its legs with a ghost of where it
// started, each attack as a line to its target (lib/tabletop_marks.js).
export function turnMarkNodes(marks, table, before) {
  if (!marks) return [];
  const depth = table.depth;
  const nodes = [];
  for (const route of marks.routes) {
    if (!route.points.length) continue;
    if (route.points.length === 1) {
      const [x, y] = toScreen(route.points[0], depth);
      nodes.push(s('g', { class: 'move-trail', 'data-unit': route.unit }, s('circle', { class: 'end', cx: x, cy: y, r: 0.25 })));
      continue;
    }
    const start = before?.models?.[route.unit];
    const points = route.points.map((p) => toScreen(p, depth).join(',')).join(' ');
    const [sx, sy] = toScreen(route.points[0], depth);
    nodes.push(s('g', { class: 'move-trail', 'data-unit': route.unit },
      start ? s('circle', { class: 'was', cx: sx, cy: sy, r: start.diameter / 2 }) : null,
      s('polyline', { points })));
  }
  for (const attack of marks.attacks) {
    const from = table.models?.[attack.unit];
    const to = table.models?.[attack.target];
    if (!onTable(from) || !onTable(to)) continue;
    const [x1, y1] = toScreen(attack.sight?.from ?? from.at, depth);
    const [x2, y2] = toScreen(to.at, depth);
    nodes.push(s('g', { class: 'attack-trail', 'data-unit': attack.unit, 'data-target': attack.target },
      s('line', { x1, y1, x2, y2 }),
      s('circle', { class: 'reticle', cx: x2, cy: y2, r: to.diameter / 2 + 0.25 })));
  }
  return nodes;
}
