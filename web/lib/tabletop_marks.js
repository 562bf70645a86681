// What the other side just did (or a replay's last step), as marks for the tabletop board: each
// model's route leg by leg (its "destination" entries' `point`, from where the table before them
// had it), and each attack with its target and sight lines. Read from the log entries' action
// views (docs/api.md, table views of kind "tabletop"). Pure (no DOM).

const isPoint = (value) => Array.isArray(value) && value.length === 2 && value.every(Number.isFinite);

// entries: log entries in order; before: the table view before them (may be null).
// → {routes: [{unit, points}], attacks: [{unit, target, sight}], touched: Set of model indexes}
export function tabletopMarks(entries, before) {
  const routes = new Map();
  const attacks = [];
  const touched = new Set();
  for (const entry of entries ?? []) {
    if (entry.hidden || !(entry.unit >= 0)) continue;
    if (entry.kind === 'destination' && isPoint(entry.point)) {
      if (!routes.has(entry.unit)) {
        const start = before?.models?.[entry.unit]?.at;
        routes.set(entry.unit, isPoint(start) ? [start] : []);
      }
      routes.get(entry.unit).push(entry.point);
      touched.add(entry.unit);
    }
    if (entry.kind === 'attack_target' && entry.target >= 0) {
      attacks.push({ unit: entry.unit, target: entry.target, sight: entry.sight ?? null, cover: entry.cover ?? null });
      touched.add(entry.unit);
      touched.add(entry.target);
    }
  }
  return { routes: [...routes].map(([unit, points]) => ({ unit, points })), attacks, touched };
}
