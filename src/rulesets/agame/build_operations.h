// A Game's builder operations (`warband build agame OP ...`, core/builder.h): decks
// (`deck-new`, `deck-add`, `deck-remove`, `deck-validate`, `deck-export`, `deck-import`),
// warbands (`warband-new`, `warband-add`, `warband-remove`, `warband-validate`, `warband-export`,
// `warband-import`), campaigns (`campaign-new`, `campaign-add-warband`, `campaign-record`,
// `campaign-advance`, `campaign-validate`, `campaign-export`, `campaign-import`) and the tables
// they are made from (`cards`, `profiles`, `model-price`). agame_ruleset.cc registers them; tests
// call them directly.
#pragma once

#include <vector>

#include "core/builder.h"

namespace warband::agame {

std::vector<BuildOperation> build_operations();

// A Game's document kinds: the deck, the warband and the campaign.
std::vector<DocumentKind> document_kinds();

}  // namespace warband::agame
