// Card prices (balance_analysis.h's CardKindStep and a card's suggested price): synthetic games in
// which each card's worth moves by a known number of points per step of its price (AtomsPast's
// AcTi), the prices jittered between games as a run's --price-jitter does. The fit recovers each
// kind's step and prices each card where a copy is worth its kind's average copy.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <array>
#include <cmath>

#include "balance/balance_analysis.h"
#include "balance/logistic_fit.h"
#include "balance/report_cards.h"
#include "core/rng.h"
#include "sim/card_names.h"
#include "tests/support/balance_lookup.h"

namespace warband::balance {
namespace {

const CardKindStep* find_step(const BalanceAnalysis& analysis, const std::string& kind) {
  for (const CardKindStep& step : analysis.card_steps)
    if (step.kind == kind) return &step;
  return nullptr;
}

constexpr double kRate = 0.01;  // log-odds per point
const std::vector<BalanceUnit> kCatalog = {
    {"a", "Alpha", 100}, {"b", "Bravo", 150}, {"c", "Charlie", 200}};

// Four spells, each a deck card (4 copies a side) and a Kon card (one a side), priced by one AcTi
// each. A deck copy is worth kDeckWorth[s] points at its AcTi now and kDeckStep points per +1 AcTi;
// a Kon card kKonWorth[s] and kKonStep per +1. The deck worths average 0 over the copies drawn
// (each spell equally likely), so a spell's fair AcTi is its AcTi now - worth / step.
const std::array<int, 4> kActi = {3, 4, 5, 2};
const std::array<double, 4> kDeckWorth = {-10, -10, 30, -10};
constexpr double kDeckStep = -15;
const std::array<double, 4> kKonWorth = {-40, 0, 40, 0};
constexpr double kKonStep = -40;

std::vector<BalanceCard> spell_cards() {
  std::vector<BalanceCard> cards;
  for (int s = 0; s < 4; ++s)
    cards.push_back({.id = fmt::format("s{}", s),
                     .name = fmt::format("Spell {}", s),
                     .kind = "Deck copy",
                     .price_id = fmt::format("s{}", s),
                     .price = kActi[s]});
  for (int s = 0; s < 4; ++s)
    cards.push_back({.id = fmt::format("kon:s{}", s),
                     .name = fmt::format("Kon: Spell {}", s),
                     .kind = "Kon's spell",
                     .price_id = fmt::format("s{}", s),
                     .price = kActi[s]});
  return cards;
}

// Games with each game's AcTi moved by +-1 a spell (`jitter`), and the prices each game played.
// `deck_step`: the points a deck copy gains per +1 AcTi (a bot that does not pay for AcTi may even
// gain).
std::vector<sim::GameResult> play(int games, bool jitter, CardPrices& prices,
                                  double deck_step = kDeckStep) {
  const std::vector<BalanceCard> cards = spell_cards();
  Rng rng(11);
  std::vector<sim::GameResult> out;
  for (int g = 0; g < games; ++g) {
    std::array<int, 4> offset{};
    for (int& o : offset)
      o = jitter ? (rng.below(2) == 0 ? 1 : -1) : 0;
    sim::GameResult game;
    game.index = g;
    double eta = 0;
    for (int side = 0; side < 2; ++side) {
      const double sign = side == 0 ? 1 : -1;
      const int units = 1 + static_cast<int>(rng.below(3));
      for (int u = 0; u < units; ++u) {
        const BalanceUnit& unit = kCatalog[rng.below(kCatalog.size())];
        game.units.push_back({.name = unit.name, .side = side, .points = unit.points});
        eta += sign * kRate * unit.points;
      }
      for (int c = 0; c < 4; ++c) {
        const std::size_t s = rng.below(4);
        game.cards[side].push_back(sim::card_id(cards[s].name));
        eta += sign * kRate * (kDeckWorth[s] + deck_step * offset[s]);
      }
      const std::size_t kon = rng.below(4);
      game.cards[side].push_back(sim::card_id(cards[4 + kon].name));
      eta += sign * kRate * (kKonWorth[kon] + kKonStep * offset[kon]);
    }
    game.winner = rng.unit() < logistic(eta) ? 0 : 1;
    out.push_back(std::move(game));
    std::vector<double> played;
    for (int c = 0; c < 8; ++c)
      played.push_back(kActi[c % 4] + offset[c % 4]);
    if (jitter) prices.push_back(std::move(played));
  }
  return out;
}

TEST(CardPrices, EachKindsStepIsRecoveredAndEachCardPricedAtItsKindsAverage) {
  CardPrices prices;
  const std::vector<sim::GameResult> games = play(40000, true, prices);
  const BalanceAnalysis analysis = analyze(kCatalog, games, spell_cards(), {}, prices);
  ASSERT_EQ(analysis.card_steps.size(), 2u);
  const CardKindStep* deck = find_step(analysis, "Deck copy");
  const CardKindStep* kon = find_step(analysis, "Kon's spell");
  ASSERT_NE(deck, nullptr);
  ASSERT_NE(kon, nullptr);
  ASSERT_TRUE(deck->estimable && deck->identified && deck->has_worth);
  ASSERT_TRUE(kon->estimable && kon->identified && kon->has_worth);
  EXPECT_NEAR(deck->value, kRate * kDeckStep, 0.03);
  EXPECT_NEAR(kon->value, kRate * kKonStep, 0.06);
  EXPECT_LT(deck->value_low, kRate * kDeckStep);
  EXPECT_GT(deck->value_high, kRate * kDeckStep);
  EXPECT_NEAR(deck->worth, kDeckStep, 4);
  EXPECT_NEAR(kon->worth, kKonStep, 8);
  // Deck copies: their worths average 0 over the copies, so the fair AcTi is now - worth / step:
  // 3 - (-10 / -15) = 2.33, 3.33, 5 + 2 = 7, 1.33.
  for (int s = 0; s < 4; ++s) {
    const CardBalance* card = find_card(analysis, fmt::format("Spell {}", s));
    ASSERT_NE(card, nullptr);
    ASSERT_TRUE(card->has_price_suggestion) << card->name;
    const double fair = kActi[s] - kDeckWorth[s] / kDeckStep;
    EXPECT_NEAR(card->price_suggested, fair, 0.5) << card->name;
    EXPECT_LT(card->price_low, card->price_suggested) << card->name;
    EXPECT_GT(card->price_high, card->price_suggested) << card->name;
    EXPECT_EQ(card->price, kActi[s]);
    EXPECT_EQ(card->kind, "Deck copy");
  }
  // The strong spell is found: its interval lies above its AcTi now.
  EXPECT_GT(find_card(analysis, "Spell 2")->price_low, kActi[2]);
  // Kon cards, on their own step: the Kon's Spell 0 is worth 40 points less than the average
  // Kon card (0), one AcTi step less: fair at 3 - 1 = 2; Spell 2 at 5 + 1 = 6.
  EXPECT_NEAR(find_card(analysis, "Kon: Spell 0")->price_suggested, 2, 0.5);
  EXPECT_NEAR(find_card(analysis, "Kon: Spell 2")->price_suggested, 6, 0.5);
  // By kind, the deck's first.
  EXPECT_EQ(analysis.cards.front().kind, "Deck copy");
  EXPECT_EQ(analysis.cards.front().name, "Spell 2");
  EXPECT_EQ(analysis.cards.back().kind, "Kon's spell");
}

// A price is a cost: where a dearer deck copy did better (+15 points per +1 AcTi), the step is
// measured but no deck AcTi is suggested (one would move the wrong way), and the report says why;
// the Kon cards, on their own step, are priced as before.
TEST(CardPrices, AStepThatRewardsADearerCardSuggestsNoPrice) {
  CardPrices prices;
  const std::vector<sim::GameResult> games = play(40000, true, prices, +15);
  const BalanceAnalysis analysis = analyze(kCatalog, games, spell_cards(), {}, prices);
  const CardKindStep* deck = find_step(analysis, "Deck copy");
  ASSERT_NE(deck, nullptr);
  ASSERT_TRUE(deck->estimable);
  EXPECT_GT(deck->value_low, 0);   // clearly above 0...
  EXPECT_FALSE(deck->identified);  // ...and so no price can be read from it
  for (int s = 0; s < 4; ++s)
    EXPECT_FALSE(find_card(analysis, fmt::format("Spell {}", s))->has_price_suggestion) << s;
  EXPECT_TRUE(find_step(analysis, "Kon's spell")->identified);
  EXPECT_NEAR(find_card(analysis, "Kon: Spell 0")->price_suggested, 2, 0.5);
  const std::string markdown = cards_markdown(analysis);
  EXPECT_NE(markdown.find("a dearer card did better, so the bots do not pay for the Price and no "
                          "Price is suggested."),
            std::string::npos)
      << markdown;
}

// Prices that never moved say nothing of a step: no suggestion, and the worths are as before.
TEST(CardPrices, WithoutJitterNoStepIsMeasuredAndNothingIsSuggested) {
  CardPrices prices;
  const std::vector<sim::GameResult> games = play(4000, false, prices);
  ASSERT_TRUE(prices.empty());
  const BalanceAnalysis analysis = analyze(kCatalog, games, spell_cards(), {}, prices);
  ASSERT_EQ(analysis.card_steps.size(), 2u);
  for (const CardKindStep& step : analysis.card_steps)
    EXPECT_FALSE(step.estimable) << step.kind;
  for (const CardBalance& card : analysis.cards) {
    EXPECT_TRUE(card.estimable) << card.name;
    EXPECT_FALSE(card.has_price_suggestion) << card.name;
  }
}

}  // namespace
}  // namespace warband::balance
