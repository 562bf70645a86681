// Cells, footprints and cell sets written briefly, for the grid tests of core and of the rulesets.
#pragma once

#include <cstdint>
#include <initializer_list>

#include "core/grid.h"

namespace warband::testing {

inline grid::Cell C(int x, int y) {
  return grid::Cell{static_cast<std::int8_t>(x), static_cast<std::int8_t>(y)};
}

inline grid::FootprintCells unit_at(std::initializer_list<grid::Cell> cells) {
  grid::FootprintCells f;
  for (grid::Cell c : cells)
    f.cells[f.count++] = c;
  return f;
}

inline grid::CellSet cells_set(std::initializer_list<grid::Cell> cells) {
  grid::CellSet s;
  for (grid::Cell c : cells)
    s.set(grid::cell_index(c));
  return s;
}

}  // namespace warband::testing
