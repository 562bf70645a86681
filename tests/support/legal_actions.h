// Whether a state offers an action: the rules tests' one check of a legal move.
#pragma once

#include <algorithm>
#include <vector>

#include "core/game.h"

namespace warband {

inline bool has_action(const State& state, Action action) {
  const std::vector<Action> legal = state.legal_actions();
  return std::find(legal.begin(), legal.end(), action) != legal.end();
}

}  // namespace warband
