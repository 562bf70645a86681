// An odds query's report and how it is shown: a terminal table with bars, a JSON document, an SVG
// chart. `warband odds` and the server's /api/odds run and render a query through these alone, so
// both print the same figures. The renderers print no rule of their own.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "core/budget.h"
#include "core/distribution.h"
#include "core/odds.h"

namespace warband {

// The same quantity sampled through the ruleset's chance nodes (--samples N --seed S).
struct MonteCarlo {
  int samples = 0;
  std::uint64_t seed = 0;
  Distribution sampled;
};

struct OddsReport {
  std::string ruleset;
  OddsResult result;
  std::optional<MonteCarlo> monte_carlo;
};

// Computes `query` (ruleset `ruleset`'s) for `args` and, when `samples` > 0, samples it that many
// times with an Rng seeded with `seed`. InputError("--samples", ...) when the query has no sampler;
// a query whose probabilities do not add up to 1 is a broken invariant (InvariantError). Sampling
// asks the sampler for kSampleSlice samples at a time and checks `budget` between slices:
// BudgetExhausted when it runs out. A sampler must draw from its rng alone and keep nothing
// between calls, so that sample(n) then sample(m) gives what sample(n + m) would.
inline constexpr int kSampleSlice = 1024;
OddsReport run_odds_query(const std::string& ruleset, const OddsQuery& query, const OddsArgs& args,
                          int samples, std::uint64_t seed,
                          const Budget& budget = Budget::unlimited());

// The title, a table (value, probability, at least, at most, fraction when exact, sampled with
// Monte Carlo) with a bar per row, the mean and standard deviation, then the figures. With more
// than kMaxTableRows rows, runs of outcomes below kFoldBelow are folded into one "…" row that
// says how many it holds and their total.
inline constexpr std::size_t kMaxTableRows = 60;
inline constexpr double kFoldBelow = 1e-9;
std::string odds_text(const OddsReport& report);

// {"ruleset", "title", "outcome_label", "outcomes", "mean", "stdev", "exact", "figures",
//  "monte_carlo"?}, keys in that order.
nlohmann::ordered_json odds_json(const OddsReport& report);

// A standalone SVG bar chart: title, a bar per outcome (class "bar"), the value under the bars,
// the probability axis in %, and the sampled probabilities as dots with Monte Carlo.
std::string odds_svg(const OddsReport& report);

// "16.67%", "4.6e-05%", "99.99999%": enough digits to tell a tiny chance from none and a
// near-certainty from a certainty.
std::string format_percent(double probability);

}  // namespace warband
