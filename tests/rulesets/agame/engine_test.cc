// A Game's engine on hand-counted positions: movement dice and rough terrain, the attack pipeline
// with the shipped profiles, every ability of the seed's four profiles, reactions, Prone, Dying,
// the round and victory (docs/rulings/agame.md names each ruling).
#include <gtest/gtest.h>

#include "rulesets/agame/attack_pipeline.h"
#include "tests/rulesets/agame/agame_fixture.h"
#include "tests/support/test_files.h"

namespace warband::agame {
namespace {

using testing::act;
using testing::Arena;
using testing::kGoblins;
using testing::kJavelin;
using testing::kSpearJab;
using testing::setup_error;

// Profile indexes in content/agame/profiles.toml.
constexpr int kViciousStab = 0, kWideSwing = 1, kSuckTheBlood = 2, kDominateMind = 3;
constexpr int kTurnToMist = 0;
constexpr int kPound = 1, kRammingCharge = 2;
constexpr int kAxeHack = 0, kFarMountain = 0, kTheMountain = 1;
constexpr int kMendWounds = 0;

// "Expend any number of movement points to move their movement rate (usually 3") per die": a
// goblin (0.8" base) at (6, 6) reaches (9, 6), 3" away, not (9.5, 6); the die is spent.
TEST(AGameMovement, AMovementDieMovesUpToThreeInches) {
  Arena arena(kGoblins, kGoblins);
  arena.keep_only({0, 3});
  arena.place(0, 6, 6);
  arena.place(3, 18, 18);
  arena.activate(0);
  EXPECT_EQ(arena.state().data().models[0].movement_dice, 3);
  arena.apply(act(ActionKind::kMove, 0));
  EXPECT_EQ(arena.state().data().models[0].movement_dice, 2);
  EXPECT_TRUE(arena.can_reach(9, 6));
  EXPECT_TRUE(arena.can_reach(6, 9));
  EXPECT_FALSE(arena.can_reach(9.5, 6));
  EXPECT_FALSE(arena.can_reach(8.5, 8.5));  // 3.54" on the diagonal
  arena.apply(act(ActionKind::kMoveTo, 0, tabletop::pack_point(Arena::at(9, 6))));
  EXPECT_EQ(arena.state().data().models[0].at, Arena::at(9, 6));
  EXPECT_EQ(arena.state().data().stage, Stage::kActivation);
}

// Ruling "Terrain": a leg over rough terrain goes half as far (1.5"); Mistform "can pass over
// rough terrain without penalty".
TEST(AGameMovement, RoughTerrainHalvesALegButNotForMistform) {
  const std::string hedge =
      "[[piece]]\nname = \"Hedge\"\nshape = \"rectangle\"\nx = 6\ny = 9\nwidth = 6\ndepth = "
      "0.5\nsize = 4\nheight = 1\n";
  Arena arena(kGoblins, kGoblins, hedge);
  arena.keep_only({0, 3});
  arena.place(0, 6, 8);
  arena.place(3, 20, 20);
  arena.activate(0);
  arena.apply(act(ActionKind::kMove, 0));
  EXPECT_FALSE(arena.can_reach(6, 10.5));  // 2.5" over the hedge
  EXPECT_TRUE(arena.can_reach(6, 9.5));    // 1.5" onto it
  EXPECT_TRUE(arena.can_reach(6, 5.5));    // 2.5" away from it
  arena.apply(act(ActionKind::kStopMoving, 0));
  arena.model(0).mistform = true;
  arena.apply(act(ActionKind::kMove, 0));
  EXPECT_TRUE(arena.can_reach(6, 10.5));
}

// The shipped Ram dodges with its one wild die (0 Defense Dice, 1 Wild Die); Vicious Stab rolls
// "Max 2 dice" against Melee 5+ raised to 6+ and Armor 7+ raised to 9+.
TEST(AGameAttack, ViciousStabOnTheShippedRam) {
  Arena arena({"Vampire Swordfighter", "Goblin Skirmisher", "Goblin Skirmisher"},
              {"Great Ram of Shamborga", "Goblin Skirmisher", "Goblin Skirmisher"});
  arena.keep_only({0, 3});
  arena.place(0, 12, 10);
  arena.place(3, 12, 13.3);
  arena.activate(0);
  AGameState& state = arena.state();
  EXPECT_EQ(state.dodge_target_against(0, kViciousStab, 3), 6);
  EXPECT_EQ(state.save_target_against(0, kViciousStab, 3), 9);
  arena.attack(0, kViciousStab, 3);
  EXPECT_EQ(state.legal_actions(), (std::vector<Action>{act(ActionKind::kAllocate, 0, 1),
                                                        act(ActionKind::kAllocate, 0, 2)}));
  arena.allocate(0, 2);
  arena.roll({4, 9});
  EXPECT_EQ(state.legal_actions(),
            (std::vector<Action>{act(ActionKind::kDodge, 3, 0), act(ActionKind::kDodge, 3, 1)}));
  arena.dodge(3, 1);
  arena.roll({6});  // dodges one hit (6+)
  arena.roll({8});  // the other's save fails (9+)
  EXPECT_EQ(state.data().models[3].wounds, 4);
  EXPECT_EQ(state.data().models[3].wild_dice, 0);
  // Reach is edge to edge: 1.7" apart, Wide Swing's 2" reaches, Suck the Blood's 1" does not.
  arena.place(3, 12, 13.5);
  EXPECT_FALSE(state.may_attack(0, kSuckTheBlood, 3));
  EXPECT_TRUE(state.may_attack(0, kWideSwing, kNoTarget));
  arena.place(3, 12, 14.3);  // 2.5" apart: neither
  EXPECT_FALSE(state.may_attack(0, kWideSwing, kNoTarget));
}

// "Far Mountain Technique. Triggered Reaction: After attack against model is resolved and all
// attack dice were dodged, allocate all defense dice as attack dice to this attack."
TEST(AGameReactions, FarMountainStrikesBackWithTheDefenseDiceLeft) {
  Arena arena(kGoblins, {"Dwarven Defender", "Goblin Skirmisher", "Goblin Skirmisher"});
  arena.keep_only({0, 1, 3});
  arena.place(0, 12, 10);
  arena.place(1, 2, 2);
  arena.place(3, 12, 12);
  arena.activate(0);
  AGameState& state = arena.state();
  arena.attack(0, kSpearJab, 3);
  arena.allocate(0, 2);
  arena.roll({5, 6});  // two hits (5+)
  arena.dodge(3, 2);   // two of its four defense dice, against 4+ raised to 5+ by accuracy +1
  arena.roll({5, 9});  // both dodged
  ASSERT_EQ(state.data().stage, Stage::kReaction);
  EXPECT_EQ(state.current_player(), 1);
  EXPECT_EQ(state.legal_actions(), (std::vector<Action>{act(ActionKind::kReact, 3, kFarMountain),
                                                        act(ActionKind::kDecline, 3)}));
  arena.apply(act(ActionKind::kReact, 3, kFarMountain));
  EXPECT_EQ(state.strike().dice, 2);  // "all defense dice": the two left
  EXPECT_EQ(state.data().models[3].defense_dice, 0);
  arena.roll({5, 6});  // two hits (5+)
  arena.dodge(0, 0);
  arena.roll({1, 1});  // the goblin's Armor 9+ fails twice: 2 wounds, its 2
  EXPECT_TRUE(state.data().models[0].dying);
  EXPECT_TRUE(state.data().models[0].prone);
  // The goblin's activation ends with it; Blue's turn.
  EXPECT_EQ(state.data().stage, Stage::kChooseModel);
  EXPECT_EQ(state.data().player, 1);
}

// A defender with more dice than one roll holds (Beat of War lends wild dice) rolls at most 16.
TEST(AGameAttack, DodgeDiceAreCappedAtOneRollsDice) {
  Arena arena(kGoblins, {"Dwarven Defender", "Goblin Skirmisher", "Goblin Skirmisher"});
  arena.keep_only({0, 3});
  arena.place(0, 12, 10);
  arena.place(3, 12, 12);
  arena.model(3).defense_dice = kMaxDice;
  arena.model(3).wild_dice = kMaxDice;
  arena.activate(0);
  arena.attack(0, kSpearJab, 3);
  arena.allocate(0, 1);
  arena.roll({5});
  const std::vector<Action> dodges = arena.state().legal_actions();
  ASSERT_EQ(dodges.size(), static_cast<std::size_t>(kMaxDice + 1));
  EXPECT_EQ(dodges.back(), act(ActionKind::kDodge, 3, kMaxDice));
}

// No reaction when a hit got through.
TEST(AGameReactions, FarMountainNeedsEveryHitDodged) {
  Arena arena(kGoblins, {"Dwarven Defender", "Goblin Skirmisher", "Goblin Skirmisher"});
  arena.keep_only({0, 1, 3});
  arena.place(0, 12, 10);
  arena.place(1, 2, 2);
  arena.place(3, 12, 12);
  arena.activate(0);
  arena.attack(0, kSpearJab, 3);
  arena.allocate(0, 2);
  arena.roll({5, 6});
  arena.dodge(3, 2);
  arena.roll({5, 1});  // one dodge: one hit left
  arena.roll({9});     // saved (Armor 6+)
  EXPECT_EQ(arena.state().data().stage, Stage::kActivation);
}

// "Turn to Mist. Cost: 1 Movement Die. Triggered Reaction: After an attack against the model is
// resolved. 3+ to succeed / Model becomes Mistform. Can only be damaged by Radiant, Fire and
// Arcane damage types."
TEST(AGameReactions, TurnToMistThenOnlyFireArcaneOrRadiantHarm) {
  Arena arena({"Vampire Swordfighter", "Wizard from the Halls of Dolion", "Goblin Skirmisher"},
              kGoblins);
  arena.keep_only({0, 1, 3, 4});
  arena.place(0, 12, 12);
  arena.place(1, 2, 2);
  arena.place(3, 12, 10);
  arena.place(4, 12, 14);
  arena.activate(3);
  AGameState& state = arena.state();
  arena.attack(3, kSpearJab, 0);
  arena.allocate(3, 1);
  arena.roll({5});
  arena.dodge(0, 0);
  arena.roll({1});  // Armor 4+ fails
  EXPECT_EQ(state.data().models[0].wounds, 2);
  ASSERT_EQ(state.data().stage, Stage::kReaction);
  arena.apply(act(ActionKind::kReact, 0, kTurnToMist));
  EXPECT_EQ(state.data().models[0].movement_dice, 1);
  ASSERT_TRUE(state.is_chance());
  EXPECT_EQ(state.action_to_string(act(ActionKind::kDie, 0, 3)),
            "Turn to Mist die: 3 (3+: success)");
  arena.roll({3});
  EXPECT_TRUE(state.data().models[0].mistform);
  // A Javelin (Spear) now harms it not; the Wizard's Fireball (Fire) and Arcane Bolt (Arcane) do.
  EXPECT_EQ(state.wounds_caused(4, kJavelin, 0, 1), 0);
  EXPECT_EQ(state.wounds_caused(1, 1, 0, 1), 1);
  EXPECT_EQ(state.wounds_caused(1, 0, 0, 1), 1);
  // It lasts through the Vampire's next activation.
  arena.apply(act(ActionKind::kEndActivation, 3));
  arena.activate(0);
  EXPECT_TRUE(state.data().models[0].mistform);
  arena.apply(act(ActionKind::kEndActivation, 0));
  EXPECT_FALSE(state.data().models[0].mistform);
}

TEST(AGameReactions, TurnToMistFailsOnATwo) {
  Arena arena({"Vampire Swordfighter", "Goblin Skirmisher", "Goblin Skirmisher"}, kGoblins);
  arena.keep_only({0, 3});
  arena.place(0, 12, 12);
  arena.place(3, 12, 10);
  arena.activate(3);
  arena.attack(3, kSpearJab, 0);
  arena.allocate(3, 1);
  arena.roll({1});  // a miss is still an attack resolved against it
  arena.apply(act(ActionKind::kReact, 0, kTurnToMist));
  arena.roll({2});
  EXPECT_FALSE(arena.state().data().models[0].mistform);
  EXPECT_EQ(arena.state().data().models[0].movement_dice, 1);
}

// "Suck the Blood: 1" Melee Attack 3+ vs Reflexes / Max 1 dice / Accuracy - 2 / Power -4 /
// 2 Damage. Attacker heals one wound."
TEST(AGameAbilities, SuckTheBloodHealsTheVampire) {
  Arena arena({"Vampire Swordfighter", "Goblin Skirmisher", "Goblin Skirmisher"}, kGoblins);
  arena.keep_only({0, 3});
  arena.place(0, 12, 10);
  arena.place(3, 12, 11.5);
  arena.model(0).wounds = 2;
  arena.activate(0);
  AGameState& state = arena.state();
  EXPECT_EQ(state.dodge_target_against(0, kSuckTheBlood, 3), 4);  // Melee 6+ less 2
  EXPECT_EQ(state.save_target_against(0, kSuckTheBlood, 3), 2);   // Reflexes 6+ less 4
  arena.attack(0, kSuckTheBlood, 3);
  EXPECT_EQ(state.legal_actions(), (std::vector<Action>{act(ActionKind::kAllocate, 0, 1)}));
  arena.allocate(0, 1);
  arena.roll({3});
  arena.dodge(3, 0);
  arena.roll({1});
  EXPECT_EQ(state.data().models[0].wounds, 3);
  EXPECT_TRUE(state.data().models[3].dying);
  // The last enemy down: Red wins.
  EXPECT_TRUE(state.is_terminal());
  EXPECT_EQ(state.returns(), (std::vector<double>{1.0, -1.0}));
  EXPECT_EQ(state.end_reason(), "Red leaves no enemy model standing");
  ASSERT_EQ(state.ending(), 0);
  EXPECT_EQ(state.game().endings()[0], "every enemy model down");
}

// "Pound into the Ground | 3" | Melee Attack | 3+ | 0 | 3 exactly | ... | 0 (4 vs smaller size)"
TEST(AGameAbilities, PoundIntoTheGroundRollsThreeAndHurtsOnlySmallerModels) {
  Arena arena({"Great Ram of Shamborga", "Goblin Skirmisher", "Goblin Skirmisher"},
              {"Great Ram of Shamborga", "Goblin Skirmisher", "Cave Troll"});
  arena.keep_only({0, 3, 4, 5});
  arena.place(0, 12, 8);
  arena.place(3, 12, 12);
  arena.place(4, 9, 9);
  arena.place(5, 20, 20);
  arena.activate(0);
  AGameState& state = arena.state();
  EXPECT_EQ(state.wounds_caused(0, kPound, 3, 1), 0);  // another Ram: Size 12, not smaller
  EXPECT_EQ(state.wounds_caused(0, kPound, 4, 1), 4);  // a goblin, Size 4
  EXPECT_EQ(state.wounds_caused(0, kPound, 5, 2), 8);  // the Troll, Size 11
  arena.attack(0, kPound, 4);
  EXPECT_EQ(state.legal_actions(), (std::vector<Action>{act(ActionKind::kAllocate, 0, 3)}));
}

// "Great Ramming Charge ... Cost 1 Movement Die / 1-3 Attack / Wide Attack / +3. First: Move 6".
// The model may move through other models during this movement. Second: Attack each model you
// passed through, using Wide attack rules."
TEST(AGameAbilities, GreatRammingChargePassesThroughAndAttacksEach) {
  Arena arena({"Great Ram of Shamborga", "Goblin Skirmisher", "Goblin Skirmisher"}, kGoblins);
  arena.keep_only({0, 3, 4, 5});
  arena.place(0, 12, 3);
  arena.place(3, 12, 5.5);
  arena.place(4, 11.5, 7);
  arena.place(5, 20, 20);
  arena.activate(0);
  AGameState& state = arena.state();
  arena.attack(0, kRammingCharge, kNoTarget);
  EXPECT_EQ(state.data().models[0].movement_dice, 1);
  EXPECT_TRUE(arena.can_reach(12, 9));     // 6" straight through both goblins
  EXPECT_FALSE(arena.can_reach(12, 9.5));  // 6.5"
  arena.apply(act(ActionKind::kMoveTo, 0, tabletop::pack_point(Arena::at(12, 9))));
  ASSERT_EQ(state.strike().target_count, 2);
  EXPECT_EQ(state.strike().targets[0], 3);  // in order along the way
  EXPECT_EQ(state.strike().targets[1], 4);
  // "1-3 Attack": attack dice only (its wild die is not offered).
  EXPECT_EQ(state.legal_actions(),
            (std::vector<Action>{act(ActionKind::kAllocate, 0, 1), act(ActionKind::kAllocate, 0, 2),
                                 act(ActionKind::kAllocate, 0, 3)}));
  arena.allocate(0, 1);
  // Each model is attacked with the full allocation, rolled anew.
  arena.roll({3});  // a hit on the first goblin
  arena.dodge(3, 0);
  arena.roll({1});  // Armor 9+ fails: 1 wound
  arena.roll({2});  // a miss on the second
  EXPECT_EQ(state.data().models[3].wounds, 1);
  EXPECT_EQ(state.data().models[4].wounds, 2);
  EXPECT_EQ(state.data().stage, Stage::kActivation);
}

// Wide Swing, an Area attack without a radius: every enemy within its 2" (ruling "Wide Swing").
TEST(AGameAbilities, WideSwingAttacksEveryEnemyInReach) {
  Arena arena({"Vampire Swordfighter", "Goblin Skirmisher", "Goblin Skirmisher"}, kGoblins);
  arena.keep_only({0, 3, 4, 5});
  arena.place(0, 12, 12);
  arena.place(3, 12, 14);
  arena.place(4, 10, 12);
  arena.place(5, 12, 19);
  arena.activate(0);
  arena.attack(0, kWideSwing, kNoTarget);
  EXPECT_EQ(arena.state().strike().target_count, 2);
}

// "Dominate Mind. Tags: Spell, Charm effect" (ruling "Dominate Mind": the charmed model's next
// activation is played by the enemy, first of its side's, against its own friends).
TEST(AGameAbilities, DominateMindCharmsTheTarget) {
  Arena arena({"Vampire Swordfighter", "Goblin Skirmisher", "Goblin Skirmisher"}, kGoblins);
  arena.keep_only({0, 3, 4});
  arena.place(0, 12, 6);
  arena.place(3, 12, 12);
  arena.place(4, 13, 13.5);
  arena.activate(0);
  AGameState& state = arena.state();
  arena.attack(0, kDominateMind, 3);
  EXPECT_EQ(state.data().models[0].attack_dice, 2);  // "Cost 1 Attack die"
  arena.allocate(0, 1);
  arena.roll({5});
  arena.dodge(3, 0);  // Magic 8+ raised to 11+: no dodge could succeed anyway
  arena.roll({1});    // Will 8+ fails
  EXPECT_TRUE(state.data().models[3].charmed);
  EXPECT_EQ(state.data().models[3].wounds, 2);  // no damage printed: 0
  arena.apply(act(ActionKind::kEndActivation, 0));
  EXPECT_EQ(state.legal_actions(), (std::vector<Action>{act(ActionKind::kActivate, 3)}));
  arena.apply(act(ActionKind::kActivate, 3));
  EXPECT_EQ(state.current_player(), 0);  // Red plays Blue's goblin
  EXPECT_TRUE(state.may_attack(3, kSpearJab, 4));
  EXPECT_FALSE(state.may_attack(3, kSpearJab, 0));
  arena.apply(act(ActionKind::kEndActivation, 3));
  EXPECT_FALSE(state.data().models[3].charmed);
}

// "Movement Ability - costs 1 movement die. Model cannot be moved and cannot gain the "Prone"
// state for 1 round."
TEST(AGameAbilities, TheMountainDoesNotMove) {
  Arena arena({"Dwarven Defender", "Goblin Skirmisher", "Goblin Skirmisher"},
              {"Cave Troll", "Goblin Skirmisher", "Goblin Skirmisher"});
  arena.keep_only({0, 3});
  arena.place(0, 12, 10);
  arena.place(3, 12, 12.5);
  arena.activate(0);
  AGameState& state = arena.state();
  arena.apply(act(ActionKind::kAbility, 0, (kTheMountain << 8) | kNoTarget));
  EXPECT_TRUE(state.data().models[0].unmovable);
  EXPECT_EQ(state.data().models[0].movement_dice, 0);
  EXPECT_FALSE(arena.legal(act(ActionKind::kMove, 0)));
  // A movement ability leaves the activation's one ability: Axe Hack is still there.
  EXPECT_TRUE(arena.legal(act(ActionKind::kAttack, 0, (kAxeHack << 8) | 3)));
  arena.apply(act(ActionKind::kEndActivation, 0));
  // The Troll's Crushing Blow (condition prone) lands but cannot knock it down.
  arena.activate(3);
  arena.attack(3, 1, 0);
  arena.allocate(3, 1);
  arena.roll({9});
  arena.dodge(0, 0);
  arena.roll({1});
  EXPECT_EQ(state.data().models[0].wounds, 3);
  EXPECT_FALSE(state.data().models[0].prone);
}

// Ruling "Dying": at 0 wounds a model is prone and Dying, out of the fight; healed, it is back
// with the wounds healed (still prone, a movement die to stand); not healed, it dies at the end of
// the round after the one it fell in.
TEST(AGameDying, HealedBackOrDeadAtTheEndOfTheNextRound) {
  Arena arena({"Temple Healer", "Goblin Skirmisher", "Goblin Skirmisher"}, kGoblins);
  arena.keep_only({0, 1, 2, 3});
  arena.place(0, 12, 6);
  arena.place(1, 14, 6);
  arena.place(2, 4, 4);
  arena.place(3, 20, 20);
  for (int m : {1, 2}) {
    arena.model(m).wounds = 0;
    arena.model(m).dying = true;
    arena.model(m).prone = true;
    arena.model(m).dying_round = 1;
  }
  arena.activate(0);
  AGameState& state = arena.state();
  EXPECT_FALSE(arena.legal(act(ActionKind::kAbility, 0, (kMendWounds << 8) | 2)));  // 8" away
  arena.apply(act(ActionKind::kAbility, 0, (kMendWounds << 8) | 1));
  EXPECT_FALSE(state.data().models[1].dying);
  EXPECT_EQ(state.data().models[1].wounds, 1);
  EXPECT_TRUE(state.data().models[1].prone);
  arena.apply(act(ActionKind::kEndActivation, 0));
  // Blue's goblin, then Red's healed goblin stands up with a movement die.
  arena.apply(act(ActionKind::kActivate, 3));
  arena.apply(act(ActionKind::kEndActivation, 3));
  arena.apply(act(ActionKind::kActivate, 1));
  arena.apply(act(ActionKind::kStandUp, 1));
  EXPECT_FALSE(state.data().models[1].prone);
  EXPECT_EQ(state.data().models[1].movement_dice, 2);
  arena.apply(act(ActionKind::kEndActivation, 1));
  // Round 1 over: the other goblin fell in round 1, so it lives through round 2.
  EXPECT_EQ(state.data().round, 2);
  EXPECT_TRUE(state.data().models[2].dying);
  // Ruling "Dice pools refresh each round"; ruling "Turn order": Blue first in round 2.
  EXPECT_EQ(state.data().models[1].movement_dice, 3);
  EXPECT_EQ(state.current_player(), 1);
  for (int m : {3, 0, 1}) {
    arena.apply(act(ActionKind::kActivate, m));
    arena.apply(act(ActionKind::kEndActivation, m));
  }
  EXPECT_EQ(state.data().round, 3);
  EXPECT_TRUE(state.data().models[2].dead);
}

}  // namespace
}  // namespace warband::agame

namespace warband::agame {
namespace {

// Bad setups name the field and what is wrong.
TEST(AGameSetup, BadSetupsSayWhereAndWhat) {
  std::string e = setup_error({{"warbands", {kGoblins, {"Goblin Skirmisher", "Cave Troll"}}}});
  EXPECT_TRUE(contains_text(e, "setup.warbands[1]")) << e;
  EXPECT_TRUE(contains_text(e, "a warband has 3 to 10 models")) << e;
  e = setup_error({{"warbands", {"shamborga_host", "no_such_list"}}});
  EXPECT_TRUE(contains_text(e,
                            "setup.warbands[1]: unknown list or warband 'no_such_list'; lists: "
                            "shamborga_host"))
      << e;
  e = setup_error({{"warbands", {kGoblins, {"Goblin Skirmisher", "Goblin", "Cave Troll"}}}});
  EXPECT_TRUE(contains_text(e, "setup.warbands[1][1]: names 'Goblin', which is not a model")) << e;
  e = setup_error({{"warbands", {kGoblins, {"Goblin Skirmisher", "Goblin Skirmishr"}}}});
  EXPECT_TRUE(contains_text(e, "Did you mean 'Goblin Skirmisher'?")) << e;
  e = setup_error({{"map", "moon"}});
  EXPECT_TRUE(contains_text(e, "setup.map: unknown table 'moon'; known: open_field, ruined_shrine"))
      << e;
  e = setup_error({{"warbands", {"shamborga_host"}}});
  EXPECT_TRUE(contains_text(e, "setup.warbands: expected two warbands")) << e;
  // Ten Great Rams (2.4" bases) do not fit a 6" deep zone along a 6" table edge.
  const testing::ScratchFolder dir;
  dir.write("narrow.table.toml", "name = \"Narrow\"\nwidth = 6\ndepth = 24\n");
  const std::vector<std::string> rams(10, "Great Ram of Shamborga");
  e = setup_error({{"map", dir.file("narrow.table.toml")},
                   {"warbands", {rams, kGoblins}},
                   {"parameters", {{"points_limit", 0}, {"points_gap", 0}}}});
  EXPECT_TRUE(contains_text(e,
                            "setup.warbands: R4 (Great Ram of Shamborga) does not fit in the 6\" "
                            "deployment zone"))
      << e;
}

// The default game: the first two lists on the open field, each side deployed along its edge.
TEST(AGameSetup, DefaultsToTheFirstTwoListsOnTheOpenField) {
  AGameGame game(nlohmann::json::object());
  EXPECT_EQ(game.table_name(), "Open field");
  EXPECT_EQ(game.warband_name(0), "The Host of Shamborga");
  EXPECT_EQ(game.warband_name(1), "The Holdfast of Dolion");
  ASSERT_EQ(game.model_count(), 8);
  EXPECT_EQ(game.model(0).label, "R1");
  EXPECT_EQ(game.model(0).diameter, 240);  // Size 12 at 0.2" a point
  for (int m = 0; m < game.model_count(); ++m) {
    const int y = game.model(m).start.y;
    EXPECT_TRUE(game.model(m).side == 0 ? y <= 600 : y >= game.table().depth - 600) << m;
  }
}

}  // namespace
}  // namespace warband::agame
