#include "core/rng.h"

#include <gtest/gtest.h>

#include <map>

namespace warband {
namespace {

TEST(Rng, SameSeedSameSequence) {
  Rng a(42), b(42);
  for (int i = 0; i < 100; ++i)
    EXPECT_EQ(a.next(), b.next());
}

TEST(Rng, PinnedSequenceOnEveryMachine) {
  // mt19937_64 is fully specified by the C++ standard: its 10000th output from the default seed
  // is 9981545732273789042. Our seeded first output is pinned the same way.
  std::mt19937_64 reference;
  reference.discard(9999);
  EXPECT_EQ(reference(), 9981545732273789042ULL);
  Rng rng(5489);
  EXPECT_EQ(rng.next(), 14514284786278117030ULL);
}

TEST(Rng, BelowIsUniform) {
  Rng rng(7);
  std::map<std::uint64_t, int> counts;
  const int draws = 60000;
  for (int i = 0; i < draws; ++i)
    ++counts[rng.below(6)];
  ASSERT_EQ(counts.size(), 6u);
  for (const auto& [face, count] : counts) {
    EXPECT_LT(face, 6u);
    // 10000 expected, standard deviation ~91: 5 sigma.
    EXPECT_NEAR(count, 10000, 460);
  }
}

TEST(Rng, SampleFollowsProbabilities) {
  Rng rng(11);
  std::vector<ChanceOutcome> outcomes = {{1, 0.25}, {2, 0.75}};
  int ones = 0;
  const int draws = 40000;
  for (int i = 0; i < draws; ++i)
    ones += rng.sample(outcomes) == 1;
  // 10000 expected, sd ~86.6.
  EXPECT_NEAR(ones, 10000, 450);
}

TEST(Rng, MixSeedSeparatesIndices) {
  EXPECT_NE(mix_seed(1, 0), mix_seed(1, 1));
  EXPECT_NE(mix_seed(1, 0), mix_seed(2, 0));
  EXPECT_EQ(mix_seed(3, 4), mix_seed(3, 4));
}

}  // namespace
}  // namespace warband
