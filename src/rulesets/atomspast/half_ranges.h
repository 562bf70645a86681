// Ranges written with .5 ("within Range 1.5": Combined Attacks, Bone Explosion, Vampiric Graft),
// kept in half spaces. Ruling "Ranges written with .5": a whole Range is the board's range (the
// shortest orthogonal path, heights added); a Range with .5 counts a step to a diagonal
// neighbour as 1.5 and a straight step as 1, so Range 1.5 reaches the eight neighbours and Range
// 2.5 the spaces a knight's move away as well.
#pragma once

#include <algorithm>

#include "core/grid.h"

namespace warband::atomspast {

// The range from a to b in half spaces, a diagonal step counting 3 and a straight one 2, plus
// the height the board adds to a range (2 per whole space).
int diagonal_range_halves(const grid::Board& board, grid::Cell a, grid::Cell b);

// Whether footprints `a` and `b` are within `halves` (a Range times 2) of each other, their
// nearest spaces measured: by the board's range when `halves` is even, by diagonal_range_halves
// when it is odd.
bool within_range_halves(const grid::Board& board, const grid::FootprintCells& a,
                         const grid::FootprintCells& b, int halves);

// Whether boxes `gap_x` and `gap_y` apart may hold spaces within `halves`: every pair of spaces
// is at least the gaps apart, and heights only add. The diagonal count, 3 * min + 2 * (max - min)
// halves, grows with each gap, so the gaps' own count bounds it; so do the board's distances.
inline bool gaps_allow_halves(const grid::Board& board, int gap_x, int gap_y, int halves) {
  const int least_diagonal = gap_x + gap_y + std::max(gap_x, gap_y);
  const int least_distance = board.geometry().distance == grid::Distance::kChebyshev
                                 ? std::max(gap_x, gap_y)
                                 : gap_x + gap_y;
  return (halves % 2 == 0 ? 2 * least_distance : least_diagonal) <= halves;
}

// The box a base covers, standing at a placement: its first and last columns and rows.
struct BaseBox {
  int x0 = 0, y0 = 0, x1 = 0, y1 = 0;
};
inline BaseBox base_box(grid::Footprint base, grid::Placement at) {
  // The last space covered is the anchor plus the placed width (or height) less one.
  return {at.anchor.x, at.anchor.y, at.anchor.x + (at.rotated ? base.h : base.w) - 1,
          at.anchor.y + (at.rotated ? base.w : base.h) - 1};
}

// within_range_halves' free bound, from the boxes the two bases cover (no spaces listed): false
// when no space of one can be within `halves` of the other's, true when they may be (then ask
// within_range_halves). For loops over many pairs of units, most of them far apart: inline.
inline bool boxes_may_be_within_halves(const grid::Board& board, const BaseBox& a, const BaseBox& b,
                                       int halves) {
  const int gap_x = std::max({0, b.x0 - a.x1, a.x0 - b.x1});
  const int gap_y = std::max({0, b.y0 - a.y1, a.y0 - b.y1});
  return gaps_allow_halves(board, gap_x, gap_y, halves);
}
inline bool may_be_within_range_halves(const grid::Board& board, grid::Footprint a_base,
                                       grid::Placement a_at, grid::Footprint b_base,
                                       grid::Placement b_at, int halves) {
  return boxes_may_be_within_halves(board, base_box(a_base, a_at), base_box(b_base, b_at), halves);
}

}  // namespace warband::atomspast
