// Conflict hot paths (issue 18's figures), on each of the three shipped tables with the two
// shipped warbands: whole random games (games/s and the mean CPU per decision node, legal actions
// and apply included, as the Spellweavers row counts it), a state copy, and the legal actions of
// the first decisions of a Move (a leg's destinations) and of an activation.
#include <benchmark/benchmark.h>

#include <array>

#include "bench/random_games.h"
#include "core/registry.h"
#include "core/rng.h"
#include "rulesets/conflict/conflict_state.h"

namespace warband::conflict {
namespace {

constexpr std::array<const char*, 3> kTables = {"open_ground", "ruined_town", "hill_and_river"};

std::shared_ptr<const Game> table_game(int table) {
  static const std::array<std::shared_ptr<const Game>, 3> games = [] {
    std::array<std::shared_ptr<const Game>, 3> made;
    for (int t = 0; t < 3; ++t)
      made[t] = make_game("conflict", {{"map", kTables[t]}});
    return made;
  }();
  return games[table];
}

void BM_ConflictRandomGame(benchmark::State& bench) {
  const auto game = table_game(static_cast<int>(bench.range(0)));
  bench.SetLabel(kTables[bench.range(0)]);
  play_random_games(bench, *game);
}
BENCHMARK(BM_ConflictRandomGame)->DenseRange(0, 2)->Unit(benchmark::kMillisecond);

// A random game's state at the first decision of the given stage (a fixed seed).
std::unique_ptr<State> first_decision_in(int table, Stage stage) {
  Rng rng(7);
  auto state = table_game(table)->new_initial_state();
  while (!state->is_terminal()) {
    const auto& conflict = static_cast<const ConflictState&>(*state);
    if (!state->is_chance() && conflict.data().stage == stage) return state;
    if (state->is_chance()) {
      state->apply(rng.sample(state->chance_outcomes()));
      continue;
    }
    // Towards the stage: a model activates, then Moves.
    const std::vector<Action> legal = state->legal_actions();
    Action chosen = rng.pick(legal);
    for (const Action action : legal)
      if (kind_of(action) == ActionKind::kActivate || kind_of(action) == ActionKind::kMove)
        chosen = action;
    state->apply(chosen);
  }
  return state;
}

void BM_ConflictStateCopy(benchmark::State& bench) {
  const auto state = first_decision_in(static_cast<int>(bench.range(0)), Stage::kActivation);
  const auto& conflict = static_cast<const ConflictState&>(*state);
  bench.SetLabel(kTables[bench.range(0)]);
  for (auto _ : bench) {
    ConflictState copy(conflict);
    benchmark::DoNotOptimize(copy);
  }
  bench.counters["bytes"] = static_cast<double>(sizeof(ConflictState));
}
BENCHMARK(BM_ConflictStateCopy)->DenseRange(0, 2);

void legal_actions_at(benchmark::State& bench, Stage stage) {
  const auto state = first_decision_in(static_cast<int>(bench.range(0)), stage);
  bench.SetLabel(kTables[bench.range(0)]);
  std::vector<Action> actions;
  actions.reserve(4096);
  for (auto _ : bench) {
    state->legal_actions_into(actions);
    benchmark::DoNotOptimize(actions.data());
  }
  bench.counters["actions"] = static_cast<double>(actions.size());
}

// A model's choices at the start of its activation: Move, maneuvers, attacks in sight.
void BM_ConflictActivationLegalActions(benchmark::State& bench) {
  legal_actions_at(bench, Stage::kActivation);
}
BENCHMARK(BM_ConflictActivationLegalActions)->DenseRange(0, 2);

// The first leg of a Move: every destination of the reach that the leg's rules allow.
void BM_ConflictLegLegalActions(benchmark::State& bench) {
  legal_actions_at(bench, Stage::kMoving);
}
BENCHMARK(BM_ConflictLegLegalActions)->DenseRange(0, 2);

// A save, a view and a hash all start from to_json(): the conformance suite's main cost.
void BM_ConflictStateToJson(benchmark::State& bench) {
  const auto state = first_decision_in(static_cast<int>(bench.range(0)), Stage::kActivation);
  bench.SetLabel(kTables[bench.range(0)]);
  for (auto _ : bench) {
    nlohmann::json json = state->to_json();
    benchmark::DoNotOptimize(json);
  }
}
BENCHMARK(BM_ConflictStateToJson)->Arg(0);

}  // namespace
}  // namespace warband::conflict
