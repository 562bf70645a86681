#include "core/skill_roll.h"

#include <fmt/format.h>

#include <algorithm>

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

std::string skill_roll_notation(int skill, int dice) {
  return fmt::format("[S{}/D{}]", skill, dice);
}

std::string explain_skill_roll(const SkillRoll& roll) {
  if (roll.rolled <= 0) return "";
  // The dice above the Skill count 1 each; the others count their faces.
  std::string above, counted;
  int above_count = 0, counted_count = 0, shown_total = 0;
  const int shown = std::min<int>(roll.rolled, kSkillRollShownFaces);
  for (int i = 0; i < shown; ++i) {
    const int face = roll.faces[i];
    shown_total += skill_die_value(face, roll.skill);
    std::string& list = face > roll.skill ? above : counted;
    list += fmt::format("{}{}", list.empty() ? "" : ", ", face);
    ++(face > roll.skill ? above_count : counted_count);
  }
  std::string text;
  const auto add = [&](const std::string& part) { text += (text.empty() ? "" : ", ") + part; };
  if (above_count == 1) add(fmt::format("{} counts 1 (above Skill {})", above, roll.skill));
  if (above_count > 1) add(fmt::format("{} count 1 each (above Skill {})", above, roll.skill));
  if (counted_count == 1) add(fmt::format("{} counts {}", counted, counted));
  if (counted_count > 1) add(fmt::format("{} count as rolled", counted));
  if (roll.rolled > shown)
    add(fmt::format("{} more dice count {}", roll.rolled - shown, roll.total - shown_total));
  text += fmt::format(" → {}", roll.total);
  if (!roll.done())
    text += fmt::format(" so far, {} of {} dice to roll", roll.dice - roll.rolled, roll.dice);
  return text;
}

std::string describe_skill_roll(std::string_view purpose, const SkillRoll& roll) {
  std::string text = skill_roll_notation(roll.skill, roll.dice);
  if (!purpose.empty()) text = fmt::format("{} {}", purpose, text);
  const std::string explained = explain_skill_roll(roll);
  return explained.empty() ? text : fmt::format("{}: {}", text, explained);
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
