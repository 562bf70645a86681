// Sweep throughput: AtomsPast games (the default warbands and map, random bots) per second
// with 1 and 2 threads, 64 games per iteration, in wall-clock time. The aim is 2 threads at
// least 1.8x one.
#include <benchmark/benchmark.h>

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

}  // namespace
}  // namespace warband::sim
