// Holds an exact distribution against seeded Monte Carlo samples of the same quantity (DESIGN.md
// habit 10): every sampled value must be a possible outcome, and each outcome's frequency must lie
// within five standard errors of its probability, |p̂ - p| <= 5 sqrt(p (1 - p) / N) + 1e-9.
// Outcomes expected fewer than five times are pooled into one, so that a long thin tail (one
// sample where 0.01 were expected) is judged as the tail it is, not outcome by outcome.
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <vector>

#include "core/distribution.h"

namespace warband::testing {

inline void expect_within_standard_error(double observed, double p, double n, const char* what,
                                         int value) {
  EXPECT_NEAR(observed, p, 5 * std::sqrt(p * (1 - p) / n) + 1e-9) << what << " " << value;
}

inline void expect_samples_agree(const Distribution& exact, const std::vector<int>& samples) {
  ASSERT_FALSE(samples.empty());
  const double n = static_cast<double>(samples.size());
  std::map<int, int> counts;
  for (int value : samples) {
    EXPECT_GT(exact.probability(value), 0.0) << "sampled an impossible " << value;
    ++counts[value];
  }
  double rare_p = 0, rare_count = 0;
  for (const auto& [value, p] : exact.outcomes()) {
    if (n * p < 5) {
      rare_p += p;
      rare_count += counts[value];
      continue;
    }
    expect_within_standard_error(counts[value] / n, p, n, "value", value);
  }
  if (rare_p > 0) expect_within_standard_error(rare_count / n, rare_p, n, "rare outcomes", 0);
}

}  // namespace warband::testing
