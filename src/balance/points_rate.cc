#include "balance/points_rate.h"

#include <cmath>

#include "balance/balance_analysis.h"
#include "balance/logistic_fit.h"
#include "balance/margin_fit.h"

namespace warband::balance {

double PointsRate::t_per_root_game() const {
  if (games <= 0 || rate_se <= 0) return 0;
  return rate / rate_se / std::sqrt(static_cast<double>(games));
}

PointsRate fit_points_rate(const std::vector<sim::GameResult>& games) {
  return fit_points_rate(games, AnalysisOptions{});
}

PointsRate fit_points_rate(const std::vector<sim::GameResult>& games,
                           const AnalysisOptions& options) {
  PointsRate out;
  out.outcome = options.outcome;
  out.games = static_cast<std::int64_t>(games.size());
  std::vector<std::vector<double>> features;
  std::vector<double> outcomes;
  double sum = 0, squares = 0, score = 0;
  for (const sim::GameResult& game : games) {
    double difference = 0;
    for (const sim::UnitResult& unit : game.units) {
      difference += unit.side == 0 ? unit.points : -unit.points;
      out.priced = out.priced || unit.points != 0;
    }
    difference /= 100.0;  // per 100 points
    features.push_back({difference});
    outcomes.push_back(red_outcome(game, options.outcome, options.reference_prices));
    score += outcomes.back();
    sum += difference;
    squares += difference * difference;
  }
  if (games.empty()) return out;
  const double n = static_cast<double>(games.size());
  out.red_score = score / n;
  out.difference_sd = 100.0 * std::sqrt(std::max(0.0, squares / n - (sum / n) * (sum / n)));
  out.identified = out.difference_sd > 0;
  if (!out.identified) return out;
  // No ridge: a single well-spread column needs no prior, and one would pull r towards 0.
  LuckColumnFit luck;
  const LogisticFit fit = fit_outcome(features, outcomes, 0.0, options, games, &luck);
  if (luck.fitted)
    out.luck = {.fitted = true,
                .coefficient = luck.coefficient,
                .coefficient_se = luck.coefficient_se,
                .variance_reduction = luck.variance_reduction,
                .rate_se_without = luck.without.standard_error(1)};
  out.converged = fit.converged;
  out.intercept = fit.coefficients[0];
  out.intercept_se = fit.standard_error(0);
  out.rate = fit.coefficients[1];
  out.rate_se = fit.standard_error(1);
  out.rate_low = out.rate - kZ95 * out.rate_se;
  out.rate_high = out.rate + kZ95 * out.rate_se;
  return out;
}

}  // namespace warband::balance
