// The luck control variate (issue 20, docs/sim.md "Variance reduction"): at each chance node the
// outcome drawn moves a value V of the state by V(after the outcome) - E[V(after)], the mean over
// chance_outcomes() with their exact probabilities. Each such term has mean 0 whatever V is, so a
// game's result minus the sum of its terms keeps the result's expectation while the dice's share of
// its variance (as far as V sees it) is taken out.
#pragma once

#include <vector>

#include "core/game.h"
#include "core/unit_health.h"
#include "sim/match.h"

namespace warband::sim {

// Red's value of a state on the result's scale (a win 1, a draw 1/2, a loss 0): from evaluate(),
// whose terminal values are returns() (+1 / -1), as 1/2 + (Red's - Blue's) / 4.
double red_value(const State& state);

// Red's points margin now: the share of Blue's points destroyed minus the share of Red's
// (sim/points_margin.h), `units` the game's units in unit_statuses() order (sides, points,
// maximum wounds), their wounds and lives read from `state` into `health`. 0 if the counts differ.
double red_points_margin_now(const State& state, const std::vector<UnitResult>& units,
                             std::vector<UnitHealth>& health);

// V(after `outcome`) - E[V(after)] at the chance node `state` (which must be one): how much the
// outcome drawn moved Red's value above what the dice give on average.
double chance_luck(const State& state, Action outcome);

// Both scales on the same clones: `result` as chance_luck, `margin` with V Red's points margin
// (red_points_margin_now; 0 when `units` is empty). A finished game's margin minus the sum of its
// margin terms keeps the margin's expectation, as the result's does.
struct LuckTerms {
  double result = 0;
  double margin = 0;
};
LuckTerms chance_luck_terms(const State& state, Action outcome,
                            const std::vector<UnitResult>& units, std::vector<UnitHealth>& health);

}  // namespace warband::sim
