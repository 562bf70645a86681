// The power formula's terms and the power points each puts into a wizard's spells, for the
// formula fit of `warband balance spellweavers` (docs/sim.md, "Balance of a cost formula").
//
// A spell of exact power P = B x AreaMod x RangeMod x M + plus (B the sum of its effect powers,
// M 1.3 with Adaptable, plus 3 with Snapcast) is shared out four ways, each adding up to P:
// - "effect": Snapcast gets its plus, Adaptable the 0.3/1.3 of the rest its x1.3 adds, and each
//   effect the remainder in proportion to its own power;
// - "area": the whole P goes to the spell's area; "range": to its range; "talent": to the wizard's
//   talent.
#pragma once

#include <vector>

#include "core/balance_hooks.h"
#include "rulesets/spellweavers/spell.h"
#include "rulesets/spellweavers/wizard.h"

namespace warband::spellweavers {

// Every term, the families in the order above; FormulaTerm::current is the seed's number (5 a die
// of Damage, AreaMod 2.5 for Medium...).
const std::vector<FormulaTerm>& power_terms();

// Adds the spell's points to `points` (one per power_terms() entry); `talent` is its wizard's.
void add_spell_points(const Spell& spell, Talent talent, std::vector<double>& points);

// A wizard's points: every spell's.
std::vector<double> wizard_points(const Wizard& wizard);

}  // namespace warband::spellweavers
