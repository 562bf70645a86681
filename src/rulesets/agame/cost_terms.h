// The points formula's numbers (content/agame/costs.toml) as terms of `warband balance agame`'s
// formula fit (docs/sim.md, "Balance of A Game's points"), as Conflict's cost_terms.h. A model's
// exact price is shared out two ways, each adding up to it (model_cost.h):
// - "number": each number of costs.toml gets the points it puts in (ModelCost::numbers), so the
//   fair number is the current one times its value per point over the average point's ("scale");
//   a target multiplier gets its bonus over 1 ("bonus");
// - "role": the best attack, the other attacks (other_attack_share), the reaction attacks
//   (reaction_share) and the rest; a share's points grow with it ("scale"), the others suggest
//   none.
#pragma once

#include <vector>

#include "core/balance_hooks.h"
#include "rulesets/agame/content.h"
#include "rulesets/agame/model_cost.h"

namespace warband::agame {

// Every term, "number" then "role".
std::vector<FormulaTerm> cost_terms(const CostFormula& costs);

// A model's points per cost_terms() entry; each family's add up to model_cost's exact.
std::vector<double> model_term_points(const Model& model, const CostFormula& costs, int faces);

}  // namespace warband::agame
