#include "rulesets/conflict/combat.h"

#include <algorithm>

#include "core/error.h"

namespace warband::conflict {

int attack_damage(int total_attack, int total_defense) {
  // "Damage = Difference" on a hit; a tie is a miss ("<= ... Miss").
  return total_attack > total_defense ? total_attack - total_defense : 0;
}

AttackFlip::AttackFlip(const AttackSetup& setup)
    : attack_(setup.attack),
      defense_(setup.defense),
      attacker_(setup.attacker_deck),
      defender_(setup.defender_deck) {}

std::vector<ChanceOutcome> AttackFlip::chance_outcomes() const {
  return attacker_.done() ? defender_.chance_outcomes() : attacker_.chance_outcomes();
}

void AttackFlip::apply(Action card) {
  if (!attacker_.done()) {
    attacker_.apply(card);
  } else {
    defender_.apply(card);
  }
}

std::string AttackFlip::action_to_string(Action card) const {
  return (attacker_.done() ? "Defender: " + defender_.action_to_string(card)
                           : "Attacker: " + attacker_.action_to_string(card));
}

int AttackFlip::total_attack() const {
  return attacker_.total() + attack_;
}
int AttackFlip::total_defense() const {
  return defender_.total() + defense_;
}
int AttackFlip::damage() const {
  return attack_damage(total_attack(), total_defense());
}

Distribution attack_damage_distribution(const AttackSetup& setup) {
  // The two flips come from separate decks, so they are independent: the margin is the
  // attacker's total minus the defender's, a convolution.
  const Distribution attack =
      two_card_total(setup.attacker_deck).map([&](int total) { return total + setup.attack; });
  const Distribution negated_defense =
      two_card_total(setup.defender_deck).map([&](int total) { return -(total + setup.defense); });
  return attack.plus(negated_defense).map([](int margin) { return attack_damage(margin, 0); });
}

SuitEffectOdds suit_effect_odds(const AttackSetup& setup, Suit target_suit) {
  // Each of the attacker's pairs is equally likely; it hits when the defender's total stays
  // below its own.
  const Distribution defense = two_card_total(setup.defender_deck);
  const std::vector<Card> cards = setup.attacker_deck.cards();
  const double pairs = static_cast<double>(cards.size() * (cards.size() - 1) / 2);
  SuitEffectOdds odds;
  for (std::size_t i = 0; i < cards.size(); ++i) {
    for (std::size_t j = i + 1; j < cards.size(); ++j) {
      const int matches = counts_as(cards[i], target_suit) + counts_as(cards[j], target_suit);
      if (matches == 0) continue;
      const int attack = card_value(cards[i]) + card_value(cards[j]) + setup.attack;
      const double hit = defense.at_most(attack - setup.defense - 1) / pairs;
      odds.match_suit += hit;
      if (matches == 2) odds.both_suits += hit;
    }
  }
  return odds;
}

}  // namespace warband::conflict
