// Objectives and Interact (ruling "Objectives and Interact"): a table's [[objective]] markers,
// Interact ("Must be in base-to-base contact. Interact with objective or terrain", reaching them
// within Attack Reach) seizing, activating and carrying them, and the score at the round limit.
#include <gtest/gtest.h>

#include "tests/rulesets/conflict/conflict_fixture.h"

namespace warband::conflict {
namespace {

using testing::Arena;
using testing::character_toml;
using testing::melee_attack;

std::string guard(const std::string& abilities = "") {
  return character_toml(
      "Guard", 2, 2, 1, 2, 10,
      (abilities.empty() ? "" : "abilities = [" + abilities + "]\n") + melee_attack(4));
}
std::string objective(const std::string& name, double x, double y, const std::string& kind,
                      int points = 1) {
  return "[[objective]]\nname = \"" + name + "\"\nx = " + std::to_string(x) +
         "\ny = " + std::to_string(y) + "\nkind = \"" + kind +
         "\"\npoints = " + std::to_string(points) + "\n";
}
Action interact(int model, int which) {
  return encode_action(ActionKind::kManeuver, model,
                       static_cast<std::uint64_t>(Maneuver::kInteract) | (which << 8));
}

// A Guard (1.25" base, Attack Reach 1") 1.5" from a 1" marker reaches it (0.375" between the
// edges... here 1.5 - 0.625 - 0.5 = 0.375"); 3" away it does not. Seizing costs 1 Stride (Objective
// runner: none), and an enemy seizes it back.
TEST(ConflictObjectives, InteractSeizesAnObjectiveWithinReach) {
  for (const bool runner : {false, true}) {
    Arena arena(objective("Well", 18, 18, "seize"), guard(runner ? "\"objective_runner\"" : ""),
                guard());
    arena.keep_only({0, 1});
    arena.place(0, 16.5, 18, 0);
    arena.place(1, 21, 18, 180);  // 3" from the marker's centre: 1.875" edge to edge
    arena.activate(0);
    ASSERT_TRUE(arena.legal(interact(0, 0)));
    EXPECT_EQ(
        arena.state().action_to_string(interact(0, 0)),
        runner ? "R1 Guard seizes the Well (0 Strides)" : "R1 Guard seizes the Well (1 Stride)");
    arena.state().apply(interact(0, 0));
    EXPECT_EQ(arena.state().data().objective_owner[0], 0);
    EXPECT_EQ(arena.state().data().strides_left, runner ? 4 : 3);
    arena.state().check_consistency();
    arena.state().apply(encode_action(ActionKind::kEndActivation, 0, 0));
    arena.activate(1);
    EXPECT_FALSE(arena.legal(interact(1, 0)));  // out of reach
    arena.place(1, 19.5, 18, 180);
    ASSERT_TRUE(arena.legal(interact(1, 0)));
    arena.state().apply(interact(1, 0));
    EXPECT_EQ(arena.state().data().objective_owner[0], 1);
  }
}

// Activate: the first side to Interact holds it for the game.
TEST(ConflictObjectives, AnActivatedObjectiveStaysTheFirstSides) {
  Arena arena(objective("Beacon", 18, 18, "activate"), guard(), guard());
  arena.keep_only({0, 1});
  arena.place(0, 16.5, 18, 0);
  arena.place(1, 19.5, 18, 180);
  arena.activate(0);
  arena.state().apply(interact(0, 0));
  arena.state().apply(encode_action(ActionKind::kEndActivation, 0, 0));
  arena.activate(1);
  EXPECT_FALSE(arena.legal(interact(1, 0)));
  EXPECT_EQ(arena.state().data().objective_owner[0], 0);
}

// Carry: picked up, it goes where the carrier goes; knocked out, the carrier drops it there.
TEST(ConflictObjectives, ACarriedObjectiveMovesAndIsDroppedWhereItsCarrierFalls) {
  Arena arena(objective("Relic", 18, 18, "carry"), guard(), guard());
  arena.keep_only({0, 1});
  arena.place(0, 16.5, 18, 0);
  arena.place(1, 30, 30, 180);
  arena.activate(0);
  arena.state().apply(interact(0, 0));
  EXPECT_EQ(arena.state().data().objective_carrier[0], 0);
  arena.state().apply(encode_action(ActionKind::kMove, 0, 0));
  const Action leg = arena.move_to(0, 14, 18);
  ASSERT_GE(leg, 0);
  arena.state().apply(leg);
  EXPECT_EQ(arena.state().objective_position(0), (tabletop::Point{1400, 1800}));
  EXPECT_EQ(arena.state().table_view(0)["objectives"][0]["carrier"], 0);
  arena.state().apply(encode_action(ActionKind::kStopMoving, 0, 0));
  arena.state().apply(encode_action(ActionKind::kEndActivation, 0, 0));
  // A blow of 9 on its last wound knocks it out: the relic lies at (14, 18), no one's.
  arena.state().mutable_data().models[0].wounds = 1;
  arena.place(1, 15.25, 18, 180);  // base to base
  arena.activate(1);
  arena.state().apply(encode_action(ActionKind::kAttack, 1, 0));
  arena.state().apply(Arena::stay_standing(0));
  for (Card c : {Card{8}, Card{4}, Card{12}, Card{13}})
    arena.state().apply(Arena::card(c));
  ASSERT_TRUE(arena.state().data().models[0].out);
  EXPECT_EQ(arena.state().data().objective_carrier[0], -1);
  EXPECT_EQ(arena.state().data().objective_owner[0], -1);
  EXPECT_EQ(arena.state().objective_position(0), (tabletop::Point{1400, 1800}));
  arena.state().check_consistency();
}

// Victory on a table with objectives: at the round limit each side scores what it holds (an
// objective's points) and the centre zone (zone_points, 1). Red holds the Well (2 points), Blue
// the zone with two models to one: Red wins 2 to 1.
TEST(ConflictObjectives, TheRoundLimitScoresObjectivesAndTheZone) {
  Arena arena(objective("Well", 4, 4, "seize", 2), guard(), guard() + guard());
  arena.keep_only({0, 1, 2});
  arena.place(0, 4, 10, 90);
  arena.place(1, 18, 19, 270);
  arena.place(2, 20, 19, 270);
  StateData& d = arena.state().mutable_data();
  d.objective_owner[0] = 0;
  d.round = static_cast<std::int8_t>(arena.game().round_limit());
  d.models[1].activated = d.models[2].activated = true;
  arena.activate(0);
  int score[2];
  arena.state().objective_scores(score);
  EXPECT_EQ(score[0], 2);
  EXPECT_EQ(score[1], 1);
  arena.state().apply(encode_action(ActionKind::kEndActivation, 0, 0));
  ASSERT_TRUE(arena.state().is_terminal());
  EXPECT_EQ(arena.state().end_reason(), "Red wins on objectives, 2 to 1, after round 6");
  ASSERT_EQ(arena.state().ending(), 2);
  EXPECT_EQ(arena.state().game().endings()[2], "objectives at the round limit");
  EXPECT_EQ(arena.state().returns()[0], 1.0);
}

// A kind the engine does not know is an error naming the table and the objective.
TEST(ConflictObjectives, AnUnknownKindIsRefused) {
  try {
    Arena arena(objective("Idol", 18, 18, "worship"), guard(), guard());
    FAIL() << "no error";
  } catch (const InputError& error) {
    EXPECT_NE(error.message().find("arena.table.toml"), std::string::npos) << error.message();
    EXPECT_NE(error.message().find("objective 'Idol': kind 'worship' is not one of seize, "
                                   "activate, carry"),
              std::string::npos)
        << error.message();
  }
}

}  // namespace
}  // namespace warband::conflict
