// Sweep throughput: AtomsPast games (the default warbands and map, random bots) per second
// with 1 and 2 threads, 64 games per iteration, in wall-clock time. The aim is 2 threads at
// least 1.8x one. And the sweep's own work around the engine: the final state's hash.
#include <benchmark/benchmark.h>

#include "core/registry.h"
#include "core/rng.h"
#include "sim/sweep.h"

namespace warband::sim {
namespace {

void BM_SweepGamesPerSecond(benchmark::State& bench) {
  SweepSettings settings;
  settings.ruleset = "atomspast";
  settings.seed = 2026;
  settings.threads = static_cast<int>(bench.range(0));
  const std::int64_t games = 64;
  std::int64_t first = 0;
  for (auto _ : bench) {
    // Fresh games each iteration, so no iteration repeats another's work.
    settings.first = first;
    settings.end = first + games;
    benchmark::DoNotOptimize(run_sweep(settings));
    first += games;
  }
  bench.SetItemsProcessed(bench.iterations() * games);
  bench.counters["games_per_s"] = benchmark::Counter(
      static_cast<double>(bench.iterations() * games), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_SweepGamesPerSecond)->Arg(1)->Arg(2)->UseRealTime()->Unit(benchmark::kMillisecond);

// What play_match does last in every game: the final state's hash, through the state's own
// hash() (direct:1; AtomsPast writes the JSON text straight into the digest) and through
// State::hash() (direct:0: to_json() built and dumped, then digested), on the final state of a
// random game of the default setup.
void BM_FinalStateHash(benchmark::State& bench) {
  const std::shared_ptr<const Game> game = make_game("atomspast", nlohmann::json::object());
  std::unique_ptr<State> state = game->new_initial_state();
  Rng rng(2026);
  while (!state->is_terminal())
    state->apply(state->is_chance() ? rng.sample(state->chance_outcomes())
                                    : rng.pick(state->legal_actions()));
  const bool direct = bench.range(0) == 1;
  for (auto _ : bench)
    benchmark::DoNotOptimize(direct ? state->hash() : state->State::hash());
}
BENCHMARK(BM_FinalStateHash)->ArgName("direct")->Arg(0)->Arg(1)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace warband::sim
