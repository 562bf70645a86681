// Conflict's "Use Any Ability Actions" (seed 003, "Turn Structure"), as the project's ruling
// "Ability actions" plays them: an ability with an [abilities.action] table is an action of its
// own, once per activation, on a model in range; an enemy resists it with the seed's combat flip.
#include <algorithm>

#include "core/tabletop_sight.h"
#include "rulesets/conflict/combat.h"
#include "rulesets/conflict/conflict_state.h"

namespace warband::conflict {

bool ConflictState::may_use_ability(int model, int index, int target) const {
  const GameModel& user = game_->model(model);
  if (index < 0 || index >= static_cast<int>(user.actions.size())) return false;
  const AbilityAction& action = user.actions[index].action;
  const ModelState& s = data_.models[model];
  if (s.out || (s.abilities_used >> index & 1)) return false;
  switch (action.cost) {
    case AbilityCost::kNothing:
      break;
    case AbilityCost::kMove:
      if (s.exhaust[kMoveSlot] > 0) return false;
      break;
    case AbilityCost::kManeuver:
      if (s.exhaust[kManeuverSlot] > 0) return false;
      break;
    case AbilityCost::kAttack:
      if (s.exhaust[kAttackSlot] > 0) return false;
      break;
  }
  if (target < 0 || target >= game_->model_count() || !placed(target)) return false;
  const ModelState& t = data_.models[target];
  if (t.out) return false;
  const bool enemy = game_->model(target).side != user.side;
  switch (action.target) {
    case AbilityTarget::kEnemy:
      if (!enemy) return false;
      break;
    case AbilityTarget::kFriend:
      if (enemy) return false;
      break;
    case AbilityTarget::kSelf:
      if (target != model) return false;
      break;
  }
  // Only a use that does something: the seed's tokens "stack up to 3 times", wounds come back up
  // to the character's own, a Push needs a target it can move.
  switch (action.effect) {
    case AbilityEffect::kInflict:
      if (t.conditions[static_cast<int>(action.condition)] >= kMaxTokens) return false;
      break;
    case AbilityEffect::kRecover:
      if (t.wounds >= game_->model(target).character.wounds) return false;
      break;
    case AbilityEffect::kShove:
      if (push_distance(model, target) == 0) return false;
      break;
    case AbilityEffect::kGuard:
      if (t.guard >= action.amount) return false;
      break;
  }
  if (target == model) return true;
  // In Attack Reach plus its range, edge to edge, and seen (as an attack's target is).
  if (!tabletop::within_edge(model_geometry(model), model_geometry(target),
                             user.attack_reach + action.range))
    return false;
  return clear_sight(scene(), model, target) > 0;
}

int ConflictState::ability_flip_attack(int user, int index) const {
  const GameModel& m = game_->model(user);
  return m.character.attack_skill + m.actions[index].action.strength -
         data_.models[user].conditions[kWeak];
}

int ConflictState::ability_flip_defense(int user, int index, int target) const {
  const GameModel& t = game_->model(target);
  const ModelState& ts = data_.models[target];
  const int type = static_cast<int>(game_->model(user).actions[index].action.resisted_by);
  return t.character.defense + t.character.resistance[type] - ts.conditions[kHindered] -
         ts.conditions[kReducedPhysical + type] + (ts.ran ? 1 : 0) + ts.guard;
}

void ConflictState::abilities_into(std::vector<Action>& out) const {
  const int m = data_.active;
  const int count = static_cast<int>(game_->model(m).actions.size());
  for (int index = 0; index < count; ++index)
    for (int target = 0; target < game_->model_count(); ++target)
      if (may_use_ability(m, index, target))
        out.push_back(encode_action(ActionKind::kUseAbility, m,
                                    static_cast<std::uint64_t>(index << 8 | target)));
}

void ConflictState::use_ability(int model, int index, int target) {
  const AbilityAction& action = game_->model(model).actions[index].action;
  ModelState& s = data_.models[model];
  s.abilities_used = static_cast<std::uint8_t>(s.abilities_used | 1 << index);
  switch (action.cost) {
    case AbilityCost::kNothing:
      break;
    case AbilityCost::kMove:  // as a Throw that costs the Move: no Strides left to walk
      s.exhaust[kMoveSlot] = 1;
      data_.strides_left = 0;
      break;
    case AbilityCost::kManeuver:
      s.exhaust[kManeuverSlot] = 1;
      break;
    case AbilityCost::kAttack:
      s.exhaust[kAttackSlot] = 1;
      break;
  }
  if (target != model)
    s.facing =
        static_cast<std::int16_t>(tabletop::turn_towards(s.at, data_.models[target].at, s.facing));
  if (!action.flip) {
    ability_effect(model, index, target);
    check_victory();
    return;
  }
  data_.ability = static_cast<std::int8_t>(index);
  data_.targets[0] = static_cast<std::int8_t>(target);
  data_.target_count = 1;
  data_.target_pos = 0;
  data_.card_count = 0;
  data_.cards.fill(-1);
  data_.stage = Stage::kAttackCards;
}

void ConflictState::ability_effect(int user, int index, int target) {
  const AbilityAction& action = game_->model(user).actions[index].action;
  ModelState& t = data_.models[target];
  switch (action.effect) {
    case AbilityEffect::kInflict: {
      std::uint8_t& tokens = t.conditions[static_cast<int>(action.condition)];
      tokens = static_cast<std::uint8_t>(std::min(kMaxTokens, tokens + action.amount));
      return;
    }
    case AbilityEffect::kRecover:
      t.wounds = static_cast<std::int16_t>(
          std::min(game_->model(target).character.wounds, t.wounds + action.amount));
      return;
    case AbilityEffect::kShove:
      push(user, target, push_distance(user, target));
      return;
    case AbilityEffect::kGuard:
      t.guard = static_cast<std::uint8_t>(std::max<int>(t.guard, action.amount));
      return;
  }
}

void ConflictState::resolve_ability() {
  // As Combat Resolution's steps 2-5, without damage: the effect happens on a "Hit".
  const int user = data_.active;
  const int index = data_.ability;
  const int target = data_.targets[0];
  const int attack =
      card_value(data_.cards[0]) + card_value(data_.cards[1]) + ability_flip_attack(user, index);
  const int defense = card_value(data_.cards[2]) + card_value(data_.cards[3]) +
                      ability_flip_defense(user, index, target);
  if (attack_damage(attack, defense) > 0) ability_effect(user, index, target);
  data_.ability = -1;
  data_.target_count = 0;
  data_.target_pos = 0;
  data_.card_count = 0;
  data_.cards.fill(-1);
  data_.stage = Stage::kActivation;
  check_victory();
}

}  // namespace warband::conflict
