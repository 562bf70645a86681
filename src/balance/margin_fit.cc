#include "balance/margin_fit.h"

#include <algorithm>

#include "core/error.h"

namespace warband::balance {
namespace {

// (X'X + ridge)^-1, X with the intercept's column of ones first; the ridge spares the intercept.
std::vector<std::vector<double>> penalised_normal_inverse(
    const std::vector<std::vector<double>>& features, std::size_t k, double ridge) {
  std::vector<std::vector<double>> normal(k, std::vector<double>(k, 0.0));
  std::vector<double> x(k, 1.0);
  for (const std::vector<double>& row : features) {
    WB_CHECK_EQ(row.size() + 1, k);
    std::copy(row.begin(), row.end(), x.begin() + 1);
    for (std::size_t i = 0; i < k; ++i) {
      if (x[i] == 0.0) continue;
      for (std::size_t j = 0; j <= i; ++j)
        normal[i][j] += x[i] * x[j];
    }
  }
  for (std::size_t i = 0; i < k; ++i)
    for (std::size_t j = 0; j < i; ++j)
      normal[j][i] = normal[i][j];
  for (std::size_t i = 1; i < k; ++i)
    normal[i][i] += ridge;
  if (normal[0][0] <= 0) normal[0][0] = 1e-12;  // no games: the intercept stays 0
  return invert(std::move(normal));
}

std::vector<double> least_squares_residuals(const LogisticFit& fit,
                                            const std::vector<std::vector<double>>& features,
                                            const std::vector<double>& outcomes) {
  std::vector<double> residuals;
  residuals.reserve(features.size());
  for (std::size_t row = 0; row < features.size(); ++row) {
    double fitted = fit.coefficients[0];
    for (std::size_t j = 0; j < features[row].size(); ++j)
      fitted += fit.coefficients[j + 1] * features[row][j];
    residuals.push_back(outcomes[row] - fitted);
  }
  return residuals;
}

}  // namespace

LogisticFit fit_least_squares(const std::vector<std::vector<double>>& features,
                              const std::vector<double>& outcomes, double ridge) {
  WB_CHECK_EQ(features.size(), outcomes.size());
  const std::size_t k = 1 + (features.empty() ? 0 : features.front().size());
  const std::vector<std::vector<double>> inverse = penalised_normal_inverse(features, k, ridge);
  std::vector<double> moments(k, 0.0);  // X'y
  for (std::size_t row = 0; row < features.size(); ++row) {
    moments[0] += outcomes[row];
    for (std::size_t j = 0; j < features[row].size(); ++j)
      moments[j + 1] += features[row][j] * outcomes[row];
  }
  LogisticFit fit;
  fit.coefficients.assign(k, 0.0);
  for (std::size_t i = 0; i < k; ++i)
    for (std::size_t j = 0; j < k; ++j)
      fit.coefficients[i] += inverse[i][j] * moments[j];
  fit.iterations = 1;
  fit.converged = true;
  double squares = 0;
  for (double residual : least_squares_residuals(fit, features, outcomes))
    squares += residual * residual;
  const double n = static_cast<double>(features.size());
  const double mean_square =
      n > static_cast<double>(k) ? squares / (n - static_cast<double>(k)) : 1.0;
  fit.covariance = inverse;
  for (std::vector<double>& row : fit.covariance)
    for (double& cell : row)
      cell *= mean_square;
  return fit;
}

std::vector<std::vector<double>> robust_covariance_least_squares(
    const LogisticFit& fit, const std::vector<std::vector<double>>& features,
    const std::vector<double>& outcomes, double ridge, const std::vector<long>& clusters) {
  WB_CHECK_EQ(features.size(), outcomes.size());
  return sandwich_covariance(penalised_normal_inverse(features, fit.coefficients.size(), ridge),
                             features, least_squares_residuals(fit, features, outcomes), clusters);
}

LogisticFit fit_outcome(const std::vector<std::vector<double>>& features,
                        const std::vector<double>& outcomes, double ridge,
                        const AnalysisOptions& options, const std::vector<sim::GameResult>& games) {
  WB_CHECK_EQ(features.size(), games.size());
  const bool margin = options.outcome == Outcome::kMargin;
  LogisticFit fit = margin ? fit_least_squares(features, outcomes, ridge)
                           : fit_logistic(features, outcomes, ridge);
  if (!options.robust) return fit;
  std::vector<long> clusters;
  if (options.paired)
    for (const sim::GameResult& game : games)
      clusters.push_back(static_cast<long>(game.index / 2));
  fit.covariance = margin
                       ? robust_covariance_least_squares(fit, features, outcomes, ridge, clusters)
                       : robust_covariance(fit, features, outcomes, clusters);
  return fit;
}

}  // namespace warband::balance
