// The objectives a tabletop view lists (docs/api.md, table views of kind "tabletop": the view's
// `objectives`), as marks for the board: where each stands, what it is worth and which side holds
// it. A view names the point `at` or `point` and the side `owner` or `holder`; either reads the
// same. Pure (no DOM): the server decided who holds what.

const isPoint = (value) => Array.isArray(value) && value.length === 2 && value.every(Number.isFinite);

// → [{index, name, at, diameter, points, side}], side 0 (Red), 1 (Blue) or -1 (nobody); entries
// without a point are left out.
export function objectiveMarks(table) {
  const marks = [];
  (Array.isArray(table?.objectives) ? table.objectives : []).forEach((objective, index) => {
    const at = isPoint(objective?.at) ? objective.at : isPoint(objective?.point) ? objective.point : null;
    if (!at) return;
    const side = objective.owner ?? objective.holder;
    marks.push({
      index,
      name: typeof objective.name === 'string' ? objective.name : 'Objective',
      at,
      diameter: Number.isFinite(objective.diameter) && objective.diameter > 0 ? objective.diameter : 1,
      points: Number.isFinite(objective.points) ? objective.points : null,
      side: side === 0 || side === 1 ? side : -1,
    });
  });
  return marks;
}

// The mark's tooltip: "Banner of War: 2 points, held by Red".
export function objectiveTitle(mark) {
  const worth = mark.points === null ? '' : `: ${mark.points} point${mark.points === 1 ? '' : 's'}`;
  const held = mark.side === 0 ? 'held by Red' : mark.side === 1 ? 'held by Blue' : 'held by nobody';
  return `${mark.name}${worth}, ${held}`;
}
