#include "balance/ratio_interval.h"

#include <cmath>

#include <algorithm>

#include "balance/logistic_fit.h"
#include "core/error.h"

namespace warband::balance {

namespace {

double weighted_sum(const std::vector<double>& x, const std::vector<double>& y) {
  double sum = 0;
  for (std::size_t i = 0; i < x.size(); ++i)
    sum += x[i] * y[i];
  return sum;
}

// x' C y: the covariance of x . coefficients and y . coefficients (variance_along is x' C x).
double covariance_between(const std::vector<double>& x, const std::vector<double>& y,
                          const std::vector<std::vector<double>>& covariance) {
  double sum = 0;
  for (std::size_t i = 0; i < x.size(); ++i)
    for (std::size_t j = 0; j < y.size(); ++j)
      sum += x[i] * covariance[i][j] * y[j];
  return sum;
}

}  // namespace

RatioInterval ratio_interval(const std::vector<double>& numerator,
                             const std::vector<double>& denominator,
                             const std::vector<double>& coefficients,
                             const std::vector<std::vector<double>>& covariance, double z) {
  WB_CHECK_EQ(numerator.size(), coefficients.size());
  WB_CHECK_EQ(denominator.size(), coefficients.size());
  const double a = weighted_sum(numerator, coefficients),
               b = weighted_sum(denominator, coefficients);
  WB_CHECK(b != 0);
  const double var_a = variance_along(numerator, covariance);
  const double var_b = variance_along(denominator, covariance);
  const double cov_ab = covariance_between(numerator, denominator, covariance);
  RatioInterval interval{.estimate = a / b};
  // (a - t b)^2 <= z^2 (var_a - 2 t cov_ab + t^2 var_b), as quad t^2 - 2 half t + constant <= 0.
  const double z2 = z * z;
  const double quad = b * b - z2 * var_b;
  const double half = a * b - z2 * cov_ab;
  const double constant = a * a - z2 * var_a;
  const double discriminant = half * half - quad * constant;
  if (quad > 0 && discriminant >= 0) {
    // b clear of 0: a bounded interval around a / b.
    const double root = std::sqrt(discriminant);
    interval.low = (half - root) / quad;
    interval.high = (half + root) / quad;
    interval.fieller = true;
    return interval;
  }
  // The set is unbounded (b not clear of 0 at this level): the delta method's symmetric interval,
  // which the callers already mark as not identified.
  const double t = interval.estimate;
  const double variance = std::max(0.0, var_a - 2 * t * cov_ab + t * t * var_b) / (b * b);
  interval.low = t - z * std::sqrt(variance);
  interval.high = t + z * std::sqrt(variance);
  return interval;
}

}  // namespace warband::balance
