// The content version a saved list carries: a hash of everything that changes play, prices or
// validates it, so that opening an old list after a re-pricing can say what changed. Names and
// texts (flavour, rules wording) are left out: fixing a typo flags no saved list.
#include <fmt/format.h>

#include <cstdint>
#include <string>

#include "rulesets/atomspast/content.h"

namespace warband::atomspast {
namespace {

// FNV-1a, 64 bits: stable across platforms and builds (std::hash is not).
struct Fnv1a {
  std::uint64_t value = 0xcbf29ce484222325ULL;
  void add(const std::string& text) {
    for (unsigned char c : text) {
      value ^= c;
      value *= 0x100000001b3ULL;
    }
    value ^= 0xff;  // a separator, so that "ab","c" and "a","bc" differ
    value *= 0x100000001b3ULL;
  }
  void add(long long number) { add(std::to_string(number)); }
  void add(double number) { add(fmt::format("{:.17g}", number)); }
};

void add_amount(Fnv1a& hash, const Amount& amount) {
  for (int number : {amount.constant, amount.x_num, amount.x_den})
    hash.add(static_cast<long long>(number));
}

void add_attack(Fnv1a& hash, const AttackProfile& attack) {
  for (int number : {attack.skill, attack.dice, attack.range})
    hash.add(static_cast<long long>(number));
}

// What a spell does, as numbers: its AcTi, Knowledge, targets and effects (not its words).
void add_spell(Fnv1a& hash, const SpellCard& spell) {
  hash.add(spell.id);
  hash.add(static_cast<long long>(spell.acti));
  hash.add(static_cast<long long>(spell.knowledge));
  for (const TargetSlot& slot : spell.targets) {
    hash.add("target " + slot.name);
    for (int number :
         {static_cast<int>(slot.side), slot.within_halves, static_cast<int>(slot.allow_kon)})
      hash.add(static_cast<long long>(number));
    hash.add(slot.near);
  }
  for (const Effect& effect : spell.effects) {
    hash.add("effect " + effect.target);
    for (int number :
         {static_cast<int>(effect.kind), static_cast<int>(effect.stat),
          static_cast<int>(effect.attack_kind), static_cast<int>(effect.optional), effect.turns})
      hash.add(static_cast<long long>(number));
    for (const Amount* amount : {&effect.amount, &effect.skill, &effect.dice, &effect.every_turn})
      add_amount(hash, *amount);
    hash.add(effect.when);
    // Added only when set, so that the versions of content written before it stay the same.
    if (effect.phase != EffectPhase::kBattlefield)
      hash.add(std::string(effect.phase == EffectPhase::kSpell ? "phase spell" : "phase kon"));
  }
}

}  // namespace

std::string content_version(const Content& content) {
  Fnv1a hash;
  const Parameters& rules = content.parameters;
  for (int number : {rules.deck_size, rules.max_power_level, rules.kon_points_surcharge})
    hash.add(static_cast<long long>(number));
  for (const Weapon& weapon : content.weapons) {
    hash.add("weapon " + weapon.id);
    hash.add(static_cast<long long>(weapon.kind));
    add_attack(hash, weapon.attack);
    for (const std::string& keyword : weapon.keywords)
      hash.add(keyword);
  }
  for (const UnitProfile& unit : content.units) {
    hash.add("unit " + unit.id);
    for (int number : {unit.move, unit.wounds, unit.shield, static_cast<int>(unit.base.w),
                       static_cast<int>(unit.base.h), unit.points})
      hash.add(static_cast<long long>(number));
    add_attack(hash, unit.melee);
    add_attack(hash, unit.ranged);
    for (const std::string& weapon : unit.weapons)
      hash.add("carries " + weapon);
    for (const std::string& keyword : unit.keywords)
      hash.add(keyword);
  }
  for (const SpellCard& spell : content.spells)
    add_spell(hash, spell);
  // The formula itself, so that custom profiles re-price with it.
  const PointsFormula& formula = content.points;
  hash.add(formula.base);
  for (const auto& [name, weight] : formula.stat_weights) {
    hash.add(name);
    hash.add(weight);
  }
  for (const auto& [name, weight] : formula.keyword_weights) {
    hash.add("keyword " + name);
    hash.add(weight);
  }
  for (const auto& [id, weight] : formula.weapon_weights) {
    hash.add("weapon weight " + id);
    hash.add(weight);
  }
  for (const auto& [id, adjust] : formula.adjust) {
    hash.add("adjust " + id);
    hash.add(static_cast<long long>(adjust));
  }
  hash.add("floor");
  hash.add(static_cast<long long>(formula.floor_unit));
  hash.add(static_cast<long long>(formula.floor_per_base_space));
  for (const auto& [id, points] : formula.override_points) {
    hash.add("override " + id);
    hash.add(static_cast<long long>(points));
  }
  return fmt::format("{:016x}", hash.value);
}

}  // namespace warband::atomspast
