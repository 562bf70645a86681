// The AtomsPast table view a browser fetches after every move: the whole view of a mid-game
// state, as the side to move sees it (with its units' reach, sight and targets) and as the
// other side sees it (without them), and the view serialised to the text the server sends.
#include <benchmark/benchmark.h>

#include "core/registry.h"
#include "core/rng.h"
#include "rulesets/atomspast/atomspast_game.h"
#include "rulesets/atomspast/atomspast_state.h"

namespace warband::atomspast {
namespace {

// Random play until Red's third Battlefield Phase (the state bench/atomspast_bench.cc uses).
std::unique_ptr<AtomsPastState> mid_game_atomspast_state() {
  static const auto game = make_game("atomspast", nlohmann::json::object());
  Rng rng(7);
  std::unique_ptr<State> state = game->new_initial_state();
  while (!state->is_terminal()) {
    const auto& data = static_cast<AtomsPastState&>(*state).data();
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

void BM_AtomsPastTableViewSideToMove(benchmark::State& bench) {
  const auto state = mid_game_atomspast_state();
  for (auto _ : bench) {
    nlohmann::json view = state->table_view(0);
    benchmark::DoNotOptimize(view);
  }
}
BENCHMARK(BM_AtomsPastTableViewSideToMove)->Unit(benchmark::kMicrosecond);

void BM_AtomsPastTableViewOtherSide(benchmark::State& bench) {
  const auto state = mid_game_atomspast_state();
  for (auto _ : bench) {
    nlohmann::json view = state->table_view(1);
    benchmark::DoNotOptimize(view);
  }
}
BENCHMARK(BM_AtomsPastTableViewOtherSide)->Unit(benchmark::kMicrosecond);

void BM_AtomsPastTableViewAsText(benchmark::State& bench) {
  const auto state = mid_game_atomspast_state();
  std::size_t bytes = 0;
  for (auto _ : bench) {
    const std::string text = state->table_view(0).dump();
    bytes = text.size();
    benchmark::DoNotOptimize(text.data());
  }
  bench.counters["bytes"] = static_cast<double>(bytes);
}
BENCHMARK(BM_AtomsPastTableViewAsText)->Unit(benchmark::kMicrosecond);

void BM_AtomsPastLegalActionViews(benchmark::State& bench) {
  const auto state = mid_game_atomspast_state();
  const std::vector<Action> legal = state->legal_actions();
  for (auto _ : bench) {
    nlohmann::json views = nlohmann::json::array();
    for (Action action : legal)
      views.push_back(state->action_view(action));
    benchmark::DoNotOptimize(views);
  }
  bench.counters["actions"] = static_cast<double>(legal.size());
}
BENCHMARK(BM_AtomsPastLegalActionViews)->Unit(benchmark::kMicrosecond);

// The mid-game state after its first Move (or Run) is chosen: the step that lists every
// destination, each of whose action views carries the route drawn on the board.
void BM_AtomsPastDestinationActionViews(benchmark::State& bench) {
  auto state = mid_game_atomspast_state();
  for (Action action : state->legal_actions())
    if (kind_of(action) == ActionKind::kMove || kind_of(action) == ActionKind::kRun) {
      state->apply(action);
      break;
    }
  const std::vector<Action> legal = state->legal_actions();
  if (legal.empty() || kind_of(legal.back()) != ActionKind::kDestination) {
    bench.SkipWithError("the mid-game state has no Move to choose");
    return;
  }
  for (auto _ : bench) {
    nlohmann::json views = nlohmann::json::array();
    for (Action action : legal)
      views.push_back(state->action_view(action));
    benchmark::DoNotOptimize(views);
  }
  bench.counters["actions"] = static_cast<double>(legal.size());
}
BENCHMARK(BM_AtomsPastDestinationActionViews)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace warband::atomspast
