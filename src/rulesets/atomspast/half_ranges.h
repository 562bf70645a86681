// Ranges written with .5 ("within Range 1.5": Combined Attacks, Bone Explosion, Vampiric Graft),
// kept in half spaces. Ruling "Ranges written with .5": a whole Range is the board's range (the
// shortest orthogonal path, heights added); a Range with .5 counts a step to a diagonal
// neighbour as 1.5 and a straight step as 1, so Range 1.5 reaches the eight neighbours and Range
// 2.5 the spaces a knight's move away as well.
#pragma once

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

// within_range_halves' free bound, from where the two bases stand (no spaces listed): false when
// no space of one can be within `halves` of the other's, true when they may be (then ask
// within_range_halves). For loops over many pairs of units, most of them far apart.
bool may_be_within_range_halves(const grid::Board& board, grid::Footprint a_base,
                                grid::Placement a_at, grid::Footprint b_base, grid::Placement b_at,
                                int halves);

}  // namespace warband::atomspast
