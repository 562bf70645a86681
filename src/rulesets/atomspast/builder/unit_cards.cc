#include "rulesets/atomspast/builder/unit_cards.h"

#include <fmt/format.h>

#include "rulesets/atomspast/builder/export_text.h"
#include "rulesets/atomspast/builder/warband_file.h"

namespace warband::atomspast::builder {
namespace {

nlohmann::json attack_json(const AttackProfile& attack) {
  if (!attack.present()) return nullptr;
  return {{"skill", attack.skill}, {"dice", attack.dice}, {"range", attack.range}};
}

}  // namespace

std::vector<const Weapon*> carried_weapons(const UnitProfile& unit, const Content& content) {
  std::vector<const Weapon*> carried;
  for (const std::string& id : unit.weapons)
    if (const Weapon* weapon = content.find_weapon(id)) carried.push_back(weapon);
  return carried;
}

std::string weapon_words(const Weapon& weapon) {
  return fmt::format("{} ({} {})", weapon.name, attack_kind_name(weapon.kind),
                     attack_words(weapon.attack));
}

std::string weapons_words(const UnitProfile& unit, const Content& content) {
  std::vector<std::string> words;
  for (const Weapon* weapon : carried_weapons(unit, content))
    words.push_back(weapon_words(*weapon));
  return fmt::format("{}", fmt::join(words, ", "));
}

nlohmann::json weapon_json(const Weapon& weapon) {
  return {{"id", weapon.id},
          {"name", weapon.name},
          {"kind", attack_kind_name(weapon.kind)},
          {"skill", weapon.attack.skill},
          {"dice", weapon.attack.dice},
          {"range", weapon.attack.range},
          {"keywords", weapon.keywords},
          {"text", weapon.text}};
}

nlohmann::json unit_cards_json(const WarbandDef& warband, const Content& content) {
  nlohmann::json cards = nlohmann::json::array();
  for (const WarbandUnit& entry : warband.units) {
    const UnitProfile* unit = find_profile(warband, content, entry.profile);
    if (!unit) continue;
    nlohmann::json weapons = nlohmann::json::array();
    for (const Weapon* weapon : carried_weapons(*unit, content))
      weapons.push_back(weapon_json(*weapon));
    cards.push_back({{"unit", unit->id},
                     {"name", unit->name},
                     {"count", entry.count},
                     {"kon", entry.profile == warband.kon_profile},
                     {"move", unit->move},
                     {"melee", attack_json(unit->melee)},
                     {"ranged", attack_json(unit->ranged)},
                     {"wounds", unit->wounds},
                     {"shield", unit->shield},
                     {"base", fmt::format("{}x{}", unit->base.w, unit->base.h)},
                     {"keywords", unit->keywords},
                     {"weapons", weapons},
                     {"points_each", unit->points},
                     {"text", unit->text}});
  }
  return cards;
}

}  // namespace warband::atomspast::builder
