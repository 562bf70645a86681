// The interval of a ratio of two fitted quantities (issue 20): a suggested cost is a unit's value
// over the rate (the average point's value), a card's worth its value over the rate. The delta
// method's symmetric interval under-covers when the rate is itself uncertain (a rate 4 standard
// errors from 0 still leaves the ratio skewed): over 20 plant seeds of a shipped ruleset's
// random-bot margin it covered the truth 86 times in 100 where 93.5 were due (docs/sim.md, "What
// recovered means"). Fieller's interval is exact for normal estimates: the values of t with
// (a - t b)^2 <= z^2 Var(a - t b).
#pragma once

#include <vector>

namespace warband::balance {

struct RatioInterval {
  double estimate = 0;  // a / b
  double low = 0, high = 0;
  bool fieller = false;  // false: b is not clear of 0, the delta method's interval instead
};

// a = numerator . coefficients and b = denominator . coefficients, with the coefficients'
// covariance; z the normal quantile (kZ95). b must not be 0.
RatioInterval ratio_interval(const std::vector<double>& numerator,
                             const std::vector<double>& denominator,
                             const std::vector<double>& coefficients,
                             const std::vector<std::vector<double>>& covariance, double z);

}  // namespace warband::balance
