#include "core/dice_pool.h"

#include <algorithm>

#include "core/error.h"

namespace warband {

int die_outcomes_into(int faces, std::span<ChanceOutcome> out) {
  WB_CHECK(faces >= 1 && faces <= kMaxDieFaces && static_cast<int>(out.size()) >= faces);
  const double probability = 1.0 / faces;
  for (int face = 1; face <= faces; ++face)
    out[face - 1] = {face, probability};
  return faces;
}

std::vector<ChanceOutcome> die_outcomes(int faces) {
  std::vector<ChanceOutcome> outcomes(faces);
  die_outcomes_into(faces, outcomes);
  return outcomes;
}

int faces_meeting(int target, int faces) {
  return std::clamp(faces - target + 1, 0, faces);
}

DicePool::DicePool(int dice, int faces, int target)
    : dice_(static_cast<std::int16_t>(dice)),
      faces_(static_cast<std::int16_t>(faces)),
      target_(static_cast<std::int16_t>(std::clamp(target, 1, kNoTarget))) {
  WB_CHECK(dice >= 0 && dice <= kMaxPoolDice);
  WB_CHECK(faces >= 1 && faces <= kMaxDieFaces);
}

int DicePool::chance_outcomes_into(std::span<ChanceOutcome> out) const {
  if (done()) return 0;
  return die_outcomes_into(faces_, out);
}

std::vector<ChanceOutcome> DicePool::chance_outcomes() const {
  if (done()) return {};
  return die_outcomes(faces_);
}

void DicePool::apply(Action face) {
  WB_CHECK(!done());
  WB_CHECK(face >= 1 && face <= faces_);
  total_ += static_cast<std::int32_t>(face);
  successes_ += is_success(static_cast<int>(face));
  ++rolled_;
}

bool checked_power(std::uint64_t base, int exponent, std::uint64_t& out) {
  out = 1;
  for (int i = 0; i < exponent; ++i)
    if (__builtin_mul_overflow(out, base, &out)) return false;
  return true;
}

Distribution pool_total(int dice, int faces) {
  WB_CHECK(dice >= 0 && faces >= 1);
  return Distribution::uniform(1, faces).sum_of(dice);
}

Distribution pool_successes(int dice, int faces, int target) {
  WB_CHECK(dice >= 0 && faces >= 1);
  const int success = faces_meeting(target, faces);
  std::uint64_t denominator = 0;
  if (checked_power(static_cast<std::uint64_t>(faces), dice, denominator))
    return Distribution::from_ways(
        0,
        success_weights<std::uint64_t>(dice, success, static_cast<std::uint64_t>(faces - success)));
  const double p = static_cast<double>(success) / faces;
  return Distribution::from_probabilities(0, success_weights<double>(dice, p, 1.0 - p));
}

}  // namespace warband
