// `warband odds conflict`: the two-card flip table with the seed's suit events, or an attack's
// damage (seed 003, "Probability Calculations" and "Combat Resolution").
#include <fmt/format.h>

#include "core/error.h"
#include "core/odds.h"
#include "rulesets/conflict/combat.h"
#include "rulesets/conflict/conflict_ruleset.h"
#include "rulesets/conflict/luck_deck.h"

namespace warband::conflict {
namespace {

// Attack Skill is 1-6 ("Attack Strength: Base power of the attack (1-6)") plus bonuses; a wide
// bound keeps the arithmetic safe without refusing a homebrew stat.
constexpr int kStatLimit = 1000;

// Ways out of pairs, unreduced, as the seed counts them ("75 of 153 pairs").
std::string fraction(std::uint64_t ways, std::uint64_t pairs) {
  return fmt::format("{} of {} pairs", ways, pairs);
}

double ratio(std::uint64_t ways, std::uint64_t pairs) {
  return static_cast<double>(ways) / static_cast<double>(pairs);
}

LuckDeck deck_from(const OddsArgs& args, const std::string& option) {
  return LuckDeck::without_cards(odds_string(args, option), "--" + option);
}

bool is_attack(const OddsArgs& args) {
  const bool attack = odds_given(args, "attack"), defense = odds_given(args, "defense");
  if (attack != defense)
    throw InputError(attack ? "--defense" : "--attack",
                     "an attack needs both --attack A and --defense D (the totals added to each "
                     "side's flip)");
  return attack;
}

AttackSetup attack_setup(const OddsArgs& args) {
  AttackSetup setup;
  setup.attack = odds_int(args, "attack", -kStatLimit, kStatLimit);
  setup.defense = odds_int(args, "defense", -kStatLimit, kStatLimit);
  setup.attacker_deck = deck_from(args, "gone");
  setup.defender_deck = deck_from(args, "defender-gone");
  return setup;
}

void reject_in_table_mode(const OddsArgs& args, const std::string& option) {
  if (odds_given(args, option))
    throw InputError("--" + option,
                     "only applies to an attack: give --attack A and --defense D as well");
}

OddsResult flip_table(const OddsArgs& args) {
  reject_in_table_mode(args, "defender-gone");
  const LuckDeck deck = deck_from(args, "gone");
  const Suit suit = parse_suit(odds_string(args, "suit", "H"), "--suit");
  const Suit other = parse_suit(odds_string(args, "second-suit", "S"), "--second-suit");
  if (suit == other)
    throw InputError("--second-suit",
                     "must differ from --suit (the seed's example: one Heart "
                     "and one Spade)");
  const SuitEvents events = suit_events(deck, suit, other);
  const std::string s = suit_symbol(suit), o = suit_symbol(other);

  OddsResult result;
  result.title = fmt::format("Conflict: the total of a two-card flip from {} cards ({} pairs)",
                             deck.size(), events.pairs);
  result.outcome_label = "total";
  result.exact = two_card_total(deck);
  result.figures = {
      {fmt::format("P(at least one card counts as {}), {}", s,
                   fraction(events.at_least_one, events.pairs)),
       ratio(events.at_least_one, events.pairs)},
      {fmt::format("P(one {} and one {}), {}", s, o, fraction(events.one_of_each, events.pairs)),
       ratio(events.one_of_each, events.pairs)},
      {fmt::format("P(two {}), {}", s, fraction(events.two_of, events.pairs)),
       ratio(events.two_of, events.pairs)},
  };
  return result;
}

OddsResult attack_odds(const OddsArgs& args) {
  for (const char* option : {"suit", "second-suit"})
    if (odds_given(args, option))
      throw InputError(std::string("--") + option,
                       "only applies to the two-card table (no "
                       "--attack/--defense)");
  const AttackSetup setup = attack_setup(args);
  OddsResult result;
  result.title = fmt::format(
      "Conflict attack: two cards {:+d} against two cards {:+d} ({} and {} cards): the damage",
      setup.attack, setup.defense, setup.attacker_deck.size(), setup.defender_deck.size());
  result.outcome_label = "damage";
  result.exact = attack_damage_distribution(setup);
  result.figures = {{"P(hit)", result.exact.at_least(1)}, {"E[damage]", result.exact.mean()}};
  return result;
}

// Monte Carlo through the flip machines: one chance node per card.
std::vector<int> sample(const OddsArgs& args, Rng& rng, int samples) {
  std::vector<int> values;
  values.reserve(samples > 0 ? samples : 0);
  if (is_attack(args)) {
    const AttackSetup setup = attack_setup(args);
    for (int i = 0; i < samples; ++i) {
      AttackFlip flip(setup);
      while (!flip.done())
        flip.apply(rng.sample(flip.chance_outcomes()));
      values.push_back(flip.damage());
    }
  } else {
    reject_in_table_mode(args, "defender-gone");
    const LuckDeck deck = deck_from(args, "gone");
    for (int i = 0; i < samples; ++i) {
      TwoCardFlip flip(deck);
      while (!flip.done())
        flip.apply(rng.sample(flip.chance_outcomes()));
      values.push_back(flip.total());
    }
  }
  return values;
}

}  // namespace

OddsQuery odds_query() {
  return OddsQuery{
      "Conflict: the two-card flip table and suit events, or an attack's damage (seed 003)",
      {
          {"attack",
           "the attacker's Attack Skill plus bonuses, added to their flip (with --defense)"},
          {"defense",
           "the defender's Resistance plus bonuses, added to their flip (with --attack)"},
          {"gone", "cards already gone from the attacker's (or the table's) deck, e.g. AS,2H,RJ"},
          {"defender-gone", "cards already gone from the defender's deck, e.g. BJ,3C"},
          {"suit", "the table's suit events: this suit (S, H, D, C; default H)"},
          {"second-suit", "the table's 'one of each' event: the other suit (default S)"},
      },
      [](const OddsArgs& args) { return is_attack(args) ? attack_odds(args) : flip_table(args); },
      sample,
  };
}

}  // namespace warband::conflict
