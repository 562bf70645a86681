#include "rulesets/agame/cost_terms.h"

#include <fmt/format.h>

#include <algorithm>
#include <string>

#include "core/error.h"

namespace warband::agame {
namespace {

// A term's id and name, and where its number is.
struct Number {
  const char* id;
  const char* name;
  double CostFormula::*value;
};

constexpr Number kNumbers[] = {
    {"size_points", "Size", &CostFormula::size_points},
    {"attack_die", "Attack die", &CostFormula::attack_die},
    {"defense_die", "Defense die", &CostFormula::defense_die},
    {"wild_die", "Wild die", &CostFormula::wild_die},
    {"movement_die", "Movement die", &CostFormula::movement_die},
    {"wound_points", "Wound", &CostFormula::wound_points},
    {"dodge_points", "Defense (per Wound per chance)", &CostFormula::dodge_points},
    {"save_points", "Resistance (per Wound per chance)", &CostFormula::save_points},
    {"resistant_points", "Damage type resisted", &CostFormula::resistant_points},
    {"vulnerable_points", "Damage type vulnerable to (taken off)", &CostFormula::vulnerable_points},
    {"hit_points", "Attack: per die x chance x damage", &CostFormula::hit_points},
    {"accuracy_step", "Attack: Accuracy (its share of the attack)", &CostFormula::accuracy_step},
    {"power_step", "Attack: Power (its share of the attack)", &CostFormula::power_step},
    {"vs_smaller_share", "Attack: damage against smaller models", &CostFormula::vs_smaller_share},
    {"range_points", "Attack: range (per inch)", &CostFormula::range_points},
    {"radius_points", "Attack: Area radius (per inch)", &CostFormula::radius_points},
    {"heal_points", "Heal (per wound)", &CostFormula::heal_points},
    {"move_points", "Move through models (per inch)", &CostFormula::move_points},
    {"special_points", "Attack: rules text no field plays", &CostFormula::special_points},
    {"cost_points", "Dice cost (taken off)", &CostFormula::cost_points},
    {"ability_range_points", "Ability: range (per inch)", &CostFormula::ability_range_points},
    {"inspire_points", "Ability: wild die given", &CostFormula::inspire_points},
};

constexpr const char* kTargets[] = {"single", "area", "wide"};
constexpr const char* kRoles[] = {"best_attack", "other_attacks", "reaction_attacks",
                                  "not_an_attack"};

double multiplier(const CostFormula& costs, const std::string& target) {
  return target == "single" ? costs.single : target == "area" ? costs.area : costs.wide;
}

// The ids of the "number" family, in cost_terms' order.
std::vector<std::string> number_ids(const CostFormula& costs) {
  std::vector<std::string> ids;
  for (const Number& number : kNumbers)
    ids.emplace_back(number.id);
  for (const auto& [condition, points] : costs.condition_points)
    ids.push_back("condition_points:" + condition);
  for (const auto& [effect, points] : costs.ability_points)
    ids.push_back("ability_points:" + effect);
  for (const char* target : kTargets)
    ids.push_back(fmt::format("target_multiplier:{}", target));
  return ids;
}

}  // namespace

std::vector<FormulaTerm> cost_terms(const CostFormula& costs) {
  std::vector<FormulaTerm> terms;
  for (const Number& number : kNumbers)
    terms.push_back({"number", number.id, number.name, costs.*number.value, "scale"});
  for (const auto& [condition, points] : costs.condition_points)
    terms.push_back({"number", "condition_points:" + condition,
                     fmt::format("Condition: {} (times the chance)", condition), points, "scale"});
  for (const auto& [effect, points] : costs.ability_points)
    terms.push_back({"number", "ability_points:" + effect, fmt::format("Ability: {}", effect),
                     points, "scale"});
  for (const char* target : kTargets)
    terms.push_back({"number", fmt::format("target_multiplier:{}", target),
                     fmt::format("Target: {} (its bonus over 1)", target),
                     multiplier(costs, target), "bonus"});
  terms.push_back({"role", kRoles[0], "The best attack", 0, "none"});
  terms.push_back({"role", kRoles[1], "The other attacks (other_attack_share)",
                   costs.other_attack_share, "scale"});
  terms.push_back({"role", kRoles[2], "Attacks only a reaction makes (reaction_share)",
                   costs.reaction_share, "scale"});
  terms.push_back({"role", kRoles[3], "Not an attack", 0, "none"});
  return terms;
}

std::vector<double> model_term_points(const Model& model, const CostFormula& costs, int faces) {
  const ModelCost cost = model_cost(model, costs, faces, CostWords::kOmitted);
  const std::vector<std::string> ids = number_ids(costs);
  std::vector<double> points;
  for (const std::string& id : ids) {
    const auto found = cost.numbers.find(id);
    points.push_back(found == cost.numbers.end() ? 0 : found->second);
  }
  // Every number model_cost priced is a term, or the family would not add up to the price.
  for (const auto& [id, part] : cost.numbers)
    WB_CHECK(std::find(ids.begin(), ids.end(), id) != ids.end());
  for (const char* role : kRoles) {
    const auto found = cost.roles.find(role);
    points.push_back(found == cost.roles.end() ? 0 : found->second);
  }
  return points;
}

}  // namespace warband::agame
