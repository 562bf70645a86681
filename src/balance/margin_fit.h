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

// Fits rows of `features` (one per game of `games`, in order) to `outcomes` as options.outcome
// says: the result logistically, the margin by least squares; with options.robust the sandwich
// covariance, a mirrored pair (games 2k and 2k+1) one cluster when options.paired.
LogisticFit fit_outcome(const std::vector<std::vector<double>>& features,
                        const std::vector<double>& outcomes, double ridge,
                        const AnalysisOptions& options, const std::vector<sim::GameResult>& games);

}  // namespace warband::balance
