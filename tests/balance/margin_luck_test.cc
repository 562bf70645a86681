// The margin fit's luck column (`--outcome margin --luck`, balance/margin_fit.h: LuckColumnFit) on
// the wager test ruleset's margin mode: each unit's planted margin contribution (2k x strength)
// stays within its interval with the column, the intervals narrow as luck's share of the residual
// variance says they should, and measuring the luck does not change a game.
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <sstream>

#include "balance/balance_run.h"
#include "balance/margin_fit.h"
#include "balance/points_rate.h"
#include "balance/reprice.h"
#include "cli/app.h"
#include "cli/command.h"
#include "tests/balance/wager_ruleset.h"

namespace warband::balance {
namespace {

constexpr double kLuckSlope = 0.08;  // Red's round odds 0.5 + 0.08 x the strength difference

BalanceSettings wager_luck_run(std::int64_t games, std::uint64_t seed) {
  BalanceSettings settings;
  settings.ruleset = wager::kRuleset;
  settings.base_setup = {{"margin_slope", kLuckSlope}};
  settings.games = games;
  settings.seed = seed;
  settings.threads = 2;
  settings.mirrored = true;
  settings.luck = true;
  settings.outcome = Outcome::kMargin;
  return settings;
}

TEST(MarginLuck, UnitsStayWithinTheirIntervalsAndTheIntervalsNarrow) {
  // Unmirrored, so that every game is its own cluster and the narrowing is luck's alone (a
  // mirrored pair's common part cancels in its score, and luck explains a different share of
  // what is left).
  BalanceSettings settings = wager_luck_run(4000, 41);
  settings.mirrored = false;
  const BalanceRun run = run_balance(settings);
  const BalanceAnalysis& with = run.analysis;
  AnalysisOptions options = analysis_options(settings);
  ASSERT_TRUE(options.luck_column);
  options.luck_column = false;
  const BalanceAnalysis without = analyze(run.catalog, run.games, run.cards, options);

  // In the wager's margin mode a round won moves Red's margin by 2/5 and V by 1/10 (V = 1/2 +
  // the rounds' lead / 10) until the last round, whose V jumps to the result: luck sees most of
  // the margin's noise, and its coefficient is positive.
  ASSERT_TRUE(with.luck.fitted);
  EXPECT_FALSE(without.luck.fitted);
  EXPECT_GT(with.luck.coefficient - kZ95 * with.luck.coefficient_se, 0);
  EXPECT_GT(with.luck.variance_reduction, 0.3);
  EXPECT_LT(with.luck.variance_reduction, 1.0);
  // The rate's se without the column, as the analysis reports it, is the one a fit without it
  // gives on the same games.
  EXPECT_NEAR(with.luck.rate_se_without, without.rate_se, 1e-12);

  // With luck's partial R^2 taken out of the residuals, a unit's standard error shrinks by about
  // sqrt(1 - R^2) (the sandwich reads the residuals; the column's own uncertainty moves it a
  // little). On seeds 1 to 7 and 41: R^2 0.52 to 0.53, every unit's ratio within 3% of it, and
  // every unit within 2.3 of its standard errors of the truth with the column.
  const double expected_ratio = std::sqrt(1.0 - with.luck.variance_reduction);
  std::map<std::string, const UnitBalance*> unluck;
  for (const UnitBalance& unit : without.units)
    unluck[unit.id] = &unit;
  int checked = 0;
  for (const UnitBalance& unit : with.units) {
    ASSERT_TRUE(unit.estimable) << unit.id;
    const UnitBalance& plain = *unluck.at(unit.id);
    const double truth = wager::margin_contribution(unit.id, kLuckSlope);
    EXPECT_NEAR(unit.value, truth, 3 * unit.value_se) << unit.id;
    EXPECT_NEAR(plain.value, truth, 3 * plain.value_se) << unit.id;
    EXPECT_NEAR(unit.value_se / plain.value_se, expected_ratio, 0.05 * expected_ratio) << unit.id;
    EXPECT_LT(unit.value_se, plain.value_se) << unit.id;
    const double fair = wager::fair_points(unit.id);
    EXPECT_GT(unit.suggested_high - unit.suggested_low, 0) << unit.id;
    EXPECT_LT(unit.suggested_high - unit.suggested_low, plain.suggested_high - plain.suggested_low)
        << unit.id;
    EXPECT_NEAR(unit.suggested, fair, 0.05 * fair) << unit.id;
    ++checked;
  }
  EXPECT_EQ(checked, 4);
  EXPECT_LT(with.rate_se, without.rate_se);
  EXPECT_NEAR(with.rate, 2 * kLuckSlope / 100, 4 * with.rate_se);
}

TEST(MarginLuck, MeasuringTheLuckDoesNotChangeAGame) {
  // The luck clones the state per outcome and draws nothing: the same seed plays the same games,
  // so a run with and without it compare on the same games (docs/sim.md, "Variance reduction").
  BalanceSettings settings = wager_luck_run(200, 42);
  const BalanceRun lucky = run_balance(settings);
  settings.luck = false;
  const BalanceRun plain = run_balance(settings);
  ASSERT_EQ(lucky.games.size(), plain.games.size());
  int measured = 0;
  for (std::size_t g = 0; g < plain.games.size(); ++g) {
    EXPECT_EQ(lucky.games[g].winner, plain.games[g].winner) << g;
    EXPECT_EQ(points_margin(lucky.games[g]), points_margin(plain.games[g])) << g;
    EXPECT_EQ(plain.games[g].luck, 0.0) << g;
    measured += lucky.games[g].luck != 0.0 ? 1 : 0;
  }
  EXPECT_GT(measured, 150);
  EXPECT_FALSE(plain.analysis.luck.fitted);
}

TEST(MarginLuck, TheRateFitTakesTheColumnAndTheResultSubtractsTheLuck) {
  const BalanceSettings settings = wager_luck_run(2000, 43);
  const BalanceRun run = run_balance(settings);
  const PointsRate margin = fit_points_rate(run.games, analysis_options(settings));
  ASSERT_TRUE(margin.luck.fitted);
  EXPECT_LT(margin.rate_se, margin.luck.rate_se_without);
  AnalysisOptions result_options = analysis_options(settings);
  result_options.outcome = Outcome::kResult;
  const PointsRate result = fit_points_rate(run.games, result_options);
  EXPECT_FALSE(result.luck.fitted);  // the result's luck is subtracted, not a column
}

nlohmann::json reprice_cli(std::vector<std::string> extra) {
  std::vector<std::string> args = {
      "warband",  "balance", wager::kRuleset, "--reprice", "--games", "8", "--seed", "6",
      "--rounds", "1",       "--threads",     "1",         "--json"};
  args.insert(args.end(), extra.begin(), extra.end());
  std::istringstream in;
  std::ostringstream out, err;
  EXPECT_EQ(cli::run(args, in, out, err), cli::kExitOk) << err.str();
  return nlohmann::json::parse(out.str());
}

TEST(MarginLuck, ARepriceMeasuresTheLuckByDefaultWithTheResultOnly) {
  // The default design: mirrored pairs, and the luck with the result; with the margin the luck
  // column did not pay on AtomsPast (docs/sim.md), so only --luck adds it; --plain drops both.
  EXPECT_EQ(reprice_cli({})["last_round"]["luck"], true);
  EXPECT_EQ(reprice_cli({"--outcome", "margin"})["last_round"]["luck"], false);
  EXPECT_EQ(reprice_cli({"--outcome", "margin"})["last_round"]["mirrored"], true);
  EXPECT_EQ(reprice_cli({"--outcome", "margin", "--luck"})["last_round"]["luck"], true);
  EXPECT_EQ(reprice_cli({"--plain"})["last_round"]["luck"], false);
  EXPECT_EQ(reprice_cli({"--outcome", "margin", "--plain", "--luck"})["last_round"]["luck"], true);
}

}  // namespace
}  // namespace warband::balance
