// Conflict's builder operations (`warband build conflict OP ...`, core/builder.h): characters
// (`character-new`, `character-set`, `character-add-attack`, `character-remove-attack`,
// `character-validate`, `character-price`, `character-export`, `character-import`), warbands
// (`warband-new`, `warband-add`, `warband-remove`, `warband-validate`, `warband-export`,
// `warband-import`) and the tables they are made from (`creation-rules`, `characters`).
// conflict_ruleset.cc registers them; tests call them directly.
#pragma once

#include <vector>

#include "core/builder.h"

namespace warband::conflict {

std::vector<BuildOperation> build_operations();

// Conflict's document kinds: the character and the warband.
std::vector<DocumentKind> document_kinds();

}  // namespace warband::conflict
