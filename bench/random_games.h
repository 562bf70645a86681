// Whole random games of one game, as each ruleset's benchmark counts them: games/s, and the CPU per
// decision node as decisions/s (its inverse), which counts everything between two decisions:
// chance nodes, legal actions and applies.
#pragma once

#include <benchmark/benchmark.h>

#include <cstdint>
#include <vector>

#include "core/game.h"
#include "core/rng.h"

namespace warband {

inline void play_random_games(benchmark::State& bench, const Game& game,
                              std::uint64_t seed = 2026) {
  Rng rng(seed);
  std::vector<Action> actions;
  actions.reserve(4096);
  long long decisions = 0;
  for (auto _ : bench) {
    auto state = game.new_initial_state();
    while (!state->is_terminal()) {
      if (state->is_chance()) {
        state->apply(rng.sample(state->chance_outcomes()));
      } else {
        state->legal_actions_into(actions);
        state->apply(actions[rng.below(actions.size())]);
        ++decisions;
      }
    }
  }
  const auto games = static_cast<double>(bench.iterations());
  bench.counters["games/s"] = benchmark::Counter(games, benchmark::Counter::kIsRate);
  bench.counters["decisions/s"] =
      benchmark::Counter(static_cast<double>(decisions), benchmark::Counter::kIsRate);
  bench.counters["decisions/game"] = static_cast<double>(decisions) / games;
}

}  // namespace warband
