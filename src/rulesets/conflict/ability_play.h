// What Conflict's abilities change in play (content/conflict/abilities.toml, each ability's
// [abilities.play] table): a small vocabulary of the seed's maneuver numbers an ability replaces
// or adds to. A model's abilities merge into one AbilityPlay whose defaults are the seed's own
// numbers, so the engine reads one value per rule and a model without abilities plays the seed.
#pragma once

#include <string>
#include <vector>

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

}  // namespace warband::conflict
