// Conflict warbands in files: `*.warband.toml`, JSON (export and import) and Markdown. A warband
// lists its characters, each by the file of a shipped character or written inline:
//
//   name = "The Iron Pact"
//   points_limit = 300
//
//   [[characters]]
//   file = "knight_captain.character.toml"  # in the content's conflict/characters/ folder
//
//   [[characters]]                          # inline: the fields of a character file
//   name = "Pike"
//   size = 2
//   ...
//   [[characters.attacks]]
//   ...
//
// A file is named by its file name alone: builder operations read no user file (core/builder.h),
// so a character of one's own joins a warband inline (`warband-add --character-file`).
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "rulesets/conflict/character.h"
#include "rulesets/conflict/character_problems.h"
#include "rulesets/conflict/creation_rules.h"

namespace warband::conflict {

struct WarbandRead {
  Warband warband;
  FieldLines lines;                   // the warband's fields and each character's
  std::vector<std::string> problems;  // what could not be read, each "file:line: what"
};

// A TOML syntax error throws InputError("file:line", ...); every other problem is collected.
// `characters_folder` holds the shipped characters a `file = ...` names.
WarbandRead read_warband_toml(std::string_view text, const std::string& path,
                              const std::string& characters_folder);
// Every problem: the read problems, then warband_problems'. Empty: the warband is legal.
std::vector<std::string> all_warband_problems(const WarbandRead& read, const CreationRules& rules);
// The warband, or InputError(path, "N problems: ...") listing every read problem.
Warband parse_warband_toml(std::string_view text, const std::string& path,
                           const std::string& characters_folder);

std::string warband_to_toml(const Warband& warband);
// The choices (each character whole, with the file it came from) plus, for readers, each
// character's points and the problems.
nlohmann::json warband_to_json(const Warband& warband, const CreationRules& rules);
// Reads the choices back. An entry naming a shipped file keeps the name only when that file holds
// the same character (it is written inline otherwise), so that the warband's TOML means the same.
Warband warband_from_json(const nlohmann::json& json, const std::string& where,
                          const std::string& characters_folder);
std::string warband_to_markdown(const Warband& warband, const CreationRules& rules);

// Whether `file` is a plain file name ("knight_captain.character.toml", no folder) of a file in
// `characters_folder`.
bool is_shipped_character(const std::string& file, const std::string& characters_folder);

// The folder of the shipped characters of a Conflict content folder.
std::string characters_folder_of(const std::string& conflict_folder);

}  // namespace warband::conflict
