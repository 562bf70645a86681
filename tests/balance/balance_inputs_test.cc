// What a designer meets first with odd inputs to `warband balance`: each is a clear error that
// names the option and what it allows, before any game, never an internal error or a run that
// fails part way; and a repricing or a rate measured from noise says so.
#include <gtest/gtest.h>

#include <string>

#include "balance/reprice.h"
#include "core/registry.h"
#include "tests/support/in_process_cli.h"

namespace warband::balance {
namespace {

// The error's first line, and whether the run exited with bad input (2).
std::string refused(const std::vector<std::string>& args) {
  const cli::Ran ran = cli::warband_balance(args);
  EXPECT_EQ(ran.code, 2) << ran.out << ran.err;
  return ran.err.substr(0, ran.err.find('\n'));
}

// 99999999999 games was "internal error: std::bad_alloc" (exit 3, "a bug"): every game's
// result is kept for the fit.
TEST(BalanceInputs, TooManyGamesIsABoundNotAnInternalError) {
  EXPECT_EQ(refused({"atomspast", "--games", "99999999999"}),
            "error: --games: expected 1 to 1000000 games (a run keeps every game's result in "
            "memory, up to some 10 KB a game), got 99999999999");
  EXPECT_EQ(refused({"atomspast", "--games", "400000", "--reprice", "--rounds", "3"}),
            "error: --games: 3 rounds of 400000 games is more than the 1000000 games a repricing "
            "may keep: fewer rounds or fewer games");
}

// first + games overflowed (undefined behaviour) and said "sweep: the last game comes before
// the first".
TEST(BalanceInputs, AFirstGameNearTheEndOfTheIndexIsRefused) {
  EXPECT_EQ(refused({"atomspast", "--games", "3", "--first-game", "9223372036854775806"}),
            "error: --first-game: expected 0 to 9007199254740989 for 3 games, got "
            "9223372036854775806");
}

// The sweep named the bot "red bot": balance takes one --bot for both sides.
TEST(BalanceInputs, ABadBotIsNamedAsTheOptionItCameFrom) {
  EXPECT_EQ(refused({"atomspast", "--games", "5", "--bot", "nope"}),
            "error: --bot: unknown bot 'nope'; known bots: random, greedy, mcts, balance");
}

// A spread past the cheapest unit failed games into the run ("--points: no unit of the catalog
// fits 67 points", after two games of ten through the HTTP API), naming --points.
TEST(BalanceInputs, ASpreadTooWideForTheCatalogIsNamedBeforeAnyGame) {
  EXPECT_EQ(refused({"atomspast", "--games", "5", "--spread", "1450"}),
            "error: --spread: a side's budget may be drawn as low as 50 points (1500 - 1450), "
            "where no unit of the catalog fits (the cheapest, Goblin Shaman, costs 80): a smaller "
            "--spread");
  EXPECT_EQ(refused({"atomspast", "--games", "5", "--spread", "1500"}),
            "error: --spread: expected less than the points limit (1500): a side's budget is "
            "drawn from 1500 - spread to 1500, got 1500");
  EXPECT_EQ(refused({"atomspast", "--games", "5", "--points", "50"}),
            "error: --points: no unit of the catalog fits 50 points (the cheapest, Goblin Shaman, "
            "costs 80)");
  // The last budget the catalog allows still plays.
  EXPECT_EQ(cli::warband_balance({"atomspast", "--games", "4", "--spread", "1420"}).code, 0);
}

// Spellweavers' sides are priced by a formula: its units carry no points, and "use a wider
// --spread" sent the designer after a spread that cannot help.
// A path set twice was taken, both values listed in the report's header.
TEST(BalanceInputs, APathSetTwiceIsRefused) {
  EXPECT_EQ(refused({"atomspast", "--games", "2", "--set", "units.orc_warrior.wounds=3", "--set",
                     "units.orc_warrior.wounds=4"}),
            "error: --set units.orc_warrior.wounds: given twice (3 and 4): set a path once");
}

// --set's help listed AtomsPast's paths alone: it names each ruleset's own.
TEST(BalanceInputs, TheHelpOfSetNamesEachRulesetsPaths) {
  const cli::Ran ran = cli::warband_balance({"--help"});
  ASSERT_EQ(ran.code, 0) << ran.err;
  for (const Ruleset* ruleset : Registry::instance().all()) {
    if (!ruleset->balance || ruleset->hints.what_if_paths.empty()) continue;
    EXPECT_NE(ran.out.find(ruleset->name + ": " + ruleset->hints.what_if_paths), std::string::npos)
        << ruleset->name << "\n"
        << ran.out;
  }
}

TEST(BalanceInputs, TheRateOfAFormulaPricedRulesetSaysWhyItHasNone) {
  const cli::Ran ran = cli::warband_balance(
      {"spellweavers", "--measure-rate", "--games", "6", "--threads", "1", "--seed", "2"});
  ASSERT_EQ(ran.code, 0) << ran.err;
  EXPECT_NE(ran.out.find("not identified: no unit of these games carries points"),
            std::string::npos)
      << ran.out;
  EXPECT_EQ(ran.out.find("wider --spread"), std::string::npos) << ran.out;
}

RepriceResult repricing_of(bool rate_identified, double low, double high) {
  RepriceResult result;
  result.settings.balance.ruleset = "atomspast";
  result.rate_identified = rate_identified;
  result.last_run.setup = nlohmann::json::object();
  result.units.push_back({.id = "orc_warrior",
                          .name = "Orc Warrior",
                          .old_points = 100,
                          .new_points = 50,
                          .estimable = true,
                          .suggested = (low + high) / 2,
                          .low = low,
                          .high = high});
  return result;
}

// A points file from 400 random-bot games moved every AtomsPast unit to half or twice its cost
// ("orc_warrior = { override = 50 }  # was 100, 95% interval -1544 to 1134, not frozen") with no
// word that these were noise.
TEST(BalanceInputs, APointsFileFromNoiseSaysSo) {
  const RepriceResult noise = repricing_of(false, -1544, 1134);
  for (const std::string& text : {points_file(noise), reprice_markdown(noise)})
    EXPECT_NE(text.find("Warning: points did not clearly predict the outcome"), std::string::npos)
        << text;
  EXPECT_NE(points_file(noise).find("# was 100, 95% interval -1544 to 1134, not frozen: unchanged "
                                    "(points did not predict the outcome), wider than the cost: "
                                    "noise"),
            std::string::npos)
      << points_file(noise);
  EXPECT_NE(reprice_markdown(noise).find("-1544 to 1134 (wider than the cost)"), std::string::npos)
      << reprice_markdown(noise);
  const RepriceResult wide = repricing_of(true, -60, 180);
  EXPECT_NE(points_file(wide).find("Warning: 1 of 1 units' 95% intervals are wider than their "
                                   "cost"),
            std::string::npos)
      << points_file(wide);
  const RepriceResult fitted = repricing_of(true, 40, 60);
  EXPECT_EQ(points_file(fitted).find("Warning"), std::string::npos) << points_file(fitted);
  EXPECT_EQ(reprice_markdown(fitted).find("Warning"), std::string::npos);
}

}  // namespace
}  // namespace warband::balance
