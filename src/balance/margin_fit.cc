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

namespace {

LogisticFit fit_on_columns(const std::vector<std::vector<double>>& features,
                           const std::vector<double>& outcomes, double ridge,
                           const AnalysisOptions& options, const std::vector<long>& clusters) {
  const bool margin = options.outcome == Outcome::kMargin;
  LogisticFit fit = margin ? fit_least_squares(features, outcomes, ridge)
                           : fit_logistic(features, outcomes, ridge);
  if (!options.robust) return fit;
  fit.covariance = margin
                       ? robust_covariance_least_squares(fit, features, outcomes, ridge, clusters)
                       : robust_covariance(fit, features, outcomes, clusters);
  return fit;
}

double sum_of_squared_residuals(const LogisticFit& fit,
                                const std::vector<std::vector<double>>& features,
                                const std::vector<double>& outcomes) {
  double squares = 0;
  for (double residual : least_squares_residuals(fit, features, outcomes))
    squares += residual * residual;
  return squares;
}

}  // namespace

LogisticFit fit_outcome(const std::vector<std::vector<double>>& features,
                        const std::vector<double>& outcomes, double ridge,
                        const AnalysisOptions& options, const std::vector<sim::GameResult>& games,
                        LuckColumnFit* luck) {
  WB_CHECK_EQ(features.size(), games.size());
  std::vector<long> clusters;
  if (options.robust && options.paired)
    for (const sim::GameResult& game : games)
      clusters.push_back(static_cast<long>(game.index / 2));
  LogisticFit without = fit_on_columns(features, outcomes, ridge, options, clusters);
  const bool measured = std::any_of(games.begin(), games.end(), [](const sim::GameResult& game) {
    return game.margin_luck != 0.0;
  });
  if (options.outcome != Outcome::kMargin || !options.luck_column || !measured) {
    if (luck) *luck = {};
    return without;
  }
  // The luck on the margin's scale (GameResult::margin_luck), last, so that every other column
  // keeps its index.
  std::vector<std::vector<double>> with_luck = features;
  for (std::size_t g = 0; g < games.size(); ++g)
    with_luck[g].push_back(games[g].margin_luck);
  LogisticFit fit = fit_on_columns(with_luck, outcomes, ridge, options, clusters);
  const std::size_t last = fit.coefficients.size() - 1;
  LuckColumnFit column;
  column.fitted = true;
  column.coefficient = fit.coefficients[last];
  column.coefficient_se = fit.standard_error(static_cast<int>(last));
  const double before = sum_of_squared_residuals(without, features, outcomes);
  const double after = sum_of_squared_residuals(fit, with_luck, outcomes);
  column.variance_reduction = before > 0 ? 1.0 - after / before : 0.0;
  fit.coefficients.pop_back();
  fit.covariance.pop_back();
  for (std::vector<double>& row : fit.covariance)
    row.pop_back();
  column.without = std::move(without);
  if (luck) *luck = std::move(column);
  return fit;
}

}  // namespace warband::balance
