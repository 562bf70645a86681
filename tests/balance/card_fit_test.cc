// The card fit (balance_analysis.h's CardBalance): each side's drafted cards counted beside its
// units, each card's worth in the units' points. Synthetic games with planted worths: the fit
// recovers them, and a card's worth is relative to the other cards (every hand holds as many).
#include <gtest/gtest.h>

#include <cmath>

#include "balance/balance_analysis.h"
#include "balance/logistic_fit.h"
#include "core/rng.h"
#include "sim/card_names.h"
#include "tests/support/balance_lookup.h"

namespace warband::balance {
namespace {

// Each side: a random army of 1 to 3 units (worth their points at `rate`) and a hand of 4 cards
// drawn from 4 kinds, each worth its planted points. Every hand holds 4 cards, so only differences
// between kinds are identified: the fit's worths are the planted ones less their mean.
TEST(BalanceCards, RecoversPlantedCardWorthsInPoints) {
  const std::vector<BalanceUnit> catalog = {
      {"a", "Alpha", 100}, {"b", "Bravo", 150}, {"c", "Charlie", 200}};
  const std::vector<BalanceCard> cards = {{"strong", "Strong", 10},
                                          {"fair", "Fair", 10},
                                          {"weak", "Weak", 10},
                                          {"never", "Never Drawn", std::nullopt},
                                          {"useless", "Useless", std::nullopt}};
  const double rate = 0.01;                                 // log-odds per point
  const std::vector<double> worth = {60, 20, -10, 0, -30};  // points of each card
  Rng rng(7);
  std::vector<sim::GameResult> games;
  for (int g = 0; g < 20000; ++g) {
    sim::GameResult game;
    game.index = g;
    double eta = 0;
    for (int side = 0; side < 2; ++side) {
      const double sign = side == 0 ? 1 : -1;
      // 1 to 3 units, so the sides' totals differ and the average point's value is identified.
      const int units = 1 + static_cast<int>(rng.below(3));
      for (int u = 0; u < units; ++u) {
        const BalanceUnit& unit = catalog[rng.below(catalog.size())];
        game.units.push_back({.name = unit.name, .side = side, .points = unit.points});
        eta += sign * rate * unit.points;
      }
      for (int c = 0; c < 4; ++c) {
        const std::size_t kind = rng.pick(std::vector<std::size_t>{0, 1, 2, 4});
        game.cards[side].push_back(sim::card_id(cards[kind].name));
        eta += sign * rate * worth[kind];
      }
      game.cards[side].push_back(
          sim::card_id("Not In The List"));  // a card the ruleset does not name: skipped
    }
    game.winner = rng.unit() < logistic(eta) ? 0 : 1;
    games.push_back(std::move(game));
  }
  const BalanceAnalysis analysis = analyze(catalog, games, cards);
  ASSERT_EQ(analysis.cards.size(), 5u);
  EXPECT_NEAR(analysis.rate, rate, 0.002);
  const double mean = (60 + 20 - 10 - 30) / 4.0;  // of the kinds drawn
  for (const std::size_t kind : {0, 1, 2, 4}) {
    const CardBalance* card = find_card(analysis, cards[kind].name);
    ASSERT_NE(card, nullptr);
    EXPECT_TRUE(card->estimable) << card->name;
    ASSERT_TRUE(card->has_worth) << card->name;
    EXPECT_NEAR(card->worth, worth[kind] - mean, 8) << card->name;
    EXPECT_LT(card->worth_low, card->worth) << card->name;
    EXPECT_GT(card->worth_high, card->worth) << card->name;
    EXPECT_GT(card->copies, 15000) << card->name;
    EXPECT_GT(card->games, 10000) << card->name;
    EXPECT_EQ(card->current, cards[kind].value) << card->name;
  }
  // The strongest first; its side won more often than not; a card never drawn is not fitted.
  EXPECT_EQ(analysis.cards.front().name, "Strong");
  EXPECT_GT(analysis.cards.front().side_won, 0.55);
  const CardBalance* never = find_card(analysis, "Never Drawn");
  ASSERT_NE(never, nullptr);
  EXPECT_FALSE(never->estimable);
  EXPECT_EQ(never->copies, 0);
  EXPECT_EQ(analysis.cards.back().name, "Never Drawn");
  // The units are still priced as planted: the cards take nothing of their worth.
  for (const UnitBalance& unit : analysis.units)
    EXPECT_NEAR(unit.suggested, unit.points, 0.1 * unit.points) << unit.id;
}

// Without cards the fit is the units' alone, as before.
TEST(BalanceCards, NoCardsNoCardColumns) {
  const std::vector<BalanceUnit> catalog = {{"a", "Alpha", 100}};
  std::vector<sim::GameResult> games(3);
  for (int g = 0; g < 3; ++g) {
    games[g].units.push_back({.name = "Alpha", .side = g % 2});
    games[g].cards[0] = {sim::card_id("Strong")};
    games[g].winner = g % 2;
  }
  EXPECT_TRUE(analyze(catalog, games).cards.empty());
}

}  // namespace
}  // namespace warband::balance
