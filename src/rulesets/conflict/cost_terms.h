// The points formula's terms (content/conflict/costs.toml) and the points each puts into a
// character, for the formula fit of `warband balance conflict` (docs/sim.md, "Balance of a cost
// formula"). A character's exact cost is shared out two ways, each adding up to it:
// - "stat": each of the formula's numbers gets the points it adds: size_points, stride_points,
//   wound_points, defense_points and resistance_points (per Wound), strength_points and
//   range_points (times the target multiplier), each effect's points, the Attack Skill's share
//   ((1 + step x Skill) - 1 of every attack), the suit's and each ability's;
// - "target": an attack's whole points go to its target type; the rest to "not an attack".
// Every "stat" term's points grow in proportion to its number, so the fair number is the current
// one times its value per point over the average point's ("scale").
#pragma once

#include <vector>

#include "core/balance_hooks.h"
#include "rulesets/conflict/character.h"
#include "rulesets/conflict/creation_rules.h"

namespace warband::conflict {

// Every term, the families in the order above.
std::vector<FormulaTerm> cost_terms(const CostFormula& costs);

// A character's points per cost_terms() entry; each family's add up to character_cost's exact.
std::vector<double> character_term_points(const Character& character, const CostFormula& costs);

}  // namespace warband::conflict
