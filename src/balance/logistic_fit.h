// Logistic regression by Newton's method (IRLS) with a small ridge: the model balance fits of a
// game's result on what each side brought.
#pragma once

#include <cmath>
#include <vector>

namespace warband::balance {

// The logistic function: the probability a log-odds of `eta` stands for.
inline double logistic(double eta) {
  return 1.0 / (1.0 + std::exp(-eta));
}

struct LogisticFit {
  // coefficients[0] is the intercept, then one per feature column.
  std::vector<double> coefficients;
  // The inverse of the (penalised) Fisher information at the fit: the coefficients' covariance.
  std::vector<std::vector<double>> covariance;
  int iterations = 0;
  bool converged = false;

  double standard_error(int i) const;
};

// Fits P(outcome) = 1 / (1 + exp(-(b0 + sum_j b_j x_j))) to rows of `features` (each of the same
// length) and `outcomes` in [0, 1] (a fractional outcome, a draw as 0.5, counts as that much of a
// win: quasi-likelihood). `ridge` adds ridge/2 * b_j^2 to the negative log-likelihood for every
// coefficient but the intercept, so that a feature that never varies or two that always move
// together still give a finite fit.
LogisticFit fit_logistic(const std::vector<std::vector<double>>& features,
                         const std::vector<double>& outcomes, double ridge);

// The sandwich (robust) covariance of a fit: I^-1 (sum over clusters of s s') I^-1, with s a
// cluster's score sum(x (y - mu)) and I the penalised information. It reads the residuals'
// actual spread, so an outcome less noisy than a coin (a luck-adjusted result, docs/sim.md
// "Variance reduction") gets the narrower interval it earns, and games that share a cluster (a
// mirrored pair) count as correlated. `clusters[row]` names each row's cluster (empty: each row
// its own).
std::vector<std::vector<double>> robust_covariance(const LogisticFit& fit,
                                                   const std::vector<std::vector<double>>& features,
                                                   const std::vector<double>& outcomes,
                                                   const std::vector<long>& clusters = {});

// The sandwich I^-1 (sum over clusters of s s') I^-1 of any fit whose score for a row is
// x * residual (x: 1 then the row's features), with the small-sample correction
// G/(G - 1) x (N - 1)/(N - K) (CR1): `bread` is I^-1, `residuals[row]` the row's outcome less its
// fitted mean. robust_covariance's, and the margin's linear fit's (margin_fit.h).
std::vector<std::vector<double>> sandwich_covariance(
    const std::vector<std::vector<double>>& bread, const std::vector<std::vector<double>>& features,
    const std::vector<double>& residuals, const std::vector<long>& clusters);

// The variance of g . b for fitted coefficients b with covariance C (the delta method): g' C g,
// never below 0.
double variance_along(const std::vector<double>& gradient,
                      const std::vector<std::vector<double>>& covariance);

// The inverse of a symmetric positive-definite matrix (Gauss-Jordan with partial pivoting).
std::vector<std::vector<double>> invert(std::vector<std::vector<double>> matrix);

}  // namespace warband::balance
