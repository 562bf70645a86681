#include <benchmark/benchmark.h>

#include "core/rng.h"

namespace {

void BM_RngBelowSix(benchmark::State& state) {
  warband::Rng rng(1);
  for (auto _ : state)
    benchmark::DoNotOptimize(rng.below(6));
}
BENCHMARK(BM_RngBelowSix);

}  // namespace
