// Characters in files: `*.character.toml` (what players edit and the builder writes), JSON (export,
// and import back to the same character) and Markdown (a readable card). A character file:
//
//   name = "Knight Captain"
//   size = 2                  # a row of the Size Category table (creation.toml)
//   suit = "spades"           # spades, hearts, diamonds, clubs
//   attack_skill = 2
//   defense = 1
//   resistance = { physical = 2, energy = 1, psyche = 0 }
//   wounds = 5
//   extra_strides = 0
//   abilities = ["commander"] # ids of abilities.toml
//
//   [[attacks]]
//   name = "Longsword"
//   type = "physical"         # physical, energy, psyche
//   target = "single"         # single, area (radius = N), breakthrough, ricochet (jumps = N)
//   range = 0                 # inches, added to Attack Reach
//   strength = 4              # 1..6
//   effects = [{ effect = "push", trigger = "match_suit" }]  # tokens = 1..3 for conditions
//
// Reading collects every problem instead of stopping at the first: what cannot be read (a word
// that is no suit, text where a number goes, an unknown key) is a read problem; what is read but
// not allowed (a strength of 7, a size off the table) is character_problems'. Both name the file
// and the line.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include <toml++/toml.h>

#include "core/json_fields.h"
#include "rulesets/conflict/character.h"
#include "rulesets/conflict/character_problems.h"
#include "rulesets/conflict/creation_rules.h"

namespace warband::conflict {

// Far more than any limit of creation.toml allows: a longer list in a file is refused as it is
// read, before anything grows with it (core/input_limits.h).
inline constexpr std::size_t kMaxFileListItems = 64;

struct CharacterRead {
  Character character;
  FieldLines lines;                   // where each field was written
  std::vector<std::string> problems;  // what could not be read, each "file:line: what"
};

// Reads a character's fields from `table` (a file's top level or a warband's [[characters]]
// entry). `field_prefix` goes before each recorded field ("characters.2."), `context` before each
// message ("character #3").
void read_character_fields(const toml::table& table, const std::string& path,
                           const std::string& field_prefix, const std::string& context,
                           CharacterRead& out);

// A TOML syntax error throws InputError("file:line", ...); every other problem is collected.
CharacterRead read_character_toml(std::string_view text, const std::string& path);
// Every problem: the read problems, then character_problems'. Empty: the character is legal.
std::vector<std::string> all_character_problems(const CharacterRead& read,
                                                const CreationRules& rules);
// The character, or InputError(path, "N problems: ...") listing every read problem (a file that
// reads but breaks a limit is returned: its problems are character_problems').
Character parse_character_toml(std::string_view text, const std::string& path);

// The character's fields as TOML: for a file (`attacks_table` "attacks") or inside a warband's
// [[characters]] entry ("characters.attacks").
std::string character_fields_toml(const Character& character, const std::string& attacks_table);
std::string character_to_toml(const Character& character);

// The character's choices plus, for readers, its size's figures, its points term by term and its
// problems.
nlohmann::json character_to_json(const Character& character, const CreationRules& rules);
// Reads the choices back (the computed figures are ignored): the same character.
Character character_from_json(const nlohmann::json& json, const std::string& where);
// The same, its errors' paths under `place`, written only for an error (a balance run reads every
// drawn side's characters this way).
Character character_from_json(const nlohmann::json& json, const JsonPlace& place);
std::string character_to_markdown(const Character& character, const CreationRules& rules);

// "push (match_suit)", "slow x2 (always)": an effect as the CLI's --effect takes it and prints it.
std::string effect_text(const AttackEffect& effect);
// Reads "push", "slow:2", "slow:2:match_suit", "prone:both_suits"; InputError(where, ...).
AttackEffect parse_effect_text(std::string_view text, const std::string& where);

}  // namespace warband::conflict
