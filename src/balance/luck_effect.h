// What the margin fit's luck column did (AnalysisOptions::luck_column, margin_fit.h), as a report
// and --measure-rate say it: the luck's coefficient, the share of the margin's residual variance
// it took out, and the rate's standard error with and without it on the same games.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

namespace warband::balance {

struct LuckEffect {
  bool fitted = false;
  double coefficient = 0, coefficient_se = 0;  // margin per unit of margin luck
  double variance_reduction = 0;               // luck's partial R^2 of the margin
  double rate_se_without = 0;  // the rate's standard error fitted without the column
};

// (se without / se with)^2: how many games without the column give the interval one game gives
// with it. 0 when either is unknown.
double luck_evidence_ratio(const LuckEffect& luck, double rate_se);

// One sentence (no trailing newline), e.g. "the luck column: coefficient +1.52 ± 0.03, 41% of the
// margin's residual variance; the rate's se 0.0023 without it, 0.0018 with (1.63 times the
// evidence a game)"; "" when not fitted. `per` scales the rate's se (100 for per 100 points).
std::string luck_effect_words(const LuckEffect& luck, double rate_se, double per);
nlohmann::json luck_effect_json(const LuckEffect& luck, double rate_se);

}  // namespace warband::balance
