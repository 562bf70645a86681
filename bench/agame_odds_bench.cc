// Exact odds of A Game's attack pipeline (seed 004) and of Conflict's attack (seed 003): the cost
// of one `warband odds agame` / `warband odds conflict --attack A --defense D` computation.
// Aim (issue 3): the full A Game pipeline with 10 attack dice and 10 dodge dice under 10 µs.
#include <benchmark/benchmark.h>

#include "rulesets/agame/attack_pipeline.h"
#include "rulesets/conflict/combat.h"
#include "rulesets/conflict/luck_deck.h"

namespace {

// N attack dice at 4+ (accuracy +1) against N dodge dice at 6+, saves at 5+ raised by power +2,
// damage 1: the worked example's numbers with bigger pools. Past 6 dice a side the ways no longer
// fit in 64 bits and the pipeline works in probabilities.
void BM_AGameAttackPipeline(benchmark::State& state) {
  warband::agame::AttackRoll roll;
  roll.attack_dice = static_cast<int>(state.range(0));
  roll.dodge_dice = static_cast<int>(state.range(0));
  roll.chance = 4;
  roll.accuracy = 1;
  roll.defense = 6;
  roll.power = 2;
  roll.resistance = 5;
  roll.damage = 1;
  for (auto _ : state)
    benchmark::DoNotOptimize(warband::agame::attack_wounds(roll));
}
BENCHMARK(BM_AGameAttackPipeline)
    ->ArgName("dice")
    ->Arg(2)
    ->Arg(5)
    ->Arg(10)
    ->Arg(30)
    ->Unit(benchmark::kMicrosecond);

// A Wide attack of 3 dice over 5 models (the Great Ramming Charge through a line of models).
void BM_AGameWideAttack(benchmark::State& state) {
  const warband::agame::AttackRoll roll{10, 3, 3, 3, 2, 4, 0, 6, 1, false, false};
  for (auto _ : state)
    benchmark::DoNotOptimize(warband::agame::wide_attack_wounds(roll, 5));
}
BENCHMARK(BM_AGameWideAttack)->Unit(benchmark::kMicrosecond);

// Conflict: both sides flip two cards from their own (here depleted) deck; the damage.
void BM_ConflictAttackDamage(benchmark::State& state) {
  using namespace warband::conflict;
  const AttackSetup setup{3, 2, LuckDeck::without_cards("BJ,3S", "--gone"),
                          LuckDeck::without_cards("RJ", "--defender-gone")};
  for (auto _ : state)
    benchmark::DoNotOptimize(attack_damage_distribution(setup));
}
BENCHMARK(BM_ConflictAttackDamage)->Unit(benchmark::kMicrosecond);

void BM_ConflictTwoCardTable(benchmark::State& state) {
  using namespace warband::conflict;
  const LuckDeck deck = LuckDeck::full();
  for (auto _ : state)
    benchmark::DoNotOptimize(two_card_total(deck));
}
BENCHMARK(BM_ConflictTwoCardTable)->Unit(benchmark::kMicrosecond);

}  // namespace
