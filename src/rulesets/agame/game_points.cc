#include "rulesets/agame/game_points.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>

#include "core/error.h"

namespace warband::agame {
namespace {

constexpr int kMostGamePoints = 100000;

// setup.parameters.KEY when given, else `fallback`.
int setup_number(const nlohmann::json& setup, const char* key, int fallback) {
  if (!setup.contains("parameters") || !setup["parameters"].is_object() ||
      !setup["parameters"].contains(key))
    return fallback;
  const nlohmann::json& value = setup["parameters"][key];
  if (!value.is_number_integer() || value.get<long long>() < 0 ||
      value.get<long long>() > kMostGamePoints)
    throw InputError(fmt::format("setup.parameters.{}", key),
                     fmt::format("expected a whole number of points from 0 (none) to {}, got {}",
                                 kMostGamePoints, value.dump()));
  return value.get<int>();
}

const char* side_word(int side) {
  return side == 0 ? "Red" : "Blue";
}

}  // namespace

PointsRule points_rule(const nlohmann::json& setup, const WarbandRules& warband,
                       const std::array<int, 2>& document_limits) {
  // A warband document was built to its own limit (grown by its campaign): the players agreed it.
  const int limit = std::max({warband.points_limit, document_limits[0], document_limits[1]});
  return {setup_number(setup, "points_limit", limit),
          setup_number(setup, "points_gap", warband.points_gap)};
}

int side_points(const std::vector<Model>& models, const CostFormula& costs, int faces) {
  int points = 0;
  for (const Model& model : models)
    points += model_points(model, costs, faces);
  return points;
}

void check_points(const std::array<int, 2>& points, const std::array<std::string, 2>& names,
                  const PointsRule& rule) {
  for (int side = 0; side < 2; ++side)
    if (rule.limit > 0 && points[side] > rule.limit)
      throw InputError(fmt::format("setup.warbands[{}]", side),
                       fmt::format("{}'s \"{}\" has {} points, over the game's points limit of {} "
                                   "(setup.parameters.points_limit; 0 for none)",
                                   side_word(side), names[side], points[side], rule.limit));
  const int apart = std::abs(points[0] - points[1]);
  if (rule.gap > 0 && apart > rule.gap)
    throw InputError("setup.warbands",
                     fmt::format("Red's \"{}\" has {} points and Blue's \"{}\" {}: {} apart, more "
                                 "than the game's points gap of {} (setup.parameters.points_gap; "
                                 "0 for any)",
                                 names[0], points[0], names[1], points[1], apart, rule.gap));
}

}  // namespace warband::agame
