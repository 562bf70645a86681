// A Game hot paths (issue 19's figures): whole random games on the open field with the default
// lists, without the draft (Arg 0) and with it and the cards (Arg 1), counting games/s and
// decisions/s (legal actions and applies included), and a state copy in the draft and after it.
#include <benchmark/benchmark.h>

#include "bench/random_games.h"
#include "core/registry.h"
#include "core/rng.h"
#include "rulesets/agame/agame_state.h"

namespace warband::agame {
namespace {

std::shared_ptr<const Game> draft_game(bool draft) {
  static const std::shared_ptr<const Game> without =
      make_game("agame", {{"parameters", {{"draft", 0}}}});
  static const std::shared_ptr<const Game> with = make_game("agame", nlohmann::json::object());
  return draft ? with : without;
}

void BM_AGameRandomGame(benchmark::State& bench) {
  const auto game = draft_game(bench.range(0) == 1);
  bench.SetLabel(bench.range(0) == 1 ? "with the draft and cards" : "no draft");
  play_random_games(bench, *game);
}
BENCHMARK(BM_AGameRandomGame)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

// A copy of the state a bot makes per node: in the draft (Arg 1: the Draft shared, copy on
// write) and at the first activation (Arg 0).
void BM_AGameStateCopy(benchmark::State& bench) {
  auto state = draft_game(true)->new_initial_state();
  Rng rng(7);
  const bool in_draft = bench.range(0) == 1;
  while (!state->is_terminal()) {
    const Stage stage = static_cast<const AGameState&>(*state).data().stage;
    if (in_draft ? stage == Stage::kDraft : stage == Stage::kChooseModel) break;
    if (state->is_chance()) {
      state->apply(rng.sample(state->chance_outcomes()));
    } else {
      const std::vector<Action> actions = state->legal_actions();
      state->apply(actions[rng.below(actions.size())]);
    }
  }
  for (auto _ : bench)
    benchmark::DoNotOptimize(state->clone());
}
BENCHMARK(BM_AGameStateCopy)->Arg(0)->Arg(1);

}  // namespace
}  // namespace warband::agame
