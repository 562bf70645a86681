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

// Spellweavers' document kinds: the wizard.
std::vector<DocumentKind> document_kinds();

// A spell from the spell options (--effect, --area, --shape, --range, --element, --special,
// --name) or from the text of --spell-file. Throws InputError naming the option.
Spell spell_from_input(const BuildInput& input);

}  // namespace warband::spellweavers
