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

namespace {

// The gaps between the boxes around two sets of spaces, across (x) and down (y): no space of one
// is nearer a space of the other than that, along either axis.
void box_gaps(const grid::FootprintCells& a, const grid::FootprintCells& b, int& gap_x,
              int& gap_y) {
  int ax0 = 99, ax1 = -1, ay0 = 99, ay1 = -1, bx0 = 99, bx1 = -1, by0 = 99, by1 = -1;
  for (int i = 0; i < a.count; ++i) {
    ax0 = std::min<int>(ax0, a.cells[i].x), ax1 = std::max<int>(ax1, a.cells[i].x);
    ay0 = std::min<int>(ay0, a.cells[i].y), ay1 = std::max<int>(ay1, a.cells[i].y);
  }
  for (int j = 0; j < b.count; ++j) {
    bx0 = std::min<int>(bx0, b.cells[j].x), bx1 = std::max<int>(bx1, b.cells[j].x);
    by0 = std::min<int>(by0, b.cells[j].y), by1 = std::max<int>(by1, b.cells[j].y);
  }
  gap_x = std::max({0, bx0 - ax1, ax0 - bx1});
  gap_y = std::max({0, by0 - ay1, ay0 - by1});
}

}  // namespace

bool within_range_halves(const grid::Board& board, const grid::FootprintCells& a,
                         const grid::FootprintCells& b, int halves) {
  // A free bound first, as most pairs of units are far apart.
  int gap_x = 0, gap_y = 0;
  box_gaps(a, b, gap_x, gap_y);
  if (!gaps_allow_halves(board, gap_x, gap_y, halves)) return false;
  if (halves % 2 == 0) return 2 * grid::range_between(board, a, b) <= halves;
  for (int i = 0; i < a.count; ++i)
    for (int j = 0; j < b.count; ++j)
      if (diagonal_range_halves(board, a.cells[i], b.cells[j]) <= halves) return true;
  return false;
}

}  // namespace warband::atomspast
