#include "rulesets/atomspast/half_ranges.h"

#include <algorithm>
#include <cstdlib>

namespace warband::atomspast {

int diagonal_range_halves(const grid::Board& board, grid::Cell a, grid::Cell b) {
  const int dx = std::abs(a.x - b.x);
  const int dy = std::abs(a.y - b.y);
  const int diagonal = std::min(dx, dy);
  const int straight = std::max(dx, dy) - diagonal;
  const int divisor = board.geometry().range_height_divisor;
  const int height = divisor == 0 ? 0 : std::abs(board.at(a).height - board.at(b).height) / divisor;
  return 3 * diagonal + 2 * straight + 2 * height;
}

bool within_range_halves(const grid::Board& board, const grid::FootprintCells& a,
                         const grid::FootprintCells& b, int halves) {
  if (halves % 2 == 0) return 2 * grid::range_between(board, a, b) <= halves;
  for (int i = 0; i < a.count; ++i)
    for (int j = 0; j < b.count; ++j)
      if (diagonal_range_halves(board, a.cells[i], b.cells[j]) <= halves) return true;
  return false;
}

}  // namespace warband::atomspast
