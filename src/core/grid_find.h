// A movement search stopped at the first destination a test takes (issue 20: whether a Charge has
// anywhere to end, asked for each unit at each Battlefield decision), beside compute_reach in
// core/grid.cc. Its own header, so that grid.h's many includers do not depend on it.
#pragma once

#include "core/grid.h"

namespace warband::grid {

// A test that find_destination puts to destinations (placement indices): a function and what it
// reads and writes. Returning true stops the search. `at_least`, if set: a lower bound on what
// any path from a placement to a destination `accept` would take still costs (a move costs at
// least 1, and no part of the unit travels farther along either axis than the move costs); the
// search goes on from no placement whose bound exceeds what is left of its budget.
struct DestinationTest {
  bool (*accept)(void* context, int placement) = nullptr;
  int (*at_least)(void* context, int placement) = nullptr;
  void* context = nullptr;
};

// Puts compute_reach's destinations for `query` to `test`, cheapest first, until it returns true;
// returns whether it did. The same answer as going through compute_reach's list, for less: the
// search stops there, and it leaves out the searches below a hazard level (they change a
// destination's hazard and cost, never whether it is one). `scratch` is written as by a search
// with first_destination_only.
bool find_destination(const Board& board, const MoveQuery& query, const DestinationTest& test,
                      Reach& scratch);

}  // namespace warband::grid
