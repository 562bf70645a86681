// The range of each number a unit profile or a spell card holds, named once: the content files'
// loader checks it and `--set units.ID.STAT` / `spells.ID.FIELD` (content_overrides.h) take it,
// so that a what-if accepts exactly what a content file may say. (The rule parameters' ranges are
// parameter_table.h's, read by both alike.)
#pragma once

namespace warband::atomspast {

struct StatRange {
  int min;
  int max;
};

inline constexpr StatRange kMoveRange{0, 20};
inline constexpr StatRange kAttackSkillRange{0, 6};
inline constexpr StatRange kAttackDiceRange{0, 30};
inline constexpr StatRange kAttackReachRange{0, 30};
// The state keeps a unit's wounds in a signed byte (atomspast_state.h).
inline constexpr StatRange kWoundsRange{1, 100};
inline constexpr StatRange kShieldRange{0, 20};
inline constexpr StatRange kUnitPointsRange{0, 100000};
inline constexpr StatRange kSpellActiRange{0, 30};
inline constexpr StatRange kSpellKnowledgeRange{1, 50};

}  // namespace warband::atomspast
