// Deployment by the players (ruling "Deployment"): Red places first, the sides alternate model by
// model in warband order, each on a lattice point of its zone where its base fits; the rounds
// begin when every model stands. The setup parameter automatic_deployment keeps the engine's.
#include <gtest/gtest.h>

#include "tests/rulesets/conflict/conflict_fixture.h"

namespace warband::conflict {
namespace {

using testing::Arena;
using testing::character_toml;
using testing::melee_attack;

using testing::kSmall;

Action deploy_at(int model, double x, double y) {
  return encode_action(
      ActionKind::kDeploy, model,
      pack_point({static_cast<std::int32_t>(x * 100), static_cast<std::int32_t>(y * 100)}));
}

TEST(ConflictDeployment, SidesAlternateInWarbandOrderThenTheRoundBegins) {
  Arena arena("", kSmall + kSmall, kSmall, /*players_deploy=*/true);
  ConflictState& state = arena.state();
  ASSERT_EQ(state.data().stage, Stage::kDeploy);
  EXPECT_EQ(state.current_player(), 0);
  EXPECT_EQ(state.next_to_deploy(), 0);
  // A Guard's 1.25" base in Red's 6" zone on the 1" lattice: x 1..35, y 1..5: 35 x 5 places.
  const std::vector<Action> places = state.legal_actions();
  EXPECT_EQ(places.size(), 35u * 5u);
  for (Action action : places) {
    ASSERT_EQ(kind_of(action), ActionKind::kDeploy);
    const tabletop::Point p = unpack_point(payload_of(action));
    EXPECT_TRUE(p.y >= 100 && p.y <= 500) << p.y;
  }
  EXPECT_FALSE(arena.legal(deploy_at(0, 10, 6)));  // its base would leave the zone
  EXPECT_EQ(state.action_to_string(deploy_at(0, 10, 3)), "R1 Guard deploys at (10, 3)");
  state.apply(deploy_at(0, 10, 3));
  EXPECT_EQ(state.data().models[0].at, (tabletop::Point{1000, 300}));
  EXPECT_EQ(state.data().models[0].facing, 900);  // facing the enemy's edge
  EXPECT_EQ(state.current_player(), 1);           // Blue's turn: B1
  EXPECT_EQ(state.next_to_deploy(), 2);
  EXPECT_TRUE(arena.legal(deploy_at(2, 10, 33)));
  EXPECT_FALSE(arena.legal(deploy_at(2, 10, 3)));  // Blue's zone is the far edge
  state.apply(deploy_at(2, 10, 33));
  EXPECT_EQ(state.data().models[2].facing, 2700);
  // Blue has no model left: Red places its second, and not over its first.
  EXPECT_EQ(state.current_player(), 0);
  EXPECT_EQ(state.next_to_deploy(), 1);
  EXPECT_FALSE(arena.legal(deploy_at(1, 11, 3)));
  EXPECT_TRUE(arena.legal(deploy_at(1, 12, 3)));
  state.check_consistency();
  state.apply(deploy_at(1, 12, 3));
  EXPECT_EQ(state.data().stage, Stage::kInitiative);
  EXPECT_TRUE(state.is_chance());
  state.check_consistency();
  // A save made mid-deployment reads back equal.
  Arena again("", kSmall + kSmall, kSmall, true);
  again.state().apply(deploy_at(0, 10, 3));
  auto copy = again.game().state_from_json(again.state().to_json());
  EXPECT_EQ(static_cast<const ConflictState&>(*copy).data(), again.state().data());
  EXPECT_EQ(again.state().table_view(0)["models"][0]["deployed"], true);
  EXPECT_EQ(again.state().table_view(0)["models"][1]["deployed"], false);
  EXPECT_EQ(again.state().table_view(0)["deploying"], 2);
}

// Terrain is no place to deploy: a piece in the zone takes its lattice points away.
TEST(ConflictDeployment, NoPlaceOnTerrain) {
  Arena arena(
      "[[piece]]\nname = \"Rock\"\nshape = \"circle\"\nx = 18\ny = 3\ndiameter = 2\nsize = "
      "1\nheight = 1\n",
      kSmall, kSmall, true);
  EXPECT_FALSE(arena.legal(deploy_at(0, 18, 3)));
  EXPECT_FALSE(arena.legal(deploy_at(0, 19, 3)));  // 1" from the centre: the base overlaps it
  EXPECT_TRUE(arena.legal(deploy_at(0, 21, 3)));
}

TEST(ConflictDeployment, AutomaticDeploymentStartsWithTheInitiativeFlip) {
  Arena arena("", kSmall, kSmall);
  EXPECT_EQ(arena.state().data().stage, Stage::kInitiative);
  EXPECT_EQ(arena.state().next_to_deploy(), -1);
}

}  // namespace
}  // namespace warband::conflict
