#include "core/odds_report.h"

#include <cmath>

#include "core/error.h"

namespace warband {
namespace {

// What a query's probabilities may add up to beyond 1 before it counts as a bug in the query.
constexpr double kTotalTolerance = 1e-9;

// A query whose probabilities do not add up to 1 is a bug in it, not bad input.
void check_total(const OddsReport& report) {
  double total = 0;
  for (const auto& [value, p] : report.result.exact.outcomes())
    total += p;
  if (!(std::abs(total - 1) <= kTotalTolerance))
    fail_check(__FILE__, __LINE__,
               fmt::format("the odds for '{}' add up to {}, not 1", report.ruleset, total));
}

}  // namespace

OddsReport run_odds_query(const std::string& ruleset, const OddsQuery& query, const OddsArgs& args,
                          int samples, std::uint64_t seed) {
  if (samples > 0 && !query.sample)
    throw InputError("--samples",
                     fmt::format("the odds for '{}' have no Monte Carlo sampler", ruleset));
  OddsReport report{ruleset, query.compute(args), std::nullopt};
  check_total(report);
  if (samples > 0) {
    Rng rng(seed);
    const std::vector<int> values = query.sample(args, rng, samples);
    WB_CHECK_EQ(values.size(), static_cast<std::size_t>(samples));
    report.monte_carlo = MonteCarlo{samples, seed, empirical(values)};
  }
  return report;
}

}  // namespace warband
