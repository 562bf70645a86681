// A unit's movement query built from the state's public view, as AtomsPastState::move_query builds
// it (enemies block, every other unit is occupied): for the tests and benchmarks that search
// directly, without the state's kept search.
#pragma once

#include "core/grid.h"
#include "rulesets/atomspast/atomspast_state.h"

namespace warband::atomspast::testing {

inline grid::MoveQuery move_query_of(const AtomsPastState& state, int unit, int budget, int scale) {
  grid::MoveQuery query;
  query.footprint = state.footprint(unit);
  query.start = state.data().units[unit].placement;
  query.budget = budget;
  query.move_cost_scale = scale;
  grid::FootprintCells cells;
  for (int other = 0; other < state.data().num_units; ++other) {
    if (other == unit || !state.on_board(other)) continue;
    state.cells_of(other, cells);
    for (int i = 0; i < cells.count; ++i) {
      query.occupied.set(grid::cell_index(cells.cells[i]));
      if (state.side_of(other) != state.side_of(unit))
        query.blocked.set(grid::cell_index(cells.cells[i]));
    }
  }
  return query;
}

}  // namespace warband::atomspast::testing
