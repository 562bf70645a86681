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

// Attack Skill plus an attack's Strength 1-6 plus bonuses (docs/rulings/conflict.md, "Skill and
// Strength, Defense and Resistance"); a wide bound keeps the arithmetic safe without refusing a
// homebrew stat.
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
                     "is missing: an attack needs both the attacker's Attack Strength and the "
                     "defender's Resistance");
  return attack;
}

// The bonuses of seed 003 each option adds (docs/rulings/conflict.md, "Combat"): flags add theirs
// when given, stacks (Weak, Hindered, Reduced Resistance: up to 3) once per token.
struct Bonus {
  const char* option;
  const char* name;
  int per;       // added per flag or token
  bool stacks;   // tokens 1 to 3, else a flag
  bool defense;  // added to the defender's total
};
constexpr Bonus kBonuses[] = {
    {"charge", "Charge", 1, false, false},
    {"focused", "Focused Attack", 2, false, false},
    {"aid", "Aid", 1, false, false},
    {"flanking", "Flanking", 1, false, false},
    {"high-ground", "High Ground", 1, false, false},
    {"prone-target", "prone target", 1, false, false},
    {"weak", "Weak", -1, true, false},
    {"ran", "Run", 1, false, true},
    {"hindered", "Hindered", -1, true, true},
    {"reduced-resistance", "Reduced Resistance", -1, true, true},
};
constexpr int kMostTokens = 3;  // "They can each stack up to 3 times"

struct Totals {
  AttackSetup setup;
  std::vector<std::string> attack_notes, defense_notes;
};

std::string signed_note(const std::string& name, int value) {
  return fmt::format("{} {:+d}", name, value);
}

Totals attack_totals(const OddsArgs& args) {
  Totals totals;
  AttackSetup& setup = totals.setup;
  setup.attack = odds_int(args, "attack", -kStatLimit, kStatLimit);
  setup.defense = odds_int(args, "defense", -kStatLimit, kStatLimit);
  for (const Bonus& bonus : kBonuses) {
    const int count = bonus.stacks ? odds_int(args, bonus.option, 0, kMostTokens, 0)
                                   : static_cast<int>(odds_flag(args, bonus.option));
    if (count == 0) continue;
    const int value = bonus.per * count;
    (bonus.defense ? setup.defense : setup.attack) += value;
    (bonus.defense ? totals.defense_notes : totals.attack_notes)
        .push_back(signed_note(bonus.stacks && count > 1 ? fmt::format("{} x{}", bonus.name, count)
                                                         : std::string(bonus.name),
                               value));
  }
  if (odds_given(args, "cover")) {
    const std::string cover = odds_string(args, "cover");
    if (cover != "partial" && cover != "full")
      throw InputError("--cover", fmt::format("must be partial or full, got '{}'", cover));
    const int value =
        cover == "partial" ? 1 : 2;  // "Partial Cover (+1 ...)", "Full Cover (+2 ...)"
    setup.defense += value;
    totals.defense_notes.push_back(
        signed_note(cover == "partial" ? "Partial Cover" : "Full Cover", value));
  }
  setup.attacker_deck = deck_from(args, "gone");
  setup.defender_deck = deck_from(args, "defender-gone");
  return totals;
}

AttackSetup attack_setup(const OddsArgs& args) {
  return attack_totals(args).setup;
}

// The options only an attack takes, refused by the two-card table.
const char* const kAttackOnly[] = {
    "defender-gone",      "charge",       "focused",    "aid", "flanking",
    "high-ground",        "prone-target", "weak",       "ran", "hindered",
    "reduced-resistance", "cover",        "target-suit"};

void reject_in_table_mode(const OddsArgs& args) {
  for (const char* option : kAttackOnly)
    if (odds_given(args, option))
      throw InputError(std::string("--") + option,
                       "goes with an attack: give the attacker's Attack Strength (--attack) and "
                       "the defender's Resistance (--defense) as well");
}

OddsResult flip_table(const OddsArgs& args) {
  reject_in_table_mode(args);
  const LuckDeck deck = deck_from(args, "gone");
  const Suit suit = parse_suit(odds_string(args, "suit", "H"), "--suit");
  const Suit other = parse_suit(odds_string(args, "second-suit", "S"), "--second-suit");
  if (suit == other)
    throw InputError("--second-suit",
                     "must differ from the first suit (the seed's example: one Heart and one "
                     "Spade)");
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

std::string side_words(int total, const char* stat, int base,
                       const std::vector<std::string>& notes) {
  if (notes.empty()) return fmt::format("{:+d}", total);
  return fmt::format("{:+d} ({} {}, {})", total, stat, base, fmt::join(notes, ", "));
}

OddsResult attack_odds(const OddsArgs& args) {
  for (const char* option : {"suit", "second-suit"})
    if (odds_given(args, option))
      throw InputError(std::string("--") + option,
                       "goes with the two-card table, not an attack (leave out --attack and "
                       "--defense)");
  const Totals totals = attack_totals(args);
  const AttackSetup& setup = totals.setup;
  OddsResult result;
  result.title = fmt::format(
      "Conflict attack: two cards {} against two cards {} ({} and {} cards): the damage",
      side_words(setup.attack, "Attack Strength", odds_int(args, "attack", -kStatLimit, kStatLimit),
                 totals.attack_notes),
      side_words(setup.defense, "Resistance", odds_int(args, "defense", -kStatLimit, kStatLimit),
                 totals.defense_notes),
      setup.attacker_deck.size(), setup.defender_deck.size());
  result.outcome_label = "damage";
  result.exact = attack_damage_distribution(setup);
  result.figures = {{"P(hit)", result.exact.at_least(1)}, {"E[damage]", result.exact.mean()}};
  if (odds_given(args, "target-suit")) {
    const Suit suit = parse_suit(odds_string(args, "target-suit"), "--target-suit");
    const SuitEffectOdds effects = suit_effect_odds(setup, suit);
    const std::string symbol = suit_symbol(suit);
    result.figures.emplace_back(
        fmt::format("P(hit with a card matching {}: Match Suit effects)", symbol),
        effects.match_suit);
    result.figures.emplace_back(
        fmt::format("P(hit with both cards matching {}: Both Suits effects)", symbol),
        effects.both_suits);
  }
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
    reject_in_table_mode(args);
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

// The suits, for the table's and the target's pickers.
std::vector<OddsChoice> suit_choices() {
  return {{"S", "♠ Spades"}, {"H", "♥ Hearts"}, {"D", "♦ Diamonds"}, {"C", "♣ Clubs"}};
}

std::vector<OddsChoice> cover_choices() {
  return {{"partial", "Partial Cover (+1)"}, {"full", "Full Cover (+2)"}};
}

// Tokens of a condition that stacks up to 3 times.
std::vector<OddsChoice> token_choices(const std::string& name) {
  std::vector<OddsChoice> choices;
  for (int count = 1; count <= kMostTokens; ++count)
    choices.push_back({std::to_string(count), fmt::format("{} x{} (-{})", name, count, count)});
  return choices;
}

}  // namespace

OddsQuery odds_query() {
  const auto flag = [](const char* name, const char* help, const char* label) {
    return OddsOption{.name = name, .help = help, .flag = true, .label = label};
  };
  const auto tokens = [](const char* name, const char* help, const char* label,
                         const char* condition) {
    return OddsOption{.name = name,
                      .help = help,
                      .choices = [condition] { return token_choices(condition); },
                      .label = label};
  };
  return OddsQuery{
      "Conflict: the two-card flip table and suit events, or an attack's damage (seed 003)",
      {
          {.name = "attack",
           .help = "the attacker's Attack Skill plus the attack's Strength (1 to 6) plus any "
                   "bonus not given below, added to their flip (with --defense)",
           .label = "Attack Strength"},
          flag("charge", "a Charge: +1 attack bonus", "Charge"),
          flag("focused", "a Focused Attack: +2", "Focused Attack"),
          flag("aid", "a friend Aids the attacker: +1", "Aid"),
          flag("flanking", "attacking from the target's rear arc: +1", "Flanking"),
          flag("high-ground", "attacking from two size categories higher: +1", "High Ground"),
          flag("prone-target", "the target is prone, base to base: +1 attack strength",
               "Prone target"),
          tokens("weak", "Weak tokens on the attacker: -1 attack strength each (1 to 3)",
                 "Weak tokens", "Weak"),
          {.name = "defense",
           .help = "the defender's Defense plus the Resistance the attack's type meets, plus any "
                   "bonus not given below, added to their flip (with --attack)",
           .label = "Resistance"},
          {.name = "cover",
           .help = "the defender's Cover: partial (+1) or full (+2)",
           .choices = cover_choices,
           .label = "Cover"},
          flag("ran", "the defender Ran last turn: +1 Defense", "Ran"),
          tokens("hindered", "Hindered tokens on the defender: -1 defense each (1 to 3)",
                 "Hindered tokens", "Hindered"),
          tokens("reduced-resistance",
                 "Reduced Resistance tokens on the defender: -1 each (1 to 3)",
                 "Reduced Resistance tokens", "Reduced Resistance"),
          {.name = "target-suit",
           .help = "the target's suit: adds how often a hit triggers Match Suit and Both Suits "
                   "effects",
           .choices = suit_choices,
           .label = "Target's suit"},
          {.name = "gone",
           .help = "cards already gone from the attacker's (or the table's) deck, e.g. AS,2H,RJ",
           .label = "The list of cards gone"},
          {.name = "defender-gone",
           .help = "cards already gone from the defender's deck, e.g. BJ,3C",
           .label = "The list of the defender's cards gone"},
          {.name = "suit",
           .help = "the table's suit events: this suit (S, H, D, C; default H)",
           .choices = suit_choices,
           .required = true,
           .label = "Suit"},
          {.name = "second-suit",
           .help = "the table's 'one of each' event: the other suit (default S)",
           .choices = suit_choices,
           .required = true,
           .label = "Other suit"},
      },
      [](const OddsArgs& args) { return is_attack(args) ? attack_odds(args) : flip_table(args); },
      sample,
      {
          {"A luck-deck draw",
           {"suit", "second-suit", "gone"},
           {{"suit", "H"}, {"second-suit", "S"}}},
          {"An attack between two characters",
           {"attack", "charge", "focused", "aid", "flanking", "high-ground", "prone-target", "weak",
            "defense", "cover", "ran", "hindered", "reduced-resistance", "target-suit", "gone",
            "defender-gone"},
           {{"attack", "3"}, {"defense", "2"}}},
      },
  };
}

}  // namespace warband::conflict
