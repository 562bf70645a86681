#include "balance/formula_analysis.h"

#include <cmath>
#include <map>

#include "balance/balance_analysis.h"
#include "balance/logistic_fit.h"
#include "balance/ratio_interval.h"
#include "core/error.h"

namespace warband::balance {
namespace {

// The number that would price a term fairly, from its value per point over the average's.
double suggestion(const FormulaTerm& term, double ratio) {
  return term.suggest == "bonus" ? 1.0 + (term.current - 1.0) * ratio : term.current * ratio;
}

// Fits one family (`members`: indices into analysis.terms) and fills its terms' figures.
FamilyFit fit_family(const std::string& family, const std::vector<std::size_t>& members,
                     const std::vector<FormulaPoints>& points,
                     const std::vector<double>& red_results, FormulaAnalysis& analysis) {
  FamilyFit out;
  out.family = family;
  // The columns: members whose difference varies between games (a constant one is the
  // intercept's, and a term never drawn says nothing).
  std::vector<std::size_t> columns;
  for (std::size_t t : members) {
    bool varies = false;
    for (std::size_t g = 1; g < points.size() && !varies; ++g)
      varies = points[g][0][t] - points[g][1][t] != points[0][0][t] - points[0][1][t];
    if (varies) columns.push_back(t);
  }
  std::vector<std::vector<double>> features;
  for (const FormulaPoints& game : points) {
    std::vector<double> row;
    for (std::size_t t : columns)
      row.push_back(game[0][t] - game[1][t]);
    features.push_back(std::move(row));
  }
  const LogisticFit fit = fit_logistic(features, red_results, kRidge);
  out.converged = fit.converged;
  // The average point: w . b with w the share of the family's fielded points each term has.
  const std::size_t k = fit.coefficients.size();
  std::vector<double> weights(k, 0.0);
  double fielded = 0;
  for (std::size_t t : columns)
    fielded += analysis.terms[t].mean_points;
  for (std::size_t c = 0; c < columns.size() && fielded > 0; ++c)
    weights[c + 1] = analysis.terms[columns[c]].mean_points / fielded;
  for (std::size_t i = 0; i < k; ++i)
    out.rate += weights[i] * fit.coefficients[i];
  out.rate_se = std::sqrt(variance_along(weights, fit.covariance));
  out.rate_identified = !columns.empty() && out.rate > kZ95 * out.rate_se;
  for (std::size_t c = 0; c < columns.size(); ++c) {
    TermBalance& term = analysis.terms[columns[c]];
    const std::size_t i = c + 1;
    term.estimable = true;
    term.value = fit.coefficients[i];
    term.value_se = fit.standard_error(static_cast<int>(i));
    term.value_low = term.value - kZ95 * term.value_se;
    term.value_high = term.value + kZ95 * term.value_se;
    // excess = b_t - w . b: gradient e_t - w.
    std::vector<double> gradient(k, 0.0);
    for (std::size_t j = 0; j < k; ++j)
      gradient[j] = -weights[j];
    gradient[i] += 1.0;
    const double excess_half = kZ95 * std::sqrt(variance_along(gradient, fit.covariance));
    term.excess = term.value - out.rate;
    term.excess_low = term.excess - excess_half;
    term.excess_high = term.excess + excess_half;
    term.priced = term.excess_high < 0 ? "too high" : term.excess_low > 0 ? "too low" : "fair";
    // A number is suggested only against an average point clearly worth something.
    if (term.term.suggest == "none" || !out.rate_identified) continue;
    // ratio = b_t / r, its interval Fieller's (ratio_interval.h).
    std::vector<double> column(k, 0.0);
    column[i] = 1.0;
    const RatioInterval ratio =
        ratio_interval(column, weights, fit.coefficients, fit.covariance, kZ95);
    term.has_suggestion = true;
    term.suggested = suggestion(term.term, ratio.estimate);
    const double low = suggestion(term.term, ratio.low);
    const double high = suggestion(term.term, ratio.high);
    term.suggested_low = std::min(low, high);
    term.suggested_high = std::max(low, high);
  }
  return out;
}

}  // namespace

FormulaAnalysis analyze_formula(const std::vector<FormulaTerm>& terms,
                                const std::vector<FormulaPoints>& points,
                                const std::vector<double>& red_results) {
  WB_CHECK_EQ(points.size(), red_results.size());
  FormulaAnalysis analysis;
  std::vector<std::string> families;
  std::map<std::string, std::vector<std::size_t>> members;
  for (std::size_t t = 0; t < terms.size(); ++t) {
    analysis.terms.push_back({.term = terms[t]});
    if (members[terms[t].family].empty()) families.push_back(terms[t].family);
    members[terms[t].family].push_back(t);
  }
  const double games = static_cast<double>(points.size());
  for (const FormulaPoints& game : points) {
    for (int side = 0; side < 2; ++side)
      WB_CHECK_EQ(game[side].size(), terms.size());
    for (std::size_t t = 0; t < terms.size(); ++t) {
      analysis.terms[t].mean_points += (game[0][t] + game[1][t]) / (2 * games);
      analysis.terms[t].games += game[0][t] != 0 || game[1][t] != 0;
    }
  }
  if (families.empty()) return analysis;

  // The average point over everything: one column, the sides' totals (every family shares out
  // the same total; the first one's is summed).
  std::vector<std::vector<double>> totals;
  for (const FormulaPoints& game : points) {
    double difference = 0;
    for (std::size_t t : members[families.front()])
      difference += game[0][t] - game[1][t];
    for (std::size_t t : members[families.front()])
      analysis.mean_points += (game[0][t] + game[1][t]) / (2 * games);
    totals.push_back({difference});
  }
  const LogisticFit total_fit = fit_logistic(totals, red_results, kRidge);
  analysis.rate = total_fit.coefficients[1];
  analysis.rate_se = total_fit.standard_error(1);
  analysis.rate_low = analysis.rate - kZ95 * analysis.rate_se;
  analysis.rate_high = analysis.rate + kZ95 * analysis.rate_se;
  analysis.rate_identified = analysis.rate_low > 0;

  for (const std::string& family : families)
    analysis.families.push_back(fit_family(family, members[family], points, red_results, analysis));
  return analysis;
}

}  // namespace warband::balance
