// The measuring of the tabletop board (components/boards/tabletop.js), in inches as the table view
// gives them (docs/api.md, table views of kind "tabletop"): where a table point is drawn, distances centre to
// centre and edge to edge, which base a point falls on, the rings' radii, the outline of a
// movement's reach, and the view box as it zooms. Pure functions (no DOM), tested in node. They
// draw what the server measured and never decide a rule.

// The far edge (high y, Blue's) is drawn on top, as the terminal's picture has it: a table point
// [x, y] is drawn at [x, depth - y].
export function toScreen([x, y], depth) {
  return [x, depth - y];
}

export function fromScreen([sx, sy], depth) {
  return [sx, depth - sy];
}

// A facing (degrees from +x towards +y, on the table) as a unit vector on the screen.
export function screenDirection(degrees) {
  const radians = (degrees * Math.PI) / 180;
  return [Math.cos(radians), -Math.sin(radians)];
}

export function distance(a, b) {
  return Math.hypot(a[0] - b[0], a[1] - b[1]);
}

// Edge to edge between two round bases ({at, diameter}); 0 when they touch or overlap.
export function edgeDistance(a, b) {
  return Math.max(0, distance(a.at, b.at) - a.diameter / 2 - b.diameter / 2);
}

// Whether a model stands on the table: placed (a view with deployment marks the models not placed
// yet `deployed: false`), and not removed: a view that says `dead` keeps a model out of the fight
// but not dead on the table (a dying model lies there), else `out` takes it off.
export function onTable(model) {
  if (!model || model.deployed === false || !Array.isArray(model.at)) return false;
  return typeof model.dead === 'boolean' ? !model.dead : !model.out;
}

// The models on the table (the others are not drawn and take no click), each with its index.
export function standingModels(models) {
  return (models ?? []).map((model, index) => ({ ...model, index })).filter(onTable);
}

// The standing model whose base a table point falls on (its edge included), the nearest centre
// when bases overlap; null when the point is on no base.
export function modelAt(models, point) {
  let best = null;
  for (const model of standingModels(models)) {
    const gap = distance(model.at, point);
    if (gap <= model.diameter / 2 + 1e-9 && (!best || gap < best.gap)) best = { model, gap };
  }
  return best?.model ?? null;
}

// The radius of a ring drawn around a base for a reach measured edge to edge (Attack Reach,
// Influence): whatever base edge touches it is within that reach of this base's edge.
export function ringRadius(model, reach) {
  return model.diameter / 2 + reach;
}

// The ruler between two table points: the distance centre to centre, and when both ends are on
// (different) bases, edge to edge, with the segment between the two edges.
export function measure(from, to, models) {
  const start = modelAt(models, from);
  const end = modelAt(models, to);
  const result = { from, to, inches: distance(from, to), fromModel: start, toModel: end, edge: null };
  if (start && end && start.index !== end.index) {
    const centres = distance(start.at, end.at);
    const edge = edgeDistance(start, end);
    const along = (model, towards, r) => {
      if (centres === 0) return model.at;
      return [model.at[0] + ((towards.at[0] - model.at[0]) * r) / centres,
              model.at[1] + ((towards.at[1] - model.at[1]) * r) / centres];
    };
    result.edge = { inches: edge, from: along(start, end, start.diameter / 2), to: along(end, start, end.diameter / 2) };
  }
  return result;
}

// Inches as the rules write them: at most two decimals, no trailing zeros ("12.5", "3", "0.07").
export function inchesText(value) {
  return `${Number(value.toFixed(2))}"`;
}

// The candidate nearest a table point: each candidate {at, radius}, whose distance is from the
// edge of its radius (a base clicked inside is at 0). The first of equals wins; -1 for none.
export function nearestIndex(candidates, point) {
  let best = -1;
  let bestGap = Infinity;
  candidates.forEach((candidate, index) => {
    const gap = Math.max(0, distance(candidate.at, point) - (candidate.radius ?? 0));
    if (gap < bestGap - 1e-9) {
      best = index;
      bestGap = gap;
    }
  });
  return best;
}

// The arrow keys on the table as drawn (up is +y, the far edge).
const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };

// The step an arrow key means on the table ([dx, dy], up +y), or null for another key.
export function arrowDirection(key) {
  return ARROWS[key] ?? null;
}

export function isArrow(key) {
  return Object.hasOwn(ARROWS, key);
}

// The candidate an arrow key moves to from candidate `current`: the nearest one that lies in the
// key's direction (within 60° of it), straight ahead counting nearer than aside; `current` itself
// when none lies that way, the first when nothing was chosen yet.
export function stepIndex(candidates, current, key) {
  const step = ARROWS[key];
  if (!step || !candidates.length) return current;
  if (!(current >= 0 && current < candidates.length)) return 0;
  const from = candidates[current].at;
  let best = current;
  let bestScore = Infinity;
  candidates.forEach((candidate, index) => {
    const dx = candidate.at[0] - from[0];
    const dy = candidate.at[1] - from[1];
    const ahead = dx * step[0] + dy * step[1];
    const aside = Math.abs(dx * step[1] - dy * step[0]);
    if (ahead <= 1e-9 || aside > ahead * Math.tan(Math.PI / 3)) return;
    const score = ahead + 2 * aside;
    if (score < bestScore) {
      best = index;
      bestScore = score;
    }
  });
  return best;
}

// The spacing of the lattice the destinations lie on: the smallest gap between two distinct x or
// y values (the seed's points are on a half-inch lattice plus a few points that matter); 0.5 when
// it cannot tell.
export function latticeStep(points) {
  let step = Infinity;
  for (const axis of [0, 1]) {
    const values = [...new Set(points.map((p) => Math.round(p[axis] * 100)))].sort((a, b) => a - b);
    for (let i = 1; i < values.length; ++i) step = Math.min(step, values[i] - values[i - 1]);
  }
  return Number.isFinite(step) && step > 0 ? Math.max(step, 10) / 100 : 0.5;
}

// The outline of a movement's reach: each destination stands for the lattice square around it,
// and the outline is the edges between a square reached and one not (so holes round terrain and
// bases show). Segments [[x0, y0], [x1, y1]] in table inches.
export function reachOutline(points, step = latticeStep(points)) {
  const key = (i, j) => `${i},${j}`;
  const cells = new Set(points.map(([x, y]) => key(Math.round(x / step), Math.round(y / step))));
  const segments = [];
  const half = step / 2;
  for (const cell of cells) {
    const [i, j] = cell.split(',').map(Number);
    const [cx, cy] = [i * step, j * step];
    if (!cells.has(key(i - 1, j))) segments.push([[cx - half, cy - half], [cx - half, cy + half]]);
    if (!cells.has(key(i + 1, j))) segments.push([[cx + half, cy - half], [cx + half, cy + half]]);
    if (!cells.has(key(i, j - 1))) segments.push([[cx - half, cy - half], [cx + half, cy - half]]);
    if (!cells.has(key(i, j + 1))) segments.push([[cx - half, cy + half], [cx + half, cy + half]]);
  }
  return segments;
}

// An arc of a base's edge as an SVG path on the screen: the sector from `from` to `to` degrees
// (table angles, counter-clockwise), radius r about a table point.
export function sectorPath(centre, r, from, to, depth) {
  const [cx, cy] = toScreen(centre, depth);
  const sweep = ((to - from) % 360 + 360) % 360 || 360;
  const point = (degrees) => {
    const [dx, dy] = screenDirection(degrees);
    return [round(cx + r * dx), round(cy + r * dy)];
  };
  if (sweep >= 360) return `M ${round(cx - r)} ${round(cy)} a ${r} ${r} 0 1 0 ${2 * r} 0 a ${r} ${r} 0 1 0 ${-2 * r} 0 Z`;
  const [x0, y0] = point(from);
  const [x1, y1] = point(from + sweep);
  // Counter-clockwise on the table is clockwise on the flipped screen: SVG's sweep flag 0.
  return `M ${round(cx)} ${round(cy)} L ${x0} ${y0} A ${r} ${r} 0 ${sweep > 180 ? 1 : 0} 0 ${x1} ${y1} Z`;
}

const round = (value) => Math.round(value * 1000) / 1000;

// The view box of the whole table with a margin for the scale and labels: [x, y, width, height]
// in screen inches.
export function fitBox(width, depth, margin = 1.5) {
  return [-margin, -margin, width + 2 * margin, depth + 2 * margin];
}

// The view box zoomed by `factor` (above 1 zooms in) about a screen point, which stays where it is
// on the screen; never wider than `whole` (the fitted box) nor narrower than `minWidth` inches, and
// kept over the table.
export function zoomBox(box, factor, about, whole, minWidth = 4) {
  const [x, y, w, h] = box;
  const width = Math.min(whole[2], Math.max(minWidth, w / factor));
  const scale = width / w;
  const height = h * scale;
  const nx = about[0] - (about[0] - x) * scale;
  const ny = about[1] - (about[1] - y) * scale;
  return clampBox([nx, ny, width, height], whole);
}

// The view box moved by [dx, dy] screen inches, kept over the table.
export function panBox(box, [dx, dy], whole) {
  return clampBox([box[0] + dx, box[1] + dy, box[2], box[3]], whole);
}

function clampBox([x, y, w, h], whole) {
  const [wx, wy, ww, wh] = whole;
  const cx = w >= ww ? wx + (ww - w) / 2 : Math.min(Math.max(x, wx), wx + ww - w);
  const cy = h >= wh ? wy + (wh - h) / 2 : Math.min(Math.max(y, wy), wy + wh - h);
  return [cx, cy, w, h];
}

// The inch grid's lines across a table: every inch, a heavier one every `major` inches.
export function gridLines(width, depth, major = 6) {
  const lines = [];
  for (let x = 1; x < width; ++x) lines.push({ from: [x, 0], to: [x, depth], major: x % major === 0 });
  for (let y = 1; y < depth; ++y) lines.push({ from: [0, y], to: [width, y], major: y % major === 0 });
  return lines;
}
