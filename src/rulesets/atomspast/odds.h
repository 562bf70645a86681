// AtomsPast odds (issue 3): the exact distributions of the skill roll [S/D] and of what is built
// on it (damage after a Shield, a Cast's X, Channels before a Cast), and their Monte Carlo twins
// played through the engine's real chance nodes (EngineSampler). The `warband odds atomspast`
// query (odds_query.cc) reads its options into these.
#pragma once

#include <memory>

#include "core/distribution.h"
#include "core/rng.h"
#include "rulesets/atomspast/atomspast_game.h"
#include "rulesets/atomspast/atomspast_state.h"

namespace warband::atomspast {

// The outcome that stands for "the Cast fails" in a distribution of X (X itself is never < 0).
inline constexpr int kCastFails = -1;

// What one die adds to an [S/D] roll: core's skill_die (core/skill_roll.h), the rule the engine's
// SkillRoll applies.
Distribution skill_die(int skill);
// [S/D]: the total of `dice` dice at `skill` (dice >= 0; 0 dice total 0): core's skill_roll_total.
Distribution skill_roll(int skill, int dice);
// An [S/D] damage roll against a Shield: max(0, total - shield) (ruling "Shield").
Distribution damage_after_shield(int skill, int dice, int shield);

struct CastSetup {
  int acti = 0;   // the spell's remaining AcTi
  int boost = 0;  // its Boost
  int cast_skill = 3;
  int cast_dice = 4;
  int channels = 0;  // Channel actions before the Cast
  int zone = 1;      // spells in the Casting Zone that share each Channel
  int channel_skill = 3;
  int channel_dice = 4;
};

// The Downticks one Channel gives this spell: floor(total / zone) plus one of the remaining
// Downticks when there are any (ruling "Channel": each remainder Downtick goes to a different
// spell; the player gives this spell one, the best case).
Distribution channel_downticks(const CastSetup& setup);
// X = Cast roll + Boost + Channel Downticks - AcTi when >= 0, else kCastFails (ruling "Cast";
// Downticks past AcTi 0 become Boost, so they count one for one).
Distribution cast_x(const CastSetup& setup);
// The largest X the setup can reach (with every die at its best).
int max_cast_x(const CastSetup& setup);

// Plays single rolls through a real AtomsPastState (the test fixture's set-up: Red's first turn on
// an open map, units placed and stats set directly), sampling every chance node with `rng`.
class EngineSampler {
 public:
  // The engine rolls at most this many dice at once (AtomsPastState::start_roll).
  static constexpr int kMaxDicePerRoll = kMaxSkillRollDice;
  // A unit carries at most this many wounds here (the target of sampled attacks).
  static constexpr int kTargetWounds = 120;

  // `game` must be built on a map open around the middle (training_ground).
  explicit EngineSampler(std::shared_ptr<const AtomsPastGame> game);

  // The total of an [S/D] roll, made as melee attacks of at most kMaxDicePerRoll dice each.
  int roll_total(Rng& rng, int skill, int dice) const;
  // The wounds an [S/D] melee attack takes off a target with Shield `shield`. Requires the
  // largest damage (skill * dice - shield) below kTargetWounds.
  int attack_damage(Rng& rng, int skill, int dice, int shield) const;
  // X of a Cast from the Casting Zone after `setup.channels` Channels, or kCastFails. The game's
  // parameters give the Cast and Channel rolls (setup's are not read).
  int cast(Rng& rng, const CastSetup& setup) const;

 private:
  void play_chance(AtomsPastState& state, Rng& rng) const;
  AtomsPastState attack_ready(int skill, int dice, int shield) const;

  std::shared_ptr<const AtomsPastGame> game_;
  std::unique_ptr<AtomsPastState> battlefield_;  // Red's Battlefield Phase, attacker ready
  std::unique_ptr<AtomsPastState> spell_phase_;  // Red's Spell Phase
  int attacker_ = -1;
  int target_ = -1;
  int spell_ = -1;  // a spell with a target, so that X can be read before any effect
};

}  // namespace warband::atomspast
