// A Game's attack pipeline (seed 004, "Combat structure", steps 5-18), the same for melee, ranged
// and magic: the attacker rolls attack dice, each a hit on the attack's chance or better; the
// defender rolls dodge dice against their defense raised by the attack's accuracy; each dodge
// cancels a hit; the defender rolls one save die per remaining hit against the resistance the
// attack targets, raised by its power; wounds = unsaved hits x damage, +1 / -1 (min 0) per
// successful attack of a damage type the defender is vulnerable / resistant to.
//
// The rules functions below are what the engine will call; AttackDice is the chance-node machine,
// three core DicePools in turn (one node per die), and attack_wounds() the exact distribution, by
// dynamic programming over core's binomial success weights. Rulings: docs/rulings/agame.md.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "core/dice_pool.h"
#include "core/distribution.h"
#include "core/game.h"

namespace warband::agame {

// Everything one attack against one model needs, every value already chosen.
struct AttackRoll {
  int faces = 10;           // die size (parameter `faces`, ruling "Ten-sided dice")
  int attack_dice = 0;      // dice the attacker rolls (attack and wild dice)
  int chance = 0;           // the attack's chance of success: N+
  int accuracy = 0;         // raises the defender's dodge target
  int dodge_dice = 0;       // dice the defender rolls to dodge (defense and wild dice)
  int defense = 0;          // the defender's Melee/Ranged/Magic Defense: N+
  int power = 0;            // raises the defender's save target
  int resistance = 0;       // the defender's resistance the attack is against (Armor...): N+
  int damage = 0;           // wounds per unsaved hit
  bool vulnerable = false;  // +1 wound per successful attack of this type
  bool resistant = false;   // -1 wound (min 0) per successful attack of this type
  int cover = 0;            // raises the hit target (ruling "Cover": a partly hidden target)
};

// Step 6's target: the chance raised by the target's cover (ruling "Cover": 6+ in cover is 7+).
int hit_target(int chance, int cover);
// Step 9: "increasing the bottom of the range by 1" per point of accuracy (6+ with +1 is 7+).
int dodge_target(int defense, int accuracy);
// Step 15: the resistance modified by the power (Armor 5+ with power +2 is 7+).
int save_target(int resistance, int power);
// A die of `faces` sides showing `roll` meets an N+ target: at or below 1 always, above the die
// size never (ruling "Targets beyond the die").
bool meets_target(int roll, int target, int faces);
// How many of the die's faces meet the target (0..faces): core's faces_meeting (dice_pool.h).
// Step 12: "removes a number of attack hits equal to the number of the defensive dodges".
int hits_after_dodges(int hits, int dodges);
// Step 18 and the vulnerabilities: an attack is successful when at least one hit goes unsaved.
int wounds_suffered(int unsaved_hits, int damage, bool vulnerable, bool resistant);

// The dice of one attack against one model, one chance node per die: the attack dice, then the
// dodge dice, then one save die per hit left. Outcome actions are die faces 1..faces.
class AttackDice {
 public:
  explicit AttackDice(const AttackRoll& roll);

  bool done() const { return phase_ == Phase::kDone; }
  // The next die's faces into `out` (at least the die's faces long); returns how many, 0 once done.
  int chance_outcomes_into(std::span<ChanceOutcome> out) const {
    return pool_.chance_outcomes_into(out);
  }
  std::vector<ChanceOutcome> chance_outcomes() const { return pool_.chance_outcomes(); }
  void apply(Action face);
  std::string action_to_string(Action face) const;  // "Attack die: 5 (hit)"

  int hits() const { return hits_; }
  int dodges() const { return dodges_; }
  int hits_left() const { return hits_after_dodges(hits_, dodges_); }
  int saves() const { return saves_; }
  int unsaved() const { return unsaved_; }
  int wounds() const;  // requires done()

 private:
  enum class Phase { kAttack, kDodge, kSave, kDone };
  void advance();  // moves past phases with no dice left to roll

  AttackRoll roll_;
  Phase phase_ = Phase::kAttack;
  warband::DicePool pool_;  // this phase's dice, against this phase's target
  int hits_ = 0;
  int dodges_ = 0;
  int saves_ = 0;
  int unsaved_ = 0;
};

// The exact distribution of the wounds one model suffers. Exact fractions (ways out of
// faces^(2 x attack dice + dodge dice)) while they fit in 64 bits; probabilities beyond.
Distribution attack_wounds(const AttackRoll& roll);
// Wide attack ("attacks each model with its full allocation of dice. Each model attempts to
// defend against and resist these attacks individually"): the total over `targets` models alike.
Distribution wide_attack_wounds(const AttackRoll& roll, int targets);

}  // namespace warband::agame
