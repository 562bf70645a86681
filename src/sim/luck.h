// The luck control variate (issue 20, docs/sim.md "Variance reduction"): at each chance node the
// outcome drawn moves a value V of the state by V(after the outcome) - E[V(after)], the mean over
// chance_outcomes() with their exact probabilities. Each such term has mean 0 whatever V is, so a
// game's result minus the sum of its terms keeps the result's expectation while the dice's share of
// its variance (as far as V sees it) is taken out.
#pragma once

#include "core/game.h"

namespace warband::sim {

// Red's value of a state on the result's scale (a win 1, a draw 1/2, a loss 0): from evaluate(),
// whose terminal values are returns() (+1 / -1), as 1/2 + (Red's - Blue's) / 4.
double red_value(const State& state);

// V(after `outcome`) - E[V(after)] at the chance node `state` (which must be one): how much the
// outcome drawn moved Red's value above what the dice give on average.
double chance_luck(const State& state, Action outcome);

}  // namespace warband::sim
