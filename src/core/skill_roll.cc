#include "core/skill_roll.h"

#include "core/dice_pool.h"
#include "core/error.h"

namespace warband {

SkillRoll SkillRoll::start(int skill, int dice) {
  WB_CHECK(skill >= -kMaxSkill && skill <= kMaxSkill);
  WB_CHECK(dice >= 0 && dice <= kMaxSkillRollDice);
  SkillRoll roll;
  roll.skill = static_cast<std::int8_t>(skill);
  roll.dice = static_cast<std::int8_t>(dice);
  return roll;
}

int SkillRoll::chance_outcomes_into(std::span<ChanceOutcome> out) const {
  if (done()) return 0;
  return die_outcomes_into(kSkillDieFaces, out);
}

std::vector<ChanceOutcome> SkillRoll::chance_outcomes() const {
  if (done()) return {};
  return die_outcomes(kSkillDieFaces);
}

void SkillRoll::apply(Action face) {
  WB_CHECK(!done());
  WB_CHECK(face >= 1 && face <= kSkillDieFaces);
  const int value = static_cast<int>(face);
  if (rolled < kSkillRollShownFaces) faces[rolled] = static_cast<std::uint8_t>(value);
  total = static_cast<std::int16_t>(total + skill_die_value(value, skill));
  ++rolled;
}

Distribution skill_die(int skill) {
  std::vector<std::uint64_t> ways(kSkillDieFaces, 0);  // values 1..6
  for (int face = 1; face <= kSkillDieFaces; ++face)
    ++ways[skill_die_value(face, skill) - 1];
  return Distribution::from_ways(1, ways);
}

Distribution skill_roll_total(int skill, int dice) {
  WB_CHECK(dice >= 0);
  return skill_die(skill).sum_of(dice);
}

}  // namespace warband
