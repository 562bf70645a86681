#include "balance/logistic_fit.h"

#include <gtest/gtest.h>

#include <cmath>

#include "balance/balance_analysis.h"
#include "core/rng.h"

namespace warband::balance {
namespace {

TEST(BalanceFit, InvertsAMatrix) {
  const std::vector<std::vector<double>> m = {{4, 1, 0}, {1, 3, 1}, {0, 1, 2}};
  const auto inverse = invert(m);
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) {
      double product = 0;
      for (int k = 0; k < 3; ++k)
        product += m[i][k] * inverse[k][j];
      EXPECT_NEAR(product, i == j ? 1.0 : 0.0, 1e-12);
    }
}

TEST(BalanceFit, RecoversKnownCoefficients) {
  const std::vector<double> truth = {0.3, 0.5, -0.4, 0.0};
  Rng rng(11);
  std::vector<std::vector<double>> features;
  std::vector<double> outcomes;
  for (int row = 0; row < 20000; ++row) {
    std::vector<double> x;
    double eta = truth[0];
    for (std::size_t j = 1; j < truth.size(); ++j) {
      x.push_back(static_cast<double>(rng.below(5)) - 2.0);  // a count difference, -2..2
      eta += truth[j] * x.back();
    }
    features.push_back(x);
    outcomes.push_back(rng.unit() < logistic(eta) ? 1.0 : 0.0);
  }
  const LogisticFit fit = fit_logistic(features, outcomes, kRidge);
  ASSERT_TRUE(fit.converged);
  for (std::size_t j = 0; j < truth.size(); ++j) {
    const double se = fit.standard_error(static_cast<int>(j));
    // About 1/sqrt(n * var(x) * p(1-p)): a few hundredths here, not zero and not huge.
    EXPECT_GT(se, 0.005) << j;
    EXPECT_LT(se, 0.05) << j;
    EXPECT_NEAR(fit.coefficients[j], truth[j], 4 * se) << "coefficient " << j;
  }
}

TEST(BalanceFit, DrawsCountAsHalfAWin) {
  // Every game drawn: Red's log-odds are 0, whatever the features.
  std::vector<std::vector<double>> features = {{1}, {-1}, {2}, {0}};
  const LogisticFit fit = fit_logistic(features, {0.5, 0.5, 0.5, 0.5}, kRidge);
  EXPECT_NEAR(fit.coefficients[0], 0.0, 1e-9);
  EXPECT_NEAR(fit.coefficients[1], 0.0, 1e-9);
}

TEST(BalanceFit, ACollinearFeatureStaysFinite) {
  // Two columns always equal: the ridge splits their effect between them.
  Rng rng(3);
  std::vector<std::vector<double>> features;
  std::vector<double> outcomes;
  for (int row = 0; row < 2000; ++row) {
    const double x = static_cast<double>(rng.below(3)) - 1.0;
    features.push_back({x, x});
    outcomes.push_back(rng.unit() < logistic(0.8 * x) ? 1.0 : 0.0);
  }
  const LogisticFit fit = fit_logistic(features, outcomes, kRidge);
  ASSERT_TRUE(fit.converged);
  EXPECT_NEAR(fit.coefficients[1], fit.coefficients[2], 1e-6);
  EXPECT_NEAR(fit.coefficients[1] + fit.coefficients[2], 0.8, 0.2);
}

// Games whose winner follows a known model: every unit worth `rate` log-odds per point except
// the planted one, worth 1.5 times its cost. analyze() must find the rate and reprice only it.
TEST(BalanceFit, AnalysisFindsAPlantedUnitOnSyntheticGames) {
  const std::vector<BalanceUnit> catalog = {
      {"a", "Alpha", 100}, {"b", "Bravo", 150}, {"c", "Charlie", 200}, {"d", "Delta", 120}};
  const double rate = 0.01;                                // log-odds per point
  const std::vector<double> worth = {100, 150, 300, 120};  // Charlie plays like 300 points
  Rng rng(5);
  std::vector<sim::GameResult> games;
  for (int g = 0; g < 20000; ++g) {
    sim::GameResult game;
    game.index = g;
    double eta = 0;
    for (int side = 0; side < 2; ++side) {
      int budget = 600 - static_cast<int>(rng.below(120));
      while (true) {
        std::vector<int> fitting;
        for (int u = 0; u < 4; ++u)
          if (catalog[u].points <= budget) fitting.push_back(u);
        if (fitting.empty()) break;
        const int u = rng.pick(fitting);
        budget -= catalog[u].points;
        game.units.push_back({.name = catalog[u].name, .side = side, .points = catalog[u].points});
        eta += (side == 0 ? 1 : -1) * rate * worth[u];
      }
    }
    game.winner = rng.unit() < logistic(eta) ? 0 : 1;
    games.push_back(std::move(game));
  }
  const BalanceAnalysis analysis = analyze(catalog, games);
  EXPECT_NEAR(analysis.rate, rate * 1.1, rate * 0.25);  // the average point includes Charlie's
  EXPECT_TRUE(analysis.rate_identified);
  EXPECT_FALSE(analysis.intercept_significant);
  ASSERT_EQ(analysis.units.front().id, "c") << "the furthest off comes first";
  const UnitBalance& charlie = analysis.units.front();
  EXPECT_TRUE(charlie.off);
  EXPECT_GT(charlie.suggested_low, 200);
  for (const UnitBalance& unit : analysis.units) {
    if (unit.id == "c") continue;
    EXPECT_GT(unit.value_per_point, 0) << unit.id;
    EXPECT_LT(unit.value_per_point, charlie.value_per_point) << unit.id;
  }
}

// Counted by hand: x = -1, -1, 1, 1 (with the intercept, X'X = 4 I, so the bread is I / 4),
// residuals 1, -1, 1, -1, so the rows' scores are (1, -1), (-1, 1), (1, 1), (-1, -1).
TEST(BalanceFit, TheSandwichCarriesTheSmallSampleCorrection) {
  const std::vector<std::vector<double>> bread = {{0.25, 0.0}, {0.0, 0.25}};
  const std::vector<std::vector<double>> features = {{-1.0}, {-1.0}, {1.0}, {1.0}};
  const std::vector<double> residuals = {1.0, -1.0, 1.0, -1.0};
  // Each row its own cluster: the meat is 4 I, the plain sandwich I / 4, times N / (N - K) = 2.
  const auto rows = sandwich_covariance(bread, features, residuals, {});
  EXPECT_DOUBLE_EQ(rows[0][0], 0.5);
  EXPECT_DOUBLE_EQ(rows[1][1], 0.5);
  EXPECT_DOUBLE_EQ(rows[0][1], 0.0);
  // Rows 1 and 3, 2 and 4 paired: the clusters' scores are (2, 0) and (-2, 0), the meat
  // diag(8, 0), the plain sandwich diag(0.5, 0), times G/(G - 1) x (N - 1)/(N - K) = 2 x 3/2.
  const auto pairs = sandwich_covariance(bread, features, residuals, {0, 1, 0, 1});
  EXPECT_DOUBLE_EQ(pairs[0][0], 1.5);
  EXPECT_DOUBLE_EQ(pairs[1][1], 0.0);
}

}  // namespace
}  // namespace warband::balance
