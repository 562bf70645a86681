// The tabletop as JSON for graphical front ends, the part every tabletop ruleset's table view
// shares (docs/api.md, the tabletop views): lengths in inches, points as [x,
// y], the terrain pieces with their shapes, sizes and flags.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/tabletop.h"

namespace warband::tabletop {

// Units as inches: 1250 -> 12.5.
double inches_value(std::int64_t units);
// [x, y] in inches.
nlohmann::json point_json(Point p);
// Every piece of the table: name, shape, centre, width, depth, rotation (degrees), corners (a
// rectangle's), size, height, impassable, reinforced, destructible. `names` holds one name per
// piece; a ruleset adds what its state says of a piece (destroyed, wounds).
nlohmann::json pieces_json(const Table& table, const std::vector<std::string>& names);

}  // namespace warband::tabletop
