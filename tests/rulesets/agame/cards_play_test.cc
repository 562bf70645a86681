// A Game's draft cards in play (agame_cards.cc), each with a hand-counted fact: a card played
// changes exactly what its text says, is played once, and is offered only when it can do
// something; and whole games with the draft and the cards played by bots.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <array>

#include "bots/greedy_bot.h"
#include "core/budget.h"
#include "core/game_record.h"
#include "core/rng.h"
#include "tests/rulesets/agame/agame_fixture.h"
#include "tests/support/conformance.h"

namespace warband::agame {
namespace {

using testing::act;
using testing::Arena;
using testing::kGoblins;
using testing::kSpearJab;

// Two goblins facing each other, Red's at (6, 6) and Blue's at (18, 18), the draft's cards dealt
// by hand.
struct CardArena : Arena {
  explicit CardArena(const std::string& pieces = "",
                     const std::vector<std::string>& parameters = {})
      : Arena(kGoblins, kGoblins, pieces, "", /*draft=*/true, parameters) {
    keep_only({0, 3});
    place(0, 6, 6);
    place(3, 18, 18);
  }
};

TEST(AGameCards, ForcedMarchAddsOneMovementDieAtTheActivationsStartOnly) {
  CardArena arena;
  const int slot = arena.give(0, "forced_march");
  arena.activate(0);
  const ModelState before = arena.state().data().models[0];
  arena.apply(act(ActionKind::kPlayCard, 0, slot));
  const ModelState& after = arena.state().data().models[0];
  EXPECT_EQ(after.movement_dice, before.movement_dice + 1);
  EXPECT_EQ(after.attack_dice, before.attack_dice);
  EXPECT_EQ(after.wild_dice, before.wild_dice);
  EXPECT_FALSE(arena.state().holds(0, slot));  // played once
  EXPECT_FALSE(arena.legal(act(ActionKind::kPlayCard, 0, slot)));
  // A second card is not offered once the model has done something else.
  CardArena later;
  const int second = later.give(0, "forced_march");
  later.activate(0);
  later.apply(act(ActionKind::kMove, 0));
  later.apply(act(ActionKind::kStopMoving, 0));
  EXPECT_FALSE(later.legal(act(ActionKind::kPlayCard, 0, second)));
}

TEST(AGameCards, FortuneFavoursAddsAWildDie) {
  CardArena arena;
  const int slot = arena.give(0, "fortune_favours");
  arena.activate(0);
  arena.apply(act(ActionKind::kPlayCard, 0, slot));
  EXPECT_EQ(arena.state().data().models[0].wild_dice, 2);  // the goblin's 1, and 1
}

// Second Wind: "regains 2 spent movement dice": offered only once dice are spent.
TEST(AGameCards, SecondWindRefreshesSpentDiceOnlyWhenSpent) {
  CardArena arena;
  const int slot = arena.give(0, "second_wind");
  arena.activate(0);
  EXPECT_FALSE(arena.legal(act(ActionKind::kPlayCard, 0, slot)));  // nothing spent: not asked
  CardArena spent;
  const int again = spent.give(0, "second_wind");
  spent.model(0).movement_dice = 0;
  spent.activate(0);
  spent.apply(act(ActionKind::kPlayCard, 0, again));
  EXPECT_EQ(spent.state().data().models[0].movement_dice, 2);
}

TEST(AGameCards, FieldDressingHealsOneWoundNotAboveTheProfile) {
  CardArena arena;
  const int slot = arena.give(0, "field_dressing");
  arena.activate(0);
  EXPECT_FALSE(arena.legal(act(ActionKind::kPlayCard, 0, slot)));  // unhurt
  CardArena hurt;
  const int dressing = hurt.give(0, "field_dressing");
  hurt.model(0).wounds = 1;
  hurt.activate(0);
  hurt.apply(act(ActionKind::kPlayCard, 0, dressing));
  EXPECT_EQ(hurt.state().data().models[0].wounds, 2);
}

// Sprint: "moves up to 3 inches": a leg of 3", no movement die spent.
TEST(AGameCards, SprintIsAThreeInchLegOfItsOwn) {
  CardArena arena;
  const int slot = arena.give(0, "sprint");
  arena.activate(0);
  arena.apply(act(ActionKind::kPlayCard, 0, slot));
  EXPECT_EQ(arena.state().data().stage, Stage::kMoving);
  EXPECT_TRUE(arena.can_reach(9, 6));
  EXPECT_FALSE(arena.can_reach(9.5, 6));
  arena.apply(act(ActionKind::kMoveTo, 0, tabletop::pack_point(Arena::at(9, 6))));
  EXPECT_EQ(arena.state().data().models[0].movement_dice, 3);
  EXPECT_EQ(arena.state().data().stage, Stage::kActivation);
}

// Back on Your Feet: stands a prone model and moves it 1".
TEST(AGameCards, BackOnYourFeetStandsAndMovesOneInch) {
  CardArena arena;
  const int slot = arena.give(0, "back_on_your_feet");
  arena.model(0).prone = true;
  arena.activate(0);
  arena.apply(act(ActionKind::kPlayCard, 0, slot));
  EXPECT_FALSE(arena.state().data().models[0].prone);
  EXPECT_TRUE(arena.can_reach(7, 6));
  EXPECT_FALSE(arena.can_reach(7.5, 6));
}

// Pathfinder: a leg over rough terrain goes the full 3" (1.5" without it).
TEST(AGameCards, PathfinderIgnoresRoughTerrainForTheActivation) {
  const std::string hedge =
      "[[piece]]\nname = \"Hedge\"\nshape = \"rectangle\"\nx = 3\ny = 7\nwidth = 6\ndepth = "
      "0.5\nsize = 4\nheight = 1\n";
  CardArena arena(hedge);
  const int slot = arena.give(0, "pathfinder");
  arena.activate(0);
  arena.apply(act(ActionKind::kPlayCard, 0, slot));
  arena.apply(act(ActionKind::kMove, 0));
  EXPECT_TRUE(arena.can_reach(6, 9));  // 3" over the hedge
  arena.apply(act(ActionKind::kStopMoving, 0));
  arena.apply(act(ActionKind::kEndActivation, 0));
  EXPECT_FALSE(arena.state().data().models[0].pathfinder);  // until the activation's end
}

// Sweeping Strike: Spear Jab becomes Wide, one attack on both goblins in reach.
TEST(AGameCards, SweepingStrikeMakesTheAttackWide) {
  Arena arena(kGoblins, kGoblins, "", "", /*draft=*/true);
  arena.keep_only({0, 3, 4});
  arena.place(0, 12, 10);
  arena.place(3, 11, 12);
  arena.place(4, 13, 12);
  const int slot = arena.give(0, "sweeping_strike");
  arena.activate(0);
  EXPECT_FALSE(arena.legal(act(ActionKind::kAttack, 0, (kSpearJab << 8) | kNoTarget)));
  arena.apply(act(ActionKind::kPlayCard, 0, slot));
  arena.attack(0, kSpearJab, kNoTarget);
  EXPECT_EQ(arena.state().strike().target_count, 2);
}

// War Cry: 1 attack die back and accuracy +1: the dodge target rises by one.
TEST(AGameCards, WarCryRefreshesAnAttackDieAndRaisesAccuracy) {
  CardArena arena;
  const int slot = arena.give(0, "war_cry");
  arena.model(0).attack_dice = 1;
  arena.activate(0);
  const int dodge = arena.state().dodge_target_against(0, kSpearJab, 3);
  arena.apply(act(ActionKind::kPlayCard, 0, slot));
  EXPECT_EQ(arena.state().data().models[0].attack_dice, 2);
  EXPECT_EQ(arena.state().dodge_target_against(0, kSpearJab, 3), dodge + 1);
}

// Parry (reaction to hits): 2 hits, one cancelled before the dodge; Blue is asked, not Red.
TEST(AGameCards, ParryCancelsOneHitBeforeTheDodge) {
  Arena arena(kGoblins, kGoblins, "", "", /*draft=*/true);
  arena.keep_only({0, 3});
  arena.place(0, 12, 10);
  arena.place(3, 12, 12);
  const int slot = arena.give(1, "parry");
  arena.activate(0);
  arena.attack(0, kSpearJab, 3);
  arena.allocate(0, 2);
  arena.roll({5, 6});  // two hits (5+)
  AGameState& state = arena.state();
  ASSERT_EQ(state.data().stage, Stage::kCardReaction);
  EXPECT_EQ(state.current_player(), 1);
  EXPECT_EQ(state.legal_actions(), (std::vector<Action>{act(ActionKind::kPlayCard, 3, slot),
                                                        act(ActionKind::kKeepCards, 3)}));
  arena.apply(act(ActionKind::kPlayCard, 3, slot));
  EXPECT_EQ(state.strike().hits, 1);
  EXPECT_EQ(state.data().stage, Stage::kDodge);
}

// No card for the event: the defender is not asked.
TEST(AGameCards, APlayerWithoutAPlayableCardIsNotAsked) {
  Arena arena(kGoblins, kGoblins, "", "", /*draft=*/true);
  arena.keep_only({0, 3});
  arena.place(0, 12, 10);
  arena.place(3, 12, 12);
  arena.give(1, "sprint");  // an activation card: nothing to answer hits with
  arena.activate(0);
  arena.attack(0, kSpearJab, 3);
  arena.allocate(0, 2);
  arena.roll({5, 6});
  EXPECT_EQ(arena.state().data().stage, Stage::kDodge);
}

// Healing Draught (reaction to wounds): 1 wound lost, 2 healed but not above the goblin's 2.
// Mist Vial: Mistform after the wound.
TEST(AGameCards, WoundedCardsHealOrTurnToMist) {
  for (const std::string card : {"healing_draught", "mist_vial"}) {
    Arena arena(kGoblins, kGoblins, "", "", /*draft=*/true);
    arena.keep_only({0, 3});
    arena.place(0, 12, 10);
    arena.place(3, 12, 12);
    const int slot = arena.give(1, card);
    arena.activate(0);
    arena.attack(0, kSpearJab, 3);
    arena.allocate(0, 1);
    arena.roll({9});    // a hit
    arena.dodge(3, 0);  // no dodge
    arena.roll({1});    // the save fails: 1 wound
    ASSERT_EQ(arena.state().data().models[3].wounds, 1);
    ASSERT_EQ(arena.state().data().stage, Stage::kCardReaction) << card;
    arena.apply(act(ActionKind::kPlayCard, 3, slot));
    if (card == "healing_draught") {
      EXPECT_EQ(arena.state().data().models[3].wounds, 2);
    } else {
      EXPECT_TRUE(arena.state().data().models[3].mistform);
    }
    EXPECT_EQ(arena.state().data().stage, Stage::kActivation);
  }
}

// Two goblins in reach of each other: Red's (0) at (12, 10) attacks Blue's (3) at (12, 12) with
// Spear Jab: hits on 5+, dodged on 7+ (Defense 6+, accuracy +1), saved on 9+ (Armor 9+, power 0).
struct MeleeArena : Arena {
  MeleeArena() : Arena(kGoblins, kGoblins, "", "", /*draft=*/true) {
    keep_only({0, 3});
    place(0, 12, 10);
    place(3, 12, 12);
  }
};

// Battle Fury: 2 dice allocated, 3 rolled; the attacker is asked once its dice are allocated.
TEST(AGameCards, BattleFuryRollsOneMoreAttackDie) {
  MeleeArena arena;
  const int slot = arena.give(0, "battle_fury");
  arena.activate(0);
  arena.attack(0, kSpearJab, 3);
  arena.allocate(0, 2);
  AGameState& state = arena.state();
  ASSERT_EQ(state.data().stage, Stage::kCardReaction);
  EXPECT_EQ(state.current_player(), 0);
  EXPECT_EQ(state.legal_actions(), (std::vector<Action>{act(ActionKind::kPlayCard, 0, slot),
                                                        act(ActionKind::kKeepCards, 0)}));
  arena.apply(act(ActionKind::kPlayCard, 0, slot));
  arena.roll({5, 6, 7});  // three dice, three hits
  EXPECT_EQ(state.strike().hits, 3);
  EXPECT_EQ(state.data().last.count[0], 3);
  EXPECT_EQ(state.data().models[0].attack_dice, 0);  // the card's die is not from the pools
  EXPECT_EQ(state.data().models[0].wild_dice, 1);
  EXPECT_EQ(state.data().stage, Stage::kDodge);
}

// Steady Hand, Crushing Blow and True Aim move the numbers the dice need by their amounts.
TEST(AGameCards, AttackersCardsChangeWhatTheDiceNeed) {
  struct Case {
    std::string card;
    std::array<int, 3> needs;  // hit, dodge, save
  };
  for (const Case& c : {Case{"steady_hand", {5, 8, 9}}, Case{"crushing_blow", {5, 7, 11}},
                        Case{"true_aim", {4, 7, 9}}}) {
    SCOPED_TRACE(c.card);
    MeleeArena arena;
    const int slot = arena.give(0, c.card);
    arena.activate(0);
    arena.attack(0, kSpearJab, 3);
    arena.allocate(0, 1);
    arena.apply(act(ActionKind::kPlayCard, 0, slot));
    ASSERT_TRUE(arena.state().is_chance());
    const auto& needs = arena.state().data().last.needs;
    EXPECT_EQ((std::array<int, 3>{needs[0], needs[1], needs[2]}), c.needs);
  }
  // True Aim: a 4 now hits.
  MeleeArena aimed;
  const int slot = aimed.give(0, "true_aim");
  aimed.activate(0);
  aimed.attack(0, kSpearJab, 3);
  aimed.allocate(0, 1);
  aimed.apply(act(ActionKind::kPlayCard, 0, slot));
  EXPECT_EQ(aimed.state().action_to_string(act(ActionKind::kDie, 0, 4)), "Attack die: 4 (4+: hit)");
  aimed.roll({4});
  EXPECT_EQ(aimed.state().strike().hits, 1);
}

// Deadly Edge: one unsaved hit does 2 wounds, and the goblin's 2 are gone.
TEST(AGameCards, DeadlyEdgeAddsADamageToEachUnsavedHit) {
  MeleeArena arena;
  const int slot = arena.give(0, "deadly_edge");
  arena.activate(0);
  arena.attack(0, kSpearJab, 3);
  arena.allocate(0, 1);
  arena.apply(act(ActionKind::kPlayCard, 0, slot));
  arena.roll({9});    // a hit
  arena.dodge(3, 0);  // no dodge
  arena.roll({1});    // the save fails
  EXPECT_EQ(arena.state().data().last.wounds, 2);
  EXPECT_TRUE(arena.state().data().models[3].dying);
}

// Passing keeps the card; a card that can change nothing is not offered: Steady Hand against a
// goblin with no dodge dice left, Crushing Blow against a save that already cannot be made.
TEST(AGameCards, AttackersCardsOnlyWhenTheyChangeSomething) {
  MeleeArena arena;
  const int slot = arena.give(0, "steady_hand");
  arena.activate(0);
  arena.attack(0, kSpearJab, 3);
  arena.allocate(0, 1);
  arena.apply(act(ActionKind::kKeepCards, 0));
  EXPECT_TRUE(arena.state().is_chance());
  EXPECT_TRUE(arena.state().holds(0, slot));
  EXPECT_EQ(arena.state().data().last.needs[1], 7);
  MeleeArena no_dodge;
  no_dodge.give(0, "steady_hand");
  no_dodge.model(3).defense_dice = 0;
  no_dodge.model(3).wild_dice = 0;
  no_dodge.activate(0);
  no_dodge.attack(0, kSpearJab, 3);
  no_dodge.allocate(0, 1);
  EXPECT_TRUE(no_dodge.state().is_chance());  // not asked
  MeleeArena hopeless;
  hopeless.give(0, "crushing_blow");
  hopeless.give(0, "crushing_blow");
  hopeless.activate(0);
  hopeless.attack(0, kSpearJab, 3);
  hopeless.allocate(0, 1);
  // The first raises the save from 9+ to 11+ (never on a d10); the second would change nothing.
  hopeless.apply(act(ActionKind::kPlayCard, 0, 0));
  EXPECT_TRUE(hopeless.state().is_chance());
  EXPECT_EQ(hopeless.state().data().last.needs[2], 11);
  EXPECT_TRUE(hopeless.state().holds(0, 1));
}

// The defender's before_roll cards, once the hits are known: Iron Guard's die on top of the ones
// chosen, Shield Wall's Defense 6+ made 5+ (dodges on 6+), Thick Hide's Armor 9+ made 8+.
TEST(AGameCards, DefendersCardsComeAfterTheHitsBeforeTheDodge) {
  MeleeArena arena;
  const int guard = arena.give(1, "iron_guard");
  const int wall = arena.give(1, "shield_wall");
  const int hide = arena.give(1, "thick_hide");
  arena.activate(0);
  arena.attack(0, kSpearJab, 3);
  arena.allocate(0, 2);
  arena.roll({5, 6});  // two hits
  AGameState& state = arena.state();
  ASSERT_EQ(state.data().stage, Stage::kCardReaction);
  EXPECT_EQ(state.current_player(), 1);
  arena.apply(act(ActionKind::kPlayCard, 3, guard));
  arena.apply(act(ActionKind::kPlayCard, 3, wall));  // several cards at one moment
  arena.apply(act(ActionKind::kPlayCard, 3, hide));  // the last one: the window closes
  ASSERT_EQ(state.data().stage, Stage::kDodge);
  EXPECT_EQ(state.data().last.needs[1], 6);
  EXPECT_EQ(state.data().last.needs[2], 8);
  arena.dodge(3, 1);
  arena.roll({6, 2});  // two dodge dice for the one chosen: one dodge
  EXPECT_EQ(state.strike().dodges, 1);
  arena.roll({8});  // the hit left is saved on 8+
  EXPECT_EQ(state.data().last.wounds, 0);
  EXPECT_EQ(state.data().stage, Stage::kActivation);
  EXPECT_EQ(state.data().models[3].wounds, 2);
  EXPECT_EQ(state.data().models[3].defense_dice, 0);
  EXPECT_EQ(state.data().models[3].wild_dice, 1);  // the card's die is not from the pools
}

// Iron Guard with no dodge dice left: its die is rolled without a choice to make.
TEST(AGameCards, IronGuardDodgesWithNoDiceLeft) {
  MeleeArena arena;
  const int guard = arena.give(1, "iron_guard");
  arena.model(3).defense_dice = 0;
  arena.model(3).wild_dice = 0;
  arena.activate(0);
  arena.attack(0, kSpearJab, 3);
  arena.allocate(0, 1);
  arena.roll({5});
  arena.apply(act(ActionKind::kPlayCard, 3, guard));
  ASSERT_TRUE(arena.state().is_chance());
  arena.roll({7});
  EXPECT_EQ(arena.state().data().stage, Stage::kActivation);  // dodged: the attack is over
  EXPECT_EQ(arena.state().data().models[3].wounds, 2);
}

// Second Chance (after_roll): the attacker's miss is rolled again, and the die shown is the new
// one; a roll with no failed die asks nothing.
TEST(AGameCards, SecondChanceRerollsAFailedAttackDie) {
  MeleeArena arena;
  const int slot = arena.give(0, "second_chance");
  arena.activate(0);
  arena.attack(0, kSpearJab, 3);
  arena.allocate(0, 2);
  arena.roll({1, 6});  // a miss and a hit
  AGameState& state = arena.state();
  ASSERT_EQ(state.data().stage, Stage::kCardReaction);
  EXPECT_EQ(state.current_player(), 0);
  arena.apply(act(ActionKind::kPlayCard, 0, slot));
  ASSERT_TRUE(state.is_chance());
  EXPECT_EQ(state.chance_outcomes().size(), 10u);  // one die, each face 1 in 10
  arena.roll({8});
  EXPECT_EQ(state.strike().hits, 2);
  EXPECT_EQ(state.data().last.count[0], 2);
  EXPECT_EQ(state.data().last.faces[0][0], 6);
  EXPECT_EQ(state.data().last.faces[0][1], 8);
  EXPECT_EQ(state.data().stage, Stage::kDodge);
  MeleeArena all_hit;
  all_hit.give(0, "second_chance");
  all_hit.activate(0);
  all_hit.attack(0, kSpearJab, 3);
  all_hit.allocate(0, 2);
  all_hit.roll({5, 6});
  EXPECT_EQ(all_hit.state().data().stage, Stage::kDodge);  // nothing to re-roll: not asked
}

// Lucky Streak on the defender's dodge: both failed dodges rolled again, both now dodge, and the
// attack is over with no save rolled.
TEST(AGameCards, LuckyStreakRerollsTwoFailedDodges) {
  MeleeArena arena;
  const int slot = arena.give(1, "lucky_streak");
  arena.activate(0);
  arena.attack(0, kSpearJab, 3);
  arena.allocate(0, 2);
  arena.roll({5, 6});
  arena.dodge(3, 2);
  arena.roll({1, 2});  // no dodge
  ASSERT_EQ(arena.state().data().stage, Stage::kCardReaction);
  EXPECT_EQ(arena.state().current_player(), 1);
  arena.apply(act(ActionKind::kPlayCard, 3, slot));
  arena.roll({7, 9});
  EXPECT_EQ(arena.state().data().stage, Stage::kActivation);
  EXPECT_EQ(arena.state().data().models[3].wounds, 2);
  EXPECT_EQ(arena.state().data().last.count[2], 0);
}

// Brace for Impact and Rooted (reactions to being attacked), before the attack dice: Armor 9+
// made 7+, and the goblin cannot be knocked Prone or moved until its next activation.
TEST(AGameCards, BraceAndRootedAnswerTheAttackBeforeItsDice) {
  MeleeArena arena;
  const int brace = arena.give(1, "brace");
  const int rooted = arena.give(1, "rooted");
  arena.activate(0);
  arena.attack(0, kSpearJab, 3);
  arena.allocate(0, 1);
  AGameState& state = arena.state();
  ASSERT_EQ(state.data().stage, Stage::kCardReaction);
  EXPECT_EQ(state.current_player(), 1);
  EXPECT_EQ(state.legal_actions(), (std::vector<Action>{act(ActionKind::kPlayCard, 3, brace),
                                                        act(ActionKind::kPlayCard, 3, rooted),
                                                        act(ActionKind::kKeepCards, 3)}));
  arena.apply(act(ActionKind::kPlayCard, 3, brace));
  EXPECT_EQ(state.data().last.needs[2], 7);
  arena.apply(act(ActionKind::kPlayCard, 3, rooted));
  EXPECT_TRUE(state.data().models[3].unmovable);
  EXPECT_TRUE(state.is_chance());  // both played: on to the attack dice
  arena.roll({9});
  arena.dodge(3, 0);
  arena.roll({7});  // saved on 7+
  EXPECT_EQ(state.data().models[3].wounds, 2);
}

// Dash for Cover (attacked): Blue's goblin moves up to 2" before the dice; 2" back it is out of
// Spear Jab's 2" reach and the attack is lost (its die spent); staying, it is rolled as before.
TEST(AGameCards, DashForCoverLosesTheAttackOutOfReach) {
  MeleeArena arena;
  const int slot = arena.give(1, "dash_for_cover");
  arena.activate(0);
  arena.attack(0, kSpearJab, 3);
  arena.allocate(0, 1);
  AGameState& state = arena.state();
  arena.apply(act(ActionKind::kPlayCard, 3, slot));
  ASSERT_EQ(state.data().stage, Stage::kMoving);
  EXPECT_EQ(state.current_player(), 1);
  EXPECT_TRUE(arena.can_reach(12, 14));
  EXPECT_FALSE(arena.can_reach(12, 14.5));
  arena.apply(act(ActionKind::kMoveTo, 3, tabletop::pack_point(Arena::at(12, 14))));
  EXPECT_EQ(state.data().stage, Stage::kActivation);
  EXPECT_EQ(state.data().active, 0);
  EXPECT_EQ(state.data().models[3].wounds, 2);
  EXPECT_EQ(state.data().models[0].attack_dice, 1);
  MeleeArena stays;
  const int dash = stays.give(1, "dash_for_cover");
  stays.activate(0);
  stays.attack(0, kSpearJab, 3);
  stays.allocate(0, 1);
  stays.apply(act(ActionKind::kPlayCard, 3, dash));
  stays.apply(act(ActionKind::kStopMoving, 3));
  EXPECT_TRUE(stays.state().is_chance());
  EXPECT_EQ(stays.state().strike().targets[0], 3);
}

// Riposte (all hits dodged): 2 dice of Spear Jab back at the attacker, from no pool; its two
// unsaved hits put Red's goblin down, and Blue wins.
TEST(AGameCards, RiposteAttacksBackWhenEveryHitIsDodged) {
  MeleeArena arena;
  const int slot = arena.give(1, "riposte");
  arena.activate(0);
  arena.attack(0, kSpearJab, 3);
  arena.allocate(0, 1);
  arena.roll({5});  // a hit
  arena.dodge(3, 1);
  arena.roll({7});  // dodged
  AGameState& state = arena.state();
  ASSERT_EQ(state.data().stage, Stage::kCardReaction);
  EXPECT_EQ(state.current_player(), 1);
  arena.apply(act(ActionKind::kPlayCard, 3, slot));
  EXPECT_EQ(state.data().depth, 1);
  EXPECT_EQ(state.strike().attacker, 3);
  EXPECT_EQ(state.strike().dice, 2);
  EXPECT_EQ(state.data().models[3].attack_dice, 2);  // not from its pools
  arena.roll({5, 6});                                // two hits
  arena.dodge(0, 0);
  arena.roll({1, 1});  // no save
  EXPECT_TRUE(state.data().models[0].dying);
  EXPECT_TRUE(state.is_terminal());
  EXPECT_EQ(state.data().winner, 1);
}

// Vengeance (dying): the fallen goblin's 3 dice before its fall is counted; both fall, a draw.
TEST(AGameCards, VengeanceStrikesBackBeforeTheFallIsCounted) {
  MeleeArena arena;
  const int slot = arena.give(1, "vengeance");
  arena.model(3).wounds = 1;
  arena.activate(0);
  arena.attack(0, kSpearJab, 3);
  arena.allocate(0, 1);
  arena.roll({5});
  arena.dodge(3, 0);
  arena.roll({1});  // 1 wound: Dying
  AGameState& state = arena.state();
  ASSERT_TRUE(state.data().models[3].dying);
  ASSERT_FALSE(state.is_terminal());  // not yet: its card comes first
  EXPECT_EQ(state.legal_actions(), (std::vector<Action>{act(ActionKind::kPlayCard, 3, slot),
                                                        act(ActionKind::kKeepCards, 3)}));
  arena.apply(act(ActionKind::kPlayCard, 3, slot));
  arena.roll({5, 5, 1});  // two hits of three dice
  arena.dodge(0, 0);
  arena.roll({2, 3});
  EXPECT_TRUE(state.is_terminal());
  EXPECT_EQ(state.data().winner, 2);
  // Kept, the card lets the fall count at once: Red wins.
  MeleeArena kept;
  kept.give(1, "vengeance");
  kept.model(3).wounds = 1;
  kept.activate(0);
  kept.attack(0, kSpearJab, 3);
  kept.allocate(0, 1);
  kept.roll({5});
  kept.dodge(3, 0);
  kept.roll({1});
  kept.apply(act(ActionKind::kKeepCards, 3));
  EXPECT_TRUE(kept.state().is_terminal());
  EXPECT_EQ(kept.state().data().winner, 0);
}

// Overwatch (enemy_moved, range 3"): Red's goblin ends a leg 1" from Blue's, which attacks it
// with 1 die of Spear Jab; then Red's activation goes on. A leg ending farther asks nothing.
TEST(AGameCards, OverwatchAttacksAnEnemyEndingAMoveNearby) {
  CardArena arena;
  arena.place(3, 11, 6);
  const int slot = arena.give(1, "overwatch");
  arena.activate(0);
  arena.apply(act(ActionKind::kMove, 0));
  arena.apply(act(ActionKind::kMoveTo, 0, tabletop::pack_point(Arena::at(9, 6))));
  AGameState& state = arena.state();
  ASSERT_EQ(state.data().stage, Stage::kCardReaction);
  EXPECT_EQ(state.current_player(), 1);
  EXPECT_EQ(state.legal_actions(), (std::vector<Action>{act(ActionKind::kPlayCard, 3, slot),
                                                        act(ActionKind::kKeepCards, 3)}));
  arena.apply(act(ActionKind::kPlayCard, 3, slot));
  EXPECT_EQ(state.strike().attacker, 3);
  EXPECT_EQ(state.strike().attack, kSpearJab);
  EXPECT_EQ(state.strike().dice, 1);
  arena.roll({5});  // a hit
  arena.dodge(0, 0);
  arena.roll({1});  // no save
  EXPECT_EQ(state.data().models[0].wounds, 1);
  EXPECT_EQ(state.data().stage, Stage::kActivation);
  EXPECT_EQ(state.data().active, 0);
  EXPECT_EQ(state.data().models[0].movement_dice, 2);
  CardArena far;
  far.place(3, 16, 6);
  far.give(1, "overwatch");
  far.activate(0);
  far.apply(act(ActionKind::kMove, 0));
  far.apply(act(ActionKind::kMoveTo, 0, tabletop::pack_point(Arena::at(9, 6))));
  EXPECT_EQ(far.state().data().stage, Stage::kActivation);  // 6" away: not asked
}

// The setup cards' moment, as after the draft: Red to play.
void to_setup(Arena& arena) {
  StateData& d = arena.state().mutable_data();
  d.stage = Stage::kSetupCards;
  d.player = 0;
  d.active = -1;
}

Action place_at(double x, double y, bool turned = false) {
  return act(ActionKind::kPlace, turned ? 1 : 0, tabletop::pack_point(Arena::at(x, y)));
}

// Banner of War: an objective worth 2 within 8" of the centre (12, 12), on a 2" lattice: 49 spots
// (by hand: 9 + 2x7 + 2x7 + 2x5 + 2x1 for the columns 0, 2, 4, 6 and 8" off the centre). Then
// Blue has no setup card and Red no other: round 1. Red's goblin beside it at the round limit
// wins a game of one goblin each, level on wounds.
TEST(AGameCards, BannerOfWarIsAnObjectiveWorthTwoAtTheRoundLimit) {
  CardArena arena;
  const int slot = arena.give(0, "banner_of_war");
  to_setup(arena);
  AGameState& state = arena.state();
  EXPECT_EQ(state.legal_actions(), (std::vector<Action>{act(ActionKind::kPlayCard, 0, slot),
                                                        act(ActionKind::kKeepCards, 0)}));
  arena.apply(act(ActionKind::kPlayCard, 0, slot));
  ASSERT_EQ(state.data().stage, Stage::kPlacing);
  EXPECT_EQ(state.legal_actions().size(), 49u);
  EXPECT_FALSE(arena.legal(place_at(12, 22)));  // 10" from the centre
  arena.apply(place_at(12, 12));
  EXPECT_EQ(state.data().stage, Stage::kChooseModel);
  EXPECT_EQ(state.data().round, 1);
  arena.place(0, 12, 11);  // its base 1/2" from the objective
  EXPECT_EQ(state.objective_points(0), 2);
  EXPECT_EQ(state.table_view(0)["objectives"][0]["holder"], 0);
  arena.state().mutable_data().round = static_cast<std::int8_t>(arena.game().round_limit());
  arena.activate(0);
  arena.apply(act(ActionKind::kEndActivation, 0));
  arena.activate(3);
  arena.apply(act(ActionKind::kEndActivation, 3));
  ASSERT_TRUE(state.is_terminal());
  EXPECT_EQ(state.data().winner, 0);
  const std::string round = std::to_string(arena.game().round_limit());
  EXPECT_EQ(state.end_reason(), "Red has more models standing and objective points after round " +
                                    round + " (1 + 2 to 1 + 0)");
}

// The round limit's result says what decided it, with the counts: Red's goblin a wound ahead,
// the banner held by neither (the probe read "Red has more standing after round 8").
TEST(AGameCards, TheRoundLimitResultSaysWhatDecidedIt) {
  CardArena arena;
  const int slot = arena.give(0, "banner_of_war");
  to_setup(arena);
  AGameState& state = arena.state();
  arena.apply(act(ActionKind::kPlayCard, 0, slot));
  arena.apply(place_at(12, 12));
  ASSERT_EQ(state.objective_points(0) + state.objective_points(1), 0);
  const int wounds = state.data().models[0].wounds;
  state.mutable_data().models[3].wounds = static_cast<std::int8_t>(wounds - 1);
  state.mutable_data().round = static_cast<std::int8_t>(arena.game().round_limit());
  arena.activate(0);
  arena.apply(act(ActionKind::kEndActivation, 0));
  arena.activate(3);
  arena.apply(act(ActionKind::kEndActivation, 3));
  ASSERT_TRUE(state.is_terminal());
  const std::string round = std::to_string(arena.game().round_limit());
  EXPECT_EQ(state.end_reason(), fmt::format("Red has more wounds left on its models standing after "
                                            "round {} ({} to {}, tied on models standing)",
                                            round, wounds, wounds - 1));
  // With Blue's goblin down, the models standing decide it before the wounds.
  state.mutable_data().models[3].dead = true;
  EXPECT_EQ(state.end_reason(), "Red has more models standing after round " + round + " (1 to 0)");
}

// A copy made before a card places something keeps what it had: the placed pieces are shared
// between copies and a placing makes new ones (copy on write). They live outside the state's flat
// data so that a copy stays within the 1,032 bytes glibc's per-thread cache serves (a bot copies
// the state per node: 27 ns a copy within it, 47 beyond; bench/agame_bench.cc, AGameStateCopy).
TEST(AGameCards, ACopyMadeBeforeAPlacingDoesNotSeeIt) {
  EXPECT_LE(sizeof(AGameState), 1032u);
  CardArena arena;
  const int banner = arena.give(0, "banner_of_war");
  const int barricade = arena.give(0, "barricade");
  to_setup(arena);
  const auto as_agame = [](const std::unique_ptr<State>& state) -> const AGameState& {
    return static_cast<const AGameState&>(*state);
  };
  arena.apply(act(ActionKind::kPlayCard, 0, banner));
  const std::unique_ptr<State> before = arena.state().clone();
  arena.apply(place_at(12, 12));
  const std::unique_ptr<State> between = arena.state().clone();
  // Blue holds no setup card: Red plays its Barricade next.
  ASSERT_EQ(arena.state().data().stage, Stage::kSetupCards);
  arena.apply(act(ActionKind::kPlayCard, 0, barricade));
  arena.apply(place_at(6, 10, true));
  const int pieces = arena.game().table().piece_count;
  EXPECT_EQ(arena.state().placed().size(), 2u);
  EXPECT_EQ(arena.state().table().piece_count, pieces + 1);
  EXPECT_EQ(as_agame(before).placed().size(), 0u);
  EXPECT_EQ(as_agame(before).data().stage, Stage::kPlacing);
  ASSERT_EQ(as_agame(between).placed().size(), 1u);
  EXPECT_EQ(as_agame(between).placed()[0].at, (tabletop::Point{1200, 1200}));
  EXPECT_EQ(as_agame(between).table().piece_count, pieces);  // an objective is no piece
  EXPECT_EQ(as_agame(between).to_json()["placed"].size(), 1u);
  EXPECT_EQ(arena.state().to_json()["placed"].size(), 2u);
}

// The placing numbers are parameters.toml's. place_lattice = 4: Banner of War's spots within 8"
// of the centre (12, 12) are 13 (by hand: 5 + 2x3 + 2x1 for the columns 0, 4 and 8" off the
// centre), not 49. objective_reach = 2: Red's goblin (base 0.8") at (12, 9.7), its base edge 1.9"
// from the objective, holds it; 1 (shipped) it does not.
TEST(AGameCards, PlacingNumbersAreParameters) {
  for (const bool wide : {false, true}) {
    CardArena arena("", wide ? std::vector<std::string>{"place_lattice = 4", "objective_reach = 2"}
                             : std::vector<std::string>{});
    const int slot = arena.give(0, "banner_of_war");
    to_setup(arena);
    arena.apply(act(ActionKind::kPlayCard, 0, slot));
    EXPECT_EQ(arena.state().legal_actions().size(), wide ? 13u : 49u);
    EXPECT_EQ(arena.legal(place_at(14, 12)), !wide);  // 14" is off a 4" lattice
    arena.apply(place_at(12, 12));
    arena.place(0, 12, 9.7);
    EXPECT_EQ(arena.state().objective_points(0), wide ? 2 : 0);
  }
  // A Barricade turned a quarter at (6, 10): wall_thickness, wall_height and hiding_size.
  CardArena arena("", {"wall_thickness = 1", "wall_height = 3", "hiding_size = 15"});
  const int slot = arena.give(0, "barricade");
  to_setup(arena);
  arena.apply(act(ActionKind::kPlayCard, 0, slot));
  arena.apply(place_at(6, 10, true));
  const tabletop::Table& table = arena.state().table();
  const tabletop::Piece& wall = table.pieces[table.piece_count - 1];
  EXPECT_EQ(wall.width, 400);
  EXPECT_EQ(wall.depth, 100);
  EXPECT_EQ(wall.height, 300);
  EXPECT_EQ(wall.size, 15);
}

// Barricade: a 4" wall within 6" of Red's goblin, never on a model; it joins the state's table
// (as the shared game's does not change) and a save keeps it.
TEST(AGameCards, BarricadeIsAWallOnTheStatesTable) {
  CardArena arena;
  const int slot = arena.give(0, "barricade");
  to_setup(arena);
  arena.apply(act(ActionKind::kPlayCard, 0, slot));
  EXPECT_FALSE(arena.legal(place_at(6, 6)));          // on the goblin
  EXPECT_FALSE(arena.legal(place_at(18, 18, true)));  // 11.5" away
  arena.apply(place_at(6, 10, true));
  const AGameState& state = arena.state();
  ASSERT_EQ(state.table().piece_count, arena.game().table().piece_count + 1);
  const tabletop::Piece& wall = state.table().pieces[state.table().piece_count - 1];
  EXPECT_TRUE(wall.flags & tabletop::kImpassable);
  EXPECT_EQ(wall.width, 400);
  EXPECT_EQ(state.piece_names().back(), "Barricade");
}

// A save of a game with placed cards (whole random games of the shipped decks) reads back with
// the same pieces on its table and the same choices.
TEST(AGameCards, PlacedPiecesSurviveASave) {
  const auto game = std::make_shared<AGameGame>(nlohmann::json::object());
  int saved = 0;
  for (std::uint64_t seed = 1; seed <= 20 && saved < 3; ++seed) {
    Rng rng(seed);
    AGameState state(game);
    while (!state.is_terminal()) {
      if (state.is_chance()) {
        state.apply(rng.sample(state.chance_outcomes()));
        continue;
      }
      if (state.table().piece_count > game->table().piece_count) {
        const nlohmann::json json = state.to_json();
        const std::unique_ptr<State> loaded = game->state_from_json(json);
        const auto& back = static_cast<const AGameState&>(*loaded);
        EXPECT_EQ(back.table().piece_count, state.table().piece_count);
        EXPECT_EQ(back.table().pieces, state.table().pieces);
        EXPECT_EQ(loaded->legal_actions(), state.legal_actions());
        ++saved;
        break;
      }
      const std::vector<Action> actions = state.legal_actions();
      state.apply(actions[rng.below(actions.size())]);
    }
  }
  EXPECT_EQ(saved, 3);
}

// Caltrops: hazardous ground; a goblin ending its activation on it loses a wound.
TEST(AGameCards, CaltropsWoundAModelEndingItsActivationOnThem) {
  CardArena arena;
  const int slot = arena.give(0, "caltrops");
  to_setup(arena);
  arena.apply(act(ActionKind::kPlayCard, 0, slot));
  arena.apply(place_at(6, 10));
  arena.place(0, 6, 10);
  arena.activate(0);
  arena.apply(act(ActionKind::kEndActivation, 0));
  EXPECT_EQ(arena.state().data().models[0].wounds, 1);
}

// Thicket (activation): 3" of rough ground placed, then the activation goes on; a leg over it goes
// 1.5", where it went 3" before.
TEST(AGameCards, ThicketPlacesRoughGroundThatSlowsALeg) {
  CardArena open;
  open.activate(0);
  open.apply(act(ActionKind::kMove, 0));
  EXPECT_TRUE(open.can_reach(6, 9));
  CardArena arena;
  const int slot = arena.give(0, "thicket");
  arena.activate(0);
  arena.apply(act(ActionKind::kPlayCard, 0, slot));
  ASSERT_EQ(arena.state().data().stage, Stage::kPlacing);
  arena.apply(place_at(6, 10));
  EXPECT_EQ(arena.state().data().stage, Stage::kActivation);
  arena.apply(act(ActionKind::kMove, 0));
  EXPECT_FALSE(arena.can_reach(6, 9));
  EXPECT_TRUE(arena.can_reach(6, 7.5));
}

// evaluate() counts a held card (its card_value), so keeping one is worth something; Battle Fury's
// expected hits are worth more than the card held, and the greedy bot plays it.
TEST(AGameCards, HeldCardsAreWorthSomethingAndGreedyPlaysOneThatGainsMore) {
  MeleeArena holding;
  holding.give(0, "battle_fury");
  holding.activate(0);
  MeleeArena empty;
  empty.activate(0);
  EXPECT_GT(holding.state().evaluate()[0], empty.state().evaluate()[0]);

  MeleeArena arena;
  const int slot = arena.give(0, "battle_fury");
  arena.activate(0);
  arena.attack(0, kSpearJab, 3);
  arena.allocate(0, 2);
  ASSERT_EQ(arena.state().data().stage, Stage::kCardReaction);
  auto after = [&](Action action) {
    std::unique_ptr<State> next = arena.state().clone();
    next->apply(action);
    return next->evaluate()[0];
  };
  EXPECT_GT(after(act(ActionKind::kPlayCard, 0, slot)), after(act(ActionKind::kKeepCards, 0)));
  bots::GreedyBot greedy("greedy", bots::GreedyOptions{});
  Rng rng(1);
  const Budget budget;
  EXPECT_EQ(greedy.choose(arena.state(), rng, budget), act(ActionKind::kPlayCard, 0, slot));
}

// A save taken where a card may be played (an activation's start, a reaction's moment) reads
// back equal, with the same choices.
TEST(AGameCards, ACardsMomentSurvivesASave) {
  const auto game = std::make_shared<AGameGame>(nlohmann::json::object());
  int saved = 0;
  for (std::uint64_t seed = 1; seed <= 10 && saved < 5; ++seed) {
    Rng rng(seed);
    AGameState state(game);
    while (!state.is_terminal() && saved < 5) {
      if (state.is_chance()) {
        state.apply(rng.sample(state.chance_outcomes()));
        continue;
      }
      const std::vector<Action> actions = state.legal_actions();
      const bool card = std::any_of(actions.begin(), actions.end(),
                                    [](Action a) { return kind_of(a) == ActionKind::kPlayCard; });
      if (card) {
        const nlohmann::json json = state.to_json();
        const std::unique_ptr<State> loaded = game->state_from_json(json);
        EXPECT_EQ(loaded->to_json(), json);
        EXPECT_EQ(loaded->legal_actions(), actions);
        ++saved;
      }
      state.apply(actions[rng.below(actions.size())]);
    }
  }
  EXPECT_EQ(saved, 5);
}

// Whole games with the draft: bots draft, then play cards; every game ends.
TEST(AGameCards, BotsDraftAndPlayCardsInWholeGames) {
  int cards_played = 0;
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    const GameRecord record = random_bot_game("agame", nlohmann::json::object(), seed);
    EXPECT_TRUE(record.state().is_terminal());
    std::unique_ptr<State> state = record.game().new_initial_state();
    for (const Action action : record.actions()) {
      cards_played += kind_of(action) == ActionKind::kPlayCard && !state->is_chance();
      state->apply(action);
    }
  }
  EXPECT_GT(cards_played, 0);
}

}  // namespace
}  // namespace warband::agame
