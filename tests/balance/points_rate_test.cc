#include "balance/points_rate.h"

#include <gtest/gtest.h>

#include <cmath>

#include "core/rng.h"

namespace warband::balance {
namespace {

// A game in which Red fields `red` points and Blue `blue`, as two units, one of them a Kon (its
// points count like any other's), won by Red with the planted probability.
sim::GameResult game_with(int red, int blue, double intercept, double rate, Rng& rng) {
  sim::GameResult game;
  game.units = {{.name = "A", .side = 0, .points = red - 100},
                {.name = "K", .side = 0, .points = 100, .role = "Kon"},
                {.name = "A", .side = 1, .points = blue - 100},
                {.name = "K", .side = 1, .points = 100, .role = "Kon"}};
  const double eta = intercept + rate * (red - blue) / 100.0;
  game.winner = rng.unit() < 1.0 / (1.0 + std::exp(-eta)) ? 0 : 1;
  return game;
}

TEST(PointsRate, RecoversAPlantedRate) {
  // Budgets drawn from 500 to 1500 points, as --measure-rate draws them at 1500.
  Rng rng(20);
  std::vector<sim::GameResult> games;
  for (int i = 0; i < 4000; ++i)
    games.push_back(game_with(500 + static_cast<int>(rng.below(1001)),
                              500 + static_cast<int>(rng.below(1001)), 0.2, 0.3, rng));
  const PointsRate fit = fit_points_rate(games);
  ASSERT_TRUE(fit.identified);
  ASSERT_TRUE(fit.converged);
  EXPECT_EQ(fit.games, 4000);
  // The difference of two uniform budgets on 1000 points: sd 1000 / sqrt(6), about 408.
  EXPECT_NEAR(fit.difference_sd, 408, 20);
  EXPECT_GT(fit.rate_se, 0.005);
  EXPECT_LT(fit.rate_se, 0.03);
  EXPECT_NEAR(fit.rate, 0.3, 4 * fit.rate_se);
  EXPECT_LT(fit.rate_low, 0.3);
  EXPECT_GT(fit.rate_high, 0.3);
  EXPECT_NEAR(fit.intercept, 0.2, 4 * fit.intercept_se);
}

TEST(PointsRate, FindsNoRateWhenPointsDoNotMatter) {
  Rng rng(21);
  std::vector<sim::GameResult> games;
  for (int i = 0; i < 4000; ++i)
    games.push_back(game_with(500 + static_cast<int>(rng.below(1001)),
                              500 + static_cast<int>(rng.below(1001)), 0.0, 0.0, rng));
  const PointsRate fit = fit_points_rate(games);
  ASSERT_TRUE(fit.identified);
  EXPECT_LT(fit.rate_low, 0.0);
  EXPECT_GT(fit.rate_high, 0.0);
  EXPECT_LT(fit.rate_high - fit.rate_low, 0.1);
}

TEST(PointsRate, EqualTotalsLeaveTheRateUnidentified) {
  Rng rng(22);
  std::vector<sim::GameResult> games;
  for (int i = 0; i < 50; ++i)
    games.push_back(game_with(1000, 1000, 0.0, 0.5, rng));
  const PointsRate fit = fit_points_rate(games);
  EXPECT_FALSE(fit.identified);
  EXPECT_EQ(fit.rate, 0.0);
}

TEST(PointsRate, DrawsCountAsHalfAWin) {
  std::vector<sim::GameResult> games(4);
  for (int i = 0; i < 4; ++i) {
    games[i].units = {{.name = "A", .side = 0, .points = 100 * (i + 1)},
                      {.name = "A", .side = 1, .points = 100}};
    games[i].winner = -1;
  }
  const PointsRate fit = fit_points_rate(games);
  EXPECT_NEAR(fit.rate, 0.0, 1e-9);
  EXPECT_NEAR(fit.red_score, 0.5, 1e-12);
}

}  // namespace
}  // namespace warband::balance

namespace warband::balance {
namespace {

// A game of two sides, each a Kon of 100 points and an army, with whose Kon fell and who won.
sim::GameResult kon_game(int red_army, int blue_army, int kon_fell, int winner) {
  sim::GameResult game;
  game.units = {{.name = "A", .side = 0, .points = red_army},
                {.name = "K", .side = 0, .points = 100, .role = "Kon", .survived = kon_fell != 0},
                {.name = "A", .side = 1, .points = blue_army},
                {.name = "K", .side = 1, .points = 100, .role = "Kon", .survived = kon_fell != 1}};
  game.winner = winner;
  return game;
}

TEST(RoleOutcomes, CountsWhoseKonFellAndWhoWon) {
  std::vector<sim::GameResult> games = {
      kon_game(900, 500, 1, 0),   // the smaller army's Kon fell, its keeper won
      kon_game(900, 500, 0, 1),   // the larger army's Kon fell
      kon_game(500, 500, 0, 0),   // equal totals: not counted among the larger army's falls
      kon_game(700, 500, -1, 0),  // no Kon fell (the turn limit)
  };
  games.push_back(games.back());
  games.back().units[2].points = 900;
  games.back().winner = 1;
  const RoleOutcomes roles = role_outcomes(games);
  EXPECT_EQ(roles.role, "Kon");
  EXPECT_EQ(roles.games, 5);
  EXPECT_EQ(roles.one_fell, 3);
  EXPECT_EQ(roles.won_by_keeper, 2);
  EXPECT_EQ(roles.both_fell, 0);
  EXPECT_EQ(roles.unequal_one_fell, 2);
  EXPECT_EQ(roles.more_points_fell, 1);
  EXPECT_EQ(roles.rate_when_one_fell.games, 3);
  EXPECT_EQ(roles.rate_when_none_fell.games, 2);
}

TEST(RoleOutcomes, FitsTheRateApartWhereTheKonFellAndWhereNot) {
  // Points decide the turn-limit games (r = 0.5), a coin decides the Kon: r only where none fell.
  Rng rng(23);
  std::vector<sim::GameResult> games;
  for (int i = 0; i < 4000; ++i) {
    const int red = 400 + static_cast<int>(rng.below(1001));
    const int blue = 400 + static_cast<int>(rng.below(1001));
    if (rng.unit() < 0.5) {
      const int fell = static_cast<int>(rng.below(2));
      games.push_back(kon_game(red, blue, fell, 1 - fell));
    } else {
      const double eta = 0.5 * (red - blue) / 100.0;
      games.push_back(kon_game(red, blue, -1, rng.unit() < 1.0 / (1.0 + std::exp(-eta)) ? 0 : 1));
    }
  }
  const RoleOutcomes roles = role_outcomes(games);
  EXPECT_EQ(roles.won_by_keeper, roles.one_fell);
  EXPECT_NEAR(static_cast<double>(roles.more_points_fell) / roles.unequal_one_fell, 0.5, 0.05);
  EXPECT_LT(roles.rate_when_one_fell.rate_low, 0.0);
  EXPECT_GT(roles.rate_when_one_fell.rate_high, 0.0);
  EXPECT_NEAR(roles.rate_when_none_fell.rate, 0.5, 4 * roles.rate_when_none_fell.rate_se);
  EXPECT_GT(roles.rate_when_none_fell.rate_low, 0.3);
}

TEST(RoleOutcomes, GamesWithoutRolesLeaveItEmpty) {
  std::vector<sim::GameResult> games(3);
  for (auto& game : games)
    game.units = {{.name = "A", .side = 0, .points = 100}, {.name = "A", .side = 1, .points = 90}};
  const RoleOutcomes roles = role_outcomes(games);
  EXPECT_EQ(roles.role, "");
  EXPECT_EQ(roles.games, 0);
  EXPECT_FALSE(roles.rate_when_none_fell.identified);
}

}  // namespace
}  // namespace warband::balance
