// What the other side just did, as marks for the grid board (components/boards/grid.js): the units
// it moved with the route of each move, the last attack's target, the squares its placed areas
// affected (a spell cast), and the units destroyed meanwhile as wrecks where they stood. Read from
// the grid action views of the log entries ("unit", "target", "from", "path", "cells", "anchor",
// "affected"; docs/api.md) and the tables before and after them. Pure (no DOM).

// entries: log entries (in order); before, now: grid table views (before may be null).
export function turnMarks(entries, before, now) {
  const moves = [];
  const moved = new Set();
  const areas = [];
  let target = null;
  for (const entry of entries ?? []) {
    if (entry.hidden) continue;
    if ((entry.kind === 'destination' || entry.kind === 'deploy') && entry.unit >= 0 && entry.cells?.length) {
      moves.push({ unit: entry.unit, from: entry.from ?? null, to: entry.cells, path: entry.path ?? null });
      moved.add(entry.unit);
    }
    if (Array.isArray(entry.anchor) && Array.isArray(entry.affected) && entry.affected.length)
      areas.push({ unit: entry.unit, text: entry.text, cells: entry.affected });
    if ((entry.kind === 'attack_target' || entry.kind === 'charge' || entry.kind === 'attack_line') && entry.target >= 0)
      target = entry.target;
  }
  const alive = new Set((now?.units ?? []).filter((u) => u.alive).map((u) => u.index));
  const wrecks = (before?.units ?? [])
    .filter((u) => u.alive && u.cells?.length && !alive.has(u.index))
    .map((u) => ({ unit: u.index, side: u.side, label: u.label, name: u.name, cells: u.cells }));
  return { moves, moved, target, wrecks, areas };
}

// True when the marks show anything.
export function hasMarks(marks) {
  return !!marks && (marks.moves.length > 0 || marks.target !== null || marks.wrecks.length > 0 || marks.areas.length > 0);
}
