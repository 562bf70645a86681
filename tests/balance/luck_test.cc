// The luck control variate (sim/luck.h) on the wager test ruleset, whose answer is known: each
// term has mean 0 over the exact chance outcomes whatever V is, so the luck-adjusted result keeps
// the win rate, and it is less noisy than the raw result.
#include <gtest/gtest.h>

#include <cmath>

#include "bots/bot.h"
#include "core/registry.h"
#include "sim/luck.h"
#include "sim/match.h"
#include "tests/balance/wager_ruleset.h"

namespace warband::sim {
namespace {

// Red's chance of taking more of 5 rounds, each with probability p.
double best_of_five(double p) {
  double total = 0;
  for (int won = 3; won <= 5; ++won)
    total += std::tgamma(6) / (std::tgamma(won + 1) * std::tgamma(6 - won)) * std::pow(p, won) *
             std::pow(1 - p, 5 - won);
  return total;
}

const nlohmann::json kSetup = {
    {"warbands", nlohmann::json::array({nlohmann::json::array({"horse", "pike"}),
                                        nlohmann::json::array({"bow", "club"})})}};

TEST(Luck, EachChanceNodesTermAveragesZeroOverItsOutcomes) {
  const auto game = make_game(wager::kRuleset, kSetup);
  std::unique_ptr<State> state = game->new_initial_state();
  // Down one path of the tree, checking every node on it.
  for (const Action step : {0, 1, 1, 0}) {
    ASSERT_TRUE(state->is_chance());
    double mean = 0;
    for (const ChanceOutcome& outcome : state->chance_outcomes())
      mean += outcome.probability * chance_luck(*state, outcome.action);
    EXPECT_NEAR(mean, 0.0, 1e-12);
    EXPECT_NE(chance_luck(*state, 0), 0.0);  // the outcomes do move the value
    state->apply(step);
  }
}

TEST(Luck, TheAdjustedResultKeepsTheWinRateAndShrinksItsSpread) {
  const auto game = make_game(wager::kRuleset, kSetup);
  const double p = 1.0 / (1.0 + std::exp(-wager::kRoundLogOdds * (3.0 - 2.1)));
  const double truth = best_of_five(p);
  auto red = bots::make_bot("random", "red");
  auto blue = bots::make_bot("random", "blue");
  constexpr int kGames = 4000;
  double raw = 0, raw_squares = 0, adjusted = 0, adjusted_squares = 0;
  for (int g = 0; g < kGames; ++g) {
    const GameResult result =
        play_match(game, 1000 + g, *red, *blue, nullptr, Budget::unlimited(), true);
    const double y = result.winner == 0 ? 1.0 : 0.0;
    raw += y;
    raw_squares += y * y;
    adjusted += y - result.luck;
    adjusted_squares += (y - result.luck) * (y - result.luck);
  }
  const double raw_mean = raw / kGames, adjusted_mean = adjusted / kGames;
  const double raw_variance = raw_squares / kGames - raw_mean * raw_mean;
  const double adjusted_variance = adjusted_squares / kGames - adjusted_mean * adjusted_mean;
  // Unbiased: within 4 standard errors of the exact answer.
  EXPECT_NEAR(adjusted_mean, truth, 4 * std::sqrt(adjusted_variance / kGames));
  EXPECT_NEAR(raw_mean, truth, 4 * std::sqrt(raw_variance / kGames));
  // The rounds' lead explains much of the result: at least half the variance goes.
  EXPECT_LT(adjusted_variance, 0.5 * raw_variance);
}

TEST(Luck, NotMeasuredItIsZero) {
  const auto game = make_game(wager::kRuleset, kSetup);
  auto red = bots::make_bot("random", "red");
  auto blue = bots::make_bot("random", "blue");
  EXPECT_EQ(play_match(game, 7, *red, *blue).luck, 0.0);
  EXPECT_NE(play_match(game, 7, *red, *blue, nullptr, Budget::unlimited(), true).luck, 0.0);
}

}  // namespace
}  // namespace warband::sim
