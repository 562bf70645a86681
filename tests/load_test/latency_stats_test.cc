// The load test's percentiles: nearest rank over every sample, checked on small sets by hand.
#include "tools/load_test/latency_stats.h"

#include <gtest/gtest.h>

#include <numeric>

namespace warband::load {
namespace {

TEST(LoadLatency, NearestRankPercentiles) {
  std::vector<double> hundred(100);
  std::iota(hundred.begin(), hundred.end(), 1.0);  // 1 .. 100
  EXPECT_EQ(percentile(hundred, 50), 50);
  EXPECT_EQ(percentile(hundred, 90), 90);
  EXPECT_EQ(percentile(hundred, 99), 99);
  EXPECT_EQ(percentile(hundred, 100), 100);
  EXPECT_EQ(percentile(hundred, 0), 1);
  // Rank ceil(0.995 * 100) = 100.
  EXPECT_EQ(percentile(hundred, 99.5), 100);

  const std::vector<double> three = {10, 20, 30};
  EXPECT_EQ(percentile(three, 50), 20);  // ceil(1.5) = 2nd
  EXPECT_EQ(percentile(three, 34), 20);  // ceil(1.02) = 2nd
  EXPECT_EQ(percentile(three, 33), 10);  // ceil(0.99) = 1st
  EXPECT_EQ(percentile(three, 99), 30);
  EXPECT_EQ(percentile({}, 99), 0);
}

TEST(LoadLatency, SummarizeSortsAndKeepsTheTail) {
  // One slow request in a thousand is the p99.9, not the p99; two in a hundred are the p99.
  std::vector<double> samples(1000, 2.0);
  samples[17] = 500.0;
  LatencySummary summary = summarize(samples);
  EXPECT_EQ(summary.count, 1000);
  EXPECT_EQ(summary.p50_ms, 2.0);
  EXPECT_EQ(summary.p99_ms, 2.0);
  EXPECT_EQ(summary.max_ms, 500.0);
  EXPECT_DOUBLE_EQ(summary.mean_ms, (999 * 2.0 + 500.0) / 1000);

  std::vector<double> slow_tail = {9, 1, 8, 2, 7, 3, 6, 4, 5, 10};  // unsorted on purpose
  summary = summarize(slow_tail);
  EXPECT_EQ(summary.p50_ms, 5);
  EXPECT_EQ(summary.p90_ms, 9);
  EXPECT_EQ(summary.p99_ms, 10);
  EXPECT_EQ(summary.max_ms, 10);

  summary = summarize({});
  EXPECT_EQ(summary.count, 0);
  EXPECT_EQ(summary.p99_ms, 0);
}

}  // namespace
}  // namespace warband::load
