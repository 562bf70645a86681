// A unit's attacks from the weapons it carries (ruling "Weapons" in docs/rulings/atomspast.md):
// the engine keeps one melee and one ranged attack per unit, so a unit carries at most one weapon
// of each kind.
#include <fmt/format.h>

#include <algorithm>

#include "rulesets/atomspast/content.h"

namespace warband::atomspast {
namespace {

std::string weapon_list(const std::vector<Weapon>& weapons) {
  if (weapons.empty()) return "none (the content has no weapons.toml)";
  std::vector<std::string> ids;
  for (const Weapon& weapon : weapons)
    ids.push_back(weapon.id);
  return fmt::format("{}", fmt::join(ids, ", "));
}

}  // namespace

const char* attack_kind_name(AttackKind kind) {
  return kind == AttackKind::kMelee ? "melee" : "ranged";
}

std::vector<std::string> apply_weapons(UnitProfile& unit, const std::vector<Weapon>& weapons) {
  std::vector<std::string> problems;
  if (unit.weapons.empty()) return problems;
  unit.melee = AttackProfile{};
  unit.ranged = AttackProfile{};
  const Weapon* carried[2] = {nullptr, nullptr};  // melee, ranged
  for (std::size_t i = 0; i < unit.weapons.size(); ++i) {
    const std::string& id = unit.weapons[i];
    if (std::find(unit.weapons.begin(), unit.weapons.begin() + i, id) != unit.weapons.begin() + i) {
      problems.push_back(
          fmt::format("{} lists the weapon '{}' twice: list each weapon once.", unit.name, id));
      continue;
    }
    const auto found = std::find_if(weapons.begin(), weapons.end(),
                                    [&](const Weapon& weapon) { return weapon.id == id; });
    if (found == weapons.end()) {
      problems.push_back(
          fmt::format("{} carries an unknown weapon '{}': no weapon has this id "
                      "(weapons: {}).",
                      unit.name, id, weapon_list(weapons)));
      continue;
    }
    const int slot = found->kind == AttackKind::kMelee ? 0 : 1;
    if (carried[slot]) {
      problems.push_back(fmt::format(
          "{} carries two {} weapons ({} and {}): a unit attacks with at most one melee and one "
          "ranged weapon; drop one of them.",
          unit.name, attack_kind_name(found->kind), carried[slot]->name, found->name));
      continue;
    }
    carried[slot] = &*found;
    (slot == 0 ? unit.melee : unit.ranged) = found->attack;
  }
  return problems;
}

}  // namespace warband::atomspast
