// The margin fit's luck column (`--outcome margin --luck`, balance/margin_fit.h: LuckColumnFit) on
// the wager test ruleset's margin mode: the luck on the margin's scale counted by hand, each
// unit's planted margin contribution (2k x strength) recovered with the column and its interval
// narrowed, and measuring the luck does not change a game.
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <sstream>

#include "balance/balance_run.h"
#include "balance/margin_fit.h"
#include "balance/points_rate.h"
#include "balance/reprice.h"
#include "bots/bot.h"
#include "cli/app.h"
#include "cli/command.h"
#include "core/registry.h"
#include "core/unit_health.h"
#include "sim/luck.h"
#include "sim/match.h"
#include "tests/balance/wager_margin_run.h"
#include "tests/balance/wager_ruleset.h"

namespace warband::balance {
namespace {

constexpr double kLuckSlope = wager::kMarginSlope;  // Red's round odds 0.5 + 0.08 x Δ strength

// The margin run with the luck measured and fitted as a column.
BalanceSettings wager_luck_run(std::int64_t games, std::uint64_t seed) {
  BalanceSettings settings = wager::margin_run(games, seed);
  settings.luck = true;
  return settings;
}

TEST(MarginLuck, TheMarginLessItsLuckIsTheDiceDriftExactly) {
  // In the wager's margin mode each round moves Red's margin by +1/5 (Red takes it, with
  // probability p) or -1/5, and V on the margin's scale is the margin so far: each round's term is
  // the move less its mean (2p - 1) / 5, so a game's margin less its margin luck is 5 x that,
  // 2p - 1, whatever the dice did. And every term averages 0 over its outcomes.
  const nlohmann::json setup = {
      {"margin_slope", kLuckSlope},
      {"warbands", nlohmann::json::array({nlohmann::json::array({"horse", "pike"}),
                                          nlohmann::json::array({"bow", "club"})})}};
  const auto game = make_game(wager::kRuleset, setup);
  std::unique_ptr<State> state = game->new_initial_state();
  const double p = state->chance_outcomes().at(0).probability;
  std::vector<sim::UnitResult> units;
  for (const UnitStatus& status : state->unit_statuses())
    units.push_back({.name = status.name,
                     .side = status.side,
                     .points = status.points,
                     .max_wounds = status.max_wounds});
  std::vector<UnitHealth> health;
  for (const Action step : {0, 1, 1, 0}) {
    double mean = 0;
    for (const ChanceOutcome& outcome : state->chance_outcomes())
      mean += outcome.probability *
              sim::chance_luck_terms(*state, outcome.action, units, health).margin;
    EXPECT_NEAR(mean, 0.0, 1e-12);
    EXPECT_NEAR(sim::chance_luck_terms(*state, 0, units, health).margin, 1.0 / 5 - (2 * p - 1) / 5,
                1e-12);
    state->apply(step);
  }
  auto red = bots::make_bot("random", "red");
  auto blue = bots::make_bot("random", "blue");
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    const sim::GameResult result =
        sim::play_match(game, seed, *red, *blue, nullptr, Budget::unlimited(), true);
    EXPECT_NEAR(points_margin(result) - result.margin_luck, 2 * p - 1, 1e-9) << seed;
  }
}

TEST(MarginLuck, WithTheColumnTheUnitsComeBackAndTheIntervalsCollapse) {
  // Unmirrored, every game its own cluster. The margin's luck column takes out all of the wager's
  // dice noise (above: what is left is 2p - 1, linear in the units), so the units come back almost
  // exactly, with intervals a small part of those of the fit without the column.
  BalanceSettings settings = wager_luck_run(4000, 41);
  settings.mirrored = false;
  const BalanceRun run = run_balance(settings);
  const BalanceAnalysis& with = run.analysis;
  AnalysisOptions options = analysis_options(settings);
  ASSERT_TRUE(options.luck_column);
  options.luck_column = false;
  const BalanceAnalysis without = analyze(run.catalog, run.games, run.cards, options);

  ASSERT_TRUE(with.luck.fitted);
  EXPECT_FALSE(without.luck.fitted);
  EXPECT_NEAR(with.luck.coefficient, 1.0, 0.01);  // margin = drift + 1 x its luck
  EXPECT_GT(with.luck.variance_reduction, 0.99);
  // The rate's se without the column, as the analysis reports it, is the one a fit without it
  // gives on the same games.
  EXPECT_NEAR(with.luck.rate_se_without, without.rate_se, 1e-12);

  std::map<std::string, const UnitBalance*> unluck;
  for (const UnitBalance& unit : without.units)
    unluck[unit.id] = &unit;
  int checked = 0;
  for (const UnitBalance& unit : with.units) {
    ASSERT_TRUE(unit.estimable) << unit.id;
    const UnitBalance& plain = *unluck.at(unit.id);
    const double truth = wager::margin_contribution(unit.id, kLuckSlope);
    EXPECT_NEAR(plain.value, truth, 3 * plain.value_se) << unit.id;
    // The ridge's pull is all that is left: within 1% of the truth.
    EXPECT_NEAR(unit.value, truth, 0.01 * truth) << unit.id;
    EXPECT_LT(unit.value_se, 0.1 * plain.value_se) << unit.id;
    const double fair = wager::fair_points(unit.id);
    EXPECT_NEAR(unit.suggested, fair, 0.02 * fair) << unit.id;
    EXPECT_LT(unit.suggested_high - unit.suggested_low,
              0.1 * (plain.suggested_high - plain.suggested_low))
        << unit.id;
    ++checked;
  }
  EXPECT_EQ(checked, 4);
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
    EXPECT_EQ(plain.games[g].margin_luck, 0.0) << g;
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
