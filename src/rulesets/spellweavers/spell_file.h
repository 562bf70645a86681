// Spells in files: a spell as TOML (a `*.spell.toml` file, or a [[spell]] of a wizard file) and as
// JSON (in an exported wizard). The fields are the spell creator's choices, in the words the CLI
// takes:
//
//   name = "Fireball"
//   effects = ["damage:3", "terrain:burning"]
//   area = "small"                 # single, small, medium, large, nuke, line, tetramino
//   shape = "0,0;1,0;0,1;1,1"      # squares relative to an origin (none for nuke and line)
//   range = "far"                  # close, medium, far, snipe
//   element = "fire"               # default "pure magical energy"
//   specials = ["adaptable"]       # snapcast, adaptable
//
// Bad input throws InputError naming the file and line (TOML) or the field (JSON).
#pragma once

#include <toml++/toml.h>

#include <nlohmann/json.hpp>
#include <string>

#include "core/toml_input.h"
#include "rulesets/spellweavers/spell.h"

namespace warband::spellweavers {

Spell spell_from_toml(const toml::table& table, const std::string& path);
Spell load_spell_file(const std::string& path);  // a whole file holding one spell's fields

nlohmann::json spell_to_json(const Spell& spell);  // the fields only, as above
Spell spell_from_json(const nlohmann::json& json, const std::string& where);

// Specials as their keys: ["snapcast", "adaptable"].
std::vector<std::string> special_keys(const Spell& spell);
// Sets the special named `key` on the spell; throws InputError(where, ...) for an unknown one.
void add_special(Spell& spell, std::string_view key, const std::string& where);

}  // namespace warband::spellweavers
