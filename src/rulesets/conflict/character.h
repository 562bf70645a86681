// A Conflict character and a warband of them, as the project's character creation proposes
// (docs/rules/conflict.md, "Character creation (project proposal)"): a size from the Size
// Category table, stats, a suit, attacks built from the seed's parts and abilities. Plain data:
// the limits and prices are content (creation_rules.h), the files character_file.h.
#pragma once

#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "rulesets/conflict/luck_deck.h"

namespace warband::conflict {

// Seed: "Attack Type: Physical, Energy, or Psyche"; each has its own Resistance.
enum class AttackType { kPhysical, kEnergy, kPsyche };
inline constexpr int kAttackTypeCount = 3;
// Seed: "Target Type: Single Target, Area, Breakthrough, Ricochet".
enum class TargetType { kSingle, kArea, kBreakthrough, kRicochet };
// Seed: "Effects ... trigger in one of three ways: Always, Match Suit, Both Suits".
enum class Trigger { kAlways, kMatchSuit, kBothSuits };
// The seed's temporary conditions (Reduced Resistance one per attack type) and its Push and
// Prone interactions.
enum class EffectKind {
  kSlow,
  kWeak,
  kHindered,
  kDamageOverTime,
  kReducedPhysical,
  kReducedEnergy,
  kReducedPsyche,
  kPush,
  kProne,
};
inline constexpr int kEffectKindCount = 9;

// The words files use ("physical", "match_suit", "damage_over_time"), in enum order.
const std::vector<std::string_view>& attack_type_keys();
const std::vector<std::string_view>& target_type_keys();
const std::vector<std::string_view>& trigger_keys();
const std::vector<std::string_view>& effect_keys();
const std::vector<std::string_view>& suit_keys();  // "spades", "hearts", "diamonds", "clubs"
// What people read: "Physical", "Match Suit", "Damage Over Time", "Spades".
std::string attack_type_name(AttackType type);
std::string target_type_name(TargetType type);
std::string trigger_name(Trigger trigger);
std::string effect_name(EffectKind effect);
std::string suit_name(Suit suit);
// Conditions stack to 3 tokens; Push and Prone happen once.
bool stacks(EffectKind effect);

struct AttackEffect {
  EffectKind effect = EffectKind::kSlow;
  Trigger trigger = Trigger::kAlways;
  int tokens = 1;
  bool operator==(const AttackEffect&) const = default;
};

struct Attack {
  std::string name;
  AttackType type = AttackType::kPhysical;
  TargetType target = TargetType::kSingle;
  int range_inches = 0;    // added to Attack Reach; 0: a melee attack within Attack Reach
  int strength = 1;        // 1..6
  int radius_inches = 0;   // Area only: the circle's radius
  int ricochet_jumps = 0;  // Ricochet only: the targets after the first
  std::vector<AttackEffect> effects;
  bool operator==(const Attack&) const = default;
};

struct Character {
  std::string name;
  std::string description;
  int size = 1;  // a row of the Size Category table
  Suit suit = Suit::kSpades;
  int attack_skill = 0;
  int defense = 0;
  std::array<int, kAttackTypeCount> resistance{};  // by AttackType
  int wounds = 1;
  int extra_strides = 0;
  std::vector<Attack> attacks;
  std::vector<std::string> abilities;  // ids of abilities.toml
  bool operator==(const Character&) const = default;
};

// One line of a warband: a shipped character named by its file (content/conflict/characters/),
// or one written inline. `character` is the character either way (read from the file).
struct WarbandEntry {
  std::string file;  // "knight_captain.character.toml"; "" when inline
  Character character;
  // False when the file named could not be read: the reader reports why, and the entry counts
  // for nothing (no points, no problems of its own) so that the rest is still checked.
  bool found = true;
  bool operator==(const WarbandEntry&) const = default;
};

struct Warband {
  std::string name;
  std::string description;
  int points_limit = 0;
  std::vector<WarbandEntry> characters;
  bool operator==(const Warband&) const = default;
};

}  // namespace warband::conflict
