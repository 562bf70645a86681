// A Game's draft cards in play (agame_cards.cc), each with a hand-counted fact: a card played
// changes exactly what its text says, is played once, and is offered only when it can do
// something; and whole games with the draft and the cards played by bots.
#include <gtest/gtest.h>

#include <algorithm>

#include "core/game_record.h"
#include "core/rng.h"
#include "tests/rulesets/agame/agame_fixture.h"
#include "tests/support/conformance.h"

namespace warband::agame {
namespace {

using testing::Arena;

const std::vector<std::string> kGoblins = {"Goblin Skirmisher", "Goblin Skirmisher",
                                           "Goblin Skirmisher"};
constexpr int kSpearJab = 0;

Action act(ActionKind kind, int model, int payload = 0) {
  return encode_action(kind, model, payload);
}

// Two goblins facing each other, Red's at (6, 6) and Blue's at (18, 18), the draft's cards dealt
// by hand.
struct CardArena : Arena {
  explicit CardArena(const std::string& pieces = "")
      : Arena(kGoblins, kGoblins, pieces, "", /*draft=*/true) {
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
