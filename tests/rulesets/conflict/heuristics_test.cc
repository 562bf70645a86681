// Conflict's evaluate(), what greedy and mcts stop at: material weighted by each model's points,
// the centre zone worth more as the round limit nears, and a side's score bounded and symmetric.
#include <gtest/gtest.h>

#include "conflict_fixture.h"

namespace warband::conflict {
namespace {

using testing::Arena;
using testing::character_toml;
using testing::melee_attack;

// Two of the same size each side: a costly one (10 Wounds, Strength 6) and a cheap one.
Arena two_a_side() {
  const std::string side = character_toml("Champion", 2, 3, 2, 2, 10, melee_attack(6)) +
                           character_toml("Recruit", 2, 0, 0, 0, 2, melee_attack(1));
  return Arena("", side, side);
}

TEST(ConflictEvaluate, LosingTheCostlierModelOfOneSizeCostsMore) {
  Arena arena = two_a_side();
  ASSERT_GT(arena.game().model(0).points, 2 * arena.game().model(1).points);
  // Far apart and out of the centre zone: only material differs.
  arena.place(0, 4, 2);
  arena.place(1, 8, 2);
  arena.place(2, 4, 34);
  arena.place(3, 8, 34);
  const double even = arena.state().evaluate()[0];
  EXPECT_NEAR(even, 0.0, 1e-12);
  ConflictState champion_lost = arena.state();
  champion_lost.mutable_data().models[0].out = true;
  champion_lost.mutable_data().models[0].wounds = 0;
  ConflictState recruit_lost = arena.state();
  recruit_lost.mutable_data().models[1].out = true;
  recruit_lost.mutable_data().models[1].wounds = 0;
  const std::vector<double> after_champion = champion_lost.evaluate();
  const std::vector<double> after_recruit = recruit_lost.evaluate();
  EXPECT_LT(after_champion[0], after_recruit[0]);
  EXPECT_LT(after_recruit[0], even);
  EXPECT_DOUBLE_EQ(after_champion[0], -after_champion[1]);
  EXPECT_GT(after_champion[0], -1.0);
  // Half the Champion's wounds lost weighs less than losing it.
  ConflictState wounded = arena.state();
  wounded.mutable_data().models[0].wounds = 5;
  EXPECT_LT(wounded.evaluate()[0], even);
  EXPECT_GT(wounded.evaluate()[0], after_champion[0]);
}

TEST(ConflictEvaluate, TheCentreZoneWeighsMoreAsTheRoundLimitNears) {
  Arena arena = two_a_side();
  arena.place(0, 18, 18);  // Red's Champion on the objective
  arena.place(1, 4, 2);
  arena.place(2, 4, 34);
  arena.place(3, 8, 34);
  const double first_round = arena.state().evaluate()[0];
  EXPECT_GT(first_round, 0.0);
  arena.state().mutable_data().round = static_cast<std::int8_t>(arena.game().round_limit());
  EXPECT_GT(arena.state().evaluate()[0], first_round);
}

}  // namespace
}  // namespace warband::conflict
