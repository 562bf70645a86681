// Spellweavers hot paths (issue 17's figures): whole random games of the default setup (one
// sample wizard a side on Open Field), a state copy, and the legal actions of the wizard to act
// at its first decision (every move, strike and castable spell), then of its placement step (the
// distinct placements of the spell with the most of them).
#include <benchmark/benchmark.h>

#include "bench/random_games.h"
#include "core/registry.h"
#include "core/rng.h"
#include "rulesets/spellweavers/spellweavers_state.h"

namespace warband::spellweavers {
namespace {

std::shared_ptr<const Game> default_game() {
  static const auto game = make_game("spellweavers", nlohmann::json::object());
  return game;
}

void BM_SpellweaversRandomGame(benchmark::State& bench) {
  const auto game = default_game();
  play_random_games(bench, *game);
}
BENCHMARK(BM_SpellweaversRandomGame)->Unit(benchmark::kMillisecond);

// The first decision of the game: the wizard to act with all its spells in reach.
std::unique_ptr<State> first_decision() {
  Rng rng(7);
  auto state = default_game()->new_initial_state();
  while (state->is_chance())
    state->apply(rng.sample(state->chance_outcomes()));
  return state;
}

void BM_SpellweaversStateCopy(benchmark::State& bench) {
  const auto state = first_decision();
  const auto& spellweavers = static_cast<const SpellweaversState&>(*state);
  for (auto _ : bench) {
    SpellweaversState copy(spellweavers);
    benchmark::DoNotOptimize(copy);
  }
}
BENCHMARK(BM_SpellweaversStateCopy);

void BM_SpellweaversWizardLegalActions(benchmark::State& bench) {
  const auto state = first_decision();
  std::vector<Action> actions;
  actions.reserve(4096);
  for (auto _ : bench) {
    state->legal_actions_into(actions);
    benchmark::DoNotOptimize(actions.data());
  }
  bench.counters["actions"] = static_cast<double>(actions.size());
}
BENCHMARK(BM_SpellweaversWizardLegalActions);

// The placement step of the spell with the most distinct placements at the first decision.
std::unique_ptr<State> largest_placement_step() {
  const auto state = first_decision();
  std::unique_ptr<State> largest;
  std::size_t most = 0;
  for (const Action action : state->legal_actions()) {
    if (kind_of(action) != ActionKind::kCastSpell) continue;
    auto placing = state->clone();
    placing->apply(action);
    if (placing->legal_actions().size() > most) {
      most = placing->legal_actions().size();
      largest = std::move(placing);
    }
  }
  return largest;
}

void BM_SpellweaversPlacementLegalActions(benchmark::State& bench) {
  const auto state = largest_placement_step();
  std::vector<Action> actions;
  actions.reserve(4096);
  for (auto _ : bench) {
    state->legal_actions_into(actions);
    benchmark::DoNotOptimize(actions.data());
  }
  bench.counters["actions"] = static_cast<double>(actions.size());
}
BENCHMARK(BM_SpellweaversPlacementLegalActions);

}  // namespace
}  // namespace warband::spellweavers
