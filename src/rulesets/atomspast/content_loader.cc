// Loads content/atomspast from a folder, file by file in the order their references need:
// parameters, weapons, units, spells, points, then maps/ and warbands/. Each file's schema is read
// by its own reader in content_files/.
#include <toml++/toml.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/toml_input.h"
#include "rulesets/atomspast/content.h"
#include "rulesets/atomspast/content_files/content_files.h"

namespace warband::atomspast {
namespace {

namespace fs = std::filesystem;

// `id_line`, when given, gets the line of the file's `id` (a duplicate id names both lines).
WarbandDef load_warband(const std::string& path, const Content& content, int* id_line = nullptr) {
  const toml::table root = parse_toml_file(path);
  WarbandDef warband =
      content_files::load_warband_table(path, root, content.units, content.spells, content.weapons);
  warband.source = path;
  if (id_line != nullptr)
    if (const toml::node* id = root.get("id")) *id_line = static_cast<int>(id->source().begin.line);
  return warband;
}

// The .toml files of a folder, sorted by name so that load order never depends on the disk.
std::vector<std::string> toml_files(const std::string& dir) {
  std::vector<std::string> out;
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) return out;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    if (it->path().extension() == ".toml" && it->is_regular_file(ec))
      out.push_back(it->path().string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

// A warband's own profiles are priced by the formula (0 points without one).
void price_custom_units(WarbandDef& warband, const PointsFormula& formula) {
  for (UnitProfile& unit : warband.custom_units)
    unit.points = price_unit(unit, formula).points;
}

// Prices every unit by points.toml when the folder has one; otherwise each unit gives `points`.
void price_units(const fs::path& root, Content& content) {
  const std::string points_path = (root / "points.toml").string();
  const std::string units_path = (root / "units.toml").string();
  std::error_code ec;
  if (fs::exists(points_path, ec))
    content.points = content_files::load_points(points_path, content.units, content.weapons);
  for (UnitProfile& unit : content.units) {
    if (content.points.present && unit.points >= 0)
      throw InputError(units_path,
                       fmt::format("unit '{}': 'points' is set here, but points.toml prices every "
                                   "unit: remove it, or give the unit an override in points.toml",
                                   unit.id));
    if (!content.points.present && unit.points < 0)
      throw InputError(units_path, fmt::format("unit '{}': 'points' is missing: give its points, "
                                               "or price the units in points.toml",
                                               unit.id));
    if (content.points.present) unit.points = price_unit(unit, content.points).points;
  }
}

}  // namespace

Content load_content(const std::string& dir) {
  std::error_code ec;
  if (!fs::is_directory(dir, ec))
    throw InputError(dir,
                     "content folder not found: expected a folder holding parameters.toml, "
                     "units.toml, spells.toml, maps/ and warbands/");
  Content content;
  content.dir = dir;
  const fs::path root(dir);
  content.parameters = content_files::load_parameters((root / "parameters.toml").string());
  const fs::path heuristics_path = root / "heuristics.toml";
  if (fs::exists(heuristics_path, ec))
    content.heuristics = content_files::load_heuristics(heuristics_path.string());
  // Weapons first: units refer to them.
  const fs::path weapons_path = root / "weapons.toml";
  if (fs::exists(weapons_path, ec))
    content.weapons = content_files::load_weapons(weapons_path.string());
  content.units = content_files::load_units((root / "units.toml").string(), content.weapons);
  content.spells = content_files::load_spells((root / "spells.toml").string());
  price_units(root, content);

  std::map<std::string, std::string> map_files;  // id -> the file that gave it
  for (const std::string& path : toml_files((root / "maps").string())) {
    MapDef map = content_files::load_map(path);
    if (const MapDef* other = content.find_map(map.id))
      throw InputError(fmt::format("{}:{}", path, map.id_line),
                       fmt::format("duplicate map id '{}': map '{}' ({}:{}) already has it", map.id,
                                   other->name, map_files[map.id], other->id_line));
    map_files[map.id] = path;
    content.maps.push_back(std::move(map));
  }
  std::map<std::string, std::string> warband_files;  // id -> "file:line" of the id that gave it
  for (const std::string& path : toml_files((root / "warbands").string())) {
    int id_line = 0;
    WarbandDef warband = load_warband(path, content, &id_line);
    price_custom_units(warband, content.points);
    const std::string where = fmt::format("{}:{}", path, id_line);
    if (const WarbandDef* other = content.find_warband(warband.id))
      throw InputError(where,
                       fmt::format("duplicate warband id '{}': warband '{}' ({}) already has it",
                                   warband.id, other->name, warband_files[warband.id]));
    warband_files[warband.id] = where;
    content.warbands.push_back(std::move(warband));
  }
  return content;
}

WarbandDef parse_warband_text(const std::string& text, const std::string& source,
                              const Content& content) {
  const toml::table root = parse_toml_text(text, source);
  WarbandDef warband = content_files::load_warband_table(source, root, content.units,
                                                         content.spells, content.weapons);
  price_custom_units(warband, content.points);
  return warband;
}

WarbandDef load_warband_file(const std::string& path, const Content& content) {
  WarbandDef warband = load_warband(path, content);
  price_custom_units(warband, content.points);
  return warband;
}

}  // namespace warband::atomspast
