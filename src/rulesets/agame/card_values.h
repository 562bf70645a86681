// What a deck builder counts each draft card as, in model points (content/agame/card_values.toml,
// the project's proposal: docs/rules/agame.md, "Card values"). `warband balance agame` fits each
// card's worth in points from games (balance/balance_analysis.h's CardBalance) and reports it
// beside this value.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "rulesets/agame/cards.h"

namespace warband::agame {

// Card id -> its value in points, relative to the average drafted card (every hand holds as many
// cards, so only differences mean anything; a value may be negative). Every key must be a card of
// `cards`; a card not listed has no value yet. A missing file is no values (a content folder made
// before the proposal). Bad input: InputError "card_values.toml:LINE: ...".
std::map<std::string, int> load_card_values(const std::string& path,
                                            const std::vector<Card>& cards);

}  // namespace warband::agame
