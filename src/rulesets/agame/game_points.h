// A Game's points in play (ruling "Points in play", docs/rulings/agame.md): a game's setup names a
// points limit and how far apart the two sides' points may be, and a game whose sides break
// either is refused before it starts, naming the side, its points and the rule.
#pragma once

#include <array>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "rulesets/agame/content.h"
#include "rulesets/agame/model_cost.h"
#include "rulesets/agame/warband_rules.h"

namespace warband::agame {

struct PointsRule {
  int limit = 0;  // the most points a side may have; 0: no limit
  int gap = 0;    // the most the two sides' points may differ by; 0: any
};

// setup.parameters.points_limit and points_gap (whole numbers, 0: none), else the defaults:
// warband.toml's points_limit, raised to the largest limit of a side given as a warband document
// (`document_limits`, 0 for a list), and warband.toml's points_gap. InputError naming the field
// on a bad value.
PointsRule points_rule(const nlohmann::json& setup, const WarbandRules& warband,
                       const std::array<int, 2>& document_limits);

// A side's points: each model's model_cost (its advances included), added up.
int side_points(const std::vector<Model>& models, const CostFormula& costs, int faces);

// Throws InputError("setup.warbands[i]", ...) for a side over the limit (Red's first), or
// InputError("setup.warbands", ...) for sides further apart than the gap.
void check_points(const std::array<int, 2>& points, const std::array<std::string, 2>& names,
                  const PointsRule& rule);

}  // namespace warband::agame
