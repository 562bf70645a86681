// The movement search before issue 20's step tables, kept as the reference that
// grid::compute_reach must match exactly (tests only).
#pragma once

#include "core/grid.h"

namespace warband::grid::reference_search {

// grid::compute_reach as of 020e55c: the same contract, the same results.
void reference_compute_reach(const Board& board, const MoveQuery& query, Reach& out);

}  // namespace warband::grid::reference_search
