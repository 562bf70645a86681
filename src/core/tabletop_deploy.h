// Deployment on a tabletop: a base placed in a side's zone along its table edge, on the first
// free spot of a half-inch lattice, rows from the edge inwards, spots from the centre line
// outwards, so that a warband placed model by model stands in a line facing the enemy.
#pragma once

#include <span>

#include "core/tabletop.h"

namespace warband::tabletop {

// A base already on the table that a new one may not overlap.
struct PlacedBase {
  Point at;
  int diameter = 0;
};

// Where a base of `diameter` goes in the zone `depth` units deep along the near edge (y = 0) or
// the far one (y = table.depth): wholly on the table, overlapping no piece and none of `placed`.
// False when no spot fits.
bool deploy_spot(const Table& table, int depth, bool far_edge, int diameter,
                 std::span<const PlacedBase> placed, Point& out);

}  // namespace warband::tabletop
