#include "balance/luck_effect.h"

#include <fmt/format.h>

#include "balance/balance_analysis.h"  // kZ95

namespace warband::balance {

double luck_evidence_ratio(const LuckEffect& luck, double rate_se) {
  if (!luck.fitted || rate_se <= 0 || luck.rate_se_without <= 0) return 0;
  const double ratio = luck.rate_se_without / rate_se;
  return ratio * ratio;
}

std::string luck_effect_words(const LuckEffect& luck, double rate_se, double per) {
  if (!luck.fitted) return "";
  return fmt::format(
      "the luck column: coefficient {:+.3f} ± {:.3f} (95%) margin per unit of luck, {:.0f}% of the "
      "margin's residual variance; the rate's se {:.4f} without it, {:.4f} with ({:.2f} times "
      "the evidence a game)",
      luck.coefficient, kZ95 * luck.coefficient_se, 100 * luck.variance_reduction,
      luck.rate_se_without * per, rate_se * per, luck_evidence_ratio(luck, rate_se));
}

nlohmann::json luck_effect_json(const LuckEffect& luck, double rate_se) {
  if (!luck.fitted) return nullptr;
  return {{"coefficient", luck.coefficient},
          {"coefficient_se", luck.coefficient_se},
          {"variance_reduction", luck.variance_reduction},
          {"rate_se_without", luck.rate_se_without},
          {"rate_se_with", rate_se},
          {"evidence_ratio", luck_evidence_ratio(luck, rate_se)}};
}

}  // namespace warband::balance
