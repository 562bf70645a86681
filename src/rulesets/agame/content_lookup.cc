// Finding models and attacks by the names players type, and what a profile implies for an attack
// (which defense and resistance it meets, how many dice it may roll).
#include <fmt/format.h>

#include <algorithm>
#include <cctype>

#include "core/error.h"
#include "core/text.h"
#include "rulesets/agame/content.h"
#include "rulesets/agame/dice_pools.h"

namespace warband::agame {
namespace {

// Names match ignoring case, spaces, hyphens and a leading "The": the seed writes both "Vampire
// Sword fighter" and "vampire swordfighter", "The Great Ram of Shamborga" and "The great ram".
// The key of a name: its letters and digits, lowered, after a leading "The " (spaces and tabs
// before it allowed). Compared a character at a time, building no key: finding a profile by name
// built one a profile, a sixteenth of an A Game balance run.
class NameKey {
 public:
  explicit NameKey(std::string_view name) : name_(name) {
    const std::size_t start = name.find_first_not_of(" \t");
    if (start == std::string_view::npos || name.size() - start < 4) return;
    const std::string_view the = name.substr(start, 4);
    if (lowered(the[0]) == 't' && lowered(the[1]) == 'h' && lowered(the[2]) == 'e' && the[3] == ' ')
      at_ = start + 4;
  }

  // The key's next character, or '\0' at its end.
  char next() {
    while (at_ < name_.size()) {
      const char c = lowered(name_[at_++]);
      if (std::isalnum(static_cast<unsigned char>(c))) return c;
    }
    return '\0';
  }

 private:
  static char lowered(char c) {
    return static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }

  std::string_view name_;
  std::size_t at_ = 0;
};

bool same_name(std::string_view a, std::string_view b) {
  NameKey left(a), right(b);
  while (true) {
    const char c = left.next();
    if (c != right.next()) return false;
    if (c == '\0') return true;
  }
}

template <typename Item>
std::string known_names(const std::vector<Item>& items) {
  std::string list;
  for (const Item& item : items)
    list += (list.empty() ? "'" : ", '") + item.name + "'";
  return list.empty() ? "none" : list;
}

// ". Did you mean 'Dwarven Defender'?" for a mistyped name, as the other rulesets' lookups say.
template <typename Item>
std::string nearest_name(std::string_view name, const std::vector<Item>& items) {
  std::vector<std::string_view> names;
  for (const Item& item : items)
    names.push_back(item.name);
  return did_you_mean(name, names);
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
  for (const Attack& attack : attacks)
    if (same_name(attack.name, attack_name)) return attack;
  throw InputError(
      where, fmt::format("names '{}', which is not one of {}'s attacks ({}){}", attack_name, name,
                         known_names(attacks), nearest_name(attack_name, attacks)));
}

const Model& Content::find_model(const std::string& model_name, const std::string& where) const {
  if (const Model* model = model_named(model_name)) return *model;
  throw InputError(where,
                   fmt::format("names '{}', which is not a model; the models are {}{}", model_name,
                               known_names(models), nearest_name(model_name, models)));
}

const Model* Content::model_named(std::string_view model_name) const {
  for (const Model& model : models)
    if (same_name(model.name, model_name)) return &model;
  return nullptr;
}

bool has_damage_type(const std::vector<std::string>& keywords,
                     const std::vector<std::string>& types) {
  for (const std::string& keyword : keywords)
    for (const std::string& type : types)
      if (same_name(keyword, type)) return true;
  return false;
}

}  // namespace warband::agame
