// Exact probability distributions over whole numbers, built by convolution and dynamic
// programming rather than by enumerating rolls: the odds of every random mechanic come from here.
//
// Probabilities are doubles. Where every outcome is a whole number of equally likely ways (cards
// drawn from a deck, a handful of dice), the distribution also keeps those counts and their
// common denominator exactly, so that "20 ways out of 153" can be printed as a fraction; the
// exact counts are dropped (exact() returns false) once they would overflow 64 bits.
#pragma once

#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace warband {

class Distribution {
 public:
  // The certain outcome 0.
  Distribution();

  static Distribution point(int value);
  // Each value lo..hi equally likely (a die: uniform(1, 6)); exact.
  static Distribution uniform(int lo, int hi);
  // From whole-number counts of ways, value min_value + i having ways[i] ways; exact.
  // Requires a positive total.
  static Distribution from_ways(int min_value, const std::vector<std::uint64_t>& ways);
  // From probabilities (normalised to sum 1); not exact.
  static Distribution from_probabilities(int min_value, const std::vector<double>& probabilities);

  int min_value() const { return min_value_; }
  int max_value() const { return min_value_ + static_cast<int>(probabilities_.size()) - 1; }
  double probability(int value) const;
  double at_least(int value) const;  // P(X >= value)
  double at_most(int value) const;   // P(X <= value)
  double mean() const;
  double stdev() const;
  // Values with non-zero probability, ascending, with their probabilities.
  std::vector<std::pair<int, double>> outcomes() const;

  bool exact() const { return exact_; }
  std::uint64_t ways(int value) const;                        // requires exact()
  std::uint64_t denominator() const { return denominator_; }  // requires exact()

  // The distribution of X + Y for independent X (this) and Y.
  Distribution plus(const Distribution& other) const;
  // The sum of `count` independent copies (count >= 0), by repeated squaring.
  Distribution sum_of(int count) const;
  // The distribution of f(X).
  Distribution map(const std::function<int(int)>& f) const;
  // The distribution of max(X, floor) / min(X, ceiling).
  Distribution at_least_value(int floor) const;
  Distribution at_most_value(int ceiling) const;
  // Mixture: with probability weights[i], outcome distributions[i] (weights sum to 1).
  static Distribution mixture(const std::vector<double>& weights,
                              const std::vector<Distribution>& distributions);

  // {"outcomes": [{"value", "probability", "at_least", "at_most", "fraction"?}], "mean", "stdev",
  // "exact"} where "fraction" ("20/153", reduced) appears when the distribution is exact.
  nlohmann::json to_json() const;

 private:
  void trim();                   // drops zero-probability tails so min/max are real outcomes
  Distribution squared() const;  // plus(*this), with half the multiplications
  void drop_exactness();         // once the counts would overflow 64 bits

  int min_value_ = 0;
  std::vector<double> probabilities_{1.0};
  bool exact_ = true;
  std::vector<std::uint64_t> ways_{1};
  std::uint64_t denominator_ = 1;
};

// The empirical distribution of sampled values (Monte Carlo), for printing beside the exact one.
Distribution empirical(const std::vector<int>& samples);

}  // namespace warband
