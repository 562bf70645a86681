// warbands/*.toml and a player's own list: custom profiles, the Kon, the units and the spell
// deck, each reference checked against the loaded content. The rules (points, deck size,
// Knowledge) are validate_warband's job, in a player's words; here only what can be read.
#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "core/input_limits.h"
#include "core/text.h"
#include "core/toml_fields.h"
#include "rulesets/atomspast/content_files/content_files.h"

namespace warband::atomspast::content_files {

WarbandDef load_warband_table(const std::string& path, const toml::table& root,
                              const std::vector<UnitProfile>& units,
                              const std::vector<SpellCard>& spells,
                              const std::vector<Weapon>& weapons) {
  std::vector<UnitProfile> custom_units;
  // "unknown unit 'x': ...", with a did-you-mean among the ids known so far; "" when it is known.
  auto unknown_unit = [&](const std::string& id) -> std::string {
    std::vector<std::string_view> ids;
    for (const UnitProfile& unit : units)
      ids.push_back(unit.id);
    for (const UnitProfile& unit : custom_units)
      ids.push_back(unit.id);
    if (std::find(ids.begin(), ids.end(), id) != ids.end()) return "";
    return fmt::format("unknown unit '{}': no unit profile has this id{}", id,
                       did_you_mean(id, ids));
  };
  auto unknown_spell = [&](const std::string& id) -> std::string {
    std::vector<std::string_view> ids;
    for (const SpellCard& spell : spells)
      ids.push_back(spell.id);
    if (std::find(ids.begin(), ids.end(), id) != ids.end()) return "";
    return fmt::format("unknown spell '{}': no spell card has this id{}", id,
                       did_you_mean(id, ids));
  };

  TomlFields f(path, root, "warband");
  WarbandDef warband;
  warband.id = f.id("id", kIdExample);
  f.set_context(fmt::format("warband '{}'", warband.id));
  f.check_keys({"id", "name", "faction", "points_limit", "content_version", "points", "kon",
                "custom", "units", "deck"});
  warband.name = f.string("name");
  warband.faction = f.string_or("faction", "");
  warband.points_limit = f.integer_or("points_limit", warband.points_limit, 1, 1000000);
  warband.content_version = f.string_or("content_version", "", "a content version");
  warband.saved_points = f.integer_or("points", -1, 0, 100000000);

  // Custom profiles first: the Kon and the units may refer to them.
  const std::vector<const toml::table*> customs = f.tables_of("custom", "[[custom]]");
  if (!customs.empty())
    check_list_size(customs.size(), kMaxCustomUnits, f.where(*f.find("custom")),
                    "[[custom]] unit profiles");
  for (const toml::table* table : customs) {
    TomlFields entry(path, *table, fmt::format("warband '{}': [[custom]]", warband.id));
    UnitProfile unit =
        load_unit(entry, false, warband.faction.empty() ? "Custom" : warband.faction, weapons);
    if (unknown_unit(unit.id).empty())
      entry.fail(*entry.find("id"),
                 fmt::format("id '{}' is taken by another unit profile: choose another", unit.id));
    custom_units.push_back(std::move(unit));
  }
  warband.custom_units = custom_units;

  if (f.has("kon")) {
    const toml::table& kon_table = f.table("kon", "a [kon] table with unit, spell and power_level");
    TomlFields kon(path, kon_table, fmt::format("warband '{}': [kon]", warband.id));
    kon.check_keys({"unit", "spell", "power_level"});
    const toml::node& unit = kon.require("unit", "a unit id");
    warband.kon_profile = kon.as_string(unit, "unit", "a unit id");
    // "" is a Kon not chosen yet (a list being built): validate_warband says so in a player's
    // words.
    if (const std::string problem = unknown_unit(warband.kon_profile);
        !warband.kon_profile.empty() && !problem.empty())
      kon.fail(unit, problem);
    const toml::node& spell = kon.require("spell", "a spell id");
    warband.kon_spell = kon.as_string(spell, "spell", "a spell id");
    if (const std::string problem = unknown_spell(warband.kon_spell);
        !warband.kon_spell.empty() && !problem.empty())
      kon.fail(spell, problem);
    // The rules range (1..max_power_level, X >= 0) is checked by validate_warband, in words a
    // player can act on; here only a sane number.
    const toml::node& level = kon.require("power_level", "the Kon Spell's Power Level");
    const auto* level_value = level.as_integer();
    if (!level_value || level_value->get() < -1000 || level_value->get() > 1000)
      kon.fail(level, fmt::format("'power_level' must be a whole number (the Kon Spell's Power "
                                  "Level, usually 1 to 10), got {}",
                                  describe_toml_value(level)));
    warband.kon_power_level = static_cast<int>(level_value->get());
  }

  std::map<std::string, int> listed;  // unit id -> line
  for (const toml::table* table : f.tables_of("units", "[[units]]")) {
    TomlFields entry(path, *table, fmt::format("warband '{}': [[units]]", warband.id));
    entry.check_keys({"unit", "count", "points"});
    const toml::node& unit = entry.require("unit", "a unit id");
    WarbandUnit item;
    item.profile = entry.as_string(unit, "unit", "a unit id");
    if (const std::string problem = unknown_unit(item.profile); !problem.empty())
      entry.fail(unit, problem);
    const int line = static_cast<int>(unit.source().begin.line);
    if (auto [it, fresh] = listed.emplace(item.profile, line); !fresh)
      entry.fail(unit, fmt::format("'{}' is already listed at line {}: give one entry with a "
                                   "larger count",
                                   item.profile, it->second));
    item.count = entry.integer("count", 1, 100);
    item.saved_points = entry.integer_or("points", -1, 0, 100000);
    warband.units.push_back(item);
  }

  if (f.has("deck")) {
    const TomlFields deck(path, f.table("deck", "a [deck] table of spell id = copies"),
                          fmt::format("warband '{}': [deck]", warband.id));
    for (auto&& [key, node] : deck.toml_table()) {
      const std::string id(key.str());
      if (const std::string problem = unknown_spell(id); !problem.empty())
        deck.fail_at_key(key, node, problem);
      warband.deck.emplace_back(id, deck.as_integer(node, id, 1, 500));
    }
  }
  return warband;
}

}  // namespace warband::atomspast::content_files
