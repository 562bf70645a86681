// A grid cell as JSON, as every grid ruleset's state and views write it: [x, y].
#pragma once

#include <nlohmann/json.hpp>

#include "core/grid.h"

namespace warband::grid {

inline nlohmann::json cell_json(Cell cell) {
  return nlohmann::json::array({cell.x, cell.y});
}

}  // namespace warband::grid
