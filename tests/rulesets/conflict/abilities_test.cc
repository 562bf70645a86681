// The abilities of content/conflict/abilities.toml in play: each one a hand-counted position where
// a model with it and the same model without it come out differently.
#include <gtest/gtest.h>

#include "tests/rulesets/conflict/conflict_fixture.h"

namespace warband::conflict {
namespace {

using testing::Arena;
using testing::character_toml;
using testing::melee_attack;

// A character's abilities line, written before its attacks so that TOML keeps it on the character.
std::string with(const std::string& abilities, const std::string& attacks) {
  return abilities.empty() ? attacks : "abilities = [" + abilities + "]\n" + attacks;
}
// Guard: Small (1.25" base, 4 Strides, Attack Reach 1", Influence 2"), Skill 2, Strength 4.
std::string small(const std::string& abilities = "") {
  return character_toml("Guard", 2, 2, 1, 2, 10, with(abilities, melee_attack(4)));
}
std::string tiny(const std::string& abilities = "") {
  return character_toml("Imp", 1, 0, 0, 0, 10, with(abilities, melee_attack(1)));
}
Action maneuver(int model, Maneuver which, int extra = 0) {
  return encode_action(
      ActionKind::kManeuver, model,
      static_cast<std::uint64_t>(which) | (static_cast<std::uint64_t>(extra) << 8));
}

// Sure-footed: "Climbing costs 1 Stride less": a size 1 model climbing size 4 terrain loses 3
// Strides of its 5, not 4.
TEST(ConflictAbilities, SureFootedClimbsForAStrideLess) {
  for (const bool sure : {false, true}) {
    Arena arena(
        "[[piece]]\nname = \"Tower\"\nshape = \"circle\"\nx = 18\ny = 18\ndiameter = 6\nsize = "
        "4\nheight = 3\n",
        tiny(sure ? "\"sure_footed\"" : ""), tiny());
    arena.keep_only({0, 1});
    arena.place(0, 18, 14.5);
    arena.place(1, 18, 33, 270);
    arena.activate(0);
    arena.state().apply(encode_action(ActionKind::kMove, 0, 0));
    EXPECT_EQ(arena.state().climb_cost(0, 0), sure ? 3 : 4);
    arena.state().apply(encode_action(ActionKind::kClimb, 0, 0));
    EXPECT_EQ(arena.state().data().strides_left, sure ? 2 : 1);
  }
}

// Nimble: "Disengage costs 1 Stride instead of half max Strides": with 1 of its 4 Strides left an
// engaged Guard still disengages, and from 4 it keeps 3, not 2.
TEST(ConflictAbilities, NimbleDisengagesForOneStride) {
  for (const bool nimble : {false, true}) {
    Arena arena("", small(nimble ? "\"nimble\"" : ""), small());
    arena.keep_only({0, 1});
    arena.place(0, 10, 10, 0);
    arena.place(1, 11.5, 10, 180);  // 0.25" apart: engaged
    arena.activate(0);
    const Action disengage = maneuver(0, Maneuver::kDisengage);
    ASSERT_TRUE(arena.legal(disengage));
    arena.state().mutable_data().strides_left = 1;
    EXPECT_EQ(arena.legal(disengage), nimble);
    arena.state().mutable_data().strides_left = 4;
    arena.state().apply(disengage);
    EXPECT_EQ(arena.state().data().strides_left, nimble ? 3 : 2);
  }
}

// Momentum: "+2 instead of +1 on the first attack against the target engaged": Skill 2 +
// Strength 4 + 2 = 8 against 7.
TEST(ConflictAbilities, MomentumChargesForPlusTwo) {
  for (const bool momentum : {false, true}) {
    Arena arena("", small(momentum ? "\"momentum\"" : ""), small());
    arena.keep_only({0, 1});
    arena.place(0, 10, 10, 0);
    arena.place(1, 11.25, 10, 180);  // base to base, facing the charger
    arena.activate(0);
    EXPECT_EQ(arena.state().attack_odds(0, 0, 1).attack, 6);
    arena.state().apply(maneuver(0, Maneuver::kCharge));
    arena.state().apply(encode_action(ActionKind::kStopMoving, 0, 0));
    EXPECT_EQ(arena.state().attack_odds(0, 0, 1).attack, momentum ? 8 : 7);
  }
}

// Sprinter: "Run triples max Strides": 12 Strides of 1.25" (15") against 8 (10").
TEST(ConflictAbilities, SprinterRunsThreeTimesItsStrides) {
  for (const bool sprinter : {false, true}) {
    Arena arena("", small(sprinter ? "\"sprinter\"" : ""), small());
    arena.keep_only({0, 1});
    arena.place(0, 5, 5, 0);
    arena.place(1, 33, 33, 180);
    arena.activate(0);
    arena.state().apply(maneuver(0, Maneuver::kRun));
    EXPECT_EQ(arena.state().data().strides_left, sprinter ? 12 : 8);
    EXPECT_EQ(arena.move_to(0, 19, 5) >= 0, sprinter);  // 14"
    EXPECT_GE(arena.move_to(0, 15, 5), 0);              // 10"
  }
}

// Hard to spot: "Take Cover increases the cover level by two steps": in the open, Full Cover
// (+2 Defense) instead of Partial (+1): Defense 1 + Resistance 2 + 2 = 5.
TEST(ConflictAbilities, HardToSpotTakesTwoStepsOfCover) {
  for (const bool hidden : {false, true}) {
    Arena arena("", small(), small(hidden ? "\"hard_to_spot\"" : ""));
    arena.keep_only({0, 1});
    arena.place(0, 10, 10, 0);
    arena.place(1, 11.25, 10, 180);
    arena.activate(1);
    arena.state().apply(maneuver(1, Maneuver::kTakeCover));
    const nlohmann::json view = arena.state().table_view(0)["models"][1];
    EXPECT_EQ(view["markers"]["took_cover"], true);
    EXPECT_EQ(view["abilities"], nlohmann::json(hidden ? std::vector<std::string>{"hard_to_spot"}
                                                       : std::vector<std::string>{}));
    const AttackOdds odds = arena.state().attack_odds(0, 0, 1);
    EXPECT_EQ(odds.cover, hidden ? 2 : 1);
    EXPECT_EQ(odds.defense, hidden ? 5 : 4);
  }
}

// Deadeye: "A Focused Attack gives +3 instead of +2": 6 + 3 = 9 against 8.
TEST(ConflictAbilities, DeadeyeFocusesForPlusThree) {
  for (const bool deadeye : {false, true}) {
    Arena arena("", small(deadeye ? "\"deadeye\"" : ""), small());
    arena.keep_only({0, 1});
    arena.place(0, 10, 10, 0);
    arena.place(1, 11.25, 10, 180);
    arena.activate(0);
    arena.state().apply(maneuver(0, Maneuver::kFocusedAttack));
    EXPECT_EQ(arena.state().attack_odds(0, 0, 1).attack, deadeye ? 9 : 8);
  }
}

// Immovable: "Always counts as Braced; Brace adds a second size": a Small pusher cannot push an
// Immovable Large model (it counts as size 4, two larger), and a Giant throws an Immovable Imp
// 1" (4 - 2 - 1) instead of 2", and not at all once it braces (size 3).
TEST(ConflictAbilities, ImmovableCountsOneSizeLargerAlways) {
  const std::string giant = character_toml("Giant", 4, 0, 0, 0, 12, melee_attack(1));
  for (const bool immovable : {false, true}) {
    const std::string ability = immovable ? "\"immovable\"" : "";
    Arena arena(
        "", small() + giant,
        character_toml("Ogre", 3, 0, 0, 0, 9, with(ability, melee_attack(1))) + tiny(ability));
    EXPECT_EQ(arena.state().size_against_push(2), immovable ? 4 : 3);
    EXPECT_EQ(arena.state().push_distance(0, 2), immovable ? 0 : 100);
    EXPECT_EQ(arena.state().throw_range(1, 3), immovable ? 100 : 200);
    arena.state().mutable_data().models[3].braced = true;
    EXPECT_EQ(arena.state().throw_range(1, 3), immovable ? 0 : 100);
  }
}

// Commander: "Aid costs no Stride and reaches friendly models within Influence + 2 inches": a
// friend 3.5" away (Influence 2") is aided, and the aider keeps its 4 Strides.
TEST(ConflictAbilities, CommanderAidsFurtherForNoStride) {
  for (const bool commander : {false, true}) {
    Arena arena("", small(commander ? "\"commander\"" : "") + small(), small());
    arena.keep_only({0, 1, 2});
    arena.place(0, 10, 10, 0);
    arena.place(1, 10, 14.75, 0);  // 3.5" edge to edge
    arena.place(2, 11.5, 10, 180);
    arena.activate(0);
    const Action far_aid = maneuver(0, Maneuver::kAid, 1 | (2 << 8));
    EXPECT_EQ(arena.legal(far_aid), commander);
    arena.place(1, 10, 12.5, 0);  // 1.25": both may aid
    ASSERT_TRUE(arena.legal(far_aid));
    arena.state().apply(far_aid);
    EXPECT_EQ(arena.state().data().strides_left, commander ? 4 : 3);
  }
}

// Hurler: "Throws ... as if one size larger": a Large model throws an Imp 2" (4 - 1 - 1) instead
// of 1", and a Small model (not two sizes smaller than 3, but two smaller than 4) 1".
TEST(ConflictAbilities, HurlerThrowsAsOneSizeLarger) {
  for (const bool hurler : {false, true}) {
    Arena arena(
        "",
        character_toml("Ogre", 3, 0, 0, 0, 9, with(hurler ? "\"hurler\"" : "", melee_attack(1))),
        tiny() + small());
    EXPECT_EQ(arena.state().throw_range(0, 1), hurler ? 200 : 100);
    EXPECT_EQ(arena.state().throw_range(0, 2), hurler ? 100 : 0);
  }
}

// Resilient: "Shake removes 2 temporary condition tokens": Slow 1 and Weak 2, shaking Slow, takes
// the Slow token and a Weak one (ruling "Abilities": the rest from the next conditions in order).
TEST(ConflictAbilities, ResilientShakesOffTwoTokens) {
  for (const bool resilient : {false, true}) {
    Arena arena("", small(resilient ? "\"resilient\"" : ""), small());
    arena.keep_only({0, 1});
    arena.place(0, 10, 10, 0);
    arena.place(1, 30, 30, 180);
    arena.activate(0);
    ModelState& guard = arena.state().mutable_data().models[0];
    guard.conditions[kSlow] = 1;
    guard.conditions[kWeak] = 2;
    arena.state().apply(maneuver(0, Maneuver::kShake, kSlow + 1));
    EXPECT_EQ(arena.state().data().models[0].conditions[kSlow], 0);
    EXPECT_EQ(arena.state().data().models[0].conditions[kWeak], resilient ? 1 : 2);
  }
}

// Skirmisher: "Shift moves up to 2 inches instead of 1".
TEST(ConflictAbilities, SkirmisherShiftsTwoInches) {
  for (const bool skirmisher : {false, true}) {
    Arena arena("", small(skirmisher ? "\"skirmisher\"" : ""), small());
    arena.keep_only({0, 1});
    arena.place(0, 10, 10, 0);
    arena.place(1, 30, 30, 180);
    arena.activate(0);
    arena.state().apply(maneuver(0, Maneuver::kShift));
    EXPECT_EQ(arena.move_to(0, 12, 10) >= 0, skirmisher);
    EXPECT_GE(arena.move_to(0, 11, 10), 0);
  }
}

// Flier: "Moves over terrain smaller than itself for 1 Stride": a Small flier crosses a size 1
// wall (3": 3 Strides and 1 for the wall), which stops a Small walker (only size 0 is two
// smaller); "a fall deals no damage": pushed off a size 3 hill it takes the blow's 1 only.
TEST(ConflictAbilities, FlierCrossesSmallerTerrainAndFallsUnhurt) {
  for (const bool flier : {false, true}) {
    Arena arena(
        "[[piece]]\nname = \"Wall\"\nshape = \"rectangle\"\nx = 11.5\ny = 18\nwidth = 0.25\n"
        "depth = 30\nsize = 1\nheight = 1\n",
        small(flier ? "\"flier\"" : ""), small());
    arena.keep_only({0, 1});
    arena.place(0, 10, 10, 0);
    arena.place(1, 30, 30, 180);
    arena.activate(0);
    arena.state().apply(encode_action(ActionKind::kMove, 0, 0));
    const Action over = arena.move_to(0, 13, 10);
    ASSERT_EQ(over >= 0, flier);
    if (flier) {
      arena.state().apply(over);
      EXPECT_EQ(arena.state().data().strides_left, 0);
    }
  }
  const std::string pusher = character_toml(
      "Ogre", 3, 0, 0, 0, 10,
      melee_attack(1, "effects = [{ effect = \"push\", trigger = \"always\", tokens = 1 }]\n"));
  for (const bool flier : {false, true}) {
    Arena arena(
        "[[piece]]\nname = \"Hill\"\nshape = \"circle\"\nx = 18\ny = 18\ndiameter = 8\nsize = "
        "3\nheight = 2\n",
        pusher, tiny(flier ? "\"flier\"" : ""));
    arena.keep_only({0, 1});
    arena.place(0, 18.5, 18, 0);
    arena.place(1, 21.3, 18, 180);
    arena.state().mutable_data().models[0].on_piece = 0;
    arena.state().mutable_data().models[1].on_piece = 0;
    arena.activate(0);
    arena.state().apply(encode_action(ActionKind::kAttack, 0, 1));
    arena.state().apply(Arena::stay_standing(1));
    // A♠ J♠ + 1 = 1 against J♥ A♥ + 0 = 0: 1 damage.
    for (Card c : {Card{0}, Card{12}, Card{13}, Card{1}})
      arena.state().apply(Arena::card(c));
    const ModelState& imp = arena.state().data().models[1];
    EXPECT_EQ(imp.on_piece, -1);
    EXPECT_TRUE(imp.prone);
    EXPECT_EQ(imp.wounds, flier ? 9 : 6);
  }
}

// Every ability of abilities.toml changes some number of play or is an action: none is text only.
TEST(ConflictAbilities, EveryShippedAbilityChangesPlay) {
  for (const Ability& ability : content_creation_rules().abilities)
    EXPECT_TRUE(ability.play != AbilityPlay{} || ability.acts) << ability.id;
}

}  // namespace
}  // namespace warband::conflict
