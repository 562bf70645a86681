// AtomsPast's evaluate() terms added for the balance bot (issue 20): the enemy's threat next
// turn and attackers hunting the enemy Kon, each alone (its weight 1, the others 0).
#include <gtest/gtest.h>

#include "tests/rulesets/atomspast/atomspast_fixture.h"

namespace warband::atomspast {
namespace {

using testing::first_turn;
using testing::keep_only;
using testing::place;
using testing::sample_game;
using testing::set_stat;

// Training Ground, with only `weight` counting in evaluate().
std::shared_ptr<const AtomsPastGame> game_weighing(const std::string& weight) {
  nlohmann::json overrides = {{"heuristics.material", 0}, {"heuristics.kon", 0},
                              {"heuristics.position", 0}, {"heuristics.kon_safety", 0},
                              {"heuristics.spells", 0},   {"heuristics.threat", 0},
                              {"heuristics.kon_hunt", 0}};
  overrides["heuristics." + weight] = 1;
  return sample_game({{"map", "training_ground"}, {"content_overrides", overrides}});
}

// An Orc Warrior (Red) and Footmen (Blue) given a gun [S4/D6] of range 6, the Kons far away.
struct Duel {
  std::unique_ptr<AtomsPastState> state;
  int warrior = -1, footmen = -1;
};

Duel duel(const std::shared_ptr<const AtomsPastGame>& game, int footmen_x) {
  Duel d{first_turn(game)};
  d.warrior = testing::find_unit(*game, 0, "orc_warrior");
  d.footmen = testing::find_unit(*game, 1, "footmen");
  keep_only(*d.state, {d.warrior, d.footmen});
  place(*d.state, d.warrior, 10, 8);
  place(*d.state, d.footmen, footmen_x, 8);
  set_stat(*d.state, d.footmen, Stat::kRangedSkill, 4);
  set_stat(*d.state, d.footmen, Stat::kRangedDice, 6);
  set_stat(*d.state, d.footmen, Stat::kRangedRange, 6);
  d.state->mutable_data().units[d.warrior].acti = 4;  // not ready to strike back next turn
  d.state->check_consistency();
  return d;
}

TEST(AtomsPastHeuristics, AUnitInTheRangeOfAReadyEnemyIsThreatened) {
  const auto game = game_weighing("threat");
  const Duel in_range = duel(game, 14);
  const Duel out_of_range = duel(game, 24);
  EXPECT_LT(in_range.state->evaluate()[0], -0.01);
  EXPECT_NEAR(out_of_range.state->evaluate()[0], 0.0, 1e-12);
  // A gun that cannot fire next turn (AcTi 3, Downticked to 2) threatens nothing.
  Duel not_ready = duel(game, 14);
  not_ready.state->mutable_data().units[not_ready.footmen].acti = 3;
  EXPECT_NEAR(not_ready.state->evaluate()[0], 0.0, 1e-12);
  // Zero-sum: Blue values the same position as much as Red fears it.
  EXPECT_DOUBLE_EQ(in_range.state->evaluate()[1], -in_range.state->evaluate()[0]);
}

TEST(AtomsPastHeuristics, AttackersNearTheEnemyKonHuntIt) {
  const auto game = game_weighing("kon_hunt");
  const int blue_kon = game->kon_unit(1);
  Duel near = duel(game, 24);
  Duel far = duel(game, 24);
  place(*near.state, blue_kon, 12, 8);  // two spaces from the Orc Warrior
  place(*far.state, blue_kon, 27, 17);  // the far corner
  EXPECT_GT(near.state->evaluate()[0], far.state->evaluate()[0] + 0.05);
  // With the weight at 0 the Kon's place changes nothing of the other terms here.
  const auto unweighted = game_weighing("threat");
  Duel near_unweighted = duel(unweighted, 24);
  Duel far_unweighted = duel(unweighted, 24);
  place(*near_unweighted.state, blue_kon, 12, 8);
  near_unweighted.state->mutable_data().units[blue_kon].acti = 4;
  far_unweighted.state->mutable_data().units[blue_kon].acti = 4;
  EXPECT_NEAR(near_unweighted.state->evaluate()[0] - far_unweighted.state->evaluate()[0], 0.0,
              1e-12);
}

}  // namespace
}  // namespace warband::atomspast
