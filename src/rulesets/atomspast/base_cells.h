// The spaces a placed base covers, marked straight into a set of spaces (grid::covered_cells lists
// them first): for the occupancy sets built at nearly every decision.
#pragma once

#include "core/grid.h"

namespace warband::atomspast {

// Sets in `set` the spaces grid::covered_cells(base, at) lists, row by row from the anchor.
inline void mark_covered(grid::Footprint base, grid::Placement at, grid::CellSet& set) {
  const int width = at.rotated ? base.h : base.w;
  const int height = at.rotated ? base.w : base.h;
  for (int dy = 0; dy < height; ++dy) {
    const int row = grid::cell_index({at.anchor.x, static_cast<std::int8_t>(at.anchor.y + dy)});
    for (int dx = 0; dx < width; ++dx)
      set.set(row + dx);
  }
}

}  // namespace warband::atomspast
