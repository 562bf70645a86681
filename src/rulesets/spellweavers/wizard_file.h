// Wizards in files: `*.wizard.toml` (what players edit and the builder writes), JSON (export and
// import back to the same wizard) and Markdown (a readable spell list). A wizard file:
//
//   name = "Ember the Red"
//   talent = "element-incarnate"   # see all_talent_keys()
//   element = "fire"               # Element Incarnate's element only
//
//   [[spells]]                     # each spell as in spell_file.h
//   name = "Fireball"
//   effects = ["damage:3", "terrain:burning"]
//   ...
//
// Bad files throw InputError naming the file and line (TOML) or the field (JSON).
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "rulesets/spellweavers/parameters.h"
#include "rulesets/spellweavers/wizard.h"

namespace warband::spellweavers {

Wizard load_wizard_file(const std::string& path);
Wizard parse_wizard_toml(std::string_view text, const std::string& path);
std::string wizard_to_toml(const Wizard& wizard);

// The wizard's choices plus, for readers, each spell's power and MP costs and the problems found.
nlohmann::json wizard_to_json(const Wizard& wizard, const Parameters& parameters);
// Reads the choices back (the computed figures are ignored): the same wizard.
Wizard wizard_from_json(const nlohmann::json& json, const std::string& where);
std::string wizard_to_markdown(const Wizard& wizard, const Parameters& parameters);

// A content root's wizards (`ROOT/spellweavers/wizards/*.wizard.toml`): the folder, and the ids
// (file names without ".wizard.toml", sorted; none when the folder is missing).
std::string content_wizards_dir(const std::string& content_root);
std::vector<std::string> content_wizard_ids(const std::string& content_root);

}  // namespace warband::spellweavers
