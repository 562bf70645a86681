// The balance run's variance reductions (docs/sim.md "Variance reduction"): mirrored pairs play one
// seed and setup with the sides swapped, skewed lists draw each side from a few profiles, and the
// sandwich covariance sees a less noisy outcome.
#include <gtest/gtest.h>

#include <set>

#include "balance/balance_run.h"
#include "balance/logistic_fit.h"
#include "core/error.h"
#include "core/registry.h"
#include "core/rng.h"
#include "tests/balance/wager_ruleset.h"

namespace warband::balance {
namespace {

BalanceSettings wager_settings() {
  BalanceSettings settings;
  settings.ruleset = wager::kRuleset;
  settings.games = 40;
  settings.seed = 9;
  return settings;
}

TEST(MirroredPairs, TheSecondGameSwapsTheSidesOnTheFirstsSeed) {
  BalanceSettings settings = wager_settings();
  settings.mirrored = true;
  const sim::SweepSettings sweep = sweep_for(settings);
  for (std::int64_t pair = 0; pair < 5; ++pair) {
    const nlohmann::json first = sweep.setup_for_game(2 * pair);
    const nlohmann::json second = sweep.setup_for_game(2 * pair + 1);
    EXPECT_EQ(second["warbands"][0], first["warbands"][1]);
    EXPECT_EQ(second["warbands"][1], first["warbands"][0]);
    EXPECT_NE(first["warbands"][0], first["warbands"][1]);
    EXPECT_EQ(sim::seed_for(sweep, 2 * pair), sim::seed_for(sweep, 2 * pair + 1));
    EXPECT_NE(sim::seed_for(sweep, 2 * pair), sim::seed_for(sweep, 2 * pair + 2));
  }
  // Played: each side's units in the second game are the other side's in the first.
  const std::vector<sim::GameResult> games = sim::run_sweep(sweep);
  for (std::size_t g = 0; g + 1 < games.size(); g += 2) {
    EXPECT_EQ(games[g].seed, games[g + 1].seed);
    std::multiset<std::string> red_first, blue_second;
    for (const sim::UnitResult& unit : games[g].units)
      if (unit.side == 0) red_first.insert(unit.name);
    for (const sim::UnitResult& unit : games[g + 1].units)
      if (unit.side == 1) blue_second.insert(unit.name);
    EXPECT_EQ(red_first, blue_second);
  }
}

TEST(MirroredPairs, WithoutThemEveryGameHasItsOwnSeedAndSetup) {
  const sim::SweepSettings sweep = sweep_for(wager_settings());
  EXPECT_NE(sim::seed_for(sweep, 0), sim::seed_for(sweep, 1));
  EXPECT_EQ(sim::seed_for(sweep, 1), sim::game_seed(9, 1));
  EXPECT_NE(sweep.setup_for_game(0), sweep.setup_for_game(1));
}

TEST(MirroredPairs, ASetupWithoutTwoWarbandsIsAClearError) {
  try {
    swap_sides({{"warbands", nlohmann::json::array({1})}});
    FAIL();
  } catch (const InputError& error) {
    EXPECT_NE(std::string(error.what()).find("two warbands"), std::string::npos) << error.what();
  }
}

TEST(SkewedLists, AtomsPastSidesDrawFromAtMostNProfiles) {
  const BalanceHooks& hooks = find_balance("atomspast");
  ASSERT_TRUE(hooks.skewed_setup);
  std::set<std::size_t> sizes;
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    const nlohmann::json setup = hooks.skewed_setup(nlohmann::json::object(), 1500, 500, 2, seed);
    for (int side = 0; side < 2; ++side) {
      const std::size_t profiles = setup["warbands"][side]["units"].size();
      EXPECT_LE(profiles, 2u) << setup["warbands"][side].dump();
      sizes.insert(profiles);
    }
    make_game("atomspast", setup);  // legal: make_game validates both lists
  }
  // The whole catalog draws many profiles a side.
  const nlohmann::json wide = hooks.random_setup(nlohmann::json::object(), 1500, 500, 1);
  EXPECT_GT(wide["warbands"][0]["units"].size(), 2u);
}

TEST(SkewedLists, ARulesetWithoutTheHookRefusesProfiles) {
  BalanceSettings settings;
  settings.ruleset = "agame";
  settings.profiles = 2;
  try {
    sweep_for(settings);
    FAIL();
  } catch (const InputError& error) {
    EXPECT_NE(std::string(error.what()).find("--profiles"), std::string::npos) << error.what();
  }
}

TEST(RobustCovariance, ShrinksWithTheOutcomesNoiseAndMatchesTheModelForCoins) {
  Rng rng(3);
  std::vector<std::vector<double>> features;
  std::vector<double> coins, exact;
  for (int row = 0; row < 4000; ++row) {
    const double x = static_cast<double>(static_cast<int>(rng.below(5))) - 2.0;
    const double p = 1.0 / (1.0 + std::exp(-0.5 * x));
    features.push_back({x});
    coins.push_back(rng.below(1000000) < p * 1e6 ? 1.0 : 0.0);
    // The same expectation, a tenth of a coin's noise.
    exact.push_back(p + 0.1 * (coins.back() - p));
  }
  const LogisticFit coin_fit = fit_logistic(features, coins, 0.0);
  const auto coin_robust = robust_covariance(coin_fit, features, coins);
  EXPECT_NEAR(coin_robust[1][1] / coin_fit.covariance[1][1], 1.0, 0.15);
  const LogisticFit exact_fit = fit_logistic(features, exact, 0.0);
  const auto exact_robust = robust_covariance(exact_fit, features, exact);
  EXPECT_NEAR(exact_fit.coefficients[1], 0.5, 0.05);
  EXPECT_LT(exact_robust[1][1], 0.05 * exact_fit.covariance[1][1]);
}

}  // namespace
}  // namespace warband::balance
