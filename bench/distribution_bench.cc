// Exact distributions of dice pools: the cost of `warband odds` and of every odds query.
#include <benchmark/benchmark.h>

#include "core/distribution.h"

namespace {

using warband::Distribution;

void BM_DistributionSumOfD6(benchmark::State& state) {
  const Distribution d6 = Distribution::uniform(1, 6);
  const int dice = static_cast<int>(state.range(0));
  for (auto _ : state)
    benchmark::DoNotOptimize(d6.sum_of(dice));
}
BENCHMARK(BM_DistributionSumOfD6)->Arg(10)->Arg(50)->Arg(200)->Unit(benchmark::kMicrosecond);

// An AtomsPast [S/D] skill roll: faces up to S count their face, higher faces count 1. The die
// is built inside the loop, as a query does.
void BM_DistributionSkillRoll(benchmark::State& state) {
  const int skill = static_cast<int>(state.range(0));
  const int dice = static_cast<int>(state.range(1));
  for (auto _ : state) {
    const Distribution die =
        Distribution::uniform(1, 6).map([skill](int face) { return face <= skill ? face : 1; });
    benchmark::DoNotOptimize(die.sum_of(dice));
  }
}
BENCHMARK(BM_DistributionSkillRoll)
    ->ArgNames({"skill", "dice"})
    ->ArgsProduct({{3, 6}, {10, 50, 200}})
    ->Unit(benchmark::kMicrosecond);

}  // namespace
