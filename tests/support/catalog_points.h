// The points of a ruleset's whole balance catalog (BalanceHooks::catalog) in a setup: what the
// content-reload tests watch move when a cost file changes under a game's content folder.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "core/balance_hooks.h"
#include "core/registry.h"

namespace warband::testing {

inline int catalog_points(const std::string& ruleset, const nlohmann::json& setup) {
  int points = 0;
  for (const BalanceUnit& unit : find_balance(ruleset).catalog(setup))
    points += unit.points;
  return points;
}

}  // namespace warband::testing
