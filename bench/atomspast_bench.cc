// AtomsPast hot paths: whole random playouts of the two sample 1500-point warbands, a state
// copy, one unit's legal actions, a whole Battlefield decision's and a Run's movement search.
#include <benchmark/benchmark.h>

#include "core/registry.h"
#include "core/rng.h"
#include "rulesets/atomspast/atomspast_game.h"
#include "rulesets/atomspast/atomspast_state.h"
#include "tests/rulesets/atomspast/move_query_of.h"

namespace warband::atomspast {
namespace {

std::shared_ptr<const Game> sample_game() {
  static const auto game = make_game("atomspast", nlohmann::json::object());
  return game;
}

struct PlayoutCount {
  long long decisions = 0;
  long long chance = 0;
};

// Plays one game to the end with uniformly random decisions.
void random_playout(State& state, Rng& rng, std::vector<Action>& actions, PlayoutCount& count) {
  auto& atomspast = static_cast<AtomsPastState&>(state);
  while (!state.is_terminal()) {
    if (state.is_chance()) {
      state.apply(rng.sample(state.chance_outcomes()));
      ++count.chance;
    } else {
      atomspast.legal_actions_into(actions);
      state.apply(actions[rng.below(actions.size())]);
      ++count.decisions;
    }
  }
}

void BM_AtomsPastRandomPlayout(benchmark::State& bench) {
  const auto game = sample_game();
  Rng rng(2026);
  std::vector<Action> actions;
  actions.reserve(512);
  PlayoutCount count;
  for (auto _ : bench) {
    auto state = game->new_initial_state();
    random_playout(*state, rng, actions, count);
  }
  const auto games = static_cast<double>(bench.iterations());
  bench.counters["games/s"] = benchmark::Counter(games, benchmark::Counter::kIsRate);
  // Time per decision node counts everything between decisions (chance nodes, applies).
  bench.counters["decisions/s"] =
      benchmark::Counter(static_cast<double>(count.decisions), benchmark::Counter::kIsRate);
  bench.counters["decisions/game"] = static_cast<double>(count.decisions) / games;
  bench.counters["chance/game"] = static_cast<double>(count.chance) / games;
}
BENCHMARK(BM_AtomsPastRandomPlayout)->Unit(benchmark::kMillisecond);

// A mid-game state: random play until Red's third Battlefield Phase.
std::unique_ptr<AtomsPastState> mid_game_state() {
  const auto game = sample_game();
  Rng rng(7);
  std::unique_ptr<State> state = game->new_initial_state();
  while (!state->is_terminal()) {
    auto& atomspast = static_cast<AtomsPastState&>(*state);
    const auto& data = atomspast.data();
    if (data.round >= 3 && data.phase == Phase::kBattlefield && data.step == Step::kPhase &&
        data.active == 0)
      break;
    if (state->is_chance())
      state->apply(rng.sample(state->chance_outcomes()));
    else
      state->apply(rng.pick(state->legal_actions()));
  }
  return std::unique_ptr<AtomsPastState>(static_cast<AtomsPastState*>(state.release()));
}

void BM_AtomsPastStateCopy(benchmark::State& bench) {
  const auto state = mid_game_state();
  for (auto _ : bench) {
    AtomsPastState copy(*state);
    benchmark::DoNotOptimize(copy);
  }
}
BENCHMARK(BM_AtomsPastStateCopy);

void BM_AtomsPastOneUnitLegalActions(benchmark::State& bench) {
  const auto state = mid_game_state();
  int unit = -1;
  for (int i = 0; i < state->data().num_units && unit < 0; ++i)
    if (state->side_of(i) == 0 && state->on_board(i) && !state->is_kon(i)) unit = i;
  std::vector<Action> actions;
  actions.reserve(512);
  for (auto _ : bench) {
    actions.clear();
    state->unit_actions_into(unit, actions);
    benchmark::DoNotOptimize(actions.data());
  }
}
BENCHMARK(BM_AtomsPastOneUnitLegalActions);

// Every legal action at that Battlefield Phase decision: Done and each ready unit's Moves,
// attacks and Charges (what a random player's Battlefield decision costs, less the apply).
void BM_AtomsPastBattlefieldLegalActions(benchmark::State& bench) {
  const auto state = mid_game_state();
  std::vector<Action> actions;
  actions.reserve(512);
  for (auto _ : bench) {
    state->legal_actions_into(actions);
    benchmark::DoNotOptimize(actions.data());
  }
  bench.counters["actions"] = static_cast<double>(actions.size());
}
BENCHMARK(BM_AtomsPastBattlefieldLegalActions);

// The movement search behind a Run's destinations (issue 20): at that mid-game decision, Red's
// first unit on the board with a base of `area` spaces (1: a one-space model, 2: a cavalry base)
// searched for a Run, twice its Move at twice the terrain's cost (the search itself: the state's
// move_reach would give the thread's kept search back).
void BM_AtomsPastRunReach(benchmark::State& bench) {
  const auto state = mid_game_state();
  int unit = -1;
  for (int i = 0; i < state->data().num_units && unit < 0; ++i)
    if (state->side_of(i) == 0 && state->on_board(i) && !state->is_kon(i) &&
        state->footprint(i).area() == bench.range(0))
      unit = i;
  if (unit < 0) {
    bench.SkipWithError("no such unit on the board");
    return;
  }
  const int move = state->stat(unit, Stat::kMove);
  const grid::MoveQuery query = testing::move_query_of(*state, unit, 2 * move, 2);
  grid::Reach reach;
  for (auto _ : bench) {
    grid::compute_reach(state->atomspast().board(), query, reach);
    benchmark::DoNotOptimize(reach.destinations.data());
  }
  bench.counters["destinations"] = static_cast<double>(reach.destinations.size());
  bench.counters["budget"] = 2 * move;
}
BENCHMARK(BM_AtomsPastRunReach)->Arg(1)->Arg(2);

}  // namespace
}  // namespace warband::atomspast
