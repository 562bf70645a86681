// Random legal wizards for `warband balance spellweavers`: spells drawn from everything the spell
// creator prices (every effect, area, range, special and talent), each priced by spell.h's own
// spell_power, a wizard's list filling a power budget. A pure function of the Rng's seed.
#pragma once

#include "core/rng.h"
#include "rulesets/spellweavers/parameters.h"
#include "rulesets/spellweavers/wizard.h"

namespace warband::spellweavers {

// The power budget a random wizard's spell list is drawn at unless the run gives one (the sample
// wizards' lists hold 67 to 217; docs/sim.md, "Balance of a cost formula").
inline constexpr int kDefaultPowerBudget = 120;
// Half the budget: the sides' totals must differ enough for the fit to see what a point of power
// is worth (with a tenth, 2,000 games left it unidentified: docs/sim.md).
inline int default_power_spread(int budget) {
  return budget / 2;
}

// A spell drawn at random for a wizard with `talent`: 1 to 3 distinct effects, an area (Tetramino
// for a Tetra Master only) with its largest shape, a range, an element, and Snapcast (only where
// it can be used: power under snapcast_power_below) or Adaptable now and then. Legal by
// spell_problems; it may still cost more MP than a wizard has (random_wizard checks).
Spell random_spell(const TalentChoice& talent, const Parameters& parameters, Rng& rng);

// A wizard named `name` with a random talent and at most wizard_max_spells spells whose powers
// add up to between `budget - shortfall` and `budget`, each castable (wizard_problems is empty).
// Throws InputError at "--points" when no such list can be drawn (a budget too large for the
// spells a wizard may hold, or too small for any spell).
Wizard random_wizard(const std::string& name, int budget, int shortfall,
                     const Parameters& parameters, Rng& rng);

// The total power of a wizard's spell list (what the budget counts).
int spell_list_power(const Wizard& wizard);

}  // namespace warband::spellweavers
