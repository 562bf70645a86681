// A Game's lists at the reference prices (balance_hooks.cc: with_warbands; docs/sim.md "Lists at
// the reference prices"): a profile's price under test (`--set units.ID.points=N`) changes no
// random list and no game, each list is made legal at the prices it is played at, and the formula
// fit still sees the price.
#include <gtest/gtest.h>

#include <string>

#include "balance/balance_run.h"
#include "core/error.h"
#include "core/registry.h"
#include "rulesets/agame/build_rules.h"
#include "rulesets/agame/model_cost.h"
#include "sim/sweep.h"
#include "tests/support/reference_lists_checks.h"
#include "tests/support/test_scale.h"

namespace warband::agame {
namespace {

std::array<std::vector<std::string>, 2> profile_names(const nlohmann::json& setup) {
  std::array<std::vector<std::string>, 2> names;
  for (int side = 0; side < 2; ++side)
    for (const nlohmann::json& name : setup["warbands"][side])
      names[side].push_back(name.get<std::string>());
  return names;
}

TEST(AgameReferenceLists, APriceUnderTestChangesNoList) {
  warband::testing::expect_a_price_changes_no_reference_list("agame", profile_names, 40, 3, 0.5,
                                                             10);
}

// Greedy weighs models, wounds and objectives, no price: the same games move for move.
TEST(AgameReferenceLists, APriceUnderTestChangesNoGreedyGame) {
  warband::testing::expect_a_price_changes_no_game("agame", profile_names, scaled_count(4), 7,
                                                   "greedy", 0.5);
}

TEST(AgameReferenceLists, APlantedPriceMovesNoSuggestion) {
  warband::testing::expect_a_planted_price_moves_no_suggestion("agame", profile_names,
                                                               scaled_count(80, 40), 11, 1.25, 8);
}

TEST(AgameReferenceLists, AListItsPricesPutOverTheLimitIsPlayedLegallyToTheEnd) {
  balance::BalanceSettings settings = warband::testing::random_balance_run("agame", 20, 5);
  const std::string id = warband::testing::most_fielded_unit(settings, 20, profile_names);
  settings.overrides = {warband::testing::shifted_unit_price("agame", id, 1.6)};
  const int limit = balance::points_limit_for(settings);
  const sim::SweepSettings sweep = balance::sweep_for(settings);
  int over = 0;
  for (std::int64_t game = 0; game < 20; ++game) {
    const nlohmann::json setup = sweep.setup_for_game(game);
    const int played_limit = setup["parameters"]["points_limit"].get<int>();
    int dearest = 0;
    for (int side = 0; side < 2; ++side) {
      const int cost = warband::testing::side_price("agame", setup, profile_names(setup)[side]);
      EXPECT_LE(cost, played_limit);
      dearest = std::max(dearest, cost);
    }
    if (played_limit > limit) {
      EXPECT_EQ(played_limit, dearest);  // raised exactly to the dearer side's cost
      ++over;
    }
    const sim::GameResult result = sim::play_sweep_game(sweep, game);  // legal, or throws
    EXPECT_TRUE(result.finished) << game;
    EXPECT_GT(result.decisions, 0) << game;
  }
  EXPECT_GT(over, 0);  // the case was met
}

// The terms of each model's cost add up to its price in the setup: the formula's exact cost, or
// the price under test, which moves its terms with it.
TEST(AgameReferenceLists, TheFormulaPointsReadThePricesUnderTest) {
  const BalanceHooks& hooks = find_balance("agame");
  const nlohmann::json drawn = hooks.random_setup(nlohmann::json::object(), 300, 0, 11);
  const std::string name = profile_names(drawn)[0][0];
  const BalanceUnit unit = warband::testing::catalog_unit("agame", nlohmann::json::object(), name);
  const nlohmann::json priced =
      hooks.apply_overrides(nlohmann::json::object(), {{"units." + unit.id + ".points", "999"}});
  const nlohmann::json played = hooks.with_warbands(priced, drawn);
  EXPECT_EQ(played["warbands"], drawn["warbands"]);
  const FormulaPoints at_reference = hooks.formula_points(drawn);
  const FormulaPoints under_test = hooks.formula_points(played);
  const std::vector<FormulaTerm> terms = hooks.formula_terms(drawn);
  const BuildRules& rules = content_build_rules();
  const std::array<std::vector<std::string>, 2> sides = profile_names(drawn);
  for (int side = 0; side < 2; ++side) {
    double exact = 0, expected = 0;
    int planted = 0;
    for (const std::string& model_name : sides[side]) {
      const double cost =
          model_cost(rules.content.find_model(model_name, "test"), rules.costs, rules.faces())
              .exact;
      exact += cost;
      planted += model_name == name;
      expected += model_name == name ? 999 : cost;
    }
    if (side == 0) {
      EXPECT_GT(planted, 0);
    }
    double reference_sum = 0, test_sum = 0;  // the first term's family (each adds up alike)
    for (std::size_t t = 0; t < terms.size(); ++t)
      if (terms[t].family == terms[0].family) {
        reference_sum += at_reference[side][t];
        test_sum += under_test[side][t];
      }
    EXPECT_NEAR(reference_sum, exact, 1e-6) << side;
    EXPECT_NEAR(test_sum, expected, 1e-6) << side;
  }
  // 999 points is over the drawn limit of 300: the limit is raised to the dearer side's cost.
  EXPECT_GE(played["parameters"]["points_limit"].get<int>(), 999);
  make_game("agame", played);  // legal, or throws
}

TEST(AgameReferenceLists, APriceOverrideIsCheckedAndRecorded) {
  const BalanceHooks& hooks = find_balance("agame");
  const nlohmann::json setup =
      hooks.apply_overrides(nlohmann::json::object(), {{"units.elven_archer.points", "82"}});
  EXPECT_EQ(setup["unit_points"], nlohmann::json({{"elven_archer", 82}}));
  EXPECT_EQ(warband::testing::catalog_unit("agame", setup, "Elven Archer").points, 82);
  // A card's proposed value is no price: nothing draws or plays by it, and it is not a what-if.
  EXPECT_THROW(hooks.apply_overrides(nlohmann::json::object(), {{"cards.battle_fury.value", "5"}}),
               InputError);
  EXPECT_THROW(
      hooks.apply_overrides(nlohmann::json::object(), {{"units.elven_archer.points", "x"}}),
      InputError);
}

}  // namespace
}  // namespace warband::agame
