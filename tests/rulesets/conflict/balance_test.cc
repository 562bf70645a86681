// `warband balance conflict`: the points formula's terms counted by hand for a shipped character,
// random warbands drawn legal and within their budget, what-ifs, and a short run's report.
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>

#include "core/error.h"
#include "core/file_io.h"
#include "core/registry.h"
#include "rulesets/conflict/character_cost.h"
#include "rulesets/conflict/character_file.h"
#include "rulesets/conflict/cost_terms.h"
#include "rulesets/conflict/warband_file.h"
#include "tests/rulesets/conflict/conflict_fixture.h"
#include "tests/support/formula_balance_checks.h"

namespace warband::conflict {
namespace {

const BalanceHooks& hooks() {
  return find_balance("conflict");
}

double term_points(const std::vector<FormulaTerm>& terms, const std::vector<double>& points,
                   const std::string& family, const std::string& id) {
  for (std::size_t t = 0; t < terms.size(); ++t)
    if (terms[t].family == family && terms[t].id == id) return points[t];
  ADD_FAILURE() << "no term " << family << " " << id;
  return 0;
}

// The Knight Captain (size 2, Attack Skill 2, Defense 2, Resistances 2 + 1 + 1, 5 Wounds, a
// Strength 4 Single Longsword pushing on Match Suit, Commander), by costs.toml's numbers:
// size 10; Wounds 5 x 2 = 10, Defense 5 x 0.5 x 2 = 5, Resistances 5 x 0.25 x 4 = 5; the
// Longsword 2 x 4 = 8 for Strength and a push 3 x 1 x 0.5 = 1.5, so 9.5, and Attack Skill's share
// 9.5 x 0.25 x 2 = 4.75; Commander 7: 51.25 in all (51 points).
TEST(ConflictBalance, TheFormulaTermsOfTheKnightCaptainCountedByHand) {
  const CostFormula& costs = content_creation_rules().costs;
  const Character knight = testing::shipped_character("knight_captain");
  const std::vector<FormulaTerm> terms = cost_terms(costs);
  const std::vector<double> points = character_term_points(knight, costs);
  ASSERT_EQ(points.size(), terms.size());
  EXPECT_DOUBLE_EQ(term_points(terms, points, "stat", "size_points:2"), 10);
  EXPECT_DOUBLE_EQ(term_points(terms, points, "stat", "wound_points"), 10);
  EXPECT_DOUBLE_EQ(term_points(terms, points, "stat", "defense_points"), 5);
  EXPECT_DOUBLE_EQ(term_points(terms, points, "stat", "resistance_points"), 5);
  EXPECT_DOUBLE_EQ(term_points(terms, points, "stat", "strength_points"), 8);
  EXPECT_DOUBLE_EQ(term_points(terms, points, "stat", "range_points"), 0);
  EXPECT_DOUBLE_EQ(term_points(terms, points, "stat", "effect_points:push"), 1.5);
  EXPECT_DOUBLE_EQ(term_points(terms, points, "stat", "attack_skill_step"), 4.75);
  EXPECT_DOUBLE_EQ(term_points(terms, points, "stat", "ability_points:commander"), 7);
  EXPECT_DOUBLE_EQ(term_points(terms, points, "stat", "size_points:1"), 0);
  // The target family: the Longsword's 9.5 x 1.5 to Single, the other 37 to "not an attack".
  EXPECT_DOUBLE_EQ(term_points(terms, points, "target", "single"), 14.25);
  EXPECT_DOUBLE_EQ(term_points(terms, points, "target", "area"), 0);
  EXPECT_DOUBLE_EQ(term_points(terms, points, "target", "no_attack"), 37);
  // Each family adds up to the price before rounding.
  for (const std::string family : {"stat", "target"}) {
    double sum = 0;
    for (std::size_t t = 0; t < terms.size(); ++t)
      if (terms[t].family == family) sum += points[t];
    EXPECT_NEAR(sum, 51.25, 1e-9) << family;
  }
  EXPECT_EQ(character_points(knight, costs), 51);
  // The term's number now is costs.toml's, and the stat terms suggest by scaling it.
  const auto strength = std::find_if(
      terms.begin(), terms.end(), [](const FormulaTerm& t) { return t.id == "strength_points"; });
  ASSERT_NE(strength, terms.end());
  EXPECT_DOUBLE_EQ(strength->current, 2);
  EXPECT_EQ(strength->suggest, "scale");
}

// Every family adds up to each shipped character's exact price.
TEST(ConflictBalance, EveryFamilyAddsUpToEveryCatalogCharactersPrice) {
  const CostFormula& costs = content_creation_rules().costs;
  const std::vector<FormulaTerm> terms = cost_terms(costs);
  const nlohmann::json setup = nlohmann::json::object();
  const std::vector<BalanceUnit> catalog = hooks().catalog(setup);
  ASSERT_GE(catalog.size(), 13u);
  for (const std::string id : {"forest_giant", "thorn_witch", "will_o_wisp", "bombard_crew"}) {
    const Character character = testing::shipped_character(id);
    const std::vector<double> points = character_term_points(character, costs);
    for (const std::string family : {"stat", "target"}) {
      double sum = 0;
      for (std::size_t t = 0; t < terms.size(); ++t)
        if (terms[t].family == family) sum += points[t];
      EXPECT_NEAR(sum, character_cost(character, costs).exact, 1e-9) << id << " " << family;
    }
    EXPECT_TRUE(std::any_of(catalog.begin(), catalog.end(), [&](const BalanceUnit& unit) {
      return unit.id == id;
    })) << id;
  }
}

TEST(ConflictBalance, RandomWarbandsAreLegalAndWithinTheirBudget) {
  const nlohmann::json base = nlohmann::json::object();
  const int points = hooks().points_limit(base);
  EXPECT_EQ(points, 550);  // the shipped warbands' limit
  const CreationRules& rules = content_creation_rules();
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    const nlohmann::json setup = hooks().random_setup(base, points, points / 2, seed);
    EXPECT_EQ(setup, hooks().random_setup(base, points, points / 2, seed));  // a pure function
    for (int side = 0; side < 2; ++side) {
      const Warband warband = warband_from_json(setup["warbands"][side], "warband",
                                                characters_folder_of(content_conflict_folder()));
      ASSERT_FALSE(warband.characters.empty());
      const int total = warband_points(warband, rules.costs);
      EXPECT_LE(total, points);
      EXPECT_TRUE(warband_problems(warband, rules).empty()) << setup.dump();
      // The formula's points of a side add up to its exact cost (stat family).
      const FormulaPoints formula = hooks().formula_points(setup);
      const std::vector<FormulaTerm> terms = hooks().formula_terms(base);
      double stat = 0;
      for (std::size_t t = 0; t < terms.size(); ++t)
        if (terms[t].family == "stat") stat += formula[side][t];
      EXPECT_NEAR(stat, total, 0.5 * static_cast<double>(warband.characters.size()));
    }
    // The game plays these warbands, with their models.
    const auto game = make_game("conflict", setup);
    EXPECT_GE(game->new_initial_state()->unit_statuses().size(), 2u);
  }
}

TEST(ConflictBalance, WhatIfsAreTheRoundLimitOnly) {
  warband::testing::expect_round_limit_is_the_only_what_if("conflict", 8);
}

TEST(ConflictBalance, AShortRunReportsCharactersAndTheFormula) {
  warband::testing::expect_short_formula_run(
      "conflict", {.points = 550,
                   .families = {"stat", "target"},
                   .report_mentions = {"Attack Strength", "Knight Captain"}});
}

}  // namespace
}  // namespace warband::conflict
