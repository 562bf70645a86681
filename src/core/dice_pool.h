// A pool of dice rolled one chance node per die: a damage roll's total ("Deal Xd6 damage"), or
// successes against an N+ target (an attack's hits, a defender's dodges and saves). The pool is a
// flat value a State can embed; its exact distributions (the total, the successes) are computed by
// convolution here, once, for every ruleset's odds code.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "core/distribution.h"
#include "core/game.h"

namespace warband {

// The largest die a pool rolls (rulesets read die sizes up to d100); a caller's buffer of this
// many outcomes holds any die's chance node.
inline constexpr int kMaxDieFaces = 100;
// The most dice one pool rolls.
inline constexpr int kMaxPoolDice = 1000;

// One die's chance node: faces 1..faces, each 1/faces, written to out[0..faces); returns faces.
int die_outcomes_into(int faces, std::span<ChanceOutcome> out);
std::vector<ChanceOutcome> die_outcomes(int faces);

// How many faces of a die of `faces` sides meet an N+ target (face >= target): every face when
// the target is 1 or below, none when it is above the die.
int faces_meeting(int target, int faces);

// A pool of `dice` dice of `faces` sides; each die showing `target` or more is a success.
// Outcome actions are faces 1..faces. Trivially copyable, no heap.
class DicePool {
 public:
  // A target no face meets: a pool that is only summed.
  static constexpr int kNoTarget = kMaxDieFaces + 1;

  DicePool() = default;  // no dice: done at once
  DicePool(int dice, int faces, int target = kNoTarget);

  bool done() const { return rolled_ == dice_; }
  // The next die's faces into `out` (at least faces() long); returns how many (0 once done).
  int chance_outcomes_into(std::span<ChanceOutcome> out) const;
  std::vector<ChanceOutcome> chance_outcomes() const;  // empty once done
  void apply(Action face);                             // a face 1..faces, while !done()

  int dice() const { return dice_; }
  int faces() const { return faces_; }
  int target() const { return target_; }
  int rolled() const { return rolled_; }
  int total() const { return total_; }  // the faces rolled so far, summed
  int successes() const { return successes_; }
  int failures() const { return rolled_ - successes_; }
  // Whether a face of this pool's die is a success.
  bool is_success(int face) const { return face >= target_; }

  bool operator==(const DicePool&) const = default;

 private:
  std::int16_t dice_ = 0;
  std::int16_t rolled_ = 0;
  std::int16_t faces_ = 1;
  std::int16_t target_ = kNoTarget;
  std::int16_t successes_ = 0;
  std::int32_t total_ = 0;
};

// ---- exact distributions ----

// The sum of `dice` dice of `faces` sides (exact ways out of faces^dice while they fit).
Distribution pool_total(int dice, int faces);
// The successes of `dice` dice against an N+ target: binomial, exact ways out of faces^dice.
Distribution pool_successes(int dice, int faces, int target);

// The binomial weights rulesets chain when one pool's successes size the next (A Game: hits, then
// dodges, then one save die per hit left). Weight is a count of ways (success and failure in
// faces) or a probability. Entry k is the weight of k successes among `dice` dice:
// C(dice, k) success^k failure^(dice - k).
template <typename Weight>
std::vector<Weight> success_weights(int dice, Weight success, Weight failure) {
  std::vector<Weight> row(dice + 1, Weight(0));
  row[0] = Weight(1);
  for (int r = 1; r <= dice; ++r)
    for (int k = r; k >= 0; --k)
      row[k] = row[k] * failure + (k > 0 ? row[k - 1] * success : Weight(0));
  return row;
}

// success_weights(r, ...) for every r = 0..dice, built one row from the previous.
template <typename Weight>
std::vector<std::vector<Weight>> success_weight_rows(int dice, Weight success, Weight failure) {
  std::vector<std::vector<Weight>> rows(dice + 1);
  rows[0] = {Weight(1)};
  for (int r = 1; r <= dice; ++r) {
    const std::vector<Weight>& previous = rows[r - 1];
    std::vector<Weight>& row = rows[r];
    row.assign(r + 1, Weight(0));
    for (int k = 0; k < r; ++k) {
      row[k] += previous[k] * failure;
      row[k + 1] += previous[k] * success;
    }
  }
  return rows;
}

// faces^dice, or false when it overflows 64 bits (exact ways no longer fit).
bool checked_power(std::uint64_t base, int exponent, std::uint64_t& out);

}  // namespace warband
