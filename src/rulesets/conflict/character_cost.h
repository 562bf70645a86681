// A character's points from the content's formula (costs.toml), term by term, so that a player
// sees how the price is made and a designer what one edited number changes. The terms are exact;
// the price rounds their sum half up, once, at the end.
#pragma once

#include <string>
#include <vector>

#include "rulesets/conflict/character.h"
#include "rulesets/conflict/creation_rules.h"

namespace warband::conflict {

struct CostTerm {
  std::string term;     // "wounds", "attack 'Claw'", "ability 'nimble'"
  std::string formula;  // "5 x (2 + 0.5 x Defense 1 + 0.25 x Resistances 3)"
  double points = 0;
};

struct CharacterCost {
  std::vector<CostTerm> terms;
  double exact = 0;         // the sum of the terms
  int formula_points = 0;   // exact rounded half up
  int points = 0;           // formula_points, or the costs.toml [units] override's
  std::string override_id;  // the [units] id whose override `points` is; "" when none
};

// Whether a CharacterCost writes its terms (their names and formulas in words). Omitted, it holds
// the same exact and points, and no terms: writing the words was most of a price, and a balance
// run prices every catalog character several times a game.
enum class CostWords { kWritten, kOmitted };

// Prices any character, legal or not: a size off the table or an unknown ability costs 0 (its
// problem is character_problems'), so the price of a half-made character still shows.
CharacterCost character_cost(const Character& character, const CostFormula& costs,
                             CostWords words = CostWords::kWritten);
int character_points(const Character& character, const CostFormula& costs);
int warband_points(const Warband& warband, const CostFormula& costs);

// "12.25", "4", "0.5": a term's points as the breakdown prints them.
std::string points_text(double points);

}  // namespace warband::conflict
