// Conflict's balance hooks (core/balance_hooks.h): `warband balance conflict` draws two random
// warbands of the shipped characters (the character files and the shipped warbands' inline ones)
// at a points budget, fits each character's value per point, and each term of the points formula
// (cost_terms.h) its value per point of cost.
#include "core/balance_hooks.h"

#include <fmt/format.h>

#include <filesystem>
#include <map>
#include <mutex>

#include "core/error.h"
#include "core/file_io.h"
#include "core/parameter_overrides.h"
#include "core/registry.h"
#include "core/rng.h"
#include "rulesets/conflict/character_cost.h"
#include "rulesets/conflict/character_file.h"
#include "rulesets/conflict/conflict_game.h"
#include "rulesets/conflict/conflict_ruleset.h"
#include "rulesets/conflict/cost_terms.h"
#include "rulesets/conflict/warband_file.h"

namespace warband::conflict {
namespace {

// What random warbands are drawn from, read once per content folder.
struct Catalog {
  CreationRules rules;
  std::vector<std::string> ids;  // the file's stem, or the shipped warband's id and the name
  std::vector<Character> characters;
  int points_limit = 0;  // the shipped warbands' largest
};

std::string conflict_folder(const nlohmann::json& setup) {
  std::string root = default_content_dir();
  if (setup.is_object() && setup.contains("content_dir")) {
    if (!setup["content_dir"].is_string())
      throw InputError("setup.content_dir", "expected a string");
    if (!setup["content_dir"].get<std::string>().empty())
      root = setup["content_dir"].get<std::string>();
  }
  return root + "/conflict";
}

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

Catalog read_catalog(const std::string& folder) {
  Catalog catalog;
  catalog.rules = load_creation_rules(folder);
  const auto add = [&](std::string id, const Character& character) {
    for (const Character& known : catalog.characters)
      if (known.name == character.name) return;  // a name is what a game's statuses report
    catalog.ids.push_back(std::move(id));
    catalog.characters.push_back(character);
  };
  constexpr std::string_view kCharacter = ".character.toml", kWarband = ".warband.toml";
  const std::string characters = characters_folder_of(folder);
  for (const auto& file : files_ending(characters, kCharacter))
    add(stem_of(file, kCharacter), parse_character_toml(read_text_file(file), file.string()));
  for (const auto& file : files_ending(folder + "/warbands", kWarband)) {
    const Warband warband = parse_warband_toml(read_text_file(file), file.string(), characters);
    catalog.points_limit = std::max(catalog.points_limit, warband.points_limit);
    for (const WarbandEntry& entry : warband.characters)
      if (entry.found && entry.file.empty())
        add(fmt::format("{}.{}", stem_of(file, kWarband), entry.character.name), entry.character);
  }
  if (catalog.characters.empty())
    throw InputError(characters, "no character to draw random warbands from");
  return catalog;
}

const Catalog& catalog_of(const nlohmann::json& setup) {
  static std::mutex mutex;
  static std::map<std::string, Catalog> catalogs;
  const std::string folder = conflict_folder(setup);
  const std::lock_guard lock(mutex);
  auto found = catalogs.find(folder);
  if (found == catalogs.end()) found = catalogs.emplace(folder, read_catalog(folder)).first;
  return found->second;
}

// A side: characters drawn one at a time among those that still fit the budget, until none does
// or the warband is full.
Warband random_warband(const Catalog& catalog, const std::string& name, int points, int budget,
                       Rng& rng) {
  Warband warband;
  warband.name = name;
  warband.points_limit = points;
  int left = budget;
  std::vector<int> fitting;
  while (static_cast<int>(warband.characters.size()) <
         catalog.rules.limits.warband_characters_max) {
    fitting.clear();
    for (int c = 0; c < static_cast<int>(catalog.characters.size()); ++c)
      if (character_points(catalog.characters[c], catalog.rules.costs) <= left)
        fitting.push_back(c);
    if (fitting.empty()) break;
    const Character& drawn = catalog.characters[fitting[rng.below(fitting.size())]];
    left -= character_points(drawn, catalog.rules.costs);
    warband.characters.push_back({.file = "", .character = drawn});
  }
  if (warband.characters.empty())
    throw InputError("--points", fmt::format("{} points buy no character", budget));
  return warband;
}

// The budget of each side is drawn from [points - spread, points], so that totals differ. A draw
// whose models do not fit their deployment zones is drawn again.
nlohmann::json random_setup(const nlohmann::json& base, int points, int spread,
                            std::uint64_t seed) {
  const Catalog& catalog = catalog_of(base);
  Rng rng(seed);
  constexpr int kTries = 20;
  for (int attempt = 0;; ++attempt) {
    nlohmann::json setup = base.is_object() ? base : nlohmann::json::object();
    setup["warbands"] = nlohmann::json::array();
    for (int side = 0; side < 2; ++side) {
      const int budget = points - static_cast<int>(rng.below(static_cast<std::uint64_t>(
                                      std::max(0, std::min(spread, points - 1)) + 1)));
      const Warband warband =
          random_warband(catalog, side == 0 ? "Random Red" : "Random Blue", points, budget, rng);
      setup["warbands"].push_back(warband_to_json(warband, catalog.rules));
    }
    try {
      ConflictGame check(setup);
      return setup;
    } catch (const InputError& error) {
      if (attempt + 1 == kTries)
        throw InputError("--points", fmt::format("no random warbands of {} points fit the table "
                                                 "in {} draws: {}",
                                                 points, kTries, error.what()));
    }
  }
}

FormulaPoints formula_points(const nlohmann::json& setup) {
  const std::string folder = conflict_folder(setup);
  const CostFormula& costs = catalog_of(setup).rules.costs;
  FormulaPoints points;
  for (int side = 0; side < 2; ++side) {
    const std::string where = fmt::format("setup.warbands[{}]", side);
    const Warband warband =
        warband_from_json(setup.at("warbands").at(side), where, characters_folder_of(folder));
    points[side].assign(cost_terms(costs).size(), 0.0);
    for (const WarbandEntry& entry : warband.characters) {
      const std::vector<double> character = character_term_points(entry.character, costs);
      for (std::size_t t = 0; t < character.size(); ++t)
        points[side][t] += character[t];
    }
  }
  return points;
}

std::vector<BalanceUnit> catalog(const nlohmann::json& setup) {
  const Catalog& read = catalog_of(setup);
  std::vector<BalanceUnit> units;
  for (std::size_t c = 0; c < read.characters.size(); ++c)
    units.push_back({read.ids[c], read.characters[c].name,
                     character_points(read.characters[c], read.rules.costs)});
  return units;
}

}  // namespace

BalanceHooks balance_hooks() {
  return {
      .catalog = catalog,
      .points_limit = [](const nlohmann::json& setup) { return catalog_of(setup).points_limit; },
      .random_setup = random_setup,
      // Only the rule numbers are what-ifs (`--set parameters.round_limit=6`): the formula's own
      // numbers are what the run measures.
      .apply_overrides =
          [](const nlohmann::json& setup, const std::vector<BalanceOverride>& overrides) {
            return override_parameters(setup, overrides, "Conflict",
                                       {declared_parameter("conflict", "round_limit", 1)});
          },
      // Half the limit to all of it: the formula fit needs sides' totals to differ.
      .default_spread = [](int points) { return points / 2; },
      .formula_terms =
          [](const nlohmann::json& setup) { return cost_terms(catalog_of(setup).rules.costs); },
      .formula_points = formula_points,
  };
}

}  // namespace warband::conflict
