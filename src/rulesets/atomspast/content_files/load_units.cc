// weapons.toml and units.toml: weapon profiles, and unit profiles that carry them (or give their
// attacks inline). A warband's [[custom]] profiles are read by load_unit too.
#include <fmt/format.h>

#include <cstdint>
#include <map>

#include "core/input_limits.h"
#include "core/toml_fields.h"
#include "core/toml_input.h"
#include "rulesets/atomspast/content_files/content_files.h"
#include "rulesets/atomspast/stat_ranges.h"

namespace warband::atomspast::content_files {
namespace {

AttackProfile load_attack(const TomlFields& unit, std::string_view key) {
  const TomlFields f(unit.path(),
                     unit.table(key, "a table such as { skill = 3, dice = 4, range = 1 }"),
                     fmt::format("{}: '{}'", unit.context(), key));
  f.check_keys({"skill", "dice", "range"});
  AttackProfile attack;
  attack.skill = f.integer("skill", kAttackSkillRange.min, kAttackSkillRange.max);
  attack.dice = f.integer("dice", kAttackDiceRange.min, kAttackDiceRange.max);
  attack.range = f.integer("range", kAttackReachRange.min, kAttackReachRange.max);
  return attack;
}

grid::Footprint parse_base(const TomlFields& f) {
  const toml::node& node = f.require("base", "\"WxH\" such as \"1x1\" or \"1x2\"");
  const std::string text = f.as_string(node, "base", "\"WxH\" such as \"1x1\" or \"1x2\"");
  const bool ok = text.size() == 3 && text[1] == 'x' && text[0] >= '1' && text[0] <= '4' &&
                  text[2] >= '1' && text[2] <= '4';
  if (!ok)
    f.fail(node, fmt::format("'base' must be \"WxH\" with W and H from 1 to 4 grid spaces "
                             "(such as \"1x1\", \"1x2\", \"2x2\"), got {}",
                             describe_toml_value(node)));
  return grid::Footprint{static_cast<std::uint8_t>(text[0] - '0'),
                         static_cast<std::uint8_t>(text[2] - '0')};
}

}  // namespace

UnitProfile load_unit(TomlFields& f, bool allow_points, std::string_view default_faction,
                      const std::vector<Weapon>& weapons) {
  UnitProfile unit;
  unit.id = f.id("id", kIdExample);
  f.set_context(fmt::format("{} '{}'", allow_points ? "unit" : "custom unit", unit.id));
  std::vector<std::string_view> keys = {"id",     "name",   "faction", "move", "weapons", "melee",
                                        "ranged", "wounds", "shield",  "base", "keywords"};
  if (allow_points) keys.push_back("points");  // a custom unit is priced by the formula
  keys.push_back("text");
  f.check_keys(keys);
  unit.name = f.string("name");
  unit.faction = default_faction.empty()
                     ? f.string("faction", "a faction name such as \"Orc Horde\"")
                     : f.string_or("faction", std::string(default_faction));
  unit.move = f.integer("move", kMoveRange.min, kMoveRange.max);
  constexpr std::string_view kWeaponIds =
      "a list of weapon ids such as [\"cleaver\", \"short_bow\"]";
  const toml::array* carried = f.array_or_null("weapons", kWeaponIds);
  if (carried) {
    for (const char* inline_key : {"melee", "ranged"})
      if (const toml::node* node = f.find(inline_key))
        f.fail(*node,
               "give either 'weapons' or inline 'melee'/'ranged' attacks, not both: the "
               "unit's attacks come from its weapons");
    check_list_size(carried->size(), kMaxUnitWeapons, f.where(*carried), "weapons");
    for (const toml::node& weapon : *carried)
      unit.weapons.push_back(f.item_string(weapon, "weapons", kWeaponIds));
    if (unit.weapons.empty())
      f.fail(*carried, "'weapons' is empty: give at least one weapon, or an inline 'melee'");
    const std::vector<std::string> problems = apply_weapons(unit, weapons);
    if (allow_points && !problems.empty()) f.fail(*carried, problems.front());
  } else {
    unit.melee = load_attack(f, "melee");
    if (f.has("ranged")) unit.ranged = load_attack(f, "ranged");
  }
  unit.wounds = f.integer("wounds", kWoundsRange.min, kWoundsRange.max);
  unit.shield = f.integer_or("shield", 0, kShieldRange.min, kShieldRange.max);
  unit.base = parse_base(f);
  if (const toml::node* keywords = f.find("keywords"); keywords && keywords->is_array())
    check_list_size(keywords->as_array()->size(), kMaxUnitKeywords, f.where(*keywords), "keywords");
  unit.keywords =
      f.strings_or_empty("keywords", "a list of words in quotes such as [\"Infantry\", \"Orc\"]");
  unit.points =
      allow_points ? f.integer_or("points", -1, kUnitPointsRange.min, kUnitPointsRange.max) : -1;
  unit.text = f.string_or("text", "");
  return unit;
}

std::vector<Weapon> load_weapons(const std::string& path) {
  const toml::table root = parse_toml_file(path);
  const TomlFields top(path, root);
  top.check_keys({"weapon"});
  std::vector<Weapon> weapons;
  std::map<std::string, int> seen;  // id -> line
  const auto tables = top.tables_of("weapon", "[[weapon]]");
  for (std::size_t i = 0; i < tables.size(); ++i) {
    TomlFields f(path, *tables[i], fmt::format("weapon #{}", i + 1));
    Weapon weapon;
    weapon.id = f.id("id", kIdExample);
    f.set_context(fmt::format("weapon '{}'", weapon.id));
    f.check_keys({"id", "name", "kind", "skill", "dice", "range", "keywords", "text"});
    const int line = static_cast<int>(tables[i]->source().begin.line);
    if (auto [it, fresh] = seen.emplace(weapon.id, line); !fresh)
      f.fail(*f.find("id"), fmt::format("duplicate id: another weapon with id '{}' is at line {}",
                                        weapon.id, it->second));
    weapon.name = f.string("name");
    weapon.kind =
        f.choice("kind", {"melee", "ranged"}) == 0 ? AttackKind::kMelee : AttackKind::kRanged;
    weapon.attack.skill = f.integer("skill", 0, 6);
    weapon.attack.dice = f.integer("dice", 1, 30);
    weapon.attack.range = f.integer("range", 1, 30);
    weapon.keywords =
        f.strings_or_empty("keywords", "a list of words in quotes such as [\"Two-handed\"]");
    weapon.text = f.string_or("text", "");
    weapons.push_back(std::move(weapon));
  }
  return weapons;
}

std::vector<UnitProfile> load_units(const std::string& path, const std::vector<Weapon>& weapons) {
  const toml::table root = parse_toml_file(path);
  const TomlFields top(path, root);
  top.check_keys({"unit"});
  const auto tables = top.tables_of("unit", "[[unit]]");
  if (tables.empty()) top.fail_here("no [[unit]] entries: expected at least one unit profile");

  std::vector<UnitProfile> units;
  std::map<std::string, int> seen;  // id -> line
  for (std::size_t i = 0; i < tables.size(); ++i) {
    TomlFields f(path, *tables[i], fmt::format("unit #{}", i + 1));
    UnitProfile unit = load_unit(f, true, "", weapons);
    const int line = static_cast<int>(tables[i]->source().begin.line);
    if (auto [it, fresh] = seen.emplace(unit.id, line); !fresh)
      f.fail(*f.find("id"), fmt::format("duplicate id: another unit with id '{}' is at line {}",
                                        unit.id, it->second));
    units.push_back(std::move(unit));
  }
  return units;
}

}  // namespace warband::atomspast::content_files
