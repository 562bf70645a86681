// Spellweavers' builder operations (`warband build spellweavers OP ...`, core/builder.h): the
// spell creator (`spell-power`) and wizard files (`wizard-new`, `wizard-add-spell`,
// `wizard-remove-spell`, `wizard-validate`, `wizard-export`, `wizard-import`). builder_hooks.cc
// registers them; tests call them directly.
#pragma once

#include <vector>

#include "core/builder.h"
#include "rulesets/spellweavers/spell.h"

namespace warband::spellweavers {

std::vector<BuildOperation> build_operations();

// A spell from the spell options (--effect, --area, --shape, --range, --element, --special,
// --name) or from --spell-file. Throws InputError naming the option.
Spell spell_from_args(const BuildArgs& args);

}  // namespace warband::spellweavers
