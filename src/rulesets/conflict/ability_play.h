// What Conflict's abilities change in play (content/conflict/abilities.toml, each ability's
// [abilities.play] table): a small vocabulary of the seed's maneuver numbers an ability replaces
// or adds to. A model's abilities merge into one AbilityPlay whose defaults are the seed's own
// numbers, so the engine reads one value per rule and a model without abilities plays the seed.
// An ability may instead be an action of its own ([abilities.action]): AbilityAction below.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "rulesets/conflict/character.h"

namespace warband::conflict {

struct AbilityPlay {
  int climb_strides_less = 0;       // a climb (up or down) costs this many Strides less, at least 0
  int disengage_strides = -1;       // Disengage's cost; -1: the seed's half max Strides
  int charge_bonus = 1;             // Charge: the first attack's bonus
  int run_multiplier = 2;           // Run: max Strides times this
  int cover_steps = 1;              // Take Cover: cover steps gained
  int focus_bonus = 2;              // Focused Attack: the next attack's bonus
  int braced_sizes = 0;             // always counts this much larger against pushes and throws
  int aid_strides = 1;              // Aid's cost
  int aid_reach = 0;                // units added to Influence for Aid's friend
  int throw_sizes = 0;              // throws (terrain and models) as if this much larger
  int shake_tokens = 1;             // Shake: condition tokens removed
  int shift = 100;                  // Shift: units moved
  bool steps_over_smaller = false;  // moves over terrain smaller than itself (not two sizes)
  bool fall_damage = true;          // a fall deals damage
  int interact_strides = 1;         // Interact's cost
  bool operator==(const AbilityPlay&) const = default;
};

// The keys an [abilities.play] table may hold, in the order docs list them.
const std::vector<std::string>& ability_play_keys();

// Merges one ability's play into a model's: each number takes the better of the two for the
// model (a larger bonus, a smaller cost), so two abilities never undo each other.
void merge_ability_play(AbilityPlay& into, const AbilityPlay& ability);

// An ability that is an action of its own (seed: "Use Any Ability Actions"; its [abilities.action]
// table): one of a small vocabulary of effects, each the seed's own words, on a model in range.
enum class AbilityEffect : std::uint8_t {
  kInflict,  // the seed's "conditions can be inflicted by attacks and abilities": tokens of one
  kRecover,  // wounds back, up to the character's own
  kShove,    // the seed's Push: directly away by half the size difference (min 1")
  kGuard,    // +N Defense until the start of the target's next activation (as Run's +1)
};
enum class AbilityTarget : std::uint8_t {
  kEnemy,
  kFriend,  // the model itself or a friendly one
  kSelf,
};
// The action an ability's use costs besides its own Exhaust token (one use per activation).
enum class AbilityCost : std::uint8_t { kNothing, kMove, kManeuver, kAttack };

struct AbilityAction {
  AbilityEffect effect = AbilityEffect::kInflict;
  AbilityTarget target = AbilityTarget::kEnemy;
  AbilityCost cost = AbilityCost::kManeuver;
  int range = 0;  // units added to Attack Reach, edge to edge (sight needed but for itself)
  EffectKind condition = EffectKind::kSlow;  // kInflict: one of the seven conditions
  int amount = 1;                            // tokens, wounds or Defense
  // An enemy resists with the seed's combat flip: two cards + Attack Skill + `strength` against
  // two cards + Defense + the Resistance of `resisted_by` and defense bonuses; the effect happens
  // when the user's total is higher. Without a flip the effect always happens.
  bool flip = false;
  AttackType resisted_by = AttackType::kPsyche;
  int strength = 0;
  bool operator==(const AbilityAction&) const = default;
};

// The words abilities.toml uses, in enum order: "inflict", "recover", "shove", "guard"; "enemy",
// "friend", "self"; "nothing", "move", "maneuver", "attack"; and the [abilities.action] keys.
const std::vector<std::string_view>& ability_effect_keys();
const std::vector<std::string_view>& ability_target_keys();
const std::vector<std::string_view>& ability_cost_keys();
const std::vector<std::string>& ability_action_keys();

}  // namespace warband::conflict
