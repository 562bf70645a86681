// AtomsPast points from a formula kept in data (content/atomspast/points.toml): a base, a weight
// per stat, a weight per keyword, a weight per weapon, and per unit an adjustment or a fixed
// override. Seed 000 wants
// the game "fixable": "fast changes to point costs"; one number changed re-prices every unit.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace warband::atomspast {

struct UnitProfile;

// The stats the formula weighs, by the names points.toml uses.
inline constexpr const char* kPricedStats[] = {
    "move",        "melee_skill",  "melee_dice", "melee_range", "ranged_skill",
    "ranged_dice", "ranged_range", "wounds",     "shield",      "base_area",
};

struct PointsFormula {
  bool present = false;  // false: no points.toml, units carry their own `points`
  double base = 0;
  std::map<std::string, double> stat_weights;     // kPricedStats name -> points per 1
  std::map<std::string, double> keyword_weights;  // "Flying" -> points
  std::map<std::string, double> weapon_weights;   // weapon id -> points for carrying it
  std::map<std::string, int> adjust;              // unit id -> points added after rounding
  std::map<std::string, int> override_points;     // unit id -> fixed points, formula ignored
  // The least a unit costs ([floor] in points.toml; ruling "Points floor"): `unit` for any unit,
  // `per_base_space` times the grid spaces its model's base covers. The larger wins.
  int floor_unit = 0;
  int floor_per_base_space = 0;
};

// The least a unit of this profile may cost under the formula's floor.
int points_floor(const UnitProfile& unit, const PointsFormula& formula);

struct PointsTerm {
  std::string name;  // "base", "move", "keyword Flying", "weapon cleaver", "adjust", "override"
  double value = 0;  // the stat's value (1 for base and keywords)
  double weight = 0;
  double contribution = 0;
};

struct PointsBreakdown {
  std::vector<PointsTerm> terms;
  double formula = 0;  // base + stat, keyword and weapon terms, before rounding
  int points = 0;      // what the unit costs
  bool overridden = false;
};

// The value of a priced stat of a unit ("base_area" = width x height).
double priced_stat(const UnitProfile& unit, const std::string& stat);

// Prices a unit: round(formula) plus its adjustment, never below the floor; or its override
// (points.toml refuses one below the floor). Every weapon the unit carries gets a term (weight 0
// when points.toml lists none for it); a "floor" term says what the floor added.
PointsBreakdown price_unit(const UnitProfile& unit, const PointsFormula& formula);

}  // namespace warband::atomspast
