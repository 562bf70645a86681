// An empty 48" table and models dropped on it: the tabletop tests' set-up.
#pragma once

#include <cstdint>
#include <vector>

#include "core/tabletop.h"

namespace warband::tabletop {

// A 48" x 48" table with nothing on it.
inline Table empty_table() {
  Table table;
  table.width = 4800;
  table.depth = 4800;
  return table;
}

// Adds a model at (x, y) and gives its index.
inline int add_model(std::vector<Model>& models, int x, int y, int diameter = 100, int size = 1) {
  Model m;
  m.at = Point{x, y};
  m.diameter = diameter;
  m.size = static_cast<std::uint8_t>(size);
  models.push_back(m);
  return static_cast<int>(models.size()) - 1;
}

}  // namespace warband::tabletop
