// `warband balance agame`: a profile's points and formula terms by hand through the hooks, random
// warbands drawn legal and within their budget, what-ifs, a short run's report, and the cards each
// side drafted read from a played game.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>

#include "core/error.h"
#include "core/registry.h"
#include "rulesets/agame/build_rules.h"
#include "rulesets/agame/warband_file.h"
#include "sim/card_names.h"
#include "sim/sweep.h"
#include "tests/support/formula_balance_checks.h"

namespace warband::agame {
namespace {

const BalanceHooks& hooks() {
  return find_balance("agame");
}

// The Vampire Swordfighter by hand (model_cost_test.cc counts each part: 69.37, 69 points)
// through the hooks: one "number" term per number of costs.toml and the "role" family, each adding
// up to the price.
TEST(AgameBalance, TheVampiresPointsAndTermsThroughTheHooks) {
  const nlohmann::json setup = nlohmann::json::object();
  const std::vector<BalanceUnit> catalog = hooks().catalog(setup);
  EXPECT_EQ(catalog.size(), 12u);  // the 12 profiles of profiles.toml
  const auto vampire = std::find_if(catalog.begin(), catalog.end(), [](const BalanceUnit& unit) {
    return unit.id == "vampire_swordfighter";
  });
  ASSERT_NE(vampire, catalog.end());
  EXPECT_EQ(vampire->name, "Vampire Swordfighter");
  EXPECT_EQ(vampire->points, 69);

  const std::vector<FormulaTerm> terms = hooks().formula_terms(setup);
  nlohmann::json game = setup;
  game["warbands"] = {{"Vampire Swordfighter", "Vampire Swordfighter", "Vampire Swordfighter"},
                      {"Vampire Swordfighter", "Cave Troll", "Goblin Skirmisher"}};
  const FormulaPoints points = hooks().formula_points(game);
  ASSERT_EQ(points[0].size(), terms.size());
  // 22 single numbers, 2 conditions, 7 ability effects, 3 target multipliers; 4 roles.
  ASSERT_EQ(terms.size(), 38u);
  // By hand, per Vampire: size 3; dice 9 + 4 + 4; Wounds 9, Defenses 2 x 1.3 x 3, Resistances
  // 2 x 1.9 x 3; resisted 2, vulnerable -2; charmed half of 6 x 0.6; mistform 6 x 0.8; the costs
  // -2 x 1 (Turn to Mist) and half of -2 (Dominate Mind); Wide Swing's area bonus 0.5 x 5.8 (an
  // Area attack in the profile).
  const std::map<std::string, double> by_hand = {{"size_points", 3},
                                                 {"attack_die", 9},
                                                 {"wild_die", 4},
                                                 {"movement_die", 4},
                                                 {"defense_die", 0},
                                                 {"wound_points", 9},
                                                 {"dodge_points", 7.8},
                                                 {"save_points", 11.4},
                                                 {"resistant_points", 2},
                                                 {"vulnerable_points", -2},
                                                 {"condition_points:charmed", 1.8},
                                                 {"ability_points:mistform", 4.8},
                                                 {"cost_points", -3},
                                                 {"target_multiplier:area", 2.9},
                                                 {"radius_points", 0},
                                                 {"best_attack", 8.7},
                                                 {"other_attacks", 9.67},
                                                 {"reaction_attacks", 0},
                                                 {"not_an_attack", 3 + 17 + 28.2 + 2.8}};
  std::map<std::string, double> family_total;
  for (std::size_t t = 0; t < terms.size(); ++t) {
    if (by_hand.contains(terms[t].id)) {
      EXPECT_NEAR(points[0][t], 3 * by_hand.at(terms[t].id), 1e-9) << terms[t].id;
    }
    family_total[terms[t].family] += points[0][t];
  }
  EXPECT_NEAR(family_total["number"], 3 * 69.37, 1e-9);
  EXPECT_NEAR(family_total["role"], 3 * 69.37, 1e-9);
  // Each number suggests a value: scaled, or a multiplier's bonus; the roles' shares scaled.
  std::map<std::string, const FormulaTerm*> by_id;
  for (const FormulaTerm& term : terms)
    by_id[term.id] = &term;
  EXPECT_EQ(by_id.at("hit_points")->suggest, "scale");
  EXPECT_DOUBLE_EQ(by_id.at("hit_points")->current, 4);
  EXPECT_EQ(by_id.at("ability_points:mistform")->suggest, "scale");
  EXPECT_DOUBLE_EQ(by_id.at("ability_points:mistform")->current, 6);
  EXPECT_EQ(by_id.at("target_multiplier:wide")->suggest, "bonus");
  EXPECT_DOUBLE_EQ(by_id.at("target_multiplier:wide")->current, 1.5);
  EXPECT_EQ(by_id.at("other_attacks")->suggest, "scale");
  EXPECT_DOUBLE_EQ(by_id.at("other_attacks")->current, 0.5);  // other_attack_share
  EXPECT_EQ(by_id.at("best_attack")->suggest, "none");
}

TEST(AgameBalance, RandomWarbandsAreLegalAndWithinTheirBudget) {
  const nlohmann::json base = nlohmann::json::object();
  const int points = hooks().points_limit(base);
  EXPECT_EQ(points, 300);  // warband.toml's points_limit
  const BuildRules& rules = content_build_rules();
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    const nlohmann::json setup = hooks().random_setup(base, points, points / 2, seed);
    EXPECT_EQ(setup, hooks().random_setup(base, points, points / 2, seed));  // a pure function
    const FormulaPoints formula = hooks().formula_points(setup);
    for (int side = 0; side < 2; ++side) {
      Warband warband;
      warband.name = "Random";
      warband.points_limit = points;
      for (const auto& name : setup["warbands"][side])
        warband.models.push_back({.profile = name.get<std::string>()});
      EXPECT_TRUE(warband_problems(warband, rules, {}).empty()) << setup.dump();
      const int total = warband_points(warband, rules);
      EXPECT_LE(total, points) << setup.dump();
      const std::vector<FormulaTerm> terms = hooks().formula_terms(setup);
      double parts = 0;  // the "number" family's, which adds up to the exact price
      for (std::size_t t = 0; t < terms.size(); ++t)
        if (terms[t].family == "number") parts += formula[side][t];
      EXPECT_NEAR(parts, total, 0.5 * static_cast<double>(warband.models.size()));
    }
    const auto game = make_game("agame", setup);
    EXPECT_GE(game->new_initial_state()->unit_statuses().size(), 6u);
  }
  // A budget no three models fit is a clear error.
  try {
    hooks().random_setup(base, 20, 0, 1);
    FAIL() << "expected an InputError";
  } catch (const InputError& error) {
    EXPECT_EQ(error.where(), "--points");
    EXPECT_NE(error.problem().find("fewer than 3 models"), std::string::npos) << error.what();
  }
}

TEST(AgameBalance, WhatIfsAreTheRoundLimitOnly) {
  warband::testing::expect_round_limit_is_the_only_what_if("agame", 6);
}

TEST(AgameBalance, AShortRunReportsProfilesAndTheFormulasNumbers) {
  warband::testing::expect_short_formula_run(
      "agame", {.points = 300,
                .families = {"number", "role"},
                .report_mentions = {"Attack: per die x chance x damage", "Vampire Swordfighter"}});
}

// Each side's drafted hand from a played game's final state: 8 cards a side, of its decks.
TEST(AgameBalance, EachSidesDraftedCardsAreReadFromTheGame) {
  nlohmann::json setup = hooks().random_setup(nlohmann::json::object(), 300, 150, 4);
  const std::vector<BalanceCard> cards = hooks().cards(setup);
  EXPECT_EQ(cards.size(), 36u);
  sim::SweepSettings sweep;
  sweep.ruleset = "agame";
  sweep.setup = setup;
  sweep.seed = 4;
  sweep.end = 1;
  sweep.read_cards = hooks().side_cards;
  const sim::GameResult game = sim::play_sweep_game(sweep, 0);
  for (int side = 0; side < 2; ++side) {
    EXPECT_EQ(game.cards[side].size(), 8u) << side;
    for (const std::string& name : sim::card_names(game.cards[side]))
      EXPECT_TRUE(std::any_of(cards.begin(), cards.end(), [&](const BalanceCard& card) {
        return card.name == name;
      })) << name;
  }
  // Without the draft no side holds a card.
  setup["parameters"]["draft"] = 0;
  sweep.setup = setup;
  const sim::GameResult no_draft = sim::play_sweep_game(sweep, 0);
  EXPECT_TRUE(no_draft.cards[0].empty() && no_draft.cards[1].empty());
}

}  // namespace
}  // namespace warband::agame
