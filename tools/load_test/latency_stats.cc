#include "latency_stats.h"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "core/error.h"

namespace warband::load {

nlohmann::json LatencySummary::to_json() const {
  return {{"count", count},   {"mean_ms", mean_ms}, {"p50_ms", p50_ms},
          {"p90_ms", p90_ms}, {"p99_ms", p99_ms},   {"max_ms", max_ms}};
}

double percentile(const std::vector<double>& sorted, double p) {
  WB_CHECK(p >= 0 && p <= 100);
  if (sorted.empty()) return 0;
  // Rank ceil(p * n / 100), 1-based, at least 1 (p * n first: 90 * 100 / 100 is exactly 90).
  const auto n = static_cast<double>(sorted.size());
  auto rank = static_cast<std::size_t>(std::ceil(p * n / 100.0));
  rank = std::clamp<std::size_t>(rank, 1, sorted.size());
  return sorted[rank - 1];
}

LatencySummary summarize(std::vector<double> samples) {
  std::sort(samples.begin(), samples.end());
  LatencySummary summary;
  summary.count = static_cast<std::int64_t>(samples.size());
  if (samples.empty()) return summary;
  summary.mean_ms =
      std::accumulate(samples.begin(), samples.end(), 0.0) / static_cast<double>(samples.size());
  summary.p50_ms = percentile(samples, 50);
  summary.p90_ms = percentile(samples, 90);
  summary.p99_ms = percentile(samples, 99);
  summary.max_ms = samples.back();
  return summary;
}

}  // namespace warband::load
