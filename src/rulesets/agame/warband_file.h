// A Game warbands in files: `*.warband.toml` (a builder document), JSON (export and import) and
// Markdown. A warband lists its models by profile (profiles.toml), each optionally named and, in a
// campaign, with its experience and advances (experience.toml):
//
//   name = "The Night Court"
//   points_limit = 250
//
//   [[models]]
//   profile = "Vampire Swordfighter"
//   name = "Count Varn"        # optional
//   experience = 4             # optional: a campaign's
//   advances = ["tough"]       # optional: one per advance_every experience
//
// Reading collects every problem, each "file:line: what".
#pragma once

#include <toml++/toml.h>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rulesets/agame/build_rules.h"

namespace warband::agame {

struct WarbandModel {
  std::string profile;  // a profile's name
  std::string name;     // "" when unnamed
  int experience = 0;
  std::vector<std::string> advances;  // advance ids
  bool operator==(const WarbandModel&) const = default;
  const std::string& label() const { return name.empty() ? profile : name; }
};

struct Warband {
  std::string name;
  std::string description;
  int points_limit = 0;
  std::vector<WarbandModel> models;
  bool operator==(const Warband&) const = default;
};

struct WarbandLines {
  std::string top;  // the warband's table
  std::string points_limit;
  std::vector<std::string> model;  // each [[models]] entry
};

struct WarbandRead {
  Warband warband;
  WarbandLines lines;
  std::vector<std::string> problems;  // what could not be read
};

inline constexpr std::size_t kMaxWarbandModels = 64;
inline constexpr int kMaxPointsLimit = 100000;

// A TOML syntax error throws InputError("file:line", ...); every other problem is collected.
WarbandRead read_warband_toml(std::string_view text, const std::string& path);
// One warband's fields from a table (a warband file's root, a campaign's [[warbands]] entry);
// `context` starts each message ("" at a file's top).
void read_warband_fields(const toml::table& table, const std::string& path,
                         const std::string& context, WarbandRead& out);
// What breaks the rules (warband.toml, experience.toml, the points limit).
std::vector<std::string> warband_problems(const Warband& warband, const BuildRules& rules,
                                          const WarbandLines& lines = {});
std::vector<std::string> all_warband_problems(const WarbandRead& read, const BuildRules& rules);
Warband parse_warband_toml(std::string_view text, const std::string& path);

// The model's profile with its advances; nullopt when the profile is unknown.
std::optional<Model> model_of(const WarbandModel& entry, const BuildRules& rules);
// Its points (0 for an unknown profile: its problem is warband_problems').
int entry_points(const WarbandModel& entry, const BuildRules& rules);
int warband_points(const Warband& warband, const BuildRules& rules);

// The warband's fields as TOML lines (no comment), for a warband file and a campaign's entries;
// `table` names the models' array ("models", "warbands.models").
std::string warband_fields_toml(const Warband& warband, const std::string& models_table);
std::string warband_to_toml(const Warband& warband);
nlohmann::json warband_to_json(const Warband& warband, const BuildRules& rules);
Warband warband_from_json(const nlohmann::json& json, const std::string& where);
std::string warband_to_markdown(const Warband& warband, const BuildRules& rules);

}  // namespace warband::agame
