// Budgets (core/budget.h) and the odds sampler's budget checks (core/odds_report.h).
#include "core/budget.h"

#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "core/odds.h"
#include "core/odds_report.h"
#include "core/registry.h"

namespace warband {
namespace {

TEST(Budget, UnlimitedNeverRunsOut) {
  EXPECT_FALSE(Budget::unlimited().exhausted());
  EXPECT_EQ(Budget::unlimited().seconds_given(), 0);
  EXPECT_NO_THROW(check_budget(Budget::unlimited(), "work"));
}

TEST(Budget, CancelledFromAnotherThread) {
  Budget budget(std::chrono::hours(1));
  EXPECT_FALSE(budget.exhausted());
  std::thread([&] { budget.cancel(); }).join();
  EXPECT_TRUE(budget.cancelled());
  EXPECT_TRUE(budget.exhausted());
  try {
    check_budget(budget, "sampling");
    FAIL() << "no BudgetExhausted";
  } catch (const BudgetExhausted& error) {
    EXPECT_STREQ(error.what(), "sampling was cancelled");
  }
}

TEST(Budget, ExpiresAtItsDeadline) {
  const Budget budget(std::chrono::milliseconds(1));
  std::this_thread::sleep_for(std::chrono::milliseconds(5));
  EXPECT_TRUE(budget.expired());
  EXPECT_FALSE(budget.cancelled());
  try {
    check_budget(budget, "sampling");
    FAIL() << "no BudgetExhausted";
  } catch (const BudgetExhausted& error) {
    EXPECT_NE(std::string(error.what()).find("ran past its time limit"), std::string::npos)
        << error.what();
  }
}

// Sampling in slices gives what one call gives: the same seed, the same Monte Carlo figures.
TEST(OddsBudget, SlicedSamplingGivesTheValuesOfOneCall) {
  const OddsQuery& toy = find_odds("toy");
  const OddsArgs args = {{"dice", "3"}};
  const int samples = 3 * kSampleSlice + 17;
  const OddsReport report = run_odds_query("toy", toy, args, samples, 9);
  Rng rng(9);
  const std::vector<int> whole = toy.sample(args, rng, samples);
  ASSERT_TRUE(report.monte_carlo);
  EXPECT_EQ(report.monte_carlo->sampled.outcomes(), empirical(whole).outcomes());
}

// Issue 14: `odds` with a million samples of 200 dice ran 25 s; now it stops with its budget.
TEST(OddsBudget, SamplingStopsWhenTheBudgetRunsOut) {
  const OddsQuery& toy = find_odds("toy");
  const Budget budget(std::chrono::milliseconds(50));
  const auto start = std::chrono::steady_clock::now();
  EXPECT_THROW(run_odds_query("toy", toy, {{"dice", "200"}}, 1'000'000, 1, budget),
               BudgetExhausted);
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(30));
}

}  // namespace
}  // namespace warband
