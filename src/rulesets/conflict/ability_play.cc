#include "rulesets/conflict/ability_play.h"

#include <algorithm>

namespace warband::conflict {

const std::vector<std::string>& ability_play_keys() {
  static const std::vector<std::string> keys = {
      "climb_strides_less", "disengage_strides", "charge_bonus",    "run_multiplier",
      "cover_steps",        "focus_bonus",       "braced_sizes",    "aid_strides",
      "aid_reach_inches",   "throw_sizes",       "shake_tokens",    "shift_inches",
      "steps_over_smaller", "fall_damage",       "interact_strides"};
  return keys;
}

const std::vector<std::string_view>& ability_effect_keys() {
  static const std::vector<std::string_view> keys = {"inflict", "recover", "shove", "guard"};
  return keys;
}

const std::vector<std::string_view>& ability_target_keys() {
  static const std::vector<std::string_view> keys = {"enemy", "friend", "self"};
  return keys;
}

const std::vector<std::string_view>& ability_cost_keys() {
  static const std::vector<std::string_view> keys = {"nothing", "move", "maneuver", "attack"};
  return keys;
}

const std::vector<std::string>& ability_action_keys() {
  static const std::vector<std::string> keys = {"effect",    "target",  "costs",  "range_inches",
                                                "condition", "tokens",  "wounds", "defense",
                                                "flip",      "strength"};
  return keys;
}

void merge_ability_play(AbilityPlay& into, const AbilityPlay& a) {
  into.climb_strides_less = std::max(into.climb_strides_less, a.climb_strides_less);
  if (a.disengage_strides >= 0)
    into.disengage_strides = into.disengage_strides < 0
                                 ? a.disengage_strides
                                 : std::min(into.disengage_strides, a.disengage_strides);
  into.charge_bonus = std::max(into.charge_bonus, a.charge_bonus);
  into.run_multiplier = std::max(into.run_multiplier, a.run_multiplier);
  into.cover_steps = std::max(into.cover_steps, a.cover_steps);
  into.focus_bonus = std::max(into.focus_bonus, a.focus_bonus);
  into.braced_sizes = std::max(into.braced_sizes, a.braced_sizes);
  into.aid_strides = std::min(into.aid_strides, a.aid_strides);
  into.aid_reach = std::max(into.aid_reach, a.aid_reach);
  into.throw_sizes = std::max(into.throw_sizes, a.throw_sizes);
  into.shake_tokens = std::max(into.shake_tokens, a.shake_tokens);
  into.shift = std::max(into.shift, a.shift);
  into.steps_over_smaller = into.steps_over_smaller || a.steps_over_smaller;
  into.fall_damage = into.fall_damage && a.fall_damage;
  into.interact_strides = std::min(into.interact_strides, a.interact_strides);
}

}  // namespace warband::conflict
