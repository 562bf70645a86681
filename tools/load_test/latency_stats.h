// Latency percentiles from every sample kept (no histogram buckets: a load test of a few minutes
// keeps at most a few million doubles, and sorting them is exact).
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <vector>

namespace warband::load {

struct LatencySummary {
  std::int64_t count = 0;
  double mean_ms = 0;
  double p50_ms = 0;
  double p90_ms = 0;
  double p99_ms = 0;
  double max_ms = 0;

  nlohmann::json to_json() const;
};

// The nearest-rank percentile (the smallest sample with at least p% of the samples at or below
// it) of samples sorted ascending; 0 for no samples. `p` is in [0, 100].
double percentile(const std::vector<double>& sorted, double p);

// Sorts `samples` (milliseconds) and summarises them.
LatencySummary summarize(std::vector<double> samples);

}  // namespace warband::load
