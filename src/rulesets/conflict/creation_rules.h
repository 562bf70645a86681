// The content that character creation reads (content/conflict/): the Size Category table and the
// limits (creation.toml), the abilities (abilities.toml) and the points formula (costs.toml).
// Every number the seed leaves open is one of these. Bad content throws InputError naming the
// file and line.
#pragma once

#include <array>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "rulesets/conflict/ability_play.h"
#include "rulesets/conflict/character.h"

namespace warband::conflict {

// Lengths are in hundredths of an inch, the tabletop geometry's unit (issue 18 part 1).
struct SizeCategory {
  int size = 1;
  std::string name;  // "Tiny"
  int base_hundredths = 100;
  int strides = 1;
  int attack_reach_hundredths = 0;
  int influence_hundredths = 0;
  int max_wounds = 1;
};

struct CreationLimits {
  int attack_skill_max = 4;
  int defense_max = 4;
  int resistance_max = 4;
  int extra_strides_max = 2;
  int attacks_max = 3;
  int effects_per_attack_max = 3;
  int abilities_max = 3;
  int range_max_inches = 24;
  int area_radius_max_inches = 3;
  int ricochet_jumps_max = 3;
  int warband_characters_max = 20;
  int ricochet_jump_inches = 3;
};

// Seed: "Attack Strength: Base power of the attack (1-6)"; "They can each stack up to 3 times".
inline constexpr int kMinStrength = 1;
inline constexpr int kMaxStrength = 6;
inline constexpr int kMaxTokens = 3;
// Bounds on what a file may say before the content's limits are looked at, so that a number read
// is always small enough to price without overflow.
inline constexpr int kMaxFileNumber = 1000;
inline constexpr int kMaxPointsLimit = 100000;

struct Ability {
  std::string id;
  std::string name;
  std::string changes;  // the maneuver or rule it changes: "Climb"
  std::string text;
  AbilityPlay play;  // what it changes in play; the defaults change nothing
  // An action of its own ("Use Any Ability Actions"), when its [abilities.action] table is there.
  bool acts = false;
  AbilityAction action;
};

// costs.toml, as read: see that file for the formula.
struct CostFormula {
  std::vector<double> size_points;  // by size - 1
  double stride_points = 0;
  double wound_points = 0;
  double defense_points = 0;
  double resistance_points = 0;
  double attack_skill_step = 0;
  double strength_points = 0;
  double range_points = 0;
  double single_multiplier = 1;
  double breakthrough_multiplier = 1;
  double area_base = 1;
  double area_per_inch = 0;
  double ricochet_per_jump = 0;
  std::array<double, kEffectKindCount> effect_points{};
  std::array<double, 3> trigger_multiplier{};  // by Trigger
  std::array<double, kSuitCount> suit_points{};
  std::map<std::string, double> ability_points;
  // costs.toml's [units]: a shipped character's price set by hand (`thorn_witch = { override =
  // 42 }`, what `warband balance conflict --reprice` writes) in place of the formula's.
  struct PriceOverride {
    std::string id;     // a catalog id (character_catalog.h): a file's stem, or "WARBAND.Name"
    std::string where;  // "costs.toml:LINE"
    int points = 0;
    // The catalog's character it prices (load_creation_rules finds it): a character edited from
    // it is priced by the formula again.
    Character character;
  };
  std::vector<PriceOverride> price_overrides;
};

struct CreationRules {
  std::vector<SizeCategory> sizes;  // sizes[i].size == i + 1
  CreationLimits limits;
  std::vector<Ability> abilities;
  CostFormula costs;

  const SizeCategory* find_size(int size) const;
  const Ability* find_ability(const std::string& id) const;
  std::vector<std::string> ability_ids() const;
};

// Reads creation.toml, abilities.toml and costs.toml of a Conflict content folder
// (content/conflict). `costs_file`, when given, replaces that folder's costs.toml. A [units]
// override naming no character of the folder's catalog is an InputError at its line.
CreationRules load_creation_rules(const std::string& folder, const std::string& costs_file = "");
// Its [units] overrides are read, not yet matched to characters (load_creation_rules does).
CostFormula load_cost_formula(const std::string& path, const std::vector<Ability>& abilities,
                              int size_count);

// The built-in content's, read once (tests; the program reads folder_creation_rules).
const CreationRules& content_creation_rules();
// `folder`'s, read once and again only when a file under it changes (core/folder_cache.h): the
// builder of a running server sees a saved file at its next request.
std::shared_ptr<const CreationRules> folder_creation_rules(const std::string& folder);
// The built-in content's Conflict folder: default_content_dir() + "/conflict".
std::string content_conflict_folder();

}  // namespace warband::conflict
