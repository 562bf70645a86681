// points.toml: the formula that prices every unit (base, points per stat, per keyword, per
// weapon) and per-unit adjustments or overrides.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "core/toml_fields.h"
#include "core/toml_input.h"
#include "rulesets/atomspast/content_files/content_files.h"

namespace warband::atomspast::content_files {
namespace {

double as_number(const TomlFields& f, const toml::node& node, std::string_view key) {
  if (const auto* i = node.as_integer()) return static_cast<double>(i->get());
  if (const auto* d = node.as_floating_point();
      d && std::isfinite(d->get()) && std::abs(d->get()) <= 1e6)
    return d->get();
  f.fail(node, fmt::format("'{}' must be a number of points such as 12 or 2.5, got {}", key,
                           describe_toml_value(node)));
}

}  // namespace

PointsFormula load_points(const std::string& path, const std::vector<UnitProfile>& units,
                          const std::vector<Weapon>& weapons) {
  const toml::table root = parse_toml_file(path);
  const TomlFields f(path, root, "points");
  f.check_keys({"base", "floor", "stats", "keywords", "weapons", "units"});
  PointsFormula formula;
  formula.present = true;
  if (const toml::node* base = f.find("base")) formula.base = as_number(f, *base, "base");

  if (f.has("floor")) {
    const TomlFields floor(path, f.table("floor", "a [floor] table: unit = N, per_base_space = N"),
                           "[floor]");
    floor.check_keys({"unit", "per_base_space"});
    formula.floor_unit = floor.integer_or("unit", 0, 0, 100000);
    formula.floor_per_base_space = floor.integer_or("per_base_space", 0, 0, 10000);
  }
  if (f.has("stats")) {
    const TomlFields stats(path, f.table("stats", "a [stats] table of stat = points per 1"),
                           "[stats]");
    stats.check_keys(
        std::vector<std::string_view>(std::begin(kPricedStats), std::end(kPricedStats)));
    for (const char* stat : kPricedStats)
      if (const toml::node* node = stats.find(stat))
        formula.stat_weights[stat] = as_number(stats, *node, stat);
  }
  if (f.has("keywords")) {
    const toml::table& keywords = f.table("keywords", "a [keywords] table of Keyword = points");
    const TomlFields words(path, keywords, "[keywords]");
    for (auto&& [key, node] : keywords)
      formula.keyword_weights[std::string(key.str())] =
          as_number(words, node, std::string(key.str()));
  }
  if (f.has("weapons")) {
    const toml::table& table = f.table("weapons", "a [weapons] table of weapon id = points");
    const TomlFields entries(path, table, "[weapons]");
    for (auto&& [key, node] : table) {
      const std::string id(key.str());
      if (std::none_of(weapons.begin(), weapons.end(),
                       [&](const Weapon& weapon) { return weapon.id == id; }))
        entries.fail(node,
                     fmt::format("unknown weapon '{}': no weapon in weapons.toml has this id", id));
      formula.weapon_weights[id] = as_number(entries, node, id);
    }
  }
  if (f.has("units")) {
    const toml::table& table = f.table("units", "a [units] table of unit id = { adjust = N }");
    for (auto&& [key, node] : table) {
      const std::string id(key.str());
      const auto* entry = node.as_table();
      const TomlFields unit(path, entry ? *entry : table, fmt::format("[units] '{}'", id));
      if (!entry)
        unit.fail(node, fmt::format("expected {{ adjust = N }} or {{ override = N }}, got {}",
                                    describe_toml_value(node)));
      if (std::none_of(units.begin(), units.end(),
                       [&](const UnitProfile& u) { return u.id == id; }))
        unit.fail(node, "unknown unit: no unit profile in units.toml has this id");
      unit.check_keys({"adjust", "override"});
      if (unit.has("adjust")) formula.adjust[id] = unit.integer("adjust", -100000, 100000);
      if (unit.has("override")) {
        const int points = unit.integer("override", 0, 100000);
        // An override is a price by hand, but not a way under the floor (ruling "Points floor").
        const UnitProfile& profile = *std::find_if(
            units.begin(), units.end(), [&](const UnitProfile& u) { return u.id == id; });
        if (const int least = points_floor(profile, formula); points < least)
          unit.fail(*unit.find("override"),
                    fmt::format("'override' is {}, below the [floor] of {} points for this unit; "
                                "raise it or lower the floor",
                                points, least));
        formula.override_points[id] = points;
      }
    }
  }
  return formula;
}

}  // namespace warband::atomspast::content_files
