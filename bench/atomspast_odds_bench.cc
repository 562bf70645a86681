// The cost of `warband odds atomspast`: the exact [S/D] distribution through the ruleset's own
// skill_roll (issue 3's aim: 200 dice under 50 µs), and a Cast after Channels.
#include <benchmark/benchmark.h>

#include "rulesets/atomspast/odds.h"

namespace {

void BM_AtomsPastSkillRoll(benchmark::State& state) {
  const int skill = static_cast<int>(state.range(0));
  const int dice = static_cast<int>(state.range(1));
  for (auto _ : state)
    benchmark::DoNotOptimize(warband::atomspast::skill_roll(skill, dice));
}
BENCHMARK(BM_AtomsPastSkillRoll)
    ->ArgNames({"skill", "dice"})
    ->ArgsProduct({{3, 6}, {10, 50, 200}})
    ->Unit(benchmark::kMicrosecond);

void BM_AtomsPastCastAfterChannels(benchmark::State& state) {
  warband::atomspast::CastSetup setup;
  setup.acti = 12;
  setup.channels = static_cast<int>(state.range(0));
  setup.zone = 2;
  for (auto _ : state)
    benchmark::DoNotOptimize(warband::atomspast::cast_x(setup));
}
BENCHMARK(BM_AtomsPastCastAfterChannels)->Arg(0)->Arg(3)->Unit(benchmark::kMicrosecond);

}  // namespace
