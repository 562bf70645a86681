// The balance method validated on AtomsPast itself, not assumed: random warbands are legal, a
// planted imbalance is found, a mirror match comes out even, bad --set paths are InputErrors.
// Game counts are chosen (and measured: docs/sim.md, "Balance") to make these reliable with
// random bots.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "balance/balance_run.h"
#include "balance/report.h"
#include "cli/app.h"
#include "core/error.h"
#include "core/registry.h"
#include "core/rng.h"
#include "tests/support/in_process_cli.h"

namespace warband::balance {
namespace {

const BalanceHooks& hooks() {
  return find_balance("atomspast");
}

int side_points(const Game& game, int side) {
  int total = 0;
  for (const UnitStatus& unit : game.new_initial_state()->unit_statuses())
    if (unit.side == side) total += unit.points;
  return total;
}

TEST(BalanceAtomsPast, RandomWarbandsAreLegalAndAPureFunctionOfTheSeed) {
  const nlohmann::json base = nlohmann::json::object();
  for (std::uint64_t seed = 0; seed < 40; ++seed) {
    const nlohmann::json setup = hooks().random_setup(base, 1500, 150, seed);
    EXPECT_EQ(setup, hooks().random_setup(base, 1500, 150, seed));
    // make_game validates both warbands with the builder's own rules (one Kon, 50 cards...).
    const auto game = make_game("atomspast", setup);
    for (int side = 0; side < 2; ++side) {
      EXPECT_LE(side_points(*game, side), 1500) << "seed " << seed;
      // The cheapest unit costs 80: a side stops only when nothing more fits its budget.
      EXPECT_GT(side_points(*game, side), 1350 - 80) << "seed " << seed;
    }
  }
  EXPECT_NE(hooks().random_setup(base, 1500, 150, 1), hooks().random_setup(base, 1500, 150, 2));
}

TEST(BalanceAtomsPast, AStatOverrideKeepsThePointsUnlessPointsAreSet) {
  const auto points_of = [](const nlohmann::json& setup, const std::string& id) {
    for (const BalanceUnit& unit : hooks().catalog(setup))
      if (unit.id == id) return unit.points;
    return -1;
  };
  const nlohmann::json base = nlohmann::json::object();
  EXPECT_EQ(points_of(base, "orc_warrior"), 100);
  const nlohmann::json stronger =
      hooks().apply_overrides(base, {{"units.orc_warrior.wounds", "30"}});
  EXPECT_EQ(points_of(stronger, "orc_warrior"), 100);
  const nlohmann::json repriced = hooks().apply_overrides(
      base, {{"units.orc_warrior.wounds", "30"}, {"units.orc_warrior.points", "160"}});
  EXPECT_EQ(points_of(repriced, "orc_warrior"), 160);
  // The games play the override: an Orc Warrior starts with 30 wounds.
  nlohmann::json setup = stronger;
  setup["warbands"] = {"toms_orcs", "jerrys_elves"};
  bool found = false;
  for (const UnitStatus& unit : make_game("atomspast", setup)->new_initial_state()->unit_statuses())
    if (unit.name == "Orc Warrior") {
      EXPECT_EQ(unit.max_wounds, 30);
      found = true;
    }
  EXPECT_TRUE(found);
}

TEST(BalanceAtomsPast, BadSetPathsSayWhatIsAllowed) {
  const nlohmann::json base = nlohmann::json::object();
  const auto problem = [&](const std::string& path, const std::string& value) {
    try {
      hooks().apply_overrides(base, {{path, value}});
    } catch (const InputError& error) {
      return std::string(error.what());
    }
    return std::string("no error");
  };
  EXPECT_NE(problem("units.nobody.wounds", "3").find("orc_warrior"), std::string::npos);
  EXPECT_NE(problem("units.orc_warrior.strength", "3").find("melee_dice"), std::string::npos);
  EXPECT_NE(problem("units.orc_warrior.wounds", "lots").find("whole number"), std::string::npos);
  EXPECT_NE(problem("units.orc_warrior.wounds", "0").find("from 1 to 100"), std::string::npos);
  EXPECT_NE(problem("spells.grafted_strike.power", "3").find("acti"), std::string::npos);
  EXPECT_NE(problem("spells.nothing.acti", "3").find("grafted_strike"), std::string::npos);
  EXPECT_NE(problem("parameters.nope", "3").find("turn_limit"), std::string::npos);
  EXPECT_NE(problem("weapons.axe.dice", "3").find("units.<unit id>"), std::string::npos);
  EXPECT_NE(problem("orc_warrior", "3").find("expected a path"), std::string::npos);
  EXPECT_EQ(problem("parameters.turn_limit", "12"), "no error");
  EXPECT_EQ(problem("heuristics.material", "0.2"), "no error");
  EXPECT_NE(problem("heuristics.nope", "0.1").find("kon_safety"), std::string::npos);
  EXPECT_NE(problem("heuristics.kon", "2").find("from 0 to 1"), std::string::npos);
  EXPECT_NE(problem("heuristics.material", "lots").find("expected a number"), std::string::npos);
  EXPECT_EQ(problem("spells.grafted_strike.acti", "4"), "no error");
}

TEST(BalanceAtomsPast, ABadSetOnTheCommandLineExitsWithBadInput) {
  std::istringstream in;
  std::ostringstream out, err;
  const int code = cli::run(
      {"warband", "balance", "atomspast", "--games", "5", "--set", "units.orc_warrior.toughness=4"},
      in, out, err);
  EXPECT_EQ(code, 2);
  EXPECT_NE(err.str().find("toughness"), std::string::npos) << err.str();
  EXPECT_NE(err.str().find("wounds"), std::string::npos) << err.str();
}

// The bots' weights (heuristics.toml) can be tried from the command line: their order is free,
// their sum is checked once all are set, and evaluate() plays them.
TEST(BalanceAtomsPast, HeuristicOverridesReachEvaluate) {
  const nlohmann::json base = {{"warbands", {"toms_orcs", "jerrys_elves"}}};
  // Alphabetically kon_safety comes first: with the default material it alone sums to 1.1.
  EXPECT_NO_THROW(
      make_game("atomspast", hooks().apply_overrides(base, {{"heuristics.kon_safety", "0.16"},
                                                            {"heuristics.material", "0.15"}})));
  try {
    make_game("atomspast", hooks().apply_overrides(base, {{"heuristics.material", "0.9"}}));
    ADD_FAILURE() << "shares summing to 1.65 were accepted";
  } catch (const InputError& error) {
    EXPECT_NE(std::string(error.what()).find("sum to at most 1"), std::string::npos)
        << error.what();
  }
  const nlohmann::json blind = hooks().apply_overrides(base, {{"heuristics.material", "0"},
                                                              {"heuristics.kon", "0"},
                                                              {"heuristics.position", "0"},
                                                              {"heuristics.kon_safety", "0"},
                                                              {"heuristics.spells", "0"},
                                                              {"heuristics.threat", "0"},
                                                              {"heuristics.kon_hunt", "0"},
                                                              {"heuristics.kon_kill", "0"}});
  auto normal = make_game("atomspast", base)->new_initial_state();
  auto weightless = make_game("atomspast", blind)->new_initial_state();
  Rng rng(4);
  bool differed = false;
  for (int step = 0; step < 300 && !normal->is_terminal(); ++step) {
    EXPECT_EQ(weightless->evaluate()[0], 0.0) << step;
    differed |= normal->evaluate()[0] != 0.0;
    const Action action = normal->is_chance() ? rng.sample(normal->chance_outcomes())
                                              : rng.pick(normal->legal_actions());
    normal->apply(action);
    weightless->apply(action);
  }
  EXPECT_TRUE(differed);
}

BalanceSettings random_run(std::int64_t games) {
  BalanceSettings settings;
  settings.ruleset = "atomspast";
  settings.games = games;
  settings.seed = 2026;
  settings.threads = 2;
  return settings;
}

// One unit made clearly stronger at the same cost. Random bots barely exploit a defensive stat
// (three times an Orc Warrior's wounds does not show in 4,000 games: they seldom attack), but
// they shoot whenever a shot is legal, so the plant is a 100-point Orc Warrior with a [RS6/RD30]
// gun of range 30 (measured: docs/sim.md, "Balance"). The fit must rank it first, with the
// highest value per point and an interval above the average point's.
TEST(BalanceAtomsPast, FindsAPlantedImbalance) {
  BalanceSettings settings = random_run(4000);
  settings.overrides = {{"units.orc_warrior.ranged_skill", "6"},
                        {"units.orc_warrior.ranged_dice", "30"},
                        {"units.orc_warrior.ranged_range", "30"}};
  const BalanceRun run = run_balance(settings);
  const BalanceAnalysis& analysis = run.analysis;
  ASSERT_FALSE(analysis.units.empty());
  const UnitBalance& orc = analysis.units.front();
  ASSERT_EQ(orc.id, "orc_warrior") << "the furthest off comes first";
  ASSERT_TRUE(orc.estimable);
  EXPECT_EQ(orc.points, 100) << "the override keeps the cost";
  EXPECT_TRUE(orc.off_par);
  EXPECT_GT(orc.excess_low, 0) << "worth more per point than the average point";
  EXPECT_GT(orc.suggested, 100);
  for (const UnitBalance& unit : analysis.units) {
    if (unit.estimable && unit.id != "orc_warrior") {
      EXPECT_LT(unit.value_per_point_high, orc.value_per_point_low) << unit.id;
    }
  }
}

// Without the plant the same games price the Orc Warrior near par: the plant made the
// difference, not the unit or the seed.
TEST(BalanceAtomsPast, WithoutThePlantTheUnitIsNotSingledOut) {
  const BalanceRun run = run_balance(random_run(4000));
  bool found = false;
  for (const UnitBalance& unit : run.analysis.units) {
    if (unit.id != "orc_warrior") continue;
    found = true;
    EXPECT_LT(unit.excess_high * 100, 0.3) << "far below the planted +0.6 per 100 points";
    EXPECT_GT(unit.excess_low, -0.003);
  }
  EXPECT_TRUE(found);
}

// Both sides the same warband on the flat, symmetric Training Ground: Red's score must be even
// within its interval. (Maps with terrain need not be: Broken Hills favours Red, docs/sim.md.)
TEST(BalanceAtomsPast, AMirrorMatchComesOutEven) {
  BalanceSettings settings = random_run(2000);
  settings.base_setup["warbands"] = {"toms_orcs", "toms_orcs"};
  settings.base_setup["map"] = "training_ground";
  settings.random_warbands = false;
  const BalanceRun run = run_balance(settings);
  EXPECT_LE(run.analysis.red_score_low, 0.5);
  EXPECT_GE(run.analysis.red_score_high, 0.5);
  EXPECT_FALSE(run.analysis.intercept_significant)
      << run.analysis.intercept << " ± " << run.analysis.intercept_se;
  for (const UnitBalance& unit : run.analysis.units)
    EXPECT_FALSE(unit.estimable) << unit.id << ": the forces never differ";
}

TEST(BalanceAtomsPast, AGameReplaysAsTheRunPlayedIt) {
  const BalanceSettings settings = random_run(30);
  const BalanceRun run = run_balance(settings);
  for (std::int64_t index : {0, 17}) {
    const auto record = replay_balance_game(settings, index);
    EXPECT_EQ(record->state().hash(), run.games[index].final_hash) << index;
  }
  EXPECT_THROW(replay_balance_game(settings, 30), InputError);
}

TEST(BalanceAtomsPast, ARunStopsWhenCancelled) {
  BalanceSettings settings = random_run(500);
  auto budget = std::make_shared<Budget>();
  settings.budget = budget;
  std::int64_t last_done = 0;
  EXPECT_THROW(run_balance(settings,
                           [&](std::int64_t done, std::int64_t) {
                             last_done = done;
                             if (done == 5) budget->cancel();
                           }),
               sim::SweepCancelled);
  EXPECT_LT(last_done, 10);
}

TEST(BalanceAtomsPast, WritesAMarkdownReportWithPlotsBesideIt) {
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / "warband_balance_report_test";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  std::istringstream in;
  std::ostringstream out, err;
  const std::string report = (dir / "balance.md").string();
  const int code = cli::run(
      {"warband", "balance", "atomspast", "--games", "60", "--threads", "2", "--report", report},
      in, out, err);
  ASSERT_EQ(code, 0) << err.str();
  EXPECT_TRUE(std::filesystem::exists(dir / "balance_value.svg"));
  EXPECT_TRUE(std::filesystem::exists(dir / "balance_cost.svg"));
  std::ostringstream text;
  text << std::ifstream(report).rdbuf();
  EXPECT_NE(text.str().find("![Value per point](balance_value.svg)"), std::string::npos);
  EXPECT_NE(text.str().find("--replay-index"), std::string::npos);
  EXPECT_NE(text.str().find("Orc Warrior"), std::string::npos);
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace warband::balance

namespace warband::balance {
namespace {

TEST(BalanceAtomsPast, ASetupTakesAWarbandObjectAndNamesABadOne) {
  const nlohmann::json setup = hooks().random_setup(nlohmann::json::object(), 1500, 150, 9);
  ASSERT_TRUE(setup["warbands"][0].is_object());
  EXPECT_NO_THROW(make_game("atomspast", setup));
  nlohmann::json bad = setup;
  bad["warbands"][1]["deck"] = {{"grafted_strike", 3}};  // 3 cards, not 50
  try {
    make_game("atomspast", bad);
    ADD_FAILURE() << "a 3-card deck was accepted";
  } catch (const InputError& error) {
    EXPECT_NE(std::string(error.what()).find("50"), std::string::npos) << error.what();
  }
  bad = setup;
  bad["warbands"][0] = 7;
  EXPECT_THROW(make_game("atomspast", bad), InputError);
}

TEST(BalanceAtomsPast, ComparesTwoContentVersions) {
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / "warband_balance_compare_test";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir / "new");
  std::filesystem::copy(default_content_dir() + "/atomspast", dir / "new" / "atomspast",
                        std::filesystem::copy_options::recursive);
  // NEW prices the Orc Warrior at 150: "orc_warrior = { adjust = -10 }" becomes +40.
  const std::filesystem::path points = dir / "new" / "atomspast" / "points.toml";
  std::ostringstream text;
  text << std::ifstream(points).rdbuf();
  std::string toml = text.str();
  const std::string old_line = "orc_warrior = { adjust = -10 }";
  ASSERT_NE(toml.find(old_line), std::string::npos);
  toml.replace(toml.find(old_line), old_line.size(), "orc_warrior = { adjust = 40 }");
  std::ofstream(points) << toml;

  const cli::Ran ran =
      cli::warband_balance({"atomspast", "--games", "40", "--threads", "2", "--compare",
                            default_content_dir(), (dir / "new" / "atomspast").string()});
  ASSERT_EQ(ran.code, 0) << ran.err;
  const auto row = ran.out.find("| Orc Warrior | 100 |");
  ASSERT_NE(row, std::string::npos) << ran.out;
  EXPECT_NE(ran.out.substr(row, ran.out.find('\n', row) - row).find("| 150 |"), std::string::npos)
      << ran.out;
  const cli::Ran missing =
      cli::warband_balance({"atomspast", "--games", "5", "--compare", (dir / "nowhere").string(),
                            default_content_dir()});
  EXPECT_EQ(missing.code, 2);
  EXPECT_NE(missing.err.find("not a content folder"), std::string::npos) << missing.err;
  std::filesystem::remove_all(dir);
}

// --compare refused FILE.html ("a comparison is written as a FILE.md") though its help said it.
TEST(BalanceAtomsPast, WritesAComparisonAsHtml) {
  const std::filesystem::path path =
      std::filesystem::temp_directory_path() / "warband_balance_compare_test.html";
  std::filesystem::remove(path);
  const cli::Ran ran = cli::warband_balance({"atomspast", "--games", "6", "--threads", "2",
                                             "--compare", default_content_dir(),
                                             default_content_dir(), "--report", path.string()});
  ASSERT_EQ(ran.code, 0) << ran.err;
  EXPECT_EQ(ran.out, "Comparison written to " + path.string() + "\n");
  std::ostringstream text;
  text << std::ifstream(path).rdbuf();
  EXPECT_TRUE(text.str().starts_with("<!DOCTYPE html>")) << text.str();
  EXPECT_NE(text.str().find("<table>"), std::string::npos) << text.str();
  EXPECT_NE(text.str().find("Orc Warrior"), std::string::npos) << text.str();
  std::filesystem::remove(path);
}

TEST(BalanceAtomsPast, WritesAnHtmlReportWithItsPlotsInline) {
  const std::filesystem::path path =
      std::filesystem::temp_directory_path() / "warband_balance_report_test.html";
  const cli::Ran ran = cli::warband_balance(
      {"atomspast", "--games", "60", "--threads", "2", "--report", path.string()});
  ASSERT_EQ(ran.code, 0) << ran.err;
  std::ostringstream text;
  text << std::ifstream(path).rdbuf();
  const std::string html = text.str();
  const auto first_plot = html.find("<svg");
  ASSERT_NE(first_plot, std::string::npos);
  EXPECT_NE(html.find("<svg", first_plot + 1), std::string::npos) << "two plots inline";
  EXPECT_NE(text.str().find("Value per 100 points"), std::string::npos);
  EXPECT_NE(text.str().find("Suggested cost"), std::string::npos);
  EXPECT_NE(text.str().find("<table>"), std::string::npos);
  std::filesystem::remove(path);
}

TEST(BalanceAtomsPast, RefusesBadArguments) {
  EXPECT_EQ(cli::warband_balance({"atomspast", "--games", "0"}).code, 2);
  EXPECT_EQ(cli::warband_balance({"atomspast", "--games", "5", "--report", "out.txt"}).code, 2);
  EXPECT_EQ(cli::warband_balance({"atomspast", "--games", "5", "--bot", "nonsense"}).code, 2);
  EXPECT_EQ(
      cli::warband_balance({"atomspast", "--games", "5", "--replay-index", "5", "--log", "x.json"})
          .code,
      2);
  const cli::Ran none =
      cli::warband_balance({"toy", "--games", "5"});  // a ruleset without balance hooks
  EXPECT_EQ(none.code, 2);
  EXPECT_NE(none.err.find("atomspast"), std::string::npos) << none.err;
}

}  // namespace
}  // namespace warband::balance
