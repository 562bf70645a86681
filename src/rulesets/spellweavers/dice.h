// Spellweavers dice (seed 002), written as the future engine will roll them: each mechanic is a
// small chance-node machine (a run of dice a driver samples, as it samples a State's chance
// nodes), and beside it the exact distribution of its result, computed with Distribution.
//
// The dice themselves are core's (dice_pool.h): a PoolRoll is a core DicePool, and the totals'
// exact odds are core's pool_total.
//
// Mechanics: Xd6 damage and healing; Defend, Protection and Fortified reductions; a status
// condition's removal rolls; the totals Poison deals and Regenerate restores.
#pragma once

#include <string>
#include <vector>

#include "core/dice_pool.h"
#include "core/distribution.h"
#include "core/game.h"
#include "core/rng.h"
#include "rulesets/spellweavers/parameters.h"

namespace warband::spellweavers {

// The reductions a damage meets (ruling "Reductions": they stack, each in turn).
struct Reductions {
  bool defend = false;      // "When you defend, you take 4 less damage from all sources"
  bool protection = false;  // Protection condition: "reduce that damage by 4"
  bool fortified = false;   // Fortified terrain: "reduce that damage by 4"
};

// Damage after the reductions: each takes its amount off "(but not to less than 1)"; a damage
// already at or below the minimum is left as it is.
int reduce_damage(int damage, const Reductions& reductions, const Parameters& parameters);

enum class Condition { kPoison, kSlow, kStun, kRegenerate, kProtection };

// What happens on each end-of-turn removal roll besides the removal itself.
enum class ConditionTick { kNothing, kDamage, kHealing };

struct ConditionRule {
  const char* name;  // "Poison"
  int remove;        // removed on a roll at or above this ("Remove: 6+")
  ConditionTick tick;
  // Stun: "At the end of their turn, remove this condition without rolling."
  bool ends_at_first_turn_end;
};

ConditionRule condition_rule(Condition condition, const Parameters& parameters);
// The condition a name ("poison", any case) means. Dispel ("Remove: N/A") and unknown names
// throw InputError(where, ...) listing the conditions that have a removal roll.
Condition parse_condition(const std::string& name, const std::string& where);

// A run of dice: while !done(), a driver picks one of chance_outcomes() (each face of the next
// die, the Action being the face) and applies it; value() is then the mechanic's result.
class DiceMachine {
 public:
  explicit DiceMachine(int faces) : faces_(faces) {}
  virtual ~DiceMachine() = default;
  virtual bool done() const = 0;
  std::vector<ChanceOutcome> chance_outcomes() const;  // empty once done()
  virtual void apply(Action face) = 0;
  virtual int value() const = 0;

 protected:
  int faces_;
};

// Samples every chance node of `machine` with `rng`; returns its value.
int play(DiceMachine& machine, Rng& rng);

// Xd6, summed: "Deal Xd6 damage" (after reductions) or "Restore Xd6 HP".
class PoolRoll : public DiceMachine {
 public:
  static PoolRoll damage(int dice, const Reductions& reductions, const Parameters& parameters);
  static PoolRoll healing(int dice, const Parameters& parameters);

  bool done() const override { return pool_.done(); }
  void apply(Action face) override { pool_.apply(face); }
  int value() const override;

 private:
  PoolRoll(int dice, bool is_damage, const Reductions& reductions, const Parameters& parameters);

  DicePool pool_;  // "Xd6": summed, no target
  bool is_damage_;
  Reductions reductions_;
  Parameters parameters_;
};

// Outcome of removal_turn_odds and ConditionRolls::removal_turn: still on after the last turn.
inline constexpr int kStillActive = -1;

// A condition from the moment it is applied through `turns` of the affected combatant's turn
// ends: the roll when applied (turn 0), then one at each turn end (1..turns), until one removes
// it. Each end-of-turn roll of Poison deals its result as damage, of Regenerate restores it.
class ConditionRolls : public DiceMachine {
 public:
  enum class Measure { kRemovalTurn, kTotal };
  ConditionRolls(Condition condition, int turns, Measure measure, const Reductions& reductions,
                 const Parameters& parameters);

  bool done() const override { return removed_turn_ != kStillActive || turn_ > turns_; }
  void apply(Action face) override;
  // The removal turn (kStillActive if none) or the total dealt / restored, per the Measure.
  int value() const override;

 private:
  void after_roll();  // the automatic end of a Stun

  ConditionRule rule_;
  int turns_;
  Measure measure_;
  Reductions reductions_;
  Parameters parameters_;
  int turn_ = 0;  // the roll to come: 0 when applied, then each turn end
  int removed_turn_ = kStillActive;
  int total_ = 0;
};

// Exact distributions of the machines' values.
Distribution damage_roll_odds(int dice, const Reductions& reductions, const Parameters& parameters);
Distribution healing_roll_odds(int dice, const Parameters& parameters);
Distribution removal_turn_odds(Condition condition, int turns, const Parameters& parameters);
// Poison's damage (after the reductions, on each roll) or Regenerate's HP over `turns` turns.
Distribution condition_total_odds(Condition condition, int turns, const Reductions& reductions,
                                  const Parameters& parameters);

}  // namespace warband::spellweavers
