// The balance fit with a special role (AtomsPast's Kon): the unit in the role is fitted by which
// unit it is, apart from the army counts, and its copy does not count as an army unit.
#include <gtest/gtest.h>

#include <cmath>
#include <map>

#include "balance/balance_analysis.h"
#include "balance/logistic_fit.h"
#include "core/registry.h"
#include "core/rng.h"

namespace warband::balance {
namespace {

const RoleBalance* find_role(const BalanceAnalysis& analysis, const std::string& name) {
  for (const RoleBalance& role : analysis.roles)
    if (role.name == name) return &role;
  return nullptr;
}

TEST(BalanceKon, EveryAtomsPastSideHasOneKonByRole) {
  const auto game =
      make_game("atomspast", nlohmann::json{{"warbands", {"toms_orcs", "jerrys_elves"}}});
  int kons[2] = {0, 0};
  for (const UnitStatus& unit : game->new_initial_state()->unit_statuses()) {
    EXPECT_TRUE(unit.role.empty() || unit.role == "Kon") << unit.role;
    if (unit.role == "Kon") ++kons[unit.side];
  }
  EXPECT_EQ(kons[0], 1);
  EXPECT_EQ(kons[1], 1);
}

// Synthetic games where the winner depends on the armies' worth and on which unit is the Kon
// (an extra copy of one of the army's units, worth nothing as army): the fit recovers both.
TEST(BalanceKon, FitsTheKonApartFromTheArmy) {
  const std::vector<BalanceUnit> catalog = {
      {"a", "Alpha", 100}, {"b", "Bravo", 150}, {"c", "Charlie", 200}, {"d", "Delta", 120}};
  const double rate = 0.01;                                  // log-odds per point
  const std::vector<double> as_kon = {0.0, 0.8, -0.6, 0.3};  // log-odds of each as Kon
  Rng rng(11);
  std::vector<sim::GameResult> games;
  int army_copies = 0;
  for (int g = 0; g < 20000; ++g) {
    sim::GameResult game;
    game.index = g;
    double eta = 0;
    for (int side = 0; side < 2; ++side) {
      const double sign = side == 0 ? 1 : -1;
      int budget = 600 - static_cast<int>(rng.below(120));
      std::vector<int> army;
      while (true) {
        std::vector<int> fitting;
        for (int u = 0; u < 4; ++u)
          if (catalog[u].points <= budget) fitting.push_back(u);
        if (fitting.empty()) break;
        const int u = rng.pick(fitting);
        budget -= catalog[u].points;
        army.push_back(u);
        game.units.push_back({.name = catalog[u].name, .side = side, .points = catalog[u].points});
        eta += sign * rate * catalog[u].points;
      }
      army_copies += static_cast<int>(army.size());
      const int kon = rng.pick(army);
      game.units.push_back(
          {.name = catalog[kon].name, .side = side, .points = catalog[kon].points, .role = "Kon"});
      eta += sign * as_kon[kon];
    }
    game.winner = rng.unit() < logistic(eta) ? 0 : 1;
    games.push_back(std::move(game));
  }
  const BalanceAnalysis analysis = analyze(catalog, games);

  // The Kon's copies are not army units.
  int copies = 0;
  for (const UnitBalance& unit : analysis.units)
    copies += unit.copies;
  EXPECT_EQ(copies, army_copies);
  EXPECT_NEAR(analysis.rate, rate, rate * 0.25);
  EXPECT_TRUE(analysis.rate_identified);
  // Every unit plays like its cost as army (the Kon's worth is not smeared into them).
  for (const UnitBalance& unit : analysis.units)
    EXPECT_NEAR(unit.suggested, unit.points, 0.05 * unit.points) << unit.id;

  // One reference (value 0); the others relative to it, as planted.
  ASSERT_EQ(analysis.roles.size(), 4u);
  int references = 0;
  const RoleBalance* reference = nullptr;
  for (const RoleBalance& role : analysis.roles) {
    EXPECT_EQ(role.role, "Kon");
    if (role.reference) {
      ++references;
      reference = &role;
    }
  }
  ASSERT_EQ(references, 1);
  EXPECT_EQ(reference->value, 0);
  double reference_worth = 0;
  for (int u = 0; u < 4; ++u)
    if (catalog[u].name == reference->name) reference_worth = as_kon[u];
  for (int u = 0; u < 4; ++u) {
    const RoleBalance* role = find_role(analysis, catalog[u].name);
    ASSERT_NE(role, nullptr) << catalog[u].name;
    if (role->reference) continue;
    EXPECT_NEAR(role->value, as_kon[u] - reference_worth, 0.2) << catalog[u].name;
    EXPECT_LT(role->value_low, as_kon[u] - reference_worth) << catalog[u].name;
    EXPECT_GT(role->value_high, as_kon[u] - reference_worth) << catalog[u].name;
  }
  // Sorted highest first: Bravo, the best Kon, leads.
  EXPECT_EQ(analysis.roles.front().name, "Bravo");
}

// The same Kons every game (--warbands): their column never varies, so it is left out rather
// than sharing the side advantage with the intercept.
TEST(BalanceKon, FixedKonsLeaveTheSideAdvantageToTheIntercept) {
  const std::vector<BalanceUnit> catalog = {{"a", "Alpha", 100}, {"b", "Bravo", 150}};
  Rng rng(3);
  std::vector<sim::GameResult> with_kons, without;
  for (int g = 0; g < 2000; ++g) {
    sim::GameResult game;
    game.index = g;
    game.winner = rng.unit() < logistic(0.4) ? 0 : 1;
    game.units = {{.name = "Alpha", .side = 0, .points = 100},
                  {.name = "Bravo", .side = 1, .points = 150}};
    without.push_back(game);
    game.units.push_back({.name = "Alpha", .side = 0, .points = 100, .role = "Kon"});
    game.units.push_back({.name = "Bravo", .side = 1, .points = 150, .role = "Kon"});
    with_kons.push_back(std::move(game));
  }
  const BalanceAnalysis fixed = analyze(catalog, with_kons);
  const BalanceAnalysis plain = analyze(catalog, without);
  ASSERT_EQ(fixed.roles.size(), 2u);
  for (const RoleBalance& role : fixed.roles)
    EXPECT_FALSE(role.estimable) << role.name;
  EXPECT_NEAR(fixed.intercept, plain.intercept, 1e-9);
  EXPECT_NEAR(fixed.intercept, 0.4, 0.15);
  EXPECT_TRUE(fixed.intercept_significant);
}

}  // namespace
}  // namespace warband::balance
