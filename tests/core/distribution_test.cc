// Distributions against full enumeration done here, independently of the convolution code.
#include "core/distribution.h"

#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <numeric>

#include "core/error.h"
#include "core/rng.h"

namespace warband {
namespace {

// Every roll of `dice` (each a list of equally likely faces), counted by the value f(faces).
std::map<int, std::uint64_t> enumerate_distribution(
    const std::vector<std::vector<int>>& dice,
    const std::function<int(const std::vector<int>&)>& f) {
  std::map<int, std::uint64_t> ways;
  std::vector<std::size_t> index(dice.size(), 0);
  std::vector<int> faces(dice.size());
  while (true) {
    for (std::size_t d = 0; d < dice.size(); ++d)
      faces[d] = dice[d][index[d]];
    ++ways[f(faces)];
    std::size_t d = 0;
    while (d < dice.size() && ++index[d] == dice[d].size())
      index[d++] = 0;
    if (d == dice.size()) break;
  }
  return ways;
}

int total(const std::vector<int>& faces) {
  return std::accumulate(faces.begin(), faces.end(), 0);
}

std::vector<int> faces(int lo, int hi) {
  std::vector<int> result;
  for (int face = lo; face <= hi; ++face)
    result.push_back(face);
  return result;
}

std::uint64_t sum_of_ways(const std::map<int, std::uint64_t>& ways) {
  std::uint64_t sum = 0;
  for (const auto& [value, count] : ways)
    sum += count;
  return sum;
}

// The distribution matches the enumerated counts value by value, exactly, and as probabilities.
void expect_matches(const Distribution& d, const std::map<int, std::uint64_t>& ways) {
  const std::uint64_t all = sum_of_ways(ways);
  ASSERT_TRUE(d.exact());
  EXPECT_EQ(d.min_value(), ways.begin()->first);
  EXPECT_EQ(d.max_value(), ways.rbegin()->first);
  for (int value = d.min_value() - 1; value <= d.max_value() + 1; ++value) {
    const auto found = ways.find(value);
    const std::uint64_t expected = found == ways.end() ? 0 : found->second;
    // The same fraction, whatever common factor the denominator carries.
    EXPECT_EQ(d.ways(value) * all, expected * d.denominator()) << "value " << value;
    EXPECT_NEAR(d.probability(value), static_cast<double>(expected) / all, 1e-15)
        << "value " << value;
  }
}

double total_probability(const Distribution& d) {
  double sum = 0;
  for (const auto& [value, p] : d.outcomes())
    sum += p;
  return sum;
}

TEST(Distribution, DefaultIsThePointZero) {
  const Distribution d;
  EXPECT_EQ(d.min_value(), 0);
  EXPECT_EQ(d.max_value(), 0);
  EXPECT_EQ(d.probability(0), 1.0);
  EXPECT_TRUE(d.exact());
  EXPECT_EQ(d.denominator(), 1u);
}

TEST(Distribution, TwoAndThreeD6MatchEnumeration) {
  const Distribution d6 = Distribution::uniform(1, 6);
  expect_matches(d6.plus(d6), enumerate_distribution({faces(1, 6), faces(1, 6)}, total));
  expect_matches(d6.sum_of(2), enumerate_distribution({faces(1, 6), faces(1, 6)}, total));
  expect_matches(d6.sum_of(3),
                 enumerate_distribution({faces(1, 6), faces(1, 6), faces(1, 6)}, total));
  EXPECT_EQ(d6.sum_of(2).denominator(), 36u);
  EXPECT_EQ(d6.sum_of(2).ways(7), 6u);
}

TEST(Distribution, SumOfMixedDiceMatchesEnumeration) {
  const Distribution d4 = Distribution::uniform(1, 4);
  const Distribution d8 = Distribution::uniform(1, 8);
  const Distribution d10_from_zero = Distribution::uniform(0, 9);
  const Distribution minus = Distribution::uniform(-3, -1);
  expect_matches(
      d4.plus(d8).plus(d10_from_zero).plus(minus),
      enumerate_distribution({faces(1, 4), faces(1, 8), faces(0, 9), faces(-3, -1)}, total));
}

TEST(Distribution, SumOfEveryCountMatchesEnumeration) {
  const Distribution d3 = Distribution::uniform(1, 3);
  std::vector<std::vector<int>> dice;
  for (int count = 1; count <= 9; ++count) {
    dice.push_back(faces(1, 3));
    expect_matches(d3.sum_of(count), enumerate_distribution(dice, total));
  }
}

TEST(Distribution, SkewedDieFromWaysMatchesEnumeration) {
  // The AtomsPast [S3] die: faces 1..3 count their face, 4..6 count 1.
  const auto skill_three = [](int face) { return face <= 3 ? face : 1; };
  const Distribution die = Distribution::uniform(1, 6).map(skill_three);
  EXPECT_EQ(die.ways(1), 4u);
  EXPECT_EQ(die.ways(2), 1u);
  EXPECT_EQ(die.ways(3), 1u);
  const auto rolled = [&](const std::vector<int>& faces_rolled) {
    int sum = 0;
    for (int face : faces_rolled)
      sum += skill_three(face);
    return sum;
  };
  expect_matches(die.sum_of(4), enumerate_distribution(std::vector(4, faces(1, 6)), rolled));
  expect_matches(Distribution::from_ways(1, {4, 1, 1}).sum_of(5),
                 enumerate_distribution(std::vector(5, faces(1, 6)), rolled));
}

TEST(Distribution, MapThroughANonMonotoneFunction) {
  // (a + b - 7)^2 over 2d6, and a function that leaves a gap in the middle.
  const Distribution two_d6 = Distribution::uniform(1, 6).sum_of(2);
  const auto square_off_seven = [](int x) { return (x - 7) * (x - 7); };
  expect_matches(
      two_d6.map(square_off_seven),
      enumerate_distribution({faces(1, 6), faces(1, 6)}, [&](const std::vector<int>& rolled) {
        return square_off_seven(total(rolled));
      }));
  const Distribution gapped =
      Distribution::uniform(1, 6).map([](int x) { return x % 2 ? 10 : -10; });
  EXPECT_EQ(gapped.min_value(), -10);
  EXPECT_EQ(gapped.max_value(), 10);
  EXPECT_EQ(gapped.probability(0), 0);
  EXPECT_EQ(gapped.outcomes().size(), 2u);
  EXPECT_DOUBLE_EQ(gapped.probability(10), 0.5);
}

TEST(Distribution, MapCallsTheFunctionOnPossibleValuesOnly) {
  const Distribution d = Distribution::from_ways(0, {1, 0, 0, 1});
  std::vector<int> seen;
  d.map([&](int x) {
    seen.push_back(x);
    return x;
  });
  EXPECT_EQ(seen, (std::vector<int>{0, 3}));
}

TEST(Distribution, FloorAndCeiling) {
  const Distribution d6 = Distribution::uniform(1, 6);
  const Distribution floored = d6.at_least_value(3);
  EXPECT_EQ(floored.min_value(), 3);
  EXPECT_EQ(floored.ways(3), 3u);
  EXPECT_EQ(floored.ways(4), 1u);
  const Distribution capped = d6.at_most_value(2);
  EXPECT_EQ(capped.max_value(), 2);
  EXPECT_EQ(capped.ways(2), 5u);
}

TEST(Distribution, ExactFractionsAreReduced) {
  const nlohmann::json json = Distribution::uniform(1, 6).sum_of(2).to_json();
  ASSERT_EQ(json["outcomes"].size(), 11u);
  const nlohmann::json& seven = json["outcomes"][5];
  EXPECT_EQ(seven["value"], 7);
  EXPECT_EQ(seven["fraction"], "1/6");
  EXPECT_EQ(seven["probability"].get<double>(), 6.0 / 36.0);
  EXPECT_EQ(json["outcomes"][0]["fraction"], "1/36");
  EXPECT_EQ(json["outcomes"][1]["fraction"], "1/18");
  EXPECT_EQ(json["outcomes"][0]["at_least"].get<double>(), 1.0);
  EXPECT_EQ(json["outcomes"][10]["at_most"].get<double>(), 1.0);
  EXPECT_DOUBLE_EQ(seven["at_least"].get<double>(), 21.0 / 36.0);
  EXPECT_DOUBLE_EQ(seven["at_most"].get<double>(), 21.0 / 36.0);
  EXPECT_DOUBLE_EQ(json["mean"].get<double>(), 7.0);
  EXPECT_DOUBLE_EQ(json["stdev"].get<double>(), std::sqrt(35.0 / 6.0));
  EXPECT_EQ(json["exact"], true);
  // A 153-way table keeps its own denominator: 20 ways out of 153.
  const Distribution table = Distribution::from_ways(5, {20, 133});
  EXPECT_EQ(table.denominator(), 153u);
  EXPECT_EQ(table.to_json()["outcomes"][0]["fraction"], "20/153");
}

TEST(Distribution, ExactnessIsDroppedOnOverflowButProbabilitiesStayRight) {
  const Distribution d6 = Distribution::uniform(1, 6);
  // 6^24 < 2^64 < 6^25.
  EXPECT_TRUE(d6.sum_of(24).exact());
  EXPECT_EQ(d6.sum_of(24).ways(24), 1u);
  EXPECT_FALSE(d6.sum_of(25).exact());
  const Distribution forty = d6.sum_of(40);
  EXPECT_FALSE(forty.exact());
  EXPECT_NEAR(total_probability(forty), 1.0, 1e-12);
  EXPECT_EQ(forty.to_json()["exact"], false);
  EXPECT_FALSE(forty.to_json()["outcomes"][0].contains("fraction"));
  EXPECT_NEAR(forty.probability(40), std::pow(6.0, -40), 1e-12 * std::pow(6.0, -40));
  EXPECT_NEAR(forty.mean(), 140.0, 1e-9);
  EXPECT_THROW(forty.ways(100), InvariantError);
  // Reducing to lowest terms keeps exact what can be: hits on 4+ (3 of 6) are 1 of 2.
  const Distribution hits = d6.map([](int face) { return face >= 4 ? 1 : 0; });
  const Distribution sixty_hits = hits.sum_of(60);
  ASSERT_TRUE(sixty_hits.exact());
  EXPECT_EQ(sixty_hits.denominator(), std::uint64_t{1} << 60);
  EXPECT_EQ(sixty_hits.ways(1), 60u);
}

TEST(Distribution, SumOfZeroIsThePointZero) {
  const Distribution none = Distribution::uniform(3, 8).sum_of(0);
  EXPECT_EQ(none.min_value(), 0);
  EXPECT_EQ(none.max_value(), 0);
  EXPECT_EQ(none.probability(0), 1.0);
}

TEST(Distribution, TwoHundredDiceSumToOneWithTheRightMoments) {
  const Distribution d = Distribution::uniform(1, 6).sum_of(200);
  EXPECT_EQ(d.min_value(), 200);
  EXPECT_EQ(d.max_value(), 1200);
  EXPECT_NEAR(total_probability(d), 1.0, 1e-12);
  EXPECT_NEAR(d.mean(), 3.5 * 200, 1e-9);
  EXPECT_NEAR(d.stdev() * d.stdev(), 200 * 35.0 / 12.0, 1e-8);
  // The far tail keeps its relative precision: all ones, 6^-200.
  EXPECT_NEAR(d.probability(200) / std::pow(6.0, -200), 1.0, 1e-12);
  EXPECT_DOUBLE_EQ(d.probability(699), d.probability(701));  // symmetric about 700
}

TEST(Distribution, SkillRollWithTwoHundredDice) {
  for (int skill = 1; skill <= 6; ++skill) {
    const Distribution die =
        Distribution::uniform(1, 6).map([skill](int face) { return face <= skill ? face : 1; });
    const Distribution roll = die.sum_of(200);
    EXPECT_NEAR(total_probability(roll), 1.0, 1e-12) << "skill " << skill;
    EXPECT_NEAR(roll.mean(), 200 * die.mean(), 1e-9);
    EXPECT_NEAR(roll.stdev(), std::sqrt(200.0) * die.stdev(), 1e-9);
  }
}

TEST(Distribution, AtLeastAndAtMostAreConsistent) {
  const Distribution d = Distribution::uniform(1, 6).sum_of(3).plus(Distribution::uniform(-2, 2));
  double below = 0;
  for (int value = d.min_value() - 2; value <= d.max_value() + 2; ++value) {
    EXPECT_NEAR(d.at_most(value), below + d.probability(value), 1e-15);
    EXPECT_NEAR(d.at_least(value) + d.at_most(value - 1), 1.0, 1e-15);
    below += d.probability(value);
  }
  EXPECT_EQ(d.at_least(d.min_value()), 1.0);
  EXPECT_EQ(d.at_least(d.max_value() + 1), 0.0);
  EXPECT_EQ(d.at_most(d.min_value() - 1), 0.0);
  EXPECT_EQ(d.at_most(d.max_value()), 1.0);
  // The JSON's cumulative columns are the same numbers.
  const nlohmann::json json = d.to_json();
  for (const nlohmann::json& outcome : json["outcomes"]) {
    EXPECT_EQ(outcome["at_least"].get<double>(), d.at_least(outcome["value"].get<int>()));
    EXPECT_EQ(outcome["at_most"].get<double>(), d.at_most(outcome["value"].get<int>()));
  }
}

TEST(Distribution, MixtureWeighsItsParts) {
  // Roll a d6 on a coin's heads, a d4 shifted to 10..13 on tails.
  const Distribution mixed = Distribution::mixture(
      {0.5, 0.5}, {Distribution::uniform(1, 6), Distribution::uniform(10, 13)});
  EXPECT_FALSE(mixed.exact());
  EXPECT_EQ(mixed.min_value(), 1);
  EXPECT_EQ(mixed.max_value(), 13);
  EXPECT_DOUBLE_EQ(mixed.probability(3), 1.0 / 12);
  EXPECT_EQ(mixed.probability(8), 0.0);
  EXPECT_DOUBLE_EQ(mixed.probability(11), 1.0 / 8);
  EXPECT_NEAR(total_probability(mixed), 1.0, 1e-15);
  EXPECT_DOUBLE_EQ(mixed.mean(), 0.5 * 3.5 + 0.5 * 11.5);
  // A zero weight contributes nothing, not even its range.
  const Distribution one =
      Distribution::mixture({0.0, 1.0}, {Distribution::point(-50), Distribution::point(2)});
  EXPECT_EQ(one.min_value(), 2);
}

TEST(Distribution, FromProbabilitiesNormalisesAndTrims) {
  const Distribution d = Distribution::from_probabilities(-2, {0, 1, 3, 0});
  EXPECT_EQ(d.min_value(), -1);
  EXPECT_EQ(d.max_value(), 0);
  EXPECT_DOUBLE_EQ(d.probability(0), 0.75);
  EXPECT_FALSE(d.exact());
  EXPECT_THROW(Distribution::from_probabilities(0, {0, 0}), InvariantError);
  EXPECT_THROW(Distribution::from_ways(0, {0, 0}), InvariantError);
}

TEST(Distribution, EmpiricalCountsSamples) {
  const Distribution d = empirical({3, 1, 3, 3, 7});
  EXPECT_EQ(d.min_value(), 1);
  EXPECT_EQ(d.max_value(), 7);
  EXPECT_DOUBLE_EQ(d.probability(3), 0.6);
  EXPECT_DOUBLE_EQ(d.probability(1), 0.2);
  EXPECT_EQ(d.probability(2), 0.0);
  EXPECT_DOUBLE_EQ(d.mean(), 17.0 / 5);
  // Sampled 3d6 lands within a few standard errors of the exact mean.
  Rng rng(5);
  std::vector<int> rolls;
  for (int i = 0; i < 20000; ++i)
    rolls.push_back(3 + static_cast<int>(rng.below(6) + rng.below(6) + rng.below(6)));
  const Distribution exact = Distribution::uniform(1, 6).sum_of(3);
  EXPECT_NEAR(empirical(rolls).mean(), exact.mean(), 4 * exact.stdev() / std::sqrt(20000.0));
}

}  // namespace
}  // namespace warband
