#include "rulesets/conflict/character_cost.h"

#include <fmt/format.h>

#include <cmath>
#include <utility>

#include "core/unit_price_overrides.h"

namespace warband::conflict {
namespace {

// Terms are sums of products of small whole numbers and the formula's decimals: the epsilon keeps
// a sum that is exactly x.5 on paper (0.15 x 10 = 1.4999999...) rounding up as on paper. A price
// is at most kMaxUnitPrice: a costs.toml whose numbers are each in range can still multiply to a
// price past what an int holds (the conflict_costs fuzz target's find), and a warband adds them.
int round_half_up(double exact) {
  if (!(exact < kMaxUnitPrice)) return kMaxUnitPrice;
  return static_cast<int>(std::floor(exact + 0.5 + 1e-9));
}

// Writes its formula into `formula` unless it is null.
double target_multiplier(const Attack& attack, const CostFormula& costs, std::string* formula) {
  switch (attack.target) {
    case TargetType::kSingle:
      if (formula) *formula = fmt::format("Single {}", points_text(costs.single_multiplier));
      return costs.single_multiplier;
    case TargetType::kBreakthrough:
      if (formula)
        *formula = fmt::format("Breakthrough {}", points_text(costs.breakthrough_multiplier));
      return costs.breakthrough_multiplier;
    case TargetType::kArea: {
      const double value = costs.area_base + costs.area_per_inch * attack.radius_inches;
      if (formula)
        *formula = fmt::format("Area ({} + {} x radius {})", points_text(costs.area_base),
                               points_text(costs.area_per_inch), attack.radius_inches);
      return value;
    }
    case TargetType::kRicochet: {
      const double value = 1 + costs.ricochet_per_jump * attack.ricochet_jumps;
      if (formula)
        *formula = fmt::format("Ricochet (1 + {} x jumps {})", points_text(costs.ricochet_per_jump),
                               attack.ricochet_jumps);
      return value;
    }
  }
  return 1;
}

}  // namespace

std::string points_text(double points) {
  std::string text = fmt::format("{:.3f}", points);
  while (text.back() == '0')
    text.pop_back();
  if (text.back() == '.') text.pop_back();
  return text == "-0" ? "0" : text;
}

CharacterCost character_cost(const Character& character, const CostFormula& costs,
                             CostWords words) {
  CharacterCost cost;
  const bool written = words == CostWords::kWritten;
  // `describe` gives the term's name and formula, asked only when the terms are written.
  const auto add = [&](double points, const auto& describe) {
    cost.exact += points;
    if (!written) return;
    auto [term, formula] = describe();
    cost.terms.push_back({std::move(term), std::move(formula), points});
  };
  using Words = std::pair<std::string, std::string>;
  const bool size_known =
      character.size >= 1 && character.size <= static_cast<int>(costs.size_points.size());
  add(size_known ? costs.size_points[character.size - 1] : 0, [&] {
    return Words(fmt::format("size {}", character.size),
                 size_known ? "size_points" : "off the Size Category table: 0");
  });
  if (character.extra_strides != 0)
    add(character.extra_strides * costs.stride_points, [&] {
      return Words("extra strides", fmt::format("{} x {}", character.extra_strides,
                                                points_text(costs.stride_points)));
    });
  if (const double suit = costs.suit_points[static_cast<int>(character.suit)]; suit != 0)
    add(suit,
        [&] { return Words(fmt::format("suit {}", suit_name(character.suit)), "suit_points"); });

  const int resistances =
      character.resistance[0] + character.resistance[1] + character.resistance[2];
  const double per_wound = costs.wound_points + costs.defense_points * character.defense +
                           costs.resistance_points * resistances;
  add(character.wounds * per_wound, [&] {
    return Words("wounds",
                 fmt::format("{} x ({} + {} x Defense {} + {} x Resistances {})", character.wounds,
                             points_text(costs.wound_points), points_text(costs.defense_points),
                             character.defense, points_text(costs.resistance_points), resistances));
  });

  const double skill_factor = 1 + costs.attack_skill_step * character.attack_skill;
  for (const Attack& attack : character.attacks) {
    std::string target_formula;
    const double multiplier = target_multiplier(attack, costs, written ? &target_formula : nullptr);
    const double base =
        (costs.strength_points * attack.strength + costs.range_points * attack.range_inches) *
        multiplier;
    double effects = 0;
    for (const AttackEffect& effect : attack.effects)
      effects += costs.effect_points[static_cast<int>(effect.effect)] * effect.tokens *
                 costs.trigger_multiplier[static_cast<int>(effect.trigger)];
    add((base + effects) * skill_factor, [&] {
      std::string formula = fmt::format(
          "(({} x Strength {} + {} x Range {}) x {}", points_text(costs.strength_points),
          attack.strength, points_text(costs.range_points), attack.range_inches, target_formula);
      for (const AttackEffect& effect : attack.effects)
        formula += fmt::format(
            " + {} {} x {} x {}", effect_keys()[static_cast<int>(effect.effect)],
            points_text(costs.effect_points[static_cast<int>(effect.effect)]), effect.tokens,
            points_text(costs.trigger_multiplier[static_cast<int>(effect.trigger)]));
      formula += fmt::format(") x (1 + {} x Attack Skill {})", points_text(costs.attack_skill_step),
                             character.attack_skill);
      return Words(fmt::format("attack '{}'", attack.name), std::move(formula));
    });
  }
  for (const std::string& ability : character.abilities) {
    const auto found = costs.ability_points.find(ability);
    const bool known = found != costs.ability_points.end();
    add(known ? found->second : 0, [&] {
      return Words(fmt::format("ability '{}'", ability),
                   known ? "ability_points" : "not in abilities.toml: 0");
    });
  }
  cost.formula_points = round_half_up(cost.exact);
  cost.points = cost.formula_points;
  for (const CostFormula::PriceOverride& fixed : costs.price_overrides)
    if (fixed.character.name == character.name && fixed.character == character) {
      cost.points = fixed.points;
      cost.override_id = fixed.id;
    }
  return cost;
}

int character_points(const Character& character, const CostFormula& costs) {
  return character_cost(character, costs, CostWords::kOmitted).points;
}

int warband_points(const Warband& warband, const CostFormula& costs) {
  int total = 0;
  for (const WarbandEntry& entry : warband.characters)
    if (entry.found) total += character_points(entry.character, costs);
  return total;
}

}  // namespace warband::conflict
