#include "core/rng.h"

#include <chrono>
#include <exception>
#include <random>

#include "core/error.h"

namespace warband {
namespace {
// GCC's and Clang's 128-bit integer (not ISO C++: __extension__ keeps -Wpedantic quiet), for
// Lemire's multiply-shift below.
__extension__ typedef unsigned __int128 Uint128;
}  // namespace

std::uint64_t Rng::below(std::uint64_t bound) {
  WB_CHECK(bound > 0);
  Uint128 product = static_cast<Uint128>(next()) * bound;
  auto low = static_cast<std::uint64_t>(product);
  if (low < bound) {
    const std::uint64_t threshold = -bound % bound;
    while (low < threshold) {
      product = static_cast<Uint128>(next()) * bound;
      low = static_cast<std::uint64_t>(product);
    }
  }
  return static_cast<std::uint64_t>(product >> 64);
}

double Rng::unit() {
  return static_cast<double>(next() >> 11) * 0x1.0p-53;
}

Action Rng::sample(std::span<const ChanceOutcome> outcomes) {
  WB_CHECK(!outcomes.empty());
  const double target = unit();
  double cumulative = 0.0;
  for (const auto& outcome : outcomes) {
    cumulative += outcome.probability;
    if (target < cumulative) return outcome.action;
  }
  return outcomes.back().action;  // rounding left a sliver above the last cumulative sum
}

std::uint64_t mix_seed(std::uint64_t seed, std::uint64_t index) {
  std::uint64_t z = seed + 0x9e3779b97f4a7c15ULL * (index + 1);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

std::uint64_t fresh_seed() {
  std::uint64_t bits = 0;
  try {
    std::random_device device;
    bits = (static_cast<std::uint64_t>(device()) << 32) ^ device();
  } catch (const std::exception&) {
    // No entropy source: the clock still gives a different game each time.
    bits = static_cast<std::uint64_t>(
        std::chrono::high_resolution_clock::now().time_since_epoch().count());
  }
  return bits & kMaxFreshSeed;
}

}  // namespace warband
