// The formula fit validated on synthetic games whose outcomes come from a known logistic model:
// the fit recovers each term's value per point, flags a mispriced term in the right direction
// and suggests a number on the right side of the current one.
#include "balance/formula_analysis.h"

#include <gtest/gtest.h>

#include <cmath>

#include "balance/logistic_fit.h"
#include "core/rng.h"

namespace warband::balance {
namespace {

// Two families sharing out each side's cost, like a spell's effects and its area: every "spell"
// of power p puts p into one effect term and p into one area term.
std::vector<FormulaTerm> synthetic_terms() {
  return {
      {.family = "effect", .id = "fair", .name = "Fair", .current = 5},
      {.family = "effect", .id = "cheap", .name = "Cheap", .current = 10},
      {.family = "effect", .id = "dear", .name = "Dear", .current = 8},
      {.family = "effect", .id = "fair2", .name = "Fair too", .current = 2},
      {.family = "area", .id = "one", .name = "One", .current = 1},
      {.family = "area", .id = "two", .name = "Two", .current = 2.5, .suggest = "bonus"},
  };
}

struct Synthetic {
  std::vector<FormulaPoints> points;
  std::vector<double> results;
};

// Red's log-odds: intercept + sum over effect terms of per_point[t] x (Red - Blue points of t).
Synthetic formula_play(const std::vector<double>& per_point, double intercept, int games,
                       std::uint64_t seed) {
  Rng rng(seed);
  Synthetic out;
  for (int g = 0; g < games; ++g) {
    FormulaPoints points;
    double eta = intercept;
    for (int side = 0; side < 2; ++side) {
      points[side].assign(6, 0.0);
      const int spells = 1 + static_cast<int>(rng.below(5));
      for (int s = 0; s < spells; ++s) {
        const double power = 5 + static_cast<double>(rng.below(30));
        const std::size_t effect = rng.below(4);
        points[side][effect] += power;
        points[side][4 + rng.below(2)] += power;
        eta += (side == 0 ? 1 : -1) * per_point[effect] * power;
      }
    }
    out.points.push_back(points);
    out.results.push_back(rng.unit() < logistic(eta) ? 1.0 : 0.0);
  }
  return out;
}

TEST(FormulaFit, RecoversEachTermsValueAndFlagsTheMispricedOnes) {
  // "Cheap" wins half again as much per point as the rest, "Dear" half as much.
  const std::vector<double> truth = {0.02, 0.03, 0.01, 0.02};
  const Synthetic games = formula_play(truth, 0.2, 20000, 6);
  const FormulaAnalysis fit = analyze_formula(synthetic_terms(), games.points, games.results);
  ASSERT_EQ(fit.terms.size(), 6u);
  ASSERT_EQ(fit.families.size(), 2u);
  EXPECT_EQ(fit.families[0].family, "effect");
  EXPECT_TRUE(fit.rate_identified);
  for (std::size_t t = 0; t < truth.size(); ++t) {
    const TermBalance& term = fit.terms[t];
    ASSERT_TRUE(term.estimable) << term.term.name;
    EXPECT_LE(term.value_low, truth[t]) << term.term.name;
    EXPECT_GE(term.value_high, truth[t]) << term.term.name;
    EXPECT_LT(term.value_high - term.value_low, 0.01) << term.term.name;
  }
  // The average point is the points-weighted mean of the values: 0.02 here (equal exposure).
  EXPECT_NEAR(fit.families[0].rate, 0.02, 0.002);
  EXPECT_EQ(fit.terms[0].priced, "fair");
  EXPECT_EQ(fit.terms[1].priced, "too low");   // worth more than the formula charges
  EXPECT_EQ(fit.terms[2].priced, "too high");  // worth less
  EXPECT_EQ(fit.terms[3].priced, "fair");
  // Suggested: now x value / average, so 10 x 1.5 = 15 and 8 x 0.5 = 4, within their intervals.
  ASSERT_TRUE(fit.terms[1].has_suggestion);
  EXPECT_LE(fit.terms[1].suggested_low, 15.0);
  EXPECT_GE(fit.terms[1].suggested_high, 15.0);
  EXPECT_GT(fit.terms[1].suggested_low, 10.0);
  EXPECT_LE(fit.terms[2].suggested_low, 4.0);
  EXPECT_GE(fit.terms[2].suggested_high, 4.0);
  EXPECT_LT(fit.terms[2].suggested_high, 8.0);
  // The areas are priced fairly in the truth: neither is flagged.
  EXPECT_EQ(fit.terms[4].priced, "fair");
  EXPECT_EQ(fit.terms[5].priced, "fair");
  // A "bonus" multiplier's suggestion is 1 + bonus x value / average: near its current 2.5.
  EXPECT_LE(fit.terms[5].suggested_low, 2.5);
  EXPECT_GE(fit.terms[5].suggested_high, 2.5);
}

// The intervals are what they say: over 60 runs of 5,000 games each term's 95% interval holds its
// true value about 57 times (measured 56 to 59); 52 is three standard deviations below.
TEST(FormulaFit, IntervalsCoverTheTruthAboutNineteenTimesInTwenty) {
  const std::vector<double> truth = {0.02, 0.03, 0.01, 0.02};
  constexpr int kRuns = 60;
  std::vector<int> covered(truth.size(), 0);
  for (int run = 0; run < kRuns; ++run) {
    const Synthetic games = formula_play(truth, 0.2, 5000, 1000 + run);
    const FormulaAnalysis fit = analyze_formula(synthetic_terms(), games.points, games.results);
    for (std::size_t t = 0; t < truth.size(); ++t)
      covered[t] += fit.terms[t].value_low <= truth[t] && truth[t] <= fit.terms[t].value_high;
  }
  for (std::size_t t = 0; t < truth.size(); ++t) {
    EXPECT_GE(covered[t], 52) << "term " << t;
    EXPECT_LE(covered[t], kRuns) << "term " << t;
  }
}

TEST(FormulaFit, ATermNeverDrawnIsNotEstimableAndMakesNoSuggestion) {
  Synthetic games = formula_play({0.02, 0.02, 0.02, 0.02}, 0, 2000, 8);
  for (FormulaPoints& points : games.points)
    for (int side = 0; side < 2; ++side)
      points[side][3] = 0;  // "Fair too" never fielded
  const FormulaAnalysis fit = analyze_formula(synthetic_terms(), games.points, games.results);
  EXPECT_FALSE(fit.terms[3].estimable);
  EXPECT_EQ(fit.terms[3].priced, "unknown");
  EXPECT_FALSE(fit.terms[3].has_suggestion);
  EXPECT_EQ(fit.terms[3].games, 0);
  EXPECT_TRUE(fit.terms[0].estimable);
}

TEST(FormulaFit, CoinFlipResultsLeaveTheRateUnidentified) {
  // Cost has nothing to do with who wins (a bot too weak to use what it has).
  Synthetic games = formula_play({0, 0, 0, 0}, 0, 3000, 13);
  const FormulaAnalysis fit = analyze_formula(synthetic_terms(), games.points, games.results);
  EXPECT_FALSE(fit.rate_identified);
  EXPECT_LE(fit.rate_low, 0.0);
  EXPECT_GE(fit.rate_high, 0.0);
}

}  // namespace
}  // namespace warband::balance
