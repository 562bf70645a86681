// `warband balance RULESET --measure-rate`: r and CPU per game for a bot, at wide budgets.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cli/app.h"
#include "core/registry.h"
#include "tests/support/in_process_cli.h"

namespace warband::balance {
namespace {

TEST(MeasureRate, DrawsWideBudgetsAndReportsTheRateAndItsCost) {
  const cli::Ran ran = cli::warband_balance(
      {"atomspast", "--measure-rate", "--games", "24", "--threads", "2", "--seed", "3", "--json"});
  ASSERT_EQ(ran.code, 0) << ran.err;
  const auto json = nlohmann::json::parse(ran.out);
  EXPECT_EQ(json["bot"], "random");
  EXPECT_EQ(json["games"], 24);
  EXPECT_EQ(json["points"], 1500);
  EXPECT_EQ(json["spread"], 1000);  // two thirds of the limit unless --spread says
  EXPECT_TRUE(json["identified"].get<bool>());
  // Budgets from 500 to 1500 points: the totals differ by hundreds of points.
  EXPECT_GT(json["points_difference_sd"].get<double>(), 150);
  EXPECT_LT(json["rate_low"].get<double>(), json["rate_per_100_points"].get<double>());
  EXPECT_GT(json["rate_high"].get<double>(), json["rate_per_100_points"].get<double>());
  EXPECT_GT(json["cpu_ms_per_game"].get<double>(), 0.0);
  // Every AtomsPast side has a Kon: each game is either decided by one falling or not.
  const auto& role = json["role"];
  EXPECT_EQ(role["name"], "Kon");
  EXPECT_EQ(role["games"], 24);
  EXPECT_EQ(role["one_fell"].get<int>() + role["both_fell"].get<int>() +
                role["rate_when_none_fell"]["games"].get<int>(),
            24);
  EXPECT_LE(role["won_by_keeper"].get<int>(), role["one_fell"].get<int>());
}

TEST(MeasureRate, TheTextNamesTheBotAndTheBudgets) {
  const cli::Ran ran =
      cli::warband_balance({"atomspast", "--measure-rate", "--games", "6", "--threads", "1",
                            "--spread", "300", "--points", "900"});
  ASSERT_EQ(ran.code, 0) << ran.err;
  EXPECT_NE(ran.out.find("r for bot random"), std::string::npos) << ran.out;
  EXPECT_NE(ran.out.find("budgets 600 to 900 points"), std::string::npos) << ran.out;
  EXPECT_NE(ran.out.find("ms per game"), std::string::npos) << ran.out;
  EXPECT_NE(ran.out.find("r where one Kon fell"), std::string::npos) << ran.out;
}

// The wide default (two thirds of the limit) once drew A Game budgets of 100 points, below its
// cheapest side (three 47-point models): a few hundred games met a draw that failed 20 times.
TEST(MeasureRate, ItsDefaultsRunForEveryRulesetWithBalance) {
  for (const std::string& ruleset : Registry::instance().names(Capability::kBalance)) {
    const cli::Ran ran = cli::warband_balance(
        {ruleset, "--measure-rate", "--games", "200", "--threads", "2", "--json"});
    ASSERT_EQ(ran.code, 0) << ruleset << ": " << ran.err;
    const auto json = nlohmann::json::parse(ran.out);
    EXPECT_GT(json["spread"].get<int>(), 0) << ruleset;
    EXPECT_LE(json["spread"].get<int>(), json["points"].get<int>() * 2 / 3) << ruleset;
  }
}

// A ruleset that says how wide its lists reach is drawn that wide (or at two thirds of the limit):
// Conflict's reach its cheapest character, so it spreads two thirds of 550 again, not its
// narrower default_spread (half); A Game's reach its cheapest side, wider than its half.
TEST(MeasureRate, DrawsAsWideAsTheRulesetsListsReach) {
  for (const char* ruleset : {"conflict", "agame"}) {
    const cli::Ran ran = cli::warband_balance(
        {ruleset, "--measure-rate", "--games", "4", "--threads", "2", "--json"});
    ASSERT_EQ(ran.code, 0) << ruleset << ": " << ran.err;
    const auto json = nlohmann::json::parse(ran.out);
    const int points = json["points"].get<int>();
    const BalanceHooks& hooks = find_balance(ruleset);
    ASSERT_TRUE(hooks.widest_spread) << ruleset;
    const int widest = hooks.widest_spread(nlohmann::json::object(), points);
    EXPECT_EQ(json["spread"].get<int>(), std::min(points * 2 / 3, widest)) << ruleset;
    EXPECT_GT(json["spread"].get<int>(), hooks.default_spread(points)) << ruleset;
  }
  const BalanceHooks& conflict = find_balance("conflict");
  EXPECT_EQ(conflict.widest_spread(nlohmann::json::object(), 550) -
                conflict.widest_spread(nlohmann::json::object(), 500),
            50);
}

// A spread that draws budgets no side fits in is the spread's error, not the limit's.
TEST(MeasureRate, ASpreadTooWideForTheCheapestSideNamesTheSpread) {
  for (const char* ruleset : {"agame", "conflict"}) {
    const cli::Ran ran = cli::warband_balance(
        {ruleset, "--games", "200", "--threads", "2", "--points", "300", "--spread", "290"});
    EXPECT_EQ(ran.code, 2) << ruleset;
    EXPECT_TRUE(ran.err.starts_with("error: --spread: ")) << ran.err;
    EXPECT_NE(ran.err.find("at most"), std::string::npos) << ran.err;
  }
}

// --report was taken and ignored (exit 0, no file): the figures go there, and an .html it cannot
// write is refused before the games, naming both options.
TEST(MeasureRate, WritesItsFiguresToTheReport) {
  const std::string path =
      (std::filesystem::temp_directory_path() / "measure_rate_cli_test_report.md").string();
  std::filesystem::remove(path);
  const cli::Ran ran = cli::warband_balance(
      {"atomspast", "--measure-rate", "--games", "6", "--threads", "1", "--report", path});
  ASSERT_EQ(ran.code, 0) << ran.err;
  EXPECT_EQ(ran.out, "Report written to " + path + "\n");
  std::ostringstream text;
  text << std::ifstream(path).rdbuf();
  EXPECT_NE(text.str().find("r for bot random (atomspast, 6 games"), std::string::npos)
      << text.str();
  EXPECT_NE(text.str().find("--measure-rate`"), std::string::npos) << text.str();
  std::filesystem::remove(path);
  const cli::Ran html = cli::warband_balance(
      {"atomspast", "--measure-rate", "--games", "6", "--report", "measure_rate.html"});
  EXPECT_EQ(html.code, 2);
  EXPECT_EQ(
      html.err,
      "error: --report: 'measure_rate.html': --measure-rate writes its report as a FILE.md\n");
}

TEST(MeasureRate, FixedWarbandsAreABadInput) {
  const cli::Ran ran = cli::warband_balance(
      {"atomspast", "--measure-rate", "--games", "4", "--warbands", "toms_orcs", "jerrys_elves"});
  EXPECT_EQ(ran.code, 2);
  EXPECT_NE(ran.err.find("--measure-rate"), std::string::npos) << ran.err;
}

}  // namespace
}  // namespace warband::balance
