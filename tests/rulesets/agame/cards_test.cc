// A Game's draft cards (cards.h): the shipped cards.toml reads whole, every timing and effect of
// the vocabulary is used, and a wrong card is refused naming the file, the line and what.
#include <gtest/gtest.h>

#include <set>

#include "core/error.h"
#include "rulesets/agame/cards.h"

namespace warband::agame {
namespace {

std::string error_of(const std::string& text) {
  try {
    parse_cards_toml(text, "cards.toml");
  } catch (const InputError& error) {
    return error.message();
  }
  return "no error";
}

TEST(AgameCards, TheShippedCardsUseEveryTimingAndEffect) {
  const std::vector<Card>& cards = content_cards();
  EXPECT_GE(cards.size(), 30u);
  std::set<CardTiming> timings;
  std::set<ReactionTrigger> triggers;
  std::set<EffectKind> kinds;
  for (const Card& card : cards) {
    timings.insert(card.timing);
    triggers.insert(card.reaction_to);
    for (const CardEffect& effect : card.effects)
      kinds.insert(effect.kind);
    EXPECT_FALSE(card.text.empty()) << card.id;
  }
  EXPECT_EQ(timings.size(), timing_keys().size());
  EXPECT_EQ(triggers.size(), trigger_keys().size());  // "none" and every reaction
  EXPECT_EQ(kinds.size(), effect_kind_keys().size());
  const Card* war_cry = find_card(cards, "war_cry");
  ASSERT_NE(war_cry, nullptr);
  EXPECT_EQ(war_cry->timing, CardTiming::kActivation);
  ASSERT_EQ(war_cry->effects.size(), 2u);
  EXPECT_EQ(war_cry->effects[0],
            (CardEffect{.kind = EffectKind::kRefreshDice, .amount = 1, .pool = Pool::kAttack}));
  EXPECT_EQ(effect_words(war_cry->effects[1]), "+1 accuracy");
  const Card* parry = find_card(cards, "parry");
  ASSERT_NE(parry, nullptr);
  EXPECT_EQ(parry->reaction_to, ReactionTrigger::kHit);
  EXPECT_EQ(find_card(cards, "no_such_card"), nullptr);
}

TEST(AgameCards, AWrongCardNamesTheFileTheLineAndWhat) {
  const std::string head = "[[card]]\nid = \"x\"\nname = \"X\"\ntext = \"t\"\n";
  EXPECT_EQ(
      error_of(head + "timing = \"whenever\"\n[[card.effect]]\nkind = \"heal\"\namount = 1\n"),
      "cards.toml:5: card 'x': 'timing' must be \"setup\", \"activation\", \"before_roll\", "
      "\"after_roll\" or \"reaction\", got \"whenever\"");
  EXPECT_EQ(error_of(head + "timing = \"setup\"\n[[card.effect]]\nkind = \"heal\"\namount = 1\n"
                            "pool = \"attack\"\n"),
            "cards.toml:9: card 'x' effect #1: 'pool' is not a field of a \"heal\" effect");
  EXPECT_EQ(error_of(head + "timing = \"before_roll\"\n[[card.effect]]\nkind = \"reroll\"\n"
                            "amount = 1\n"),
            "cards.toml:6: card 'x': a \"reroll\" effect needs timing \"after_roll\" or "
            "\"reaction\"");
  EXPECT_EQ(
      error_of(head + "timing = \"reaction\"\n[[card.effect]]\nkind = \"heal\"\namount = 1\n"),
      "cards.toml:1: card 'x': 'reaction_to' is missing: expected \"attacked\", "
      "\"hit\", \"wounded\", \"all_dodged\", \"dying\" or \"enemy_moved\"");
  EXPECT_EQ(error_of(head + "timing = \"setup\"\n"),
            "cards.toml:1: card 'x': has no effect: expected at least one [[card.effect]]");
  EXPECT_EQ(
      error_of(head + "timing = \"setup\"\n[[card.effect]]\nkind = \"heal\"\namount = 0\n"),
      "cards.toml:8: card 'x' effect #1: 'amount' must be a whole number from 1 to 24, got 0");
  EXPECT_EQ(error_of(head + "timing = \"setup\"\n[[card.effect]]\nkind = \"modify\"\n"
                            "stat = \"power\"\namount = 0\n"),
            "cards.toml:9: card 'x' effect #1: 'amount' must not be 0");
  EXPECT_EQ(error_of(head + "timing = \"setup\"\n[[card.effect]]\nkind = \"heal\"\namount = 1\n" +
                     head + "timing = \"setup\"\n[[card.effect]]\nkind = \"heal\"\namount = 1\n"),
            "cards.toml:9: card 'x' is listed twice");
}

}  // namespace
}  // namespace warband::agame
