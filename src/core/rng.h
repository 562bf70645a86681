// The seeded random source drivers use to sample chance nodes. Same seed, same game, on any
// machine: the engine is std::mt19937_64 (fully specified by the standard) and the sampling
// below is our own, because std's distributions differ between library implementations.
#pragma once

#include <cstdint>
#include <random>
#include <span>
#include <vector>

#include "core/game.h"

namespace warband {

class Rng {
 public:
  explicit Rng(std::uint64_t seed) : engine_(seed) {}
  std::uint64_t next() { return engine_(); }
  // Uniform in [0, bound), unbiased (Lemire's multiply-and-reject).
  std::uint64_t below(std::uint64_t bound);
  // Uniform in [0, 1) with 53 random bits.
  double unit();
  // One outcome, with its probability; the span form samples a chance machine's own buffer
  // (chance_outcomes_into) without allocating.
  Action sample(std::span<const ChanceOutcome> outcomes);
  Action sample(const std::vector<ChanceOutcome>& outcomes) {
    return sample(std::span<const ChanceOutcome>(outcomes));
  }
  template <typename T>
  const T& pick(const std::vector<T>& items) {
    return items[below(items.size())];
  }

 private:
  std::mt19937_64 engine_;
};

// SplitMix64: derives independent seeds, e.g. for game `index` of a run seeded with `seed`.
std::uint64_t mix_seed(std::uint64_t seed, std::uint64_t index);

// The largest seed a new game is given: 2^53 - 1, so that every seed survives a trip through a
// JSON number in a browser and can be typed back into `warband play --seed`.
inline constexpr std::uint64_t kMaxFreshSeed = (std::uint64_t{1} << 53) - 1;

// A seed for a game nobody asked to repeat: from the system's entropy (the clock when it has
// none), at most kMaxFreshSeed.
std::uint64_t fresh_seed();

}  // namespace warband
