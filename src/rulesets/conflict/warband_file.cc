#include "rulesets/conflict/warband_file.h"

#include <fmt/format.h>

#include <filesystem>
#include <sstream>

#include "core/document_problems.h"
#include "core/error.h"
#include "core/file_io.h"
#include "core/input_limits.h"
#include "core/json_fields.h"
#include "core/toml_fields.h"
#include "core/toml_input.h"
#include "rulesets/conflict/character_cost.h"
#include "rulesets/conflict/character_file.h"

namespace warband::conflict {
namespace {

constexpr const char* kWarbandFormat = "warband-conflict-warband";
constexpr int kWarbandFormatVersion = 1;
constexpr const char* kCharacterSuffix = ".character.toml";

std::string warband_quoted(const std::string& text) {
  std::ostringstream out;
  out << toml::value<std::string>(text);
  return out.str();
}

bool plain_character_file(const std::string& file) {
  const std::string suffix = kCharacterSuffix;
  if (file.size() <= suffix.size() ||
      file.compare(file.size() - suffix.size(), suffix.size(), suffix) != 0)
    return false;
  for (const char c : file)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '.'))
      return false;
  return file.find("..") == std::string::npos;
}

// Reads the shipped character `file` names into `entry`, its fields' lines under `prefix`.
void read_file_entry(const TomlFields& f, const std::string& characters_folder,
                     const std::string& prefix, WarbandRead& out, WarbandEntry& entry) {
  entry.found = false;  // until the file is read
  const toml::node& node = *f.find("file");
  const std::string where = f.where(node);
  const auto* text = node.as_string();
  if (!text) {
    out.problems.push_back(
        fmt::format("{}: {}'file' must be a character's file name such as "
                    "\"knight_captain{}\", got {}",
                    where, f.context().empty() ? "" : f.context() + ": ", kCharacterSuffix,
                    describe_toml_value(node)));
    return;
  }
  entry.file = text->get();
  if (!plain_character_file(entry.file)) {
    out.problems.push_back(fmt::format(
        "{}: {}'file' must be the name of a shipped character file (no folder) ending in {}, "
        "got \"{}\"",
        where, f.context().empty() ? "" : f.context() + ": ", kCharacterSuffix,
        entry.file.substr(0, 60)));
    return;
  }
  const std::string path = characters_folder + "/" + entry.file;
  std::error_code error;
  if (!std::filesystem::is_regular_file(path, error)) {
    out.problems.push_back(fmt::format("{}: {}no shipped character \"{}\" in {}", where,
                                       f.context().empty() ? "" : f.context() + ": ", entry.file,
                                       characters_folder));
    return;
  }
  try {
    CharacterRead read = read_character_toml(read_text_file(path), path);
    entry.character = std::move(read.character);
    entry.found = true;
    for (auto& [field, line] : read.lines)
      out.lines[prefix + field] = line;
    for (std::string& problem : read.problems)
      out.problems.push_back(std::move(problem));
  } catch (const InputError& failure) {
    out.problems.push_back(failure.message());
  }
}

}  // namespace

bool is_shipped_character(const std::string& file, const std::string& characters_folder) {
  std::error_code error;
  return plain_character_file(file) &&
         std::filesystem::is_regular_file(characters_folder + "/" + file, error);
}

namespace {

// Whether the shipped file `entry` names holds `entry`'s character.
bool same_as_shipped(const WarbandEntry& entry, const std::string& characters_folder) {
  if (!is_shipped_character(entry.file, characters_folder)) return false;
  const std::string path = characters_folder + "/" + entry.file;
  try {
    const CharacterRead read = read_character_toml(read_text_file(path), path);
    return read.problems.empty() && read.character == entry.character;
  } catch (const InputError&) {
    return false;
  }
}

// The shipped character a `file = "..."` entry names, read as read_warband_toml reads it; an
// InputError at `where` when there is no such file or it has problems.
Character shipped_character(const std::string& file, const std::string& characters_folder,
                            const std::string& where) {
  if (!is_shipped_character(file, characters_folder))
    throw InputError(where, fmt::format("no shipped character \"{}\" in {}", file.substr(0, 60),
                                        characters_folder));
  const std::string path = characters_folder + "/" + file;
  CharacterRead read = read_character_toml(read_text_file(path), path);
  refuse_problems(read.problems, path);
  return std::move(read.character);
}

}  // namespace

std::string characters_folder_of(const std::string& conflict_folder) {
  return conflict_folder + "/characters";
}

WarbandRead read_warband_toml(std::string_view text, const std::string& path,
                              const std::string& characters_folder) {
  const toml::table root = parse_toml_text(text, path);
  WarbandRead out;
  const TomlFields f(path, root);
  Warband& warband = out.warband;
  const ProblemCollector attempt(out.problems);
  const auto note = [&](std::string_view key) {
    if (const toml::node* node = f.find(key)) out.lines[std::string(key)] = f.where(*node);
  };
  attempt([&] { f.check_keys({"name", "description", "points_limit", "characters"}); });
  note("name");
  attempt([&] { warband.name = f.string_or("name", ""); });
  attempt([&] { warband.description = f.string_or("description", ""); });
  note("points_limit");
  attempt([&] { warband.points_limit = f.integer("points_limit", 1, kMaxPointsLimit); });
  note("characters");
  std::vector<const toml::table*> entries;
  attempt([&] {
    entries = f.tables_of("characters", "[[characters]] tables: file = \"...\" or a character");
    if (!entries.empty())
      check_list_size(entries.size(), kMaxFileListItems, f.where(*f.find("characters")),
                      "characters");
  });
  if (entries.size() > kMaxFileListItems) entries.clear();
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const toml::table& table = *entries[i];
    const std::string prefix = fmt::format("characters.{}.", i);
    out.lines[prefix.substr(0, prefix.size() - 1)] = f.where(table);
    const std::string context = fmt::format("character #{}", i + 1);
    WarbandEntry entry;
    if (table.contains("file")) {
      const TomlFields entry_fields(path, table, context);
      if (table.size() != 1)
        out.problems.push_back(
            fmt::format("{}: {}: a character named by 'file' has no other "
                        "fields here (write it inline instead)",
                        f.where(table), context));
      read_file_entry(entry_fields, characters_folder, prefix, out, entry);
    } else {
      CharacterRead read;
      read_character_fields(table, path, "", context, read);
      entry.character = std::move(read.character);
      for (auto& [field, line] : read.lines)
        out.lines[prefix + field] = line;
      for (std::string& problem : read.problems)
        out.problems.push_back(std::move(problem));
    }
    warband.characters.push_back(std::move(entry));
  }
  return out;
}

std::vector<std::string> all_warband_problems(const WarbandRead& read, const CreationRules& rules) {
  return all_problems(read.problems, warband_problems(read.warband, rules, read.lines));
}

Warband parse_warband_toml(std::string_view text, const std::string& path,
                           const std::string& characters_folder) {
  WarbandRead read = read_warband_toml(text, path, characters_folder);
  sort_by_line(read.problems);
  refuse_problems(read.problems, path);
  return std::move(read.warband);
}

std::string warband_to_toml(const Warband& warband) {
  std::string out =
      "# A Conflict warband (seed 003). `warband build conflict warband-validate --file FILE` "
      "checks it and prices it.\n";
  out += fmt::format("name = {}\n", warband_quoted(warband.name));
  if (!warband.description.empty())
    out += fmt::format("description = {}\n", warband_quoted(warband.description));
  out += fmt::format("points_limit = {}\n", warband.points_limit);
  for (const WarbandEntry& entry : warband.characters) {
    out += "\n[[characters]]\n";
    if (!entry.file.empty())
      out += fmt::format("file = {}\n", warband_quoted(entry.file));
    else
      out += character_fields_toml(entry.character, "characters.attacks");
  }
  return out;
}

nlohmann::json warband_to_json(const Warband& warband, const CreationRules& rules) {
  nlohmann::json json;
  json["format"] = kWarbandFormat;
  json["version"] = kWarbandFormatVersion;
  json["name"] = warband.name;
  if (!warband.description.empty()) json["description"] = warband.description;
  json["points_limit"] = warband.points_limit;
  json["points"] = warband_points(warband, rules.costs);
  json["characters"] = nlohmann::json::array();
  for (const WarbandEntry& entry : warband.characters) {
    nlohmann::json item{{"character", character_to_json(entry.character, rules)}};
    if (!entry.file.empty()) item["file"] = entry.file;
    json["characters"].push_back(std::move(item));
  }
  json["problems"] = warband_problems(warband, rules);
  return json;
}

Warband warband_from_json(const nlohmann::json& json, const std::string& where,
                          const std::string& characters_folder) {
  const JsonFields f(json, where);
  if (const nlohmann::json* format = f.find("format"); format && *format != kWarbandFormat)
    throw InputError(f.where_of("format"), fmt::format("expected \"{}\"", kWarbandFormat));
  if (const nlohmann::json* version = f.find("version");
      version && *version != kWarbandFormatVersion)
    throw InputError(f.where_of("version"),
                     fmt::format("this build reads version {}", kWarbandFormatVersion));
  Warband warband;
  warband.name = f.string("name");
  warband.description = f.optional_string("description").value_or("");
  warband.points_limit = static_cast<int>(f.integer("points_limit", 1, kMaxPointsLimit));
  if (const auto characters = f.optional_array("characters")) {
    characters->check_size(kMaxFileListItems, "characters");
    for (std::size_t i = 0; i < characters->size(); ++i) {
      const JsonFields item = characters->object(i);
      WarbandEntry entry;
      entry.file = item.optional_string("file").value_or("");
      if (!entry.file.empty() && !plain_character_file(entry.file))
        throw InputError(
            item.where_of("file"),
            fmt::format("must be a shipped character's file name ending in {}", kCharacterSuffix));
      if (!entry.file.empty() && !item.has("character")) {
        // A warband file's entry as its TOML reads into JSON (a saved document, a `play` log):
        // the shipped character it names, as read_warband_toml loads it.
        item.check_keys({"file"});
        entry.character = shipped_character(entry.file, characters_folder, item.where_of("file"));
        warband.characters.push_back(std::move(entry));
        continue;
      }
      // A character written inline in the file reads as the entry's own fields.
      entry.character =
          item.has("character") || !entry.file.empty()
              ? character_from_json(item.value("character"), item.place_of("character"))
              : character_from_json(item.json(), item.place());
      if (!entry.file.empty() && !same_as_shipped(entry, characters_folder)) entry.file.clear();
      warband.characters.push_back(std::move(entry));
    }
  }
  return warband;
}

std::string warband_to_markdown(const Warband& warband, const CreationRules& rules) {
  std::string out =
      fmt::format("# {}\n\n", warband.name.empty() ? "(unnamed warband)" : warband.name);
  if (!warband.description.empty()) out += fmt::format("*{}*\n\n", warband.description);
  out += fmt::format("**{} of {} points**, {} characters\n\n", warband_points(warband, rules.costs),
                     warband.points_limit, warband.characters.size());
  out += "| Character | Size | Suit | Wounds | Attacks | Abilities | Points |\n";
  out += "|---|---|---|---|---|---|---|\n";
  for (const WarbandEntry& entry : warband.characters) {
    const Character& c = entry.character;
    std::vector<std::string> attacks;
    for (const Attack& attack : c.attacks)
      attacks.push_back(
          fmt::format("{} ({} {})", attack.name, attack_type_name(attack.type), attack.strength));
    const SizeCategory* size = rules.find_size(c.size);
    out +=
        fmt::format("| {} | {} {} | {} | {} | {} | {} | {} |\n", c.name, c.size,
                    size ? size->name : "?", suit_name(c.suit), c.wounds, fmt::join(attacks, ", "),
                    c.abilities.empty() ? "—" : fmt::format("{}", fmt::join(c.abilities, ", ")),
                    character_points(c, rules.costs));
  }
  out += problems_markdown(warband_problems(warband, rules));
  return out;
}

}  // namespace warband::conflict
