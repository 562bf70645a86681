// The characters a Conflict content folder ships: each character file's, then the shipped
// warbands' inline ones, each name once (the first wins). What random warbands are drawn from
// (balance_hooks.cc) and what the odds offer by name (conflict_odds.cc).
#pragma once

#include <string>
#include <vector>

#include "rulesets/conflict/character.h"

namespace warband::conflict {

struct CharacterCatalog {
  std::vector<std::string> ids;  // the file's stem, or the shipped warband's id and the name
  std::vector<Character> characters;
  int points_limit = 0;  // the shipped warbands' largest
};

// Reads `conflict_folder`'s characters/ and warbands/; throws InputError when it holds none.
CharacterCatalog read_character_catalog(const std::string& conflict_folder);

// The catalog's character named `name` (as its file writes it), or an InputError at `where`
// naming the characters there are.
const Character& find_character(const CharacterCatalog& catalog, const std::string& name,
                                const std::string& where);

}  // namespace warband::conflict
