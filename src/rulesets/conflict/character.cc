#include "rulesets/conflict/character.h"

namespace warband::conflict {
namespace {

template <class Enum>
std::string name_from(const char* const* names, Enum value) {
  return names[static_cast<int>(value)];
}

}  // namespace

const std::vector<std::string_view>& attack_type_keys() {
  static const std::vector<std::string_view> keys{"physical", "energy", "psyche"};
  return keys;
}

const std::vector<std::string_view>& target_type_keys() {
  static const std::vector<std::string_view> keys{"single", "area", "breakthrough", "ricochet"};
  return keys;
}

const std::vector<std::string_view>& trigger_keys() {
  static const std::vector<std::string_view> keys{"always", "match_suit", "both_suits"};
  return keys;
}

const std::vector<std::string_view>& effect_keys() {
  static const std::vector<std::string_view> keys{"slow",
                                                  "weak",
                                                  "hindered",
                                                  "damage_over_time",
                                                  "reduced_physical",
                                                  "reduced_energy",
                                                  "reduced_psyche",
                                                  "push",
                                                  "prone"};
  return keys;
}

const std::vector<std::string_view>& suit_keys() {
  static const std::vector<std::string_view> keys{"spades", "hearts", "diamonds", "clubs"};
  return keys;
}

std::string attack_type_name(AttackType type) {
  static const char* const kNames[] = {"Physical", "Energy", "Psyche"};
  return name_from(kNames, type);
}

std::string target_type_name(TargetType type) {
  static const char* const kNames[] = {"Single Target", "Area", "Breakthrough", "Ricochet"};
  return name_from(kNames, type);
}

std::string trigger_name(Trigger trigger) {
  static const char* const kNames[] = {"Always", "Match Suit", "Both Suits"};
  return name_from(kNames, trigger);
}

std::string effect_name(EffectKind effect) {
  static const char* const kNames[] = {"Slow",
                                       "Weak",
                                       "Hindered",
                                       "Damage Over Time",
                                       "Reduced Resistance (Physical)",
                                       "Reduced Resistance (Energy)",
                                       "Reduced Resistance (Psyche)",
                                       "Push",
                                       "Prone"};
  return name_from(kNames, effect);
}

std::string suit_name(Suit suit) {
  static const char* const kNames[] = {"Spades", "Hearts", "Diamonds", "Clubs"};
  return name_from(kNames, suit);
}

bool stacks(EffectKind effect) {
  return effect != EffectKind::kPush && effect != EffectKind::kProne;
}

}  // namespace warband::conflict
