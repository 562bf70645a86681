// The tabletop ruler from the keyboard (components/boards/tabletop.js), for who cannot drag: with
// the ruler on, the arrow keys move its far end an inch (a tenth with Shift) and N / P put it on
// the next or previous model's base, the near end staying where the measuring began (the model
// selected or active, else the table's centre). Pure (no DOM), tested in node.
import { arrowDirection, modelAt, standingModels } from './tabletop_geometry.js';

const STEP_INCHES = 1;
const FINE_STEP_INCHES = 0.1;

// A thousandth of an inch: a tenth stepped ten times lands on the inch, not beside it.
const rounded = (inches) => Math.round(inches * 1000) / 1000;
const clamped = (value, high) => Math.min(high, Math.max(0, value));

// The ruler's ends {from, to} after `key`, or null when the key is not the ruler's. `ends` is the
// measurement so far (null: none yet, it starts at `origin`); `table` gives {models, width, depth}.
export function rulerKey(ends, key, { shift = false, origin, table }) {
  const start = ends ?? { from: origin, to: origin };
  const direction = arrowDirection(key);
  if (direction) {
    const step = shift ? FINE_STEP_INCHES : STEP_INCHES;
    return {
      from: start.from,
      to: [clamped(rounded(start.to[0] + direction[0] * step), table.width),
           clamped(rounded(start.to[1] + direction[1] * step), table.depth)],
    };
  }
  const letter = key.toLowerCase();
  if (letter !== 'n' && letter !== 'p') return null;
  // The other standing models, in their order; the far end goes to the one after (before) the
  // one it is on.
  const near = modelAt(table.models, start.from);
  const others = standingModels(table.models).filter((model) => model.index !== near?.index);
  if (!others.length) return null;
  const on = modelAt(table.models, start.to);
  const at = others.findIndex((model) => model.index === on?.index);
  const next = at < 0 ? (letter === 'n' ? 0 : others.length - 1)
    : (at + (letter === 'n' ? 1 : others.length - 1)) % others.length;
  return { from: start.from, to: others[next].at };
}
