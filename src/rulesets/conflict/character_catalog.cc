#include "rulesets/conflict/character_catalog.h"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <string_view>

#include "core/error.h"
#include "core/file_io.h"
#include "core/text.h"
#include "rulesets/conflict/character_file.h"
#include "rulesets/conflict/warband_file.h"

namespace warband::conflict {
namespace {

std::vector<std::filesystem::path> files_ending(const std::string& folder,
                                                std::string_view suffix) {
  std::vector<std::filesystem::path> files;
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator(folder, error))
    if (entry.path().filename().string().ends_with(suffix)) files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  return files;
}

std::string stem_of(const std::filesystem::path& file, std::string_view suffix) {
  const std::string name = file.filename().string();
  return name.substr(0, name.size() - suffix.size());
}

}  // namespace

CharacterCatalog read_character_catalog(const std::string& conflict_folder) {
  CharacterCatalog catalog;
  const auto add = [&](std::string id, const Character& character) {
    for (const Character& known : catalog.characters)
      if (known.name == character.name) return;  // a name is what a game's statuses report
    catalog.ids.push_back(std::move(id));
    catalog.characters.push_back(character);
  };
  constexpr std::string_view kCharacter = ".character.toml", kWarband = ".warband.toml";
  const std::string characters = characters_folder_of(conflict_folder);
  for (const auto& file : files_ending(characters, kCharacter))
    add(stem_of(file, kCharacter), parse_character_toml(read_text_file(file), file.string()));
  for (const auto& file : files_ending(conflict_folder + "/warbands", kWarband)) {
    const Warband warband = parse_warband_toml(read_text_file(file), file.string(), characters);
    catalog.points_limit = std::max(catalog.points_limit, warband.points_limit);
    for (const WarbandEntry& entry : warband.characters)
      if (entry.found && entry.file.empty())
        add(fmt::format("{}.{}", stem_of(file, kWarband), entry.character.name), entry.character);
  }
  if (catalog.characters.empty())
    throw InputError(characters, "no character in the content folder");
  return catalog;
}

const Character& find_character(const CharacterCatalog& catalog, const std::string& name,
                                const std::string& where) {
  std::vector<std::string_view> names;
  for (const Character& character : catalog.characters) {
    if (character.name == name) return character;
    names.push_back(character.name);
  }
  throw InputError(where, fmt::format("no character named '{}'{}", name.substr(0, 60),
                                      did_you_mean(name, names)));
}

}  // namespace warband::conflict
