// Conflict's lists at the reference prices (balance_hooks.cc: with_warbands; docs/sim.md "Lists at
// the reference prices"): a character's price under test (`--set units.ID.points=N`) changes no
// random list, each list is made legal at the prices it is played at, and the formula fit still
// sees the price.
#include <gtest/gtest.h>

#include <map>
#include <string>

#include <toml++/toml.h>

#include "balance/balance_run.h"
#include "balance/reprice.h"
#include "core/error.h"
#include "core/registry.h"
#include "rulesets/conflict/character_cost.h"
#include "rulesets/conflict/character_file.h"
#include "rulesets/conflict/cost_terms.h"
#include "rulesets/conflict/creation_rules.h"
#include "sim/sweep.h"
#include "tests/support/reference_lists_checks.h"
#include "tests/support/test_scale.h"

namespace warband::conflict {
namespace {

std::array<std::vector<std::string>, 2> character_names(const nlohmann::json& setup) {
  std::array<std::vector<std::string>, 2> names;
  for (int side = 0; side < 2; ++side)
    for (const nlohmann::json& entry : setup["warbands"][side]["characters"])
      names[side].push_back(entry["character"]["name"].get<std::string>());
  return names;
}

TEST(ConflictReferenceLists, APriceUnderTestChangesNoList) {
  warband::testing::expect_a_price_changes_no_reference_list("conflict", character_names, 40, 3,
                                                             0.5, 10);
}

// The bots weigh a model's material at the formula's cost (the reference price), nothing else in
// play reads a price: the same games move for move.
TEST(ConflictReferenceLists, APriceUnderTestChangesNoGreedyGame) {
  warband::testing::expect_a_price_changes_no_game("conflict", character_names, scaled_count(2), 7,
                                                   "greedy", 0.5);
}

TEST(ConflictReferenceLists, APlantedPriceMovesNoSuggestion) {
  warband::testing::expect_a_planted_price_moves_no_suggestion("conflict", character_names,
                                                               scaled_count(120, 60), 11, 1.25, 8);
}

TEST(ConflictReferenceLists, AListItsPricesPutOverItsLimitIsPlayedLegallyToTheEnd) {
  balance::BalanceSettings settings = warband::testing::random_balance_run("conflict", 20, 5);
  const std::string id = warband::testing::most_fielded_unit(settings, 20, character_names);
  settings.overrides = {warband::testing::shifted_unit_price("conflict", id, 1.6)};
  const int limit = balance::points_limit_for(settings);
  const sim::SweepSettings sweep = balance::sweep_for(settings);
  int over = 0;
  for (std::int64_t game = 0; game < 20; ++game) {
    const nlohmann::json setup = sweep.setup_for_game(game);
    for (int side = 0; side < 2; ++side) {
      const nlohmann::json& warband = setup["warbands"][side];
      const int cost =
          warband::testing::side_price("conflict", setup, character_names(setup)[side]);
      EXPECT_EQ(warband["points"], cost);  // what the list costs at the prices under test
      EXPECT_LE(cost, warband["points_limit"].get<int>());
      if (warband["points_limit"].get<int>() > limit) {
        EXPECT_EQ(warband["points_limit"], cost);  // raised exactly to the cost
        ++over;
      }
    }
    const sim::GameResult result = sim::play_sweep_game(sweep, game);  // legal, or throws
    EXPECT_TRUE(result.finished) << game;
    EXPECT_GT(result.decisions, 0) << game;
  }
  EXPECT_GT(over, 0);  // the case was met
}

// A list drawn at a price under test below the formula's may cost more than its limit by the
// formula: its problems are not the formula's limit but the prices' (within it).
TEST(ConflictReferenceLists, AListDrawnAtACheaperPriceHasNoLimitProblem) {
  balance::BalanceSettings settings = warband::testing::random_balance_run("conflict", 20, 5);
  const std::string id = warband::testing::most_fielded_unit(settings, 20, character_names);
  settings.overrides = {warband::testing::shifted_unit_price("conflict", id, 0.3)};
  settings.lists = balance::Lists::kPriced;
  const sim::SweepSettings sweep = balance::sweep_for(settings);
  const CostFormula& costs = content_creation_rules().costs;
  int over_by_formula = 0;
  for (std::int64_t game = 0; game < 20; ++game) {
    const nlohmann::json setup = sweep.setup_for_game(game);
    for (int side = 0; side < 2; ++side) {
      const nlohmann::json& warband = setup["warbands"][side];
      int formula = 0;
      for (const nlohmann::json& entry : warband["characters"])
        formula += character_points(character_from_json(entry["character"], "test"), costs);
      over_by_formula += formula > warband["points_limit"].get<int>();
      EXPECT_LE(warband["points"].get<int>(), warband["points_limit"].get<int>());
      for (const nlohmann::json& problem : warband["problems"])
        EXPECT_EQ(problem.get<std::string>().find("over the limit"), std::string::npos) << problem;
    }
  }
  EXPECT_GT(over_by_formula, 0);  // the case was met
}

// The terms of each character's cost add up to its price in the setup: the formula's exact cost,
// or the price under test, which moves its terms with it.
TEST(ConflictReferenceLists, TheFormulaPointsReadThePricesUnderTest) {
  const BalanceHooks& hooks = find_balance("conflict");
  const nlohmann::json drawn = hooks.random_setup(nlohmann::json::object(), 550, 0, 11);
  const std::string name = character_names(drawn)[0][0];
  const BalanceUnit unit =
      warband::testing::catalog_unit("conflict", nlohmann::json::object(), name);
  const nlohmann::json priced =
      hooks.apply_overrides(nlohmann::json::object(), {{"units." + unit.id + ".points", "999"}});
  const nlohmann::json played = hooks.with_warbands(priced, drawn);
  const FormulaPoints at_reference = hooks.formula_points(drawn);
  const FormulaPoints under_test = hooks.formula_points(played);
  const std::vector<FormulaTerm> terms = hooks.formula_terms(drawn);
  const CostFormula& costs = content_creation_rules().costs;
  for (int side = 0; side < 2; ++side) {
    double exact = 0, expected = 0;
    int planted = 0;
    for (const nlohmann::json& entry : drawn["warbands"][side]["characters"]) {
      const Character character = character_from_json(entry["character"], "test");
      const double cost = character_cost(character, costs).exact;
      exact += cost;
      planted += character.name == name;
      expected += character.name == name ? 999 : cost;
    }
    if (side == 0) {
      EXPECT_GT(planted, 0);
    }
    double reference_sum = 0, test_sum = 0;  // one family: "stat" (each family adds up alike)
    for (std::size_t t = 0; t < terms.size(); ++t)
      if (terms[t].family == terms[0].family) {
        reference_sum += at_reference[side][t];
        test_sum += under_test[side][t];
      }
    EXPECT_NEAR(reference_sum, exact, 1e-6) << side;
    EXPECT_NEAR(test_sum, expected, 1e-6) << side;
  }
}

TEST(ConflictReferenceLists, APriceOverrideIsCheckedAndRecorded) {
  const BalanceHooks& hooks = find_balance("conflict");
  const nlohmann::json setup =
      hooks.apply_overrides(nlohmann::json::object(), {{"units.thorn_witch.points", "12"}});
  EXPECT_EQ(setup["unit_points"], nlohmann::json({{"thorn_witch", 12}}));
  EXPECT_EQ(warband::testing::catalog_unit("conflict", setup, "Thorn Witch").points, 12);
  const auto problem = [&](const std::string& path, const std::string& value) {
    try {
      hooks.apply_overrides(nlohmann::json::object(), {{path, value}});
    } catch (const InputError& error) {
      return error.message();
    }
    return std::string("no error");
  };
  EXPECT_EQ(problem("units.nobody.points", "3").find("--set units.nobody.points: no unit 'nobody'"),
            0u);
  EXPECT_NE(problem("units.nobody.points", "3").find("thorn_witch"), std::string::npos);
  EXPECT_NE(problem("units.thorn_witch.wounds", "3").find("units.ID.points=N"), std::string::npos);
  EXPECT_NE(problem("units.thorn_witch.points", "-1").find("from 0 to 100000"), std::string::npos);
  EXPECT_NE(problem("units.thorn_witch.points", "many").find("got 'many'"), std::string::npos);
  EXPECT_NE(problem("nothing", "3").find("or units.ID.points=N"), std::string::npos);
  // A setup's recorded price is checked where it is read.
  EXPECT_THROW(hooks.catalog({{"unit_points", {{"thorn_witch", -4}}}}), InputError);
}

// `--reprice` moves each character's price through `units.ID.points` round after round (it was
// refused before there was one), and writes every price where TOML reads it back, the shipped
// warband's inline character's id quoted.
TEST(ConflictReferenceLists, ARepricingMovesThePricesAndWritesThemAsTOML) {
  balance::RepriceSettings settings;
  settings.balance = warband::testing::random_balance_run("conflict", 40, 1);
  settings.max_rounds = 2;
  const balance::RepriceResult result = balance::reprice(settings);
  EXPECT_EQ(result.rounds, 2);
  EXPECT_EQ(result.games, 80);
  const toml::table file = toml::parse(balance::points_file(result));
  const toml::table& units = *file["units"].as_table();
  ASSERT_EQ(units.size(), result.units.size());
  int moved = 0;
  for (const balance::RepricedUnit& unit : result.units) {
    EXPECT_EQ(units[unit.id]["override"].value<int>(), unit.new_points) << unit.id;
    EXPECT_GE(unit.new_points * 2, unit.old_points) << unit.id;  // within half to twice
    EXPECT_LE(unit.new_points, unit.old_points * 2) << unit.id;
    moved += unit.new_points != unit.old_points;
  }
  // A price moves only once points predict the outcome; until then every unit keeps its cost.
  if (result.rate_identified)
    EXPECT_GT(moved, 0);
  else
    EXPECT_EQ(moved, 0);
  EXPECT_TRUE(units.contains("iron_pact.Pact Musketeer"));
}

}  // namespace
}  // namespace warband::conflict
