// Finding models and attacks by the names players type, and what a profile implies for an attack
// (which defense and resistance it meets, how many dice it may roll).
#include <fmt/format.h>

#include <algorithm>
#include <cctype>

#include "core/error.h"
#include "rulesets/agame/content.h"
#include "rulesets/agame/dice_pools.h"

namespace warband::agame {
namespace {

// Names match ignoring case, spaces, hyphens and a leading "The": the seed writes both "Vampire
// Sword fighter" and "vampire swordfighter", "The Great Ram of Shamborga" and "The great ram".
std::string name_key(std::string_view name) {
  std::string lower;
  for (char c : name)
    lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  const std::size_t start = lower.find_first_not_of(" \t");
  if (start != std::string::npos && lower.compare(start, 4, "the ") == 0) lower.erase(0, start + 4);
  std::string key;
  for (char c : lower)
    if (std::isalnum(static_cast<unsigned char>(c))) key += c;
  return key;
}

template <typename Item>
std::string known_names(const std::vector<Item>& items) {
  std::string list;
  for (const Item& item : items)
    list += (list.empty() ? "'" : ", '") + item.name + "'";
  return list.empty() ? "none" : list;
}

}  // namespace

const char* attack_kind_name(AttackKind kind) {
  switch (kind) {
    case AttackKind::kMelee:
      return "melee";
    case AttackKind::kRanged:
      return "ranged";
    case AttackKind::kMagic:
      return "magic";
  }
  return "?";
}

const char* resistance_name(Resistance resistance) {
  switch (resistance) {
    case Resistance::kArmor:
      return "armor";
    case Resistance::kWill:
      return "will";
    case Resistance::kBody:
      return "body";
    case Resistance::kReflexes:
      return "reflexes";
  }
  return "?";
}

int Model::defense_against(AttackKind kind) const {
  // "ranged defense is used instead of melee defense"; magic attacks meet the Magic defense.
  switch (kind) {
    case AttackKind::kMelee:
      return melee_defense;
    case AttackKind::kRanged:
      return ranged_defense;
    case AttackKind::kMagic:
      return magic_defense;
  }
  return melee_defense;
}

int Model::resistance(Resistance which) const {
  switch (which) {
    case Resistance::kArmor:
      return armor;
    case Resistance::kWill:
      return will;
    case Resistance::kBody:
      return body;
    case Resistance::kReflexes:
      return reflexes;
  }
  return armor;
}

int Model::dice_available(const Attack& attack) const {
  return std::max(0, attack_pool_dice(*this, attack, attack.cost));
}

int Model::fewest_dice(const Attack& attack) const {
  return attack.special_allocation ? 1 : attack.min_dice;
}

int Model::most_dice(const Attack& attack) const {
  const int available = dice_available(attack);
  return attack.special_allocation ? available : std::min(attack.max_dice, available);
}

const Attack& Model::find_attack(const std::string& attack_name, const std::string& where) const {
  const std::string key = name_key(attack_name);
  for (const Attack& attack : attacks)
    if (name_key(attack.name) == key) return attack;
  throw InputError(where, fmt::format("names '{}', which is not one of {}'s attacks ({})",
                                      attack_name, name, known_names(attacks)));
}

const Model& Content::find_model(const std::string& model_name, const std::string& where) const {
  const std::string key = name_key(model_name);
  for (const Model& model : models)
    if (name_key(model.name) == key) return model;
  throw InputError(where, fmt::format("names '{}', which is not a model; the models are {}",
                                      model_name, known_names(models)));
}

bool has_damage_type(const std::vector<std::string>& keywords,
                     const std::vector<std::string>& types) {
  for (const std::string& keyword : keywords)
    for (const std::string& type : types)
      if (name_key(keyword) == name_key(type)) return true;
  return false;
}

}  // namespace warband::agame
