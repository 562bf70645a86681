// Conflict's Combat Resolution (seed 003): the attacker flips two cards and adds Attack Skill and
// bonuses, the defender flips two cards from their own deck and adds Resistance and defense
// bonuses; "If Total Attack Value > Total Defense Value: Hit. Damage = Difference." and
// "If Total Attack Value <= Total Defense Value: Miss." (ties miss: docs/rulings/conflict.md).
#pragma once

#include <string>
#include <vector>

#include "core/distribution.h"
#include "core/game.h"
#include "rulesets/conflict/luck_deck.h"

namespace warband::conflict {

struct AttackSetup {
  int attack = 0;   // Attack Skill plus attack bonuses, added to the attacker's flip
  int defense = 0;  // Resistance plus defense bonuses, added to the defender's flip
  LuckDeck attacker_deck = LuckDeck::full();
  LuckDeck defender_deck = LuckDeck::full();
};

// Steps 4 and 5: the damage dealt, 0 for a miss.
int attack_damage(int total_attack, int total_defense);

// The attacker's two cards, then the defender's: four chance nodes. Outcome actions are cards.
class AttackFlip {
 public:
  explicit AttackFlip(const AttackSetup& setup);

  bool done() const { return defender_.done(); }
  std::vector<ChanceOutcome> chance_outcomes() const;
  void apply(Action card);
  std::string action_to_string(Action card) const;

  int total_attack() const;   // requires done()
  int total_defense() const;  // requires done()
  int damage() const;         // requires done()

 private:
  int attack_;
  int defense_;
  TwoCardFlip attacker_;
  TwoCardFlip defender_;
};

// The exact distribution of the damage dealt (exact ways out of C(n,2) x C(m,2)).
Distribution attack_damage_distribution(const AttackSetup& setup);

// How often an attack's effects trigger on the target's suit (seed 003, "Effects ... Match Suit:
// Effect triggers if either attack card matches target's suit; Both Suits: ... if both attack
// cards match"): the chance of a hit whose attack cards match it, the Red Joker matching any suit
// and the Black Joker none (docs/rulings/conflict.md, "Suit effects").
struct SuitEffectOdds {
  double match_suit = 0;  // P(hit and at least one attack card matches)
  double both_suits = 0;  // P(hit and both attack cards match)
};
SuitEffectOdds suit_effect_odds(const AttackSetup& setup, Suit target_suit);

}  // namespace warband::conflict
