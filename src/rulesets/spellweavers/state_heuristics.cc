// Bots' sense of a Spellweavers position (State::evaluate): HP and MP left, conjurations, the
// conditions on each side, and threat (being within reach of the enemy to strike it).
#include <algorithm>
#include <cmath>

#include "rulesets/spellweavers/spellweavers_state.h"

namespace warband::spellweavers {
namespace {

constexpr double kMeanDie = 3.5;  // a d6's mean

// What a condition is worth to the combatant holding it, in wizards' HP fractions.
double condition_value(std::uint8_t conditions) {
  double value = 0;
  if (conditions & condition_bit(StatusCondition::kStun)) value -= 0.15;
  if (conditions & condition_bit(StatusCondition::kPoison)) value -= 0.08;
  if (conditions & condition_bit(StatusCondition::kSlow)) value -= 0.04;
  if (conditions & condition_bit(StatusCondition::kRegenerate)) value += 0.08;
  if (conditions & condition_bit(StatusCondition::kProtection)) value += 0.06;
  return value;
}

}  // namespace

std::vector<double> SpellweaversState::evaluate() const {
  if (is_terminal()) return returns();
  const Parameters& parameters = game_->parameters();
  std::array<double, 2> score{};
  std::array<int, 2> wizards{};
  for (int c = 0; c < kMaxCombatants; ++c) {
    if (!present(c)) continue;
    const Combatant& combatant = data_.combatants[c];
    const int side = side_of(c);
    const double hp = static_cast<double>(combatant.hp) / max_hp(c);
    if (combatant.kind == CombatantKind::kWizard) {
      ++wizards[side];
      score[side] += 0.5 + hp + 0.2 * combatant.mp / std::max(1, parameters.wizard_max_mp);
    } else {
      score[side] += 0.25 * hp + 0.1;  // a conjuration: an extra body that strikes
    }
    score[side] += condition_value(combatant.conditions);
    if (combatant.defending) score[side] += 0.03;
    // Threat: an enemy wizard close enough to strike next turn.
    int nearest = 1000;
    for (int w = 0; w < data_.num_wizards; ++w)
      if (present(w) && side_of(w) != side)
        nearest = std::min(nearest, grid::chebyshev(combatant.cell, data_.combatants[w].cell));
    if (nearest < 1000) score[side] += 0.02 * std::max(0, 8 - nearest) / 8.0;
  }
  // Initiative: the combatant to act with actions left can hit first. A wizard with an enemy
  // wizard within its farthest damage spell's range (and the MP for it), or anyone beside an
  // enemy to strike, is worth more to its side while it is the one to move: one ply of greedy
  // search then walks into range and casts in the same turn.
  if (data_.phase == Phase::kPlay && data_.step == Step::kDecision && data_.actions_left > 0) {
    const int actor = data_.actor;
    const Combatant& me = data_.combatants[actor];
    const int side = side_of(actor);
    const AttackReach& attack = game_->wizard(owner_of(actor)).attack;
    bool in_range = false, adjacent = false;
    for (int c = 0; c < kMaxCombatants; ++c) {
      if (!present(c) || side_of(c) == side) continue;
      const int distance = grid::chebyshev(me.cell, data_.combatants[c].cell);
      adjacent = adjacent || distance == 1;
      in_range = in_range || (c < kMaxWizards && actor < kMaxWizards && !data_.cast_this_turn &&
                              distance <= attack.range && me.mp >= attack.min_mp);
    }
    if (in_range) score[side] += 0.15;
    if (adjacent) score[side] += 0.08;
  }
  // A spell committed and not yet placed (Step::kPlacement) counts for what it is about to do: its
  // Damage's mean on an enemy within its range, its Healing's on its hurt caster. A search that
  // stops between the two decisions of a cast then sees the cast, not only the MP paid.
  if (data_.phase == Phase::kPlay && data_.step == Step::kPlacement) {
    const int caster = data_.cast.caster;
    const GameSpell& spell = game_->wizard(caster).spells[data_.cast.spell];
    const int side = side_of(caster);
    const int range = range_squares(spell.spell.range);
    const grid::Cell at = data_.combatants[caster].cell;
    double best = 0;  // the most HP, as a fraction, one target stands to lose
    for (int c = 0; c < kMaxCombatants && spell.damage_dice > 0; ++c)
      if (present(c) && side_of(c) != side &&
          (range < 0 || grid::chebyshev(at, data_.combatants[c].cell) <= range))
        best = std::max(best, kMeanDie * spell.damage_dice / max_hp(c));
    score[side] += best;
    const int missing = max_hp(caster) - data_.combatants[caster].hp;
    if (spell.healing_dice > 0 && missing > 0)
      score[side] += std::min<double>(kMeanDie * spell.healing_dice, missing) / max_hp(caster);
  }
  const double per_side = std::max(1, std::max(wizards[0], wizards[1]) + 1);
  const double value = std::tanh((score[0] - score[1]) / per_side);
  return {value, -value};
}

}  // namespace warband::spellweavers
