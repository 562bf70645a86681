// Core chance machines on the hot path (issue 13): a driver (a rollout, the simulator) walks a
// State's chance nodes one outcome at a time, so the cost that matters is listing a node's
// outcomes into a reused buffer, sampling one and applying it, with no allocation.
#include <benchmark/benchmark.h>

#include <array>
#include <span>

#include "core/card_deck.h"
#include "core/dice_pool.h"
#include "core/rng.h"
#include "core/skill_roll.h"
#include "rulesets/agame/attack_pipeline.h"

namespace {

using warband::ChanceOutcome;

// Rolls a fresh machine to the end through its chance nodes; returns it.
template <typename Machine, std::size_t N>
Machine roll_through(Machine machine, warband::Rng& rng, std::array<ChanceOutcome, N>& buffer) {
  while (!machine.done()) {
    const int n = machine.chance_outcomes_into(buffer);
    machine.apply(rng.sample(std::span<const ChanceOutcome>(buffer.data(), n)));
  }
  return machine;
}

// A Game's attack roll: N d10 against a 4+ target.
void BM_DicePoolRoll(benchmark::State& state) {
  const int dice = static_cast<int>(state.range(0));
  warband::Rng rng(1);
  std::array<ChanceOutcome, warband::kMaxDieFaces> buffer;
  for (auto _ : state)
    benchmark::DoNotOptimize(roll_through(warband::DicePool(dice, 10, 4), rng, buffer).successes());
  state.SetItemsProcessed(state.iterations() * dice);  // dice rolled
}
BENCHMARK(BM_DicePoolRoll)->ArgName("dice")->Arg(1)->Arg(10);

// AtomsPast's [S3/D4] melee roll.
void BM_SkillRoll(benchmark::State& state) {
  warband::Rng rng(2);
  std::array<ChanceOutcome, warband::kSkillDieFaces> buffer;
  for (auto _ : state)
    benchmark::DoNotOptimize(roll_through(warband::SkillRoll::start(3, 4), rng, buffer).total);
  state.SetItemsProcessed(state.iterations() * 4);
}
BENCHMARK(BM_SkillRoll);

// Conflict's flip: two cards from the 18-card luck deck.
void BM_CardDrawTwoOfEighteen(benchmark::State& state) {
  warband::Rng rng(3);
  const warband::CardDeck deck = warband::CardDeck::one_of_each(18);
  std::array<ChanceOutcome, warband::kMaxCardKinds> buffer;
  for (auto _ : state)
    benchmark::DoNotOptimize(roll_through(warband::CardDraw(deck, 2), rng, buffer).drawn(1));
  state.SetItemsProcessed(state.iterations() * 2);
}
BENCHMARK(BM_CardDrawTwoOfEighteen);

// A Game's whole attack (seed 004's worked example, 3 attack and 3 dodge dice, then the saves),
// through the machine built on three pools.
void BM_AGameAttackDiceThroughChanceNodes(benchmark::State& state) {
  warband::agame::AttackRoll roll;
  roll.attack_dice = 3;
  roll.chance = 4;
  roll.accuracy = 1;
  roll.dodge_dice = 3;
  roll.defense = 6;
  roll.power = 2;
  roll.resistance = 5;
  roll.damage = 1;
  warband::Rng rng(4);
  std::array<ChanceOutcome, warband::kMaxDieFaces> buffer;
  for (auto _ : state)
    benchmark::DoNotOptimize(roll_through(warband::agame::AttackDice(roll), rng, buffer).unsaved());
}
BENCHMARK(BM_AGameAttackDiceThroughChanceNodes);

}  // namespace
