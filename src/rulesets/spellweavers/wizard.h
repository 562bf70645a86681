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
  std::string description;  // optional: one line a player reads when choosing the wizard
  TalentChoice talent;
  std::vector<Spell> spells;
  bool operator==(const Wizard&) const = default;
};

// Every problem, empty when the wizard is legal.
std::vector<std::string> wizard_problems(const Wizard& wizard, const Parameters& parameters);

// Throws InputError when the wizard refuses to take `spell` into its list because it could never
// be cast (ruling "A wizard refuses what it could never cast"): its cheapest legal cast costs more
// than the wizard's max MP ("--effect"), or its Tetramino is not exactly four squares joined side
// to side ("--shape"). Other problems (a missing element...) are listed by wizard_problems.
void check_castable(const Spell& spell, const Wizard& wizard, const Parameters& parameters);

// The spell named `name` (case-sensitive), or null.
const Spell* find_spell(const Wizard& wizard, const std::string& name);

}  // namespace warband::spellweavers
