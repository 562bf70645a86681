// A Game's draft (draft.h): burn, pick, pick, discard for 8 rounds from two 10-card decks,
// burned and discarded cards going back under their decks, the roles alternating, a short deck
// made up from the other, and a choice out of turn refused with the reason.
#include <gtest/gtest.h>

#include "core/error.h"
#include "rulesets/agame/draft.h"

namespace warband::agame {
namespace {

std::array<std::vector<std::string>, 2> two_decks() {
  std::array<std::vector<std::string>, 2> decks;
  for (int p = 0; p < 2; ++p)
    for (int i = 0; i < 10; ++i)
      decks[p].push_back(fmt::format("{}{}", p == 0 ? 'a' : 'b', i));
  return decks;
}

TEST(AgameDraft, TheSeedsSequenceGivesEachPlayerEightCards) {
  const DraftRules& rules = content_draft_rules();
  EXPECT_EQ(rules.deck_size, 10);
  EXPECT_EQ(rules.rounds, 8);
  Draft draft(rules, two_decks(), 0);
  // Round 1: a0 a1 from player 1's deck, b0 b1 from player 2's.
  EXPECT_EQ(draft.table(), (std::vector<OfferedCard>{{"a0", 0}, {"a1", 0}, {"b0", 1}, {"b1", 1}}));
  EXPECT_EQ(draft.step(), DraftStep::kBurn);
  EXPECT_EQ(draft.to_choose(), 0);
  EXPECT_EQ(draft.legal_choices(), (std::vector<int>{0, 1, 2, 3}));
  draft.choose(0, 2);  // burns b0: under deck 2
  EXPECT_EQ(draft.deck(1).back(), "b0");
  EXPECT_EQ(draft.to_choose(), 1);
  EXPECT_EQ(draft.legal_choices(), (std::vector<int>{0, 1, 2}));
  draft.choose(1, 0);  // player 2 picks a0, from the opponent's deck
  EXPECT_EQ(draft.step(), DraftStep::kFirstPick);
  EXPECT_EQ(draft.to_choose(), 0);
  draft.choose(0, 1);  // player 1 picks b1; a1 is discarded under deck 1
  EXPECT_EQ(draft.hand(0), (std::vector<std::string>{"b1"}));
  EXPECT_EQ(draft.hand(1), (std::vector<std::string>{"a0"}));
  EXPECT_EQ(draft.deck(0).back(), "a1");
  // 9 left in each, 2 of each already on the table for round 2.
  EXPECT_EQ(draft.deck(0).size(), 7u);
  EXPECT_EQ(draft.deck(1).size(), 7u);
  // Round 2: the roles change hands.
  EXPECT_EQ(draft.round(), 2);
  EXPECT_EQ(draft.first_player(), 1);
  EXPECT_EQ(draft.to_choose(), 1);
  EXPECT_EQ(draft.table(), (std::vector<OfferedCard>{{"a2", 0}, {"a3", 0}, {"b2", 1}, {"b3", 1}}));
  while (!draft.done())
    draft.choose(draft.to_choose(), 0);
  EXPECT_EQ(draft.hand(0).size(), 8u);
  EXPECT_EQ(draft.hand(1).size(), 8u);
  EXPECT_EQ(draft.deck(0).size() + draft.deck(1).size(), 4u);  // 20 - 16 picked
  EXPECT_EQ(draft.returned().size(), 16u);                     // a burn and a discard a round
  EXPECT_EQ(draft.to_choose(), -1);
  EXPECT_TRUE(draft.legal_choices().empty());
}

TEST(AgameDraft, AShortDeckIsMadeUpFromTheOther) {
  // Both players pick player 1's cards and burn player 2's: deck 1 loses 2 cards a round, is
  // empty after round 5, and deck 2 puts all 4 cards on the table from round 6.
  Draft draft(content_draft_rules(), two_decks(), 0);
  while (draft.round() < 6) {
    const int last = static_cast<int>(draft.table().size()) - 1;
    draft.choose(draft.to_choose(), draft.step() == DraftStep::kBurn ? last : 0);
  }
  EXPECT_TRUE(draft.deck(0).empty());
  ASSERT_EQ(draft.table().size(), 4u);
  for (const OfferedCard& card : draft.table())
    EXPECT_EQ(card.deck, 1) << card.card;
  EXPECT_EQ(draft.hand(0).size() + draft.hand(1).size(), 10u);
  while (!draft.done())
    draft.choose(draft.to_choose(), 0);
  EXPECT_EQ(draft.hand(0).size(), 8u);
  EXPECT_EQ(draft.hand(1).size(), 8u);
}

TEST(AgameDraft, AChoiceOutOfTurnIsRefusedWithTheReason) {
  Draft draft(content_draft_rules(), two_decks(), 1);
  try {
    draft.choose(0, 0);
    FAIL() << "no error";
  } catch (const InputError& error) {
    EXPECT_EQ(error.message(), "draft: round 1: it is player 2's turn to burn, not player 1's");
  }
  try {
    draft.choose(1, 4);
    FAIL() << "no error";
  } catch (const InputError& error) {
    EXPECT_EQ(error.message(), "draft: round 1: no card 5 on the table: 4 to burn from, 1 to 4");
  }
  auto decks = two_decks();
  decks[1].push_back("b10");
  try {
    Draft eleven(content_draft_rules(), decks, 0);
    FAIL() << "no error";
  } catch (const InputError& error) {
    EXPECT_EQ(error.message(), "player 2's deck: holds 11 cards; a deck is 10 cards");
  }
}

}  // namespace
}  // namespace warband::agame
