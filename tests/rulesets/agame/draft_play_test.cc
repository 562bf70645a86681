// A Game's draft played as the game's first decisions (agame_draft.cc): the decks shuffled by
// chance, the roll-off, burn / pick / pick for 8 rounds labelled with each card and its deck,
// saves checked by replaying the draft, the parameter that skips it, and a greedy bot picking the
// better card.
#include <gtest/gtest.h>

#include <string>

#include "bots/bot.h"
#include "core/error.h"
#include "core/rng.h"
#include "rulesets/agame/agame_game.h"
#include "rulesets/agame/agame_state.h"
#include "tests/support/test_files.h"

namespace warband::agame {
namespace {

std::shared_ptr<AGameGame> default_game(const nlohmann::json& setup = nlohmann::json::object()) {
  return std::make_shared<AGameGame>(setup);
}

// Shuffles both decks keeping their order (each chance picks the first card left) and gives the
// roll-off to `first` (0 Red, 1 Blue).
void deal_in_order(AGameState& state, int first) {
  while (state.data().stage == Stage::kShuffle) {
    ASSERT_TRUE(state.is_chance());
    state.apply(encode_action(ActionKind::kDie, 0, 1));
  }
  ASSERT_EQ(state.data().stage, Stage::kRollOff);
  ASSERT_EQ(state.chance_outcomes().size(), 2u);
  state.apply(encode_action(ActionKind::kDie, 0, first + 1));
  ASSERT_EQ(state.data().stage, Stage::kDraft);
}

// The shipped decks (Iron Tricks for Red, Night Tricks for Blue), unshuffled, Red first: round 1
// puts Parry, Parry (Red's) and Battle Fury, Crushing Blow (Blue's) on the table.
TEST(AGameDraftPlay, TheDraftIsTheGamesFirstDecisions) {
  const auto game = default_game();
  EXPECT_EQ(game->deck_name(0), "Iron Tricks");
  EXPECT_EQ(game->deck_name(1), "Night Tricks");
  AGameState state(game);
  EXPECT_EQ(state.data().stage, Stage::kShuffle);
  EXPECT_EQ(state.chance_outcomes().size(), 10u);  // the first place takes any of the 10
  deal_in_order(state, 0);
  const Draft& draft = *state.draft();
  ASSERT_EQ(draft.table().size(), 4u);
  EXPECT_EQ(draft.table()[0], (OfferedCard{"parry", 0}));
  EXPECT_EQ(draft.table()[3], (OfferedCard{"crushing_blow", 1}));
  EXPECT_EQ(state.current_player(), 0);
  // The two Parries from Red's deck are one choice.
  std::vector<Action> actions = state.legal_actions();
  ASSERT_EQ(actions.size(), 3u);
  EXPECT_EQ(state.action_to_string(actions[1]), "Burn Battle Fury (Blue's deck)");
  EXPECT_EQ(state.action_view(actions[1])["kind"], "draft");
  EXPECT_EQ(state.action_view(actions[1])["card_index"], 2);
  state.apply(actions[1]);  // Red burns Battle Fury
  EXPECT_EQ(state.current_player(), 1);
  actions = state.legal_actions();
  ASSERT_EQ(actions.size(), 2u);
  EXPECT_EQ(state.action_to_string(actions[1]), "Pick Crushing Blow (Blue's deck)");
  state.apply(actions[1]);  // Blue picks Crushing Blow
  EXPECT_EQ(state.current_player(), 0);
  state.apply(state.legal_actions()[0]);  // Red picks Parry; the other Parry is discarded
  EXPECT_EQ(state.draft()->round(), 2);
  EXPECT_EQ(state.current_player(), 1);  // the roles change hands every round
  EXPECT_EQ(state.draft()->hand(0), (std::vector<std::string>{"parry"}));
  EXPECT_EQ(state.draft()->hand(1), (std::vector<std::string>{"crushing_blow"}));
  const nlohmann::json view = state.table_view(0)["draft"];
  EXPECT_EQ(view["step"], "burn");
  EXPECT_EQ(view["to_choose"], 1);
  EXPECT_EQ(view["hands"][1][0]["name"], "Crushing Blow");
  EXPECT_TRUE(contains_text(state.to_string(), "Draft round 2 of 8: Blue to burn"))
      << state.to_string();
  // The rest of the draft: 7 rounds of three choices, then the first round's first activation.
  int decisions = 0;
  while (state.data().stage == Stage::kDraft) {
    state.apply(state.legal_actions()[0]);
    state.check_consistency();
    ++decisions;
  }
  EXPECT_EQ(decisions, 21);
  EXPECT_EQ(state.data().draft.hand_size[0], 8);
  EXPECT_EQ(state.data().draft.hand_size[1], 8);
  // Then the setup cards of a side holding one (here passed), and round 1's first activation.
  while (state.data().stage == Stage::kSetupCards)
    state.apply(state.legal_actions().back());  // play no more setup cards
  EXPECT_EQ(state.data().stage, Stage::kChooseModel);
  EXPECT_EQ(state.data().round, 1);
  EXPECT_EQ(state.table_view(0)["draft"]["step"], "done");
  EXPECT_EQ(state.table_view(0)["draft"]["hands"][0].size(), 8u);
}

TEST(AGameDraftPlay, TheDraftParameterSkipsIt) {
  const auto game = default_game({{"parameters", {{"draft", 0}}}});
  EXPECT_FALSE(game->draft_on());
  AGameState state(game);
  EXPECT_EQ(state.data().stage, Stage::kChooseModel);
  EXPECT_TRUE(state.table_view(0)["draft"].is_null());
  EXPECT_TRUE(state.to_json()["draft"].is_null());
}

// A save taken in the draft reads back equal; a choice that is not on the table is refused where
// it is.
TEST(AGameDraftPlay, ASavedDraftIsCheckedByReplayingIt) {
  const auto game = default_game();
  AGameState state(game);
  deal_in_order(state, 1);
  for (int i = 0; i < 5; ++i)
    state.apply(state.legal_actions().back());
  const nlohmann::json saved = state.to_json();
  const std::unique_ptr<State> loaded = game->state_from_json(saved);
  EXPECT_EQ(loaded->to_json(), saved);
  EXPECT_EQ(loaded->legal_actions(), state.legal_actions());
  nlohmann::json bad = saved;
  bad["draft"]["choices"][4] = 3;  // round 2's first pick has 3 cards left: 0 to 2
  try {
    game->state_from_json(bad);
    FAIL() << "a choice off the table was read";
  } catch (const InputError& error) {
    EXPECT_TRUE(contains_text(error.what(), "state.draft.choices[4]")) << error.what();
    EXPECT_TRUE(contains_text(error.what(), "not on the table of 3 cards")) << error.what();
  }
  bad = saved;
  bad["draft"]["decks"][0][0] = "battle_fury";
  EXPECT_THROW(game->state_from_json(bad), InputError);
}

// The decks come from the setup as the warbands do: a shipped id, a file or a deck's JSON; a bad
// one names the field.
TEST(AGameDraftPlay, DecksAreTakenFromTheSetup) {
  const auto swapped = default_game({{"decks", {"night_tricks", "iron_tricks"}}});
  EXPECT_EQ(swapped->deck_name(0), "Night Tricks");
  try {
    default_game({{"decks", {"iron_tricks", "no_such_deck"}}});
    FAIL() << "an unknown deck was taken";
  } catch (const InputError& error) {
    EXPECT_TRUE(contains_text(error.what(), "setup.decks[1]")) << error.what();
  }
  try {
    default_game({{"decks", {"iron_tricks", {{"name", "Short"}, {"cards", {"parry"}}}}}});
    FAIL() << "a one-card deck was taken";
  } catch (const InputError& error) {
    EXPECT_TRUE(contains_text(error.what(), "setup.decks[1]")) << error.what();
    EXPECT_TRUE(contains_text(error.what(), "holds 1 card")) << error.what();
  }
}

// A greedy bot picks the card worth more (cards.cc's card_value): offered Healing Draught and
// Battle Fury, never the lesser.
TEST(AGameDraftPlay, GreedyPicksTheBetterCard) {
  const auto game = default_game();
  AGameState state(game);
  deal_in_order(state, 0);
  state.apply(state.legal_actions()[0]);  // Red burns a Parry: Blue picks from 3
  ASSERT_EQ(state.current_player(), 1);
  double best = -1;
  int best_index = -1;
  for (std::size_t i = 0; i < state.draft()->table().size(); ++i) {
    const double value = card_value(*find_card(game->cards(), state.draft()->table()[i].card));
    if (value > best) best = value, best_index = static_cast<int>(i);
  }
  const std::unique_ptr<bots::Bot> greedy = bots::make_bot("greedy");
  Rng rng(7);
  const Action chosen = greedy->choose(state, rng);
  EXPECT_EQ(kind_of(chosen), ActionKind::kDraftChoice);
  const double chosen_value =
      card_value(*find_card(game->cards(), state.draft()->table()[payload_of(chosen)].card));
  EXPECT_EQ(chosen_value, best) << state.action_to_string(chosen) << " over index " << best_index;
}

}  // namespace
}  // namespace warband::agame
