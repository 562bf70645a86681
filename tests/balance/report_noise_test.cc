// A balance report suggests no cost from noise: while the average point's value is not clearly
// above 0, a unit's suggested cost (its value over that rate) and a card's worth in points can
// take any sign and size (a 100-point unit "suggested" at -980 [-5779, 3819] after 100
// random-bot games of AtomsPast), so the tables, the comparison and the plot show none and say
// why. And the summary's score interval stays within [0, 1].
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "balance/balance_analysis.h"
#include "balance/report.h"
#include "balance/report_cards.h"

namespace warband::balance {
namespace {

// One unit fitted with a wild suggestion, and one card with a wild worth.
BalanceRun noisy_run(bool rate_identified) {
  BalanceRun run;
  run.settings.ruleset = "test";
  run.settings.games = 100;
  BalanceAnalysis& analysis = run.analysis;
  analysis.games = 100;
  analysis.rate = rate_identified ? 0.004 : 0.0006;
  analysis.rate_se = 0.001;
  analysis.rate_identified = rate_identified;
  UnitBalance unit;
  unit.id = "goblin_shaman";
  unit.name = "Goblin Shaman";
  unit.points = 80;
  unit.appearances = 69;
  unit.copies = 90;
  unit.estimable = true;
  unit.suggested = -980;
  unit.suggested_low = -5779;
  unit.suggested_high = 3819;
  analysis.units.push_back(unit);
  CardBalance card;
  card.id = "fourth_arm";
  card.name = "Fourth Arm";
  card.games = 80;
  card.copies = 165;
  card.estimable = true;
  card.value = 0.38;
  card.has_worth = true;
  card.worth = -655;
  card.worth_low = -3653;
  card.worth_high = 2343;
  analysis.cards.push_back(card);
  return run;
}

TEST(ReportNoise, NoCostIsSuggestedWhileTheRateIsNotClearlyAboveZero) {
  const BalanceRun run = noisy_run(false);
  for (const std::string& text : {report_markdown(run, {.command = "warband balance test"}),
                                  report_html(run, {.command = "warband balance test"})}) {
    EXPECT_EQ(text.find("-980"), std::string::npos) << text;
    EXPECT_EQ(text.find("-655"), std::string::npos) << text;
    EXPECT_NE(text.find("so no cost is suggested"), std::string::npos) << text;
  }
  EXPECT_NE(report_markdown(run, {}).find("| Goblin Shaman | 80 | 69 | 0.000 [0.000, 0.000] | "
                                          "+0.000 [+0.000, +0.000] | - | no |"),
            std::string::npos)
      << report_markdown(run, {});
  const std::string plot = cost_plot_svg(run.analysis);
  EXPECT_EQ(plot.find("<circle"), std::string::npos) << plot;
  EXPECT_NE(plot.find("No cost suggested"), std::string::npos) << plot;
  EXPECT_NE(cards_markdown(run.analysis)
                .find("| Fourth Arm | 80 | 165 | 0% | "
                      "+0.380 [+0.000, +0.000] | - |"),
            std::string::npos)
      << cards_markdown(run.analysis);
}

TEST(ReportNoise, AnIdentifiedRateSuggestsCostsAsBefore) {
  const BalanceRun run = noisy_run(true);
  const std::string markdown = report_markdown(run, {});
  EXPECT_NE(markdown.find("| -980 [-5779, 3819] | no |"), std::string::npos) << markdown;
  EXPECT_EQ(markdown.find("so no cost is suggested"), std::string::npos) << markdown;
  // Drawn, as a mark past the axis's end (cost_plot_test.cc).
  EXPECT_NE(cost_plot_svg(run.analysis).find("Goblin Shaman: 80 points, suggested -980"),
            std::string::npos);
  EXPECT_NE(cards_markdown(run.analysis).find("| -655 [-3653, 2343] |"), std::string::npos)
      << cards_markdown(run.analysis);
}

TEST(ReportNoise, TheComparisonSuggestsOnlyWhereItsRateIsIdentified) {
  const std::string md = compare_markdown(noisy_run(true), noisy_run(false), "old", "new");
  EXPECT_NE(md.find("| Goblin Shaman | 80 | 0.000 ± 0.000 | -980 [-5779, 3819] | 80 | "
                    "0.000 ± 0.000 | - |"),
            std::string::npos)
      << md;
  EXPECT_NE(md.find("NEW 0.0600 (not clearly above 0: no cost suggested)"), std::string::npos)
      << md;
}

// A bot that searches for a time plays another game each run: its replay lines say so.
TEST(ReportNoise, ReplayLinesOfATimedBotSayTheyPlayOtherGames) {
  BalanceRun run = noisy_run(true);
  run.analysis.units[0].best = {.present = true, .index = 3};
  run.analysis.units[0].worst = {.present = true, .index = 5};
  run.settings.bot = "mcts:ms=20";
  EXPECT_NE(report_markdown(run, {}).find("so these commands play other games"), std::string::npos);
  EXPECT_NE(report_html(run, {}).find("so these commands play other games"), std::string::npos);
  run.settings.bot = "mcts:iterations=50";
  EXPECT_EQ(report_markdown(run, {}).find("so these commands play other games"), std::string::npos);
}

sim::GameResult game_won_by(int winner) {
  sim::GameResult game;
  game.winner = winner;
  return game;
}

// The score's interval was the normal one from the games' spread: [-0.98, 0.98] after one game
// lost, [-0.48, 1.48] after a win and a loss, [1, 1] after 20 wins in 20.
TEST(ReportNoise, RedsScoreIntervalStaysWithinZeroAndOne) {
  const auto interval = [](std::vector<int> winners) {
    std::vector<sim::GameResult> games;
    for (const int winner : winners)
      games.push_back(game_won_by(winner));
    const BalanceAnalysis analysis = analyze({}, games);
    return std::pair{analysis.red_score_low, analysis.red_score_high};
  };
  const auto [one_low, one_high] = interval({1});
  EXPECT_EQ(one_low, 0.0);
  EXPECT_NEAR(one_high, 0.793, 0.001);  // Wilson's, with no spread to read
  const auto [two_low, two_high] = interval({0, 1});
  EXPECT_GE(two_low, 0.0);
  EXPECT_LE(two_high, 1.0);
  const auto [all_low, all_high] = interval(std::vector<int>(20, 0));
  EXPECT_EQ(all_high, 1.0);
  EXPECT_NEAR(all_low, 0.839, 0.001);
  // With a spread to read, the normal interval as before: draws narrow it.
  std::vector<int> mixed(100, -1);
  for (int i = 0; i < 10; ++i) {
    mixed[i] = 0;
    mixed[50 + i] = 1;
  }
  const auto [mixed_low, mixed_high] = interval(mixed);
  // 10 wins, 10 losses, 80 draws: a variance of 5/99 a game.
  EXPECT_NEAR(mixed_high - mixed_low, 2 * kZ95 * std::sqrt(5.0 / 99 / 100), 1e-9);
}

}  // namespace
}  // namespace warband::balance
