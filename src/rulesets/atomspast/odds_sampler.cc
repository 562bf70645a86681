// Monte Carlo twins of the exact odds, played through the engine: a real AtomsPastState is set up
// as the tests set up seed examples (scenario.h), the attack or Cast action is applied, and each
// chance node's outcomes are sampled until the roll resolves. The result is read off the state.
#include <algorithm>

#include "core/error.h"
#include "rulesets/atomspast/odds.h"
#include "rulesets/atomspast/scenario.h"

namespace warband::atomspast {
namespace {

// Any unit of `side` that is not its Kon (the Kon acts only through its Kon Action).
int first_non_kon(const AtomsPastGame& game, int side) {
  const auto& roster = game.roster();
  for (std::size_t i = 0; i < roster.size(); ++i)
    if (roster[i].side == side && !roster[i].is_kon) return static_cast<int>(i);
  return -1;
}

// A spell with a target: its cast stops at the target choice, where X can be read.
int spell_with_target(const AtomsPastGame& game) {
  for (std::size_t i = 0; i < game.spells().size(); ++i)
    if (!game.spell(static_cast<int>(i)).targets.empty()) return static_cast<int>(i);
  return -1;
}

}  // namespace

EngineSampler::EngineSampler(std::shared_ptr<const AtomsPastGame> game) : game_(std::move(game)) {
  spell_phase_ = first_turn(game_);
  spell_ = spell_with_target(*game_);
  WB_CHECK(spell_ >= 0);

  // The melee attack of the seed example test: attacker and target side by side on open ground,
  // the Kons far off in the corners, nothing else on the board.
  attacker_ = first_non_kon(*game_, 0);
  target_ = first_non_kon(*game_, 1);
  WB_CHECK(attacker_ >= 0 && target_ >= 0);
  battlefield_ = first_turn(game_);
  auto& state = *battlefield_;
  const int red_kon = game_->kon_unit(0), blue_kon = game_->kon_unit(1);
  clear_board_except(state, {attacker_, target_, red_kon, blue_kon});
  place(state, red_kon, 0, 0);
  place(state, blue_kon, 27, 17);
  place(state, attacker_, 10, 8);
  place(state, target_, 11, 8);
  set_stat(state, attacker_, Stat::kMeleeRange, 1);
  set_stat(state, attacker_, Stat::kMeleeDice, 1);
  auto& data = state.mutable_data();
  data.units[attacker_].acti = 0;
  data.units[target_].max_wounds = data.units[target_].wounds = kTargetWounds;
  state.apply(encode(ActionKind::kDone));  // Spell Phase: nothing
  state.apply(encode(ActionKind::kDone));  // Kon Phase: the Kon waits
  WB_CHECK(state.data().phase == Phase::kBattlefield);
  const auto actions = state.legal_actions();
  WB_CHECK(std::find(actions.begin(), actions.end(), encode(ActionKind::kMeleeAttack, attacker_)) !=
           actions.end());
}

void EngineSampler::play_chance(AtomsPastState& state, Rng& rng) const {
  while (state.is_chance())
    state.apply(rng.sample(state.chance_outcomes()));
}

AtomsPastState EngineSampler::attack_ready(int skill, int dice, int shield) const {
  WB_CHECK(dice >= 1 && dice <= kMaxDicePerRoll);
  AtomsPastState state = *battlefield_;
  set_stat(state, attacker_, Stat::kMeleeSkill, skill);
  set_stat(state, attacker_, Stat::kMeleeDice, dice);
  set_stat(state, target_, Stat::kShield, shield);
  state.apply(encode(ActionKind::kMeleeAttack, attacker_));
  WB_CHECK(state.data().step == Step::kAttackTarget);
  state.apply(encode(ActionKind::kAttackTarget, target_, 0));
  WB_CHECK(state.is_chance());
  return state;
}

int EngineSampler::roll_total(Rng& rng, int skill, int dice) const {
  int total = 0;
  for (int left = dice; left > 0; left -= kMaxDicePerRoll) {
    AtomsPastState state = attack_ready(skill, std::min(left, kMaxDicePerRoll), 0);
    play_chance(state, rng);
    total += state.data().roll.total;  // the engine's own sum of the dice just rolled
  }
  return total;
}

int EngineSampler::attack_damage(Rng& rng, int skill, int dice, int shield) const {
  WB_CHECK(skill * dice - shield < kTargetWounds);
  if (dice == 0) return 0;  // no dice, no roll (the engine offers no attack without dice)
  AtomsPastState state = attack_ready(skill, dice, shield);
  play_chance(state, rng);
  const UnitState& target = state.data().units[target_];
  WB_CHECK(target.alive);
  return target.max_wounds - target.wounds;
}

int EngineSampler::cast(Rng& rng, const CastSetup& setup) const {
  WB_CHECK(setup.zone >= 1 && setup.zone <= kMaxZone);
  AtomsPastState state = *spell_phase_;
  auto& player = state.mutable_data().players[0];
  const auto spell = static_cast<std::int8_t>(spell_);
  player.zone[0] =
      ZoneCard{spell, static_cast<std::int8_t>(setup.acti), static_cast<std::int8_t>(setup.boost)};
  for (int slot = 1; slot < setup.zone; ++slot)
    player.zone[slot] = ZoneCard{spell, 60, 0};  // the other spells: far from cast
  player.zone_size = static_cast<std::int8_t>(setup.zone);

  for (int channel = 0; channel < setup.channels; ++channel) {
    state.mutable_data().channels_used = 0;  // one Channel a Spell Phase: as if turns passed
    state.apply(encode(ActionKind::kChannel));
    play_chance(state, rng);
    // Remaining Downticks: the lowest free slot first, so this spell (slot 0) takes one.
    while (state.data().step == Step::kChannelExtra)
      state.apply(state.legal_actions().front());
  }

  state.mutable_data().casts_used = 0;
  state.apply(encode(ActionKind::kCast, 0));
  play_chance(state, rng);
  const auto& data = state.data();
  if (data.players[0].zone_size == setup.zone) return kCastFails;  // the card stays: failed
  WB_CHECK(data.spell.active && data.step == Step::kSpellTarget);
  return data.spell.x;
}

}  // namespace warband::atomspast
