// The bots' speed on the sample AtomsPast game (the seed's two 1500-point warbands): random
// playouts through the generic interface, MCTS iterations with full random rollouts, and one
// greedy decision.
#include <benchmark/benchmark.h>

#include "bots/bot.h"
#include "bots/greedy_bot.h"
#include "bots/mcts_bot.h"
#include "core/registry.h"
#include "core/rng.h"

namespace warband::bots {
namespace {

std::shared_ptr<const Game> bots_sample_game() {
  static const auto game = make_game(
      "atomspast", {{"map", "broken_hills"}, {"warbands", {"toms_orcs", "jerrys_elves"}}});
  return game;
}

// Plays to the end with uniformly random decisions; returns the decisions made.
long long bots_random_playout(State& state, Rng& rng, std::vector<Action>& actions) {
  long long decisions = 0;
  while (!state.is_terminal()) {
    if (state.is_chance()) {
      state.apply(rng.sample(state.chance_outcomes()));
    } else {
      state.legal_actions_into(actions);
      state.apply(actions[rng.below(actions.size())]);
      ++decisions;
    }
  }
  return decisions;
}

// Red's third Battlefield Phase of a random game: a typical mid-game decision.
std::unique_ptr<State> bots_mid_game_state() {
  Rng rng(7);
  std::vector<Action> actions;
  for (;;) {
    auto state = bots_sample_game()->new_initial_state();
    while (!state->is_terminal()) {
      const nlohmann::json json = state->to_json();
      if (json["round"].get<int>() >= 3 && json["active"].get<int>() == 0 &&
          state->current_player() == 0 && json["step"].get<int>() == 0 &&
          json["phase"].get<int>() == 5)  // Phase::kBattlefield, Step::kPhase
        return state;
      if (state->is_chance()) {
        state->apply(rng.sample(state->chance_outcomes()));
      } else {
        state->legal_actions_into(actions);
        state->apply(actions[rng.below(actions.size())]);
      }
    }
  }
}

void report_playouts(benchmark::State& bench, long long decisions) {
  bench.counters["playouts/s"] =
      benchmark::Counter(static_cast<double>(bench.iterations()), benchmark::Counter::kIsRate);
  bench.counters["decisions/playout"] =
      static_cast<double>(decisions) / static_cast<double>(bench.iterations());
}

void BM_RandomPlayoutFromStart(benchmark::State& bench) {
  Rng rng(2026);
  std::vector<Action> actions;
  long long decisions = 0;
  for (auto _ : bench) {
    auto state = bots_sample_game()->new_initial_state();
    decisions += bots_random_playout(*state, rng, actions);
  }
  report_playouts(bench, decisions);
}
BENCHMARK(BM_RandomPlayoutFromStart)->Unit(benchmark::kMicrosecond);

void BM_RandomPlayoutFromMidGame(benchmark::State& bench) {
  const auto start = bots_mid_game_state();
  Rng rng(2026);
  std::vector<Action> actions;
  long long decisions = 0;
  for (auto _ : bench) {
    auto state = start->clone();
    decisions += bots_random_playout(*state, rng, actions);
  }
  report_playouts(bench, decisions);
}
BENCHMARK(BM_RandomPlayoutFromMidGame)->Unit(benchmark::kMicrosecond);

// One mcts decision at the mid-game state; the counter is iterations per second.
void mcts_decision(benchmark::State& bench, const std::string& spec) {
  const auto start = bots_mid_game_state();
  auto bot = make_bot(spec);
  Rng rng(1);
  long long iterations = 0;
  for (auto _ : bench) {
    benchmark::DoNotOptimize(bot->choose(*start, rng));
    iterations += static_cast<MctsBot&>(*bot).last_iterations();
  }
  bench.counters["iterations/s"] =
      benchmark::Counter(static_cast<double>(iterations), benchmark::Counter::kIsRate);
}

void BM_MctsFullRollouts(benchmark::State& bench) {
  mcts_decision(bench, "mcts:iterations=500,rollout=full");
}
BENCHMARK(BM_MctsFullRollouts)->Unit(benchmark::kMillisecond);

void BM_MctsDefault(benchmark::State& bench) {
  mcts_decision(bench, "mcts");
}
BENCHMARK(BM_MctsDefault)->Unit(benchmark::kMillisecond);

void BM_GreedyDecision(benchmark::State& bench) {
  const auto start = bots_mid_game_state();
  auto bot = make_bot("greedy");
  Rng rng(1);
  for (auto _ : bench)
    benchmark::DoNotOptimize(bot->choose(*start, rng));
}
BENCHMARK(BM_GreedyDecision)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace warband::bots
