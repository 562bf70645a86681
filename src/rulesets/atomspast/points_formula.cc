#include "rulesets/atomspast/points_formula.h"

#include <algorithm>
#include <cmath>

#include "rulesets/atomspast/content.h"

namespace warband::atomspast {

double priced_stat(const UnitProfile& unit, const std::string& stat) {
  if (stat == "move") return unit.move;
  if (stat == "melee_skill") return unit.melee.skill;
  if (stat == "melee_dice") return unit.melee.dice;
  if (stat == "melee_range") return unit.melee.range;
  if (stat == "ranged_skill") return unit.ranged.skill;
  if (stat == "ranged_dice") return unit.ranged.dice;
  if (stat == "ranged_range") return unit.ranged.range;
  if (stat == "wounds") return unit.wounds;
  if (stat == "shield") return unit.shield;
  if (stat == "base_area") return unit.base.area();
  return 0;
}

int points_floor(const UnitProfile& unit, const PointsFormula& formula) {
  return std::max(formula.floor_unit, formula.floor_per_base_space * unit.base.area());
}

PointsBreakdown price_unit(const UnitProfile& unit, const PointsFormula& formula) {
  PointsBreakdown result;
  if (const auto fixed = formula.override_points.find(unit.id);
      fixed != formula.override_points.end()) {
    result.terms.push_back(
        {"override", 1, static_cast<double>(fixed->second), static_cast<double>(fixed->second)});
    result.formula = fixed->second;
    result.points = fixed->second;
    result.overridden = true;
    return result;
  }
  double total = formula.base;
  result.terms.push_back({"base", 1, formula.base, formula.base});
  for (const char* stat : kPricedStats) {
    const auto weight = formula.stat_weights.find(stat);
    if (weight == formula.stat_weights.end()) continue;
    const double value = priced_stat(unit, stat);
    const double contribution = value * weight->second;
    result.terms.push_back({stat, value, weight->second, contribution});
    total += contribution;
  }
  for (const std::string& keyword : unit.keywords) {
    const auto weight = formula.keyword_weights.find(keyword);
    if (weight == formula.keyword_weights.end()) continue;
    result.terms.push_back({"keyword " + keyword, 1, weight->second, weight->second});
    total += weight->second;
  }
  for (const std::string& weapon : unit.weapons) {
    const auto weight = formula.weapon_weights.find(weapon);
    const double points = weight == formula.weapon_weights.end() ? 0 : weight->second;
    result.terms.push_back({"weapon " + weapon, 1, points, points});
    total += points;
  }
  result.formula = total;
  // Rounded half away from zero; a unit never costs less than nothing.
  long points = std::max(0L, std::lround(total));
  if (const auto adjust = formula.adjust.find(unit.id); adjust != formula.adjust.end()) {
    result.terms.push_back(
        {"adjust", 1, static_cast<double>(adjust->second), static_cast<double>(adjust->second)});
    points = std::max(0L, points + adjust->second);
  }
  // No unit costs less than the floor: a unit priced below it pays the difference.
  if (const long floor = points_floor(unit, formula); points < floor) {
    const double raised = static_cast<double>(floor - points);
    // value: the floor itself; contribution: what it added to the price.
    result.terms.push_back({"floor", static_cast<double>(floor), 1, raised});
    points = floor;
  }
  result.points = static_cast<int>(std::min(points, 1000000L));
  return result;
}

}  // namespace warband::atomspast
