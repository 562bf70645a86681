#include "rulesets/conflict/cost_terms.h"

#include <fmt/format.h>

#include <string>

#include "rulesets/conflict/character_cost.h"

namespace warband::conflict {
namespace {

// The terms' order: sizes, then the fixed "stat" terms, effects, suits, abilities; then "target".
enum StatTerm { kStride, kWound, kDefense, kResistance, kStrength, kRange, kAttackSkill, kFixed };
constexpr int kTargetTypes = 4;  // TargetType's values

std::string target_id(TargetType target) {
  switch (target) {
    case TargetType::kSingle:
      return "single";
    case TargetType::kBreakthrough:
      return "breakthrough";
    case TargetType::kArea:
      return "area";
    case TargetType::kRicochet:
      return "ricochet";
  }
  return "?";
}

double term_target_multiplier(const Attack& attack, const CostFormula& costs) {
  switch (attack.target) {
    case TargetType::kSingle:
      return costs.single_multiplier;
    case TargetType::kBreakthrough:
      return costs.breakthrough_multiplier;
    case TargetType::kArea:
      return costs.area_base + costs.area_per_inch * attack.radius_inches;
    case TargetType::kRicochet:
      return 1 + costs.ricochet_per_jump * attack.ricochet_jumps;
  }
  return 1;
}

}  // namespace

std::vector<FormulaTerm> cost_terms(const CostFormula& costs) {
  std::vector<FormulaTerm> terms;
  const auto stat = [&](std::string id, std::string name, double current) {
    terms.push_back({"stat", std::move(id), std::move(name), current, "scale"});
  };
  for (std::size_t s = 0; s < costs.size_points.size(); ++s)
    stat(fmt::format("size_points:{}", s + 1), fmt::format("Size {}", s + 1), costs.size_points[s]);
  stat("stride_points", "Extra Stride", costs.stride_points);
  stat("wound_points", "Wound", costs.wound_points);
  stat("defense_points", "Defense (per Wound)", costs.defense_points);
  stat("resistance_points", "Resistance (per Wound)", costs.resistance_points);
  stat("strength_points", "Attack Strength", costs.strength_points);
  stat("range_points", "Attack Range (per inch)", costs.range_points);
  stat("attack_skill_step", "Attack Skill (its share of every attack)", costs.attack_skill_step);
  for (int e = 0; e < kEffectKindCount; ++e)
    stat(fmt::format("effect_points:{}", effect_keys()[e]),
         fmt::format("Effect: {}", effect_keys()[e]), costs.effect_points[e]);
  for (int suit = 0; suit < kSuitCount; ++suit)
    stat(fmt::format("suit_points:{}", suit_keys()[suit]),
         fmt::format("Suit: {}", suit_keys()[suit]), costs.suit_points[suit]);
  for (const auto& [ability, points] : costs.ability_points)
    stat(fmt::format("ability_points:{}", ability), fmt::format("Ability: {}", ability), points);
  // The target family's multipliers are not one number a point scales (Area's grows with its
  // radius), so it says which way each is off and suggests nothing.
  for (int t = 0; t < kTargetTypes; ++t) {
    const Attack probe{.target = static_cast<TargetType>(t)};
    terms.push_back({"target", target_id(probe.target),
                     fmt::format("Target: {}", target_id(probe.target)),
                     term_target_multiplier(probe, costs), "none"});
  }
  terms.push_back({"target", "no_attack", "Not an attack", 0, "none"});
  return terms;
}

std::vector<double> character_term_points(const Character& character, const CostFormula& costs) {
  const int sizes = static_cast<int>(costs.size_points.size());
  const int effects = sizes + kFixed;
  const int suits = effects + kEffectKindCount;
  const int abilities = suits + kSuitCount;
  const int targets = abilities + static_cast<int>(costs.ability_points.size());
  std::vector<double> points(static_cast<std::size_t>(targets + kTargetTypes + 1), 0.0);
  const auto stat = [&](int term) -> double& { return points[sizes + term]; };

  if (character.size >= 1 && character.size <= sizes)
    points[character.size - 1] = costs.size_points[character.size - 1];
  stat(kStride) = character.extra_strides * costs.stride_points;
  points[suits + static_cast<int>(character.suit)] =
      costs.suit_points[static_cast<int>(character.suit)];
  const int resistances =
      character.resistance[0] + character.resistance[1] + character.resistance[2];
  stat(kWound) = character.wounds * costs.wound_points;
  stat(kDefense) = character.wounds * costs.defense_points * character.defense;
  stat(kResistance) = character.wounds * costs.resistance_points * resistances;
  const double skill_share = costs.attack_skill_step * character.attack_skill;
  double attacks = 0;
  for (const Attack& attack : character.attacks) {
    const double multiplier = term_target_multiplier(attack, costs);
    const double strength = costs.strength_points * attack.strength * multiplier;
    const double range = costs.range_points * attack.range_inches * multiplier;
    stat(kStrength) += strength;
    stat(kRange) += range;
    double value = strength + range;
    for (const AttackEffect& effect : attack.effects) {
      const int e = static_cast<int>(effect.effect);
      const double effect_points = costs.effect_points[e] * effect.tokens *
                                   costs.trigger_multiplier[static_cast<int>(effect.trigger)];
      points[effects + e] += effect_points;
      value += effect_points;
    }
    stat(kAttackSkill) += value * skill_share;
    points[targets + static_cast<int>(attack.target)] += value * (1 + skill_share);
    attacks += value * (1 + skill_share);
  }
  int a = 0;
  for (const auto& [ability, ability_points] : costs.ability_points) {
    for (const std::string& has : character.abilities)
      if (has == ability) points[abilities + a] += ability_points;
    ++a;
  }
  // Not an attack: the rest of the exact cost.
  points[targets + kTargetTypes] =
      character_cost(character, costs, CostWords::kOmitted).exact - attacks;
  return points;
}

}  // namespace warband::conflict
