// Every problem with a character at once (not only the first): each a message naming where (the
// file and line when the character was read from a file) and what is wrong, against the content's
// Size Category table, limits and abilities.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "core/document_problems.h"
#include "rulesets/conflict/character.h"
#include "rulesets/conflict/creation_rules.h"

namespace warband::conflict {

// Where each field of a character was written: "attacks.1.strength" -> "hero.character.toml:14"
// (attacks and effects counted from 0). Filled by the TOML reader; empty for a character made
// in code or read from JSON.
using FieldLines = std::map<std::string, std::string>;

// `context` starts each message without a line ("character #2 'Pike'"); "" for none.
std::vector<std::string> character_problems(const Character& character, const CreationRules& rules,
                                            const FieldLines& lines = {},
                                            const std::string& context = "");

// The problems of a warband: each character's (prefixed with which character), the points limit,
// the number of characters. `lines` holds the warband's fields and each inline character's
// ("characters.2.wounds").
std::vector<std::string> warband_problems(const Warband& warband, const CreationRules& rules,
                                          const FieldLines& lines = {});

}  // namespace warband::conflict
