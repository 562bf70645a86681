#include "core/distribution.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <numeric>

#include "core/error.h"

namespace warband {
namespace {

using Ways = std::vector<std::uint64_t>;

// A distribution this wide is a bug in the caller (a map to huge values, a sum of millions of
// dice): the dense vector would not fit in memory.
constexpr std::int64_t kMaxOutcomes = std::int64_t{1} << 26;

int checked_value(std::int64_t value) {
  if (value < std::numeric_limits<int>::min() || value > std::numeric_limits<int>::max())
    fail_check(__FILE__, __LINE__, fmt::format("distribution value {} does not fit an int", value));
  return static_cast<int>(value);
}

std::size_t checked_span(std::int64_t lo, std::int64_t hi) {
  if (hi - lo + 1 > kMaxOutcomes)
    fail_check(
        __FILE__, __LINE__,
        fmt::format("distribution over {}..{} has more than {} values", lo, hi, kMaxOutcomes));
  return static_cast<std::size_t>(hi - lo + 1);
}

// out[j] += x * in[j]: contiguous and alias-free, so the compiler vectorises it.
template <typename T>
inline void multiply_add(T* __restrict out, const T* __restrict in, std::size_t n, T x) {
  for (std::size_t j = 0; j < n; ++j)
    out[j] += x * in[j];
}

// out = a * b (polynomial product). The longer operand runs in the inner loop.
template <typename T>
inline void convolve_into(const std::vector<T>& a, const std::vector<T>& b, std::vector<T>& out) {
  const std::vector<T>& outer = a.size() <= b.size() ? a : b;
  const std::vector<T>& inner = a.size() <= b.size() ? b : a;
  out.assign(a.size() + b.size() - 1, T{0});
  for (std::size_t i = 0; i < outer.size(); ++i)
    if (outer[i] != T{0}) multiply_add(out.data() + i, inner.data(), inner.size(), outer[i]);
}

// out = a * a, using a[i]a[j] = a[j]a[i] to do half the multiplications of convolve(a, a).
template <typename T>
inline void square_into(const std::vector<T>& a, std::vector<T>& out) {
  const std::size_t n = a.size();
  out.assign(2 * n - 1, T{0});
  for (std::size_t i = 0; i < n; ++i) {
    const T x = a[i];
    if (x == T{0}) continue;
    out[2 * i] += x * x;
    multiply_add(out.data() + 2 * i + 1, a.data() + i + 1, n - i - 1, T{2} * x);
  }
}

// The double kernels carry the time of big pools: compiled twice, for AVX2 where the CPU has it
// (four doubles an instruction) and for any x86-64. AVX2 without FMA keeps each multiply and add
// rounded separately, so both give the same bits.
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#define WARBAND_VECTOR_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define WARBAND_VECTOR_CLONES
#endif

WARBAND_VECTOR_CLONES void convolve(const std::vector<double>& a, const std::vector<double>& b,
                                    std::vector<double>& out) {
  convolve_into(a, b, out);
}
WARBAND_VECTOR_CLONES void square(const std::vector<double>& a, std::vector<double>& out) {
  square_into(a, out);
}
void convolve(const Ways& a, const Ways& b, Ways& out) {
  convolve_into(a, b, out);
}
void square(const Ways& a, Ways& out) {
  square_into(a, out);
}

// The greatest common divisor of every count and the denominator.
std::uint64_t common_factor(const Ways& ways, std::uint64_t denominator) {
  std::uint64_t factor = denominator;
  for (std::uint64_t count : ways) {
    if (factor == 1) break;
    factor = std::gcd(factor, count);
  }
  return factor;
}

struct Counts {
  Ways ways;
  std::uint64_t denominator;
};

Counts reduced(const Ways& ways, std::uint64_t denominator) {
  const std::uint64_t factor = common_factor(ways, denominator);
  Counts result{ways, denominator / factor};
  for (std::uint64_t& count : result.ways)
    count /= factor;
  return result;
}

// The counts of X + Y into `out`, or false when their denominator would overflow 64 bits even
// with each side reduced to lowest terms. The counts of a distribution sum to its denominator,
// so no product or partial sum of the convolution exceeds the product of the denominators: that
// one overflow check guards every multiply and add.
bool convolve_counts(const Ways& a, std::uint64_t a_denominator, const Ways& b,
                     std::uint64_t b_denominator, bool squaring, Counts& out) {
  if (!__builtin_mul_overflow(a_denominator, b_denominator, &out.denominator)) {
    squaring ? square(a, out.ways) : convolve(a, b, out.ways);
    return true;
  }
  const Counts a_reduced = reduced(a, a_denominator);
  const Counts b_reduced = squaring ? a_reduced : reduced(b, b_denominator);
  if (a_reduced.denominator == a_denominator && b_reduced.denominator == b_denominator)
    return false;
  if (__builtin_mul_overflow(a_reduced.denominator, b_reduced.denominator, &out.denominator))
    return false;
  squaring ? square(a_reduced.ways, out.ways) : convolve(a_reduced.ways, b_reduced.ways, out.ways);
  return true;
}

std::vector<double> probabilities_of(const Ways& ways, std::uint64_t denominator) {
  std::vector<double> probabilities(ways.size());
  const double total = static_cast<double>(denominator);
  for (std::size_t i = 0; i < ways.size(); ++i)
    probabilities[i] = static_cast<double>(ways[i]) / total;
  return probabilities;
}

}  // namespace

Distribution::Distribution() = default;

Distribution Distribution::point(int value) {
  Distribution result;
  result.min_value_ = value;
  return result;
}

Distribution Distribution::uniform(int lo, int hi) {
  WB_CHECK(lo <= hi);
  return from_ways(lo, Ways(checked_span(lo, hi), 1));
}

Distribution Distribution::from_ways(int min_value, const Ways& ways) {
  checked_value(std::int64_t{min_value} + static_cast<std::int64_t>(ways.size()));
  checked_span(0, static_cast<std::int64_t>(ways.size()) - 1);
  std::uint64_t total = 0;
  bool overflow = false;
  for (std::uint64_t count : ways)
    overflow = overflow || __builtin_add_overflow(total, count, &total);
  if (overflow) {
    // Too many ways to count exactly: still a distribution, from the counts as doubles.
    std::vector<double> weights(ways.begin(), ways.end());
    return from_probabilities(min_value, weights);
  }
  WB_CHECK(total > 0);
  Distribution result;
  result.min_value_ = min_value;
  result.probabilities_ = probabilities_of(ways, total);
  result.ways_ = ways;
  result.denominator_ = total;
  result.trim();
  return result;
}

Distribution Distribution::from_probabilities(int min_value,
                                              const std::vector<double>& probabilities) {
  checked_value(std::int64_t{min_value} + static_cast<std::int64_t>(probabilities.size()));
  checked_span(0, static_cast<std::int64_t>(probabilities.size()) - 1);
  double total = 0;
  for (double p : probabilities) {
    WB_CHECK(std::isfinite(p) && p >= 0);
    total += p;
  }
  WB_CHECK(total > 0 && std::isfinite(total));
  Distribution result;
  result.min_value_ = min_value;
  result.probabilities_ = probabilities;
  for (double& p : result.probabilities_)
    p /= total;
  result.drop_exactness();
  result.trim();
  return result;
}

double Distribution::probability(int value) const {
  const std::int64_t index = std::int64_t{value} - min_value_;
  if (index < 0 || index >= static_cast<std::int64_t>(probabilities_.size())) return 0;
  return probabilities_[static_cast<std::size_t>(index)];
}

// Both tails are summed from their far end inwards, small terms first, so that a tail far out
// keeps its relative precision; to_json sums in the same order and gives the same numbers.
double Distribution::at_least(int value) const {
  if (value <= min_value_) return 1;
  if (value > max_value()) return 0;
  const std::size_t from = static_cast<std::size_t>(value - min_value_);
  if (exact_) {
    std::uint64_t ways = 0;
    for (std::size_t i = from; i < ways_.size(); ++i)
      ways += ways_[i];
    return static_cast<double>(ways) / static_cast<double>(denominator_);
  }
  double sum = 0;
  for (std::size_t i = probabilities_.size(); i-- > from;)
    sum += probabilities_[i];
  return sum;
}

double Distribution::at_most(int value) const {
  if (value >= max_value()) return 1;
  if (value < min_value_) return 0;
  const std::size_t to = static_cast<std::size_t>(value - min_value_);
  if (exact_) {
    std::uint64_t ways = 0;
    for (std::size_t i = 0; i <= to; ++i)
      ways += ways_[i];
    return static_cast<double>(ways) / static_cast<double>(denominator_);
  }
  double sum = 0;
  for (std::size_t i = 0; i <= to; ++i)
    sum += probabilities_[i];
  return sum;
}

double Distribution::mean() const {
  // Offsets from min_value keep the products small, so the sum loses less to rounding.
  double offset = 0;
  for (std::size_t i = 0; i < probabilities_.size(); ++i)
    offset += static_cast<double>(i) * probabilities_[i];
  return min_value_ + offset;
}

double Distribution::stdev() const {
  const double centre = mean() - min_value_;
  double variance = 0;
  for (std::size_t i = 0; i < probabilities_.size(); ++i) {
    const double deviation = static_cast<double>(i) - centre;
    variance += deviation * deviation * probabilities_[i];
  }
  return std::sqrt(std::max(0.0, variance));
}

std::vector<std::pair<int, double>> Distribution::outcomes() const {
  std::vector<std::pair<int, double>> result;
  for (std::size_t i = 0; i < probabilities_.size(); ++i)
    if (probabilities_[i] > 0)
      result.emplace_back(min_value_ + static_cast<int>(i), probabilities_[i]);
  return result;
}

std::uint64_t Distribution::ways(int value) const {
  WB_CHECK(exact_);
  const std::int64_t index = std::int64_t{value} - min_value_;
  if (index < 0 || index >= static_cast<std::int64_t>(ways_.size())) return 0;
  return ways_[static_cast<std::size_t>(index)];
}

Distribution Distribution::plus(const Distribution& other) const {
  Distribution result;
  result.min_value_ = checked_value(std::int64_t{min_value_} + other.min_value_);
  checked_value(std::int64_t{max_value()} + other.max_value());
  checked_span(0,
               static_cast<std::int64_t>(probabilities_.size() + other.probabilities_.size()) - 2);
  Counts counts;
  if (exact_ && other.exact_ &&
      convolve_counts(ways_, denominator_, other.ways_, other.denominator_, false, counts)) {
    // Exact: each probability is one division of its count, as accurate as a double can be.
    result.probabilities_ = probabilities_of(counts.ways, counts.denominator);
    result.ways_ = std::move(counts.ways);
    result.denominator_ = counts.denominator;
  } else {
    convolve(probabilities_, other.probabilities_, result.probabilities_);
    result.drop_exactness();
  }
  result.trim();
  return result;
}

Distribution Distribution::squared() const {
  Distribution result;
  result.min_value_ = checked_value(std::int64_t{min_value_} * 2);
  checked_value(std::int64_t{max_value()} * 2);
  checked_span(0, 2 * static_cast<std::int64_t>(probabilities_.size()) - 2);
  Counts counts;
  if (exact_ && convolve_counts(ways_, denominator_, ways_, denominator_, true, counts)) {
    result.probabilities_ = probabilities_of(counts.ways, counts.denominator);
    result.ways_ = std::move(counts.ways);
    result.denominator_ = counts.denominator;
  } else {
    square(probabilities_, result.probabilities_);
    result.drop_exactness();
  }
  result.trim();
  return result;
}

Distribution Distribution::sum_of(int count) const {
  WB_CHECK(count >= 0);
  if (count == 0) return Distribution();
  checked_value(std::int64_t{min_value_} * count);
  checked_value(std::int64_t{max_value()} * count);
  checked_span(0, (static_cast<std::int64_t>(probabilities_.size()) - 1) * count);
  // Left to right over the bits of `count`: square, then add one more copy where the bit is set.
  // Every multiplication is then by this small distribution, never big by big.
  int bit = 30;
  while (!((count >> bit) & 1))
    --bit;
  Distribution result = *this;
  for (--bit; bit >= 0; --bit) {
    result = result.squared();
    if ((count >> bit) & 1) result = result.plus(*this);
  }
  return result;
}

Distribution Distribution::map(const std::function<int(int)>& f) const {
  // f is called only on possible values: it may be undefined elsewhere.
  std::vector<std::pair<std::size_t, int>> images;
  int lo = std::numeric_limits<int>::max();
  int hi = std::numeric_limits<int>::min();
  for (std::size_t i = 0; i < probabilities_.size(); ++i) {
    if (probabilities_[i] == 0) continue;
    const int image = f(min_value_ + static_cast<int>(i));
    images.emplace_back(i, image);
    lo = std::min(lo, image);
    hi = std::max(hi, image);
  }
  Distribution result;
  result.min_value_ = lo;
  result.probabilities_.assign(checked_span(lo, hi), 0.0);
  result.exact_ = exact_;
  result.denominator_ = denominator_;
  if (exact_) result.ways_.assign(result.probabilities_.size(), 0);
  for (const auto& [from, image] : images) {
    const std::size_t to = static_cast<std::size_t>(image - lo);
    // Counts only merge, so their sum stays the (fitting) denominator.
    if (exact_) result.ways_[to] += ways_[from];
    result.probabilities_[to] += probabilities_[from];
  }
  if (exact_) result.probabilities_ = probabilities_of(result.ways_, denominator_);
  result.trim();
  return result;
}

Distribution Distribution::at_least_value(int floor) const {
  return map([floor](int value) { return std::max(value, floor); });
}

Distribution Distribution::at_most_value(int ceiling) const {
  return map([ceiling](int value) { return std::min(value, ceiling); });
}

Distribution Distribution::mixture(const std::vector<double>& weights,
                                   const std::vector<Distribution>& distributions) {
  WB_CHECK_EQ(weights.size(), distributions.size());
  double total_weight = 0;
  std::int64_t lo = std::numeric_limits<int>::max();
  std::int64_t hi = std::numeric_limits<int>::min();
  for (std::size_t i = 0; i < weights.size(); ++i) {
    WB_CHECK(std::isfinite(weights[i]) && weights[i] >= 0);
    if (weights[i] == 0) continue;
    total_weight += weights[i];
    lo = std::min<std::int64_t>(lo, distributions[i].min_value());
    hi = std::max<std::int64_t>(hi, distributions[i].max_value());
  }
  WB_CHECK(total_weight > 0);
  std::vector<double> probabilities(checked_span(lo, hi), 0.0);
  for (std::size_t i = 0; i < weights.size(); ++i) {
    if (weights[i] == 0) continue;
    const Distribution& part = distributions[i];
    // Dividing by the total here rather than trusting "weights sum to 1" keeps the sum at 1.
    multiply_add(probabilities.data() + (part.min_value() - lo), part.probabilities_.data(),
                 part.probabilities_.size(), weights[i] / total_weight);
  }
  Distribution result;
  result.min_value_ = static_cast<int>(lo);
  result.probabilities_ = std::move(probabilities);
  result.drop_exactness();
  result.trim();
  return result;
}

nlohmann::json Distribution::to_json() const {
  const std::size_t n = probabilities_.size();
  // The same sums, in the same order, as at_least() and at_most().
  std::vector<double> at_least_sums(n), at_most_sums(n);
  if (exact_) {
    std::uint64_t above = 0, below = 0;
    for (std::size_t i = n; i-- > 0;)
      at_least_sums[i] = static_cast<double>(above += ways_[i]) / static_cast<double>(denominator_);
    for (std::size_t i = 0; i < n; ++i)
      at_most_sums[i] = static_cast<double>(below += ways_[i]) / static_cast<double>(denominator_);
  } else {
    double above = 0, below = 0;
    for (std::size_t i = n; i-- > 0;)
      at_least_sums[i] = above += probabilities_[i];
    for (std::size_t i = 0; i < n; ++i)
      at_most_sums[i] = below += probabilities_[i];
  }
  at_least_sums.front() = 1;
  at_most_sums.back() = 1;

  nlohmann::json outcomes = nlohmann::json::array();
  for (std::size_t i = 0; i < n; ++i) {
    if (probabilities_[i] == 0) continue;
    nlohmann::json outcome = {{"value", min_value_ + static_cast<int>(i)},
                              {"probability", probabilities_[i]},
                              {"at_least", at_least_sums[i]},
                              {"at_most", at_most_sums[i]}};
    if (exact_) {
      const std::uint64_t factor = std::gcd(ways_[i], denominator_);
      outcome["fraction"] = fmt::format("{}/{}", ways_[i] / factor, denominator_ / factor);
    }
    outcomes.push_back(std::move(outcome));
  }
  return {
      {"outcomes", std::move(outcomes)}, {"mean", mean()}, {"stdev", stdev()}, {"exact", exact_}};
}

void Distribution::trim() {
  const auto nonzero = [](double p) { return p != 0; };
  const auto first = std::find_if(probabilities_.begin(), probabilities_.end(), nonzero);
  WB_CHECK(first != probabilities_.end());
  const auto last = std::find_if(probabilities_.rbegin(), probabilities_.rend(), nonzero).base();
  const std::size_t head = static_cast<std::size_t>(first - probabilities_.begin());
  const std::size_t kept = static_cast<std::size_t>(last - first);
  if (head == 0 && kept == probabilities_.size()) return;
  probabilities_.erase(last, probabilities_.end());
  probabilities_.erase(probabilities_.begin(), first);
  if (exact_) {
    ways_.resize(head + kept);
    ways_.erase(ways_.begin(), ways_.begin() + static_cast<std::ptrdiff_t>(head));
  }
  min_value_ += static_cast<int>(head);
}

void Distribution::drop_exactness() {
  exact_ = false;
  ways_.clear();
  denominator_ = 0;
}

Distribution empirical(const std::vector<int>& samples) {
  WB_CHECK(!samples.empty());
  const auto [lo, hi] = std::minmax_element(samples.begin(), samples.end());
  std::vector<double> counts(checked_span(*lo, *hi), 0.0);
  for (int sample : samples)
    counts[static_cast<std::size_t>(std::int64_t{sample} - *lo)] += 1;
  return Distribution::from_probabilities(*lo, counts);
}

}  // namespace warband
