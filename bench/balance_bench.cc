// The parts of a `warband balance` run that are its own, not the games': drawing a random pair
// of legal warbands and building the game on them (once per game), and the logistic fit (once
// per run).
#include <benchmark/benchmark.h>

#include "balance/logistic_fit.h"
#include "core/balance_hooks.h"
#include "core/registry.h"
#include "core/rng.h"

namespace {

void BM_BalanceRandomSetupAndGame(benchmark::State& state) {
  const warband::BalanceHooks& hooks = warband::find_balance("atomspast");
  const nlohmann::json base = nlohmann::json::object();
  std::uint64_t seed = 0;
  for (auto _ : state) {
    const nlohmann::json setup = hooks.random_setup(base, 1500, 150, ++seed);
    benchmark::DoNotOptimize(warband::make_game("atomspast", setup));
  }
}
BENCHMARK(BM_BalanceRandomSetupAndGame)->Unit(benchmark::kMicrosecond);

// Two random Spellweavers wizards at the standard power budget, and the game built on them.
void BM_BalanceSpellweaversRandomSetupAndGame(benchmark::State& state) {
  const warband::BalanceHooks& hooks = warband::find_balance("spellweavers");
  const nlohmann::json base = nlohmann::json::object();
  std::uint64_t seed = 0;
  for (auto _ : state) {
    const nlohmann::json setup = hooks.random_setup(base, 120, 12, ++seed);
    benchmark::DoNotOptimize(warband::make_game("spellweavers", setup));
  }
}
BENCHMARK(BM_BalanceSpellweaversRandomSetupAndGame)->Unit(benchmark::kMicrosecond);

// 10,000 games, 17 units: the fit of a 10,000-game AtomsPast run.
void BM_BalanceLogisticFit(benchmark::State& state) {
  const int games = static_cast<int>(state.range(0));
  warband::Rng rng(1);
  std::vector<std::vector<double>> features;
  std::vector<double> outcomes;
  for (int g = 0; g < games; ++g) {
    std::vector<double> row;
    for (int u = 0; u < 17; ++u)
      row.push_back(static_cast<double>(rng.below(5)) - 2.0);
    features.push_back(std::move(row));
    outcomes.push_back(static_cast<double>(rng.below(2)));
  }
  for (auto _ : state)
    benchmark::DoNotOptimize(warband::balance::fit_logistic(features, outcomes, 1.0));
}
BENCHMARK(BM_BalanceLogisticFit)->ArgName("games")->Arg(10000)->Unit(benchmark::kMillisecond);

}  // namespace
