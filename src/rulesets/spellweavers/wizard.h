// A Spellweavers wizard (seed 002, "WIZARDS"): a name, one Wizard Talent, and a spell list "up to
// [NUMBER] spells" (wizard_max_spells); max HP and MP are parameters (wizard_max_hp/mp).
// Validation lists every problem at once, each in a player's words.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "rulesets/spellweavers/parameters.h"
#include "rulesets/spellweavers/spell.h"

namespace warband::spellweavers {

// A wizard file or request with more spells is refused when read (issue 14): the most the
// wizard_max_spells parameter may be, so every list a parameter allows is read and checked.
inline constexpr std::size_t kMaxWizardSpells = 1000;

struct Wizard {
  std::string name;
  TalentChoice talent;
  std::vector<Spell> spells;
  bool operator==(const Wizard&) const = default;
};

// Every problem, empty when the wizard is legal.
std::vector<std::string> wizard_problems(const Wizard& wizard, const Parameters& parameters);

// The spell named `name` (case-sensitive), or null.
const Spell* find_spell(const Wizard& wizard, const std::string& name);

}  // namespace warband::spellweavers
