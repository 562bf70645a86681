// The fits balance reads a game's outcome with: the result by logistic regression
// (logistic_fit.h), the margin (margin_outcome.h) by least squares on the same columns. Both give
// coefficients and their covariance in the same shape, so every value, rate and suggested cost
// downstream is computed one way whichever the outcome (docs/sim.md, "Pricing from the margin").
#pragma once

#include <vector>

#include "balance/balance_analysis.h"
#include "balance/logistic_fit.h"
#include "sim/match.h"

namespace warband::balance {

// Least squares of `outcomes` on an intercept and `features`, with ridge * b_j^2 added for every
// coefficient but the intercept (as fit_logistic's, so that a column that never varies still
// gives a finite fit). The covariance is the classical s^2 (X'X + ridge)^-1, s^2 the residuals'
// mean square. Returned as a LogisticFit: the same coefficients and covariance, one iteration.
LogisticFit fit_least_squares(const std::vector<std::vector<double>>& features,
                              const std::vector<double>& outcomes, double ridge);

// The sandwich covariance of a least-squares fit, clustered as robust_covariance's: it reads the
// residuals' actual spread, game by game (a margin's spread differs between close and lopsided
// games), and a mirrored pair as one cluster.
std::vector<std::vector<double>> robust_covariance_least_squares(
    const LogisticFit& fit, const std::vector<std::vector<double>>& features,
    const std::vector<double>& outcomes, double ridge, const std::vector<long>& clusters = {});

// The margin fit's luck column (AnalysisOptions::luck_column): each game's measured luck on the
// margin's scale (GameResult::margin_luck: V Red's points margin) as one more regressor, its
// coefficient fitted. Luck has mean 0 whatever the
// lists, so the other coefficients keep their expectation while the residual variance falls by
// the share luck explains: a regression-adjusted control variate (docs/sim.md "Variance
// reduction").
struct LuckColumnFit {
  bool fitted = false;                         // margin, luck_column, and some game's luck not 0
  double coefficient = 0, coefficient_se = 0;  // margin per unit of margin luck (about 1)
  // 1 - (residual sum of squares with the column) / (without): luck's partial R^2.
  double variance_reduction = 0;
  LogisticFit without;  // the same fit (and covariance) without the column, on the same games
};

// Fits rows of `features` (one per game of `games`, in order) to `outcomes` as options.outcome
// says: the result logistically, the margin by least squares; with options.robust the sandwich
// covariance, a mirrored pair (games 2k and 2k+1) one cluster when options.paired. With the
// margin and options.luck_column, the luck column is fitted too and left out of the fit returned
// (its coefficients and covariance are the other columns', as without it); `luck`, if given,
// says what it did.
LogisticFit fit_outcome(const std::vector<std::vector<double>>& features,
                        const std::vector<double>& outcomes, double ridge,
                        const AnalysisOptions& options, const std::vector<sim::GameResult>& games,
                        LuckColumnFit* luck = nullptr);

}  // namespace warband::balance
