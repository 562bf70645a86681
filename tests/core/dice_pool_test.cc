// Dice pools (core/dice_pool.h): the chance nodes, the exact totals and successes against full
// enumeration done here, and seeded Monte Carlo through the machine.
#include "core/dice_pool.h"

#include <gtest/gtest.h>

#include <array>
#include <map>
#include <type_traits>

#include "core/rng.h"
#include "tests/support/monte_carlo.h"

namespace warband {
namespace {

static_assert(std::is_trivially_copyable_v<DicePool>, "a State embeds pools and copies them flat");

// Every roll of `dice` dice of `faces` sides, counted by f(faces rolled).
template <typename F>
std::map<int, std::uint64_t> enumerate(int dice, int faces, F f) {
  std::vector<int> roll(dice, 1);
  std::map<int, std::uint64_t> ways;
  while (true) {
    ++ways[f(roll)];
    int i = 0;
    while (i < dice && roll[i] == faces)
      roll[i++] = 1;
    if (i == dice) break;
    ++roll[i];
  }
  return ways;
}

int roll_through(DicePool pool, Rng& rng, bool successes) {
  std::array<ChanceOutcome, kMaxDieFaces> buffer;
  while (!pool.done()) {
    const int n = pool.chance_outcomes_into(buffer);
    pool.apply(rng.sample(std::span<const ChanceOutcome>(buffer.data(), n)));
  }
  return successes ? pool.successes() : pool.total();
}

TEST(DicePool, EachFaceEquallyLikelyAndTheOutcomesSumToOne) {
  for (int faces : {1, 2, 6, 10, 20, kMaxDieFaces}) {
    const DicePool pool(3, faces);
    const std::vector<ChanceOutcome> outcomes = pool.chance_outcomes();
    ASSERT_EQ(outcomes.size(), static_cast<std::size_t>(faces));
    double sum = 0;
    for (int i = 0; i < faces; ++i) {
      EXPECT_EQ(outcomes[i].action, i + 1);
      EXPECT_DOUBLE_EQ(outcomes[i].probability, 1.0 / faces);
      sum += outcomes[i].probability;
    }
    EXPECT_NEAR(sum, 1.0, 1e-12);
  }
}

TEST(DicePool, CountsTotalAndSuccessesDieByDie) {
  // Seed 004's worked example: "The results are 2, 5, 6" against a 4+ chance: two hits.
  DicePool pool(3, 10, 4);
  EXPECT_FALSE(pool.done());
  for (int face : {2, 5, 6})
    pool.apply(face);
  EXPECT_TRUE(pool.done());
  EXPECT_EQ(pool.total(), 13);
  EXPECT_EQ(pool.successes(), 2);
  EXPECT_EQ(pool.failures(), 1);
  EXPECT_TRUE(pool.chance_outcomes().empty());
  std::array<ChanceOutcome, kMaxDieFaces> buffer;
  EXPECT_EQ(pool.chance_outcomes_into(buffer), 0);
}

TEST(DicePool, TargetsBeyondTheDie) {
  EXPECT_EQ(faces_meeting(0, 10), 10);
  EXPECT_EQ(faces_meeting(1, 10), 10);
  EXPECT_EQ(faces_meeting(7, 10), 4);
  EXPECT_EQ(faces_meeting(11, 10), 0);
  DicePool always(2, 6, -3), never(2, 6, 7), summed(2, 6);
  for (DicePool* pool : {&always, &never, &summed}) {
    pool->apply(1);
    pool->apply(6);
  }
  EXPECT_EQ(always.successes(), 2);
  EXPECT_EQ(never.successes(), 0);
  EXPECT_EQ(summed.successes(), 0);  // no target: only summed
  EXPECT_EQ(summed.total(), 7);
}

TEST(DicePool, NoDiceIsDoneAtOnce) {
  EXPECT_TRUE(DicePool().done());
  EXPECT_TRUE(DicePool(0, 6).done());
  EXPECT_EQ(pool_total(0, 6).probability(0), 1.0);
  EXPECT_EQ(pool_successes(0, 6, 4).probability(0), 1.0);
}

TEST(DicePool, CopiesAreIndependentValues) {
  DicePool pool(2, 6, 5);
  pool.apply(5);
  DicePool copy = pool;
  copy.apply(6);
  EXPECT_FALSE(pool.done());
  EXPECT_TRUE(copy.done());
  EXPECT_EQ(pool.successes(), 1);
  EXPECT_EQ(copy.successes(), 2);
  EXPECT_NE(pool, copy);
}

TEST(DicePoolOdds, TotalsAgainstFullEnumeration) {
  // Hand-counted: 2d6 makes 7 six ways of 36; 3d6 makes 10 twenty-seven ways of 216.
  EXPECT_EQ(pool_total(2, 6).ways(7), 6u);
  EXPECT_EQ(pool_total(2, 6).denominator(), 36u);
  EXPECT_EQ(pool_total(3, 6).ways(10), 27u);
  for (int faces : {2, 4, 6, 10})
    for (int dice = 1; dice <= 4; ++dice) {
      const Distribution exact = pool_total(dice, faces);
      const auto ways = enumerate(dice, faces, [](const std::vector<int>& roll) {
        int total = 0;
        for (int face : roll)
          total += face;
        return total;
      });
      for (const auto& [total, count] : ways)
        EXPECT_EQ(exact.ways(total), count) << dice << "d" << faces << " total " << total;
      EXPECT_EQ(exact.min_value(), dice);
      EXPECT_EQ(exact.max_value(), dice * faces);
    }
}

TEST(DicePoolOdds, SuccessesAgainstFullEnumeration) {
  // Hand-counted: two d10 at 7+ (4 faces of 10): both 16, one 2 x 4 x 6 = 48, none 36, of 100.
  const Distribution two = pool_successes(2, 10, 7);
  EXPECT_EQ(two.denominator(), 100u);
  EXPECT_EQ(two.ways(2), 16u);
  EXPECT_EQ(two.ways(1), 48u);
  EXPECT_EQ(two.ways(0), 36u);
  for (int faces : {6, 10})
    for (int dice = 0; dice <= 4; ++dice)
      for (int target : {-1, 1, 3, 6, faces, faces + 1}) {
        const Distribution exact = pool_successes(dice, faces, target);
        ASSERT_TRUE(exact.exact());
        const auto ways = enumerate(dice, faces, [&](const std::vector<int>& roll) {
          int hits = 0;
          for (int face : roll)
            hits += face >= target;
          return hits;
        });
        double sum = 0;
        for (const auto& [value, p] : exact.outcomes())
          sum += p;
        EXPECT_NEAR(sum, 1.0, 1e-12);
        for (const auto& [hits, count] : ways)
          EXPECT_EQ(exact.ways(hits), count)
              << dice << "d" << faces << " at " << target << "+: " << hits << " successes";
      }
}

TEST(DicePoolOdds, LargePoolsFallBackToProbabilities) {
  // 30d100: 100^30 ways do not fit in 64 bits; the mean is still n p.
  const Distribution hits = pool_successes(30, 100, 61);
  EXPECT_FALSE(hits.exact());
  EXPECT_NEAR(hits.mean(), 30 * 0.4, 1e-9);
}

TEST(DicePoolOdds, ExactMatchesMonteCarloThroughThePool) {
  constexpr int kSamples = 20000;
  std::uint64_t seed = 3;
  for (const auto& [dice, faces, target] :
       std::vector<std::tuple<int, int, int>>{{1, 6, 4}, {3, 6, 5}, {10, 10, 7}, {5, 20, 15}}) {
    Rng rng(seed++);
    std::vector<int> totals, successes;
    for (int i = 0; i < kSamples; ++i) {
      totals.push_back(roll_through(DicePool(dice, faces, target), rng, false));
      successes.push_back(roll_through(DicePool(dice, faces, target), rng, true));
    }
    SCOPED_TRACE(::testing::Message() << dice << "d" << faces << " at " << target << "+");
    warband::testing::expect_samples_agree(pool_total(dice, faces), totals);
    warband::testing::expect_samples_agree(pool_successes(dice, faces, target), successes);
  }
}

TEST(DicePoolOdds, SuccessWeightsAreBinomialRows) {
  const std::vector<std::uint64_t> row = success_weights<std::uint64_t>(4, 1, 1);
  EXPECT_EQ(row, (std::vector<std::uint64_t>{1, 4, 6, 4, 1}));
  const auto rows = success_weight_rows<std::uint64_t>(4, 2, 3);
  ASSERT_EQ(rows.size(), 5u);
  for (int r = 0; r <= 4; ++r)
    EXPECT_EQ(rows[r], success_weights<std::uint64_t>(r, 2, 3)) << "row " << r;
}

}  // namespace
}  // namespace warband
