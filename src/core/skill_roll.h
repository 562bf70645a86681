// A skill roll [S/D]: D six-sided dice; each die showing S or less counts its value, each die above
// S counts one, and the result is the total. One chance node per die. (The ruleset that plays it
// quotes the rule where it starts one.)
//
// SkillRoll is a flat aggregate (a State embeds it and writes it to JSON field by field); its
// field names and widths are part of the saved states of the games that embed it, so changing
// them changes those states' JSON and hashes.
#pragma once

#include <array>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/distribution.h"
#include "core/game.h"

namespace warband {

inline constexpr int kSkillDieFaces = 6;
// The most dice one skill roll takes (dice is an 8-bit count).
inline constexpr int kMaxSkillRollDice = 120;
// The skill is kept in 8 bits; beyond ±kMaxSkill every die counts the same anyway.
inline constexpr int kMaxSkill = 20;
// The first faces of a roll are kept for showing it ("dice values: 1, 3, 2, 6"); the total counts
// every die.
inline constexpr int kSkillRollShownFaces = 40;

// What one die showing `face` adds to a roll at `skill`: the face if at most the skill, else 1.
inline int skill_die_value(int face, int skill) {
  return face <= skill ? face : 1;
}

struct SkillRoll {
  std::int8_t skill = 0;
  std::int8_t dice = 0;
  std::int8_t rolled = 0;
  std::int16_t total = 0;
  std::array<std::uint8_t, kSkillRollShownFaces> faces{};  // the first faces rolled, in order

  // A fresh roll of `dice` dice at `skill` (|skill| <= kMaxSkill, 0 <= dice <= kMaxSkillRollDice).
  static SkillRoll start(int skill, int dice);

  bool done() const { return rolled >= dice; }
  // The next die's faces 1..6 into `out` (at least kSkillDieFaces long); returns how many (0 once
  // done).
  int chance_outcomes_into(std::span<ChanceOutcome> out) const;
  std::vector<ChanceOutcome> chance_outcomes() const;
  void apply(Action face);  // a face 1..6, while !done()

  friend bool operator==(const SkillRoll&, const SkillRoll&) = default;
};

NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(SkillRoll, skill, dice, rolled, total, faces)

// ---- in words (one notation for logs, terminals and dice boxes alike) ----

// "[S4/D4]": a roll of 4 dice at Skill 4.
std::string skill_roll_notation(int skill, int dice);
// How the dice rolled so far make the total: "6, 6, 5 count 1 each (above Skill 4), 3 counts 3
// → 6". Dice past the shown faces are summed as "N more dice"; a roll still going ends with how
// many dice are left. Empty before the first die.
std::string explain_skill_roll(const SkillRoll& roll);
// The roll labelled with its purpose: "Attack [S4/D4]: 6, 6, 5 count 1 each (above Skill 4), 3
// counts 3 → 6".
std::string describe_skill_roll(std::string_view purpose, const SkillRoll& roll);

// ---- exact distributions ----

// What one die adds at `skill` (exact: ways out of 6).
Distribution skill_die(int skill);
// The total of `dice` dice at `skill` (dice >= 0; no dice total 0), by repeated convolution.
Distribution skill_roll_total(int skill, int dice);

}  // namespace warband
