#include "core/odds_report.h"

#include <algorithm>
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
                          int samples, std::uint64_t seed, const Budget& budget) {
  if (samples > 0 && !query.sample)
    throw InputError("--samples",
                     fmt::format("the odds for '{}' have no Monte Carlo sampler", ruleset));
  OddsReport report{ruleset, query.compute(args), std::nullopt};
  check_total(report);
  if (samples > 0) {
    Rng rng(seed);
    std::vector<int> values;
    values.reserve(static_cast<std::size_t>(samples));
    // In slices, so that a large request stops when its budget does; a sampler draws from `rng`
    // alone, so the slices give the values one call would (OddsQuery::sample).
    for (int done = 0; done < samples;) {
      check_budget(budget, "sampling");
      const int slice = std::min(kSampleSlice, samples - done);
      const std::vector<int> part = query.sample(args, rng, slice);
      WB_CHECK_EQ(part.size(), static_cast<std::size_t>(slice));
      values.insert(values.end(), part.begin(), part.end());
      done += slice;
    }
    report.monte_carlo = MonteCarlo{samples, seed, empirical(values)};
  }
  return report;
}

}  // namespace warband
