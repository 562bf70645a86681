// `warband odds conflict`: the two-card flip table with the seed's suit events, or an attack's
// damage (seed 003, "Probability Calculations" and "Combat Resolution"), given by its numbers or
// between two characters of content/conflict by name.
#include <fmt/format.h>

#include <optional>

#include "core/error.h"
#include "core/odds.h"
#include "core/registry.h"
#include "core/text.h"
#include "rulesets/conflict/character_catalog.h"
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

// An attack by name: the attacker, the attack they make (--with) and the defender.
constexpr const char* kByName[] = {"attacker", "with", "defender"};

bool by_name(const OddsArgs& args) {
  for (const char* option : kByName)
    if (odds_given(args, option)) return true;
  return false;
}

bool is_attack(const OddsArgs& args) {
  if (by_name(args)) {
    for (const char* option : kByName)
      if (!odds_given(args, option))
        throw InputError(std::string("--") + option,
                         "is missing: an attack by name needs the attacker (--attacker), the "
                         "attack they make (--with) and the defender (--defender)");
    for (const char* option : {"attack", "defense"})
      if (odds_given(args, option))
        throw InputError(std::string("--") + option,
                         "is read from the characters when the attack is given by name: give "
                         "the numbers (--attack, --defense) or the names, not both");
    if (odds_given(args, "target-suit"))
      throw InputError("--target-suit",
                       "is the defender's own suit when the attack is given by name");
    return true;
  }
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
  // Where the totals start: "Attack Strength 3", or by name "Knight Captain's Longsword: Attack
  // Skill 2 + Strength 4" and "Forest Giant: Defense 1 + Physical Resistance 2".
  std::string attack_base, defense_base;
  std::vector<std::string> attack_notes, defense_notes;
  std::optional<Suit> target_suit;    // the defender's by name, else --target-suit's
  std::vector<AttackEffect> effects;  // by name: the attack's, for the suit figures
};

std::string signed_note(const std::string& name, int value) {
  return fmt::format("{} {:+d}", name, value);
}

std::string conflict_content() {
  return default_content_dir() + "/conflict";
}

const Attack& find_attack(const Character& attacker, const std::string& name) {
  std::vector<std::string_view> names;
  for (const Attack& attack : attacker.attacks) {
    if (attack.name == name) return attack;
    names.push_back(attack.name);
  }
  const std::string hint = did_you_mean(name, names);
  throw InputError(
      "--with",
      fmt::format("{} has no attack named '{}'{}", attacker.name, name.substr(0, 60),
                  hint.empty() ? fmt::format("; theirs: {}", fmt::join(names, ", ")) : hint));
}

// The seed's Combat Resolution: "Attack Skill + Attack Strength" against "Defense + the
// Resistance of the attack's type", each added to its side's flip (as the engine adds them,
// conflict_state.cc `attack_odds`).
void totals_by_name(const OddsArgs& args, Totals& totals) {
  const CharacterCatalog catalog = read_character_catalog(conflict_content());
  const Character& attacker = find_character(catalog, odds_string(args, "attacker"), "--attacker");
  const Attack& attack = find_attack(attacker, odds_string(args, "with"));
  const Character& defender = find_character(catalog, odds_string(args, "defender"), "--defender");
  const int resistance = defender.resistance[static_cast<int>(attack.type)];
  totals.setup.attack = attacker.attack_skill + attack.strength;
  totals.setup.defense = defender.defense + resistance;
  totals.attack_base = fmt::format("{}'s {}: Attack Skill {} + Strength {}", attacker.name,
                                   attack.name, attacker.attack_skill, attack.strength);
  totals.defense_base = fmt::format("{}: Defense {} + {} Resistance {}", defender.name,
                                    defender.defense, attack_type_name(attack.type), resistance);
  totals.target_suit = defender.suit;
  totals.effects = attack.effects;
}

Totals attack_totals(const OddsArgs& args) {
  Totals totals;
  AttackSetup& setup = totals.setup;
  if (by_name(args)) {
    totals_by_name(args, totals);
  } else {
    setup.attack = odds_int(args, "attack", -kStatLimit, kStatLimit);
    setup.defense = odds_int(args, "defense", -kStatLimit, kStatLimit);
    totals.attack_base = fmt::format("Attack Strength {}", setup.attack);
    totals.defense_base = fmt::format("Resistance {}", setup.defense);
    if (odds_given(args, "target-suit"))
      totals.target_suit = parse_suit(odds_string(args, "target-suit"), "--target-suit");
  }
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

// "+3" (typed, no bonus), "+4 (Attack Strength 3, Charge +1)", or by name "+6 (Knight
// Captain's Longsword: Attack Skill 2 + Strength 4)".
std::string side_words(int total, const std::string& base, const std::vector<std::string>& notes,
                       bool named) {
  if (notes.empty() && !named) return fmt::format("{:+d}", total);
  if (notes.empty()) return fmt::format("{:+d} ({})", total, base);
  return fmt::format("{:+d} ({}, {})", total, base, fmt::join(notes, ", "));
}

// "Match Suit effects", and by name the attack's own: "Match Suit effects: Push".
std::string effects_words(const Totals& totals, Trigger trigger) {
  std::vector<std::string> named;
  for (const AttackEffect& effect : totals.effects)
    if (effect.trigger == trigger)
      named.push_back(effect.tokens == 1
                          ? effect_name(effect.effect)
                          : fmt::format("{} x{}", effect_name(effect.effect), effect.tokens));
  const std::string kind = fmt::format("{} effects", trigger_name(trigger));
  return named.empty() ? kind : fmt::format("{}: {}", kind, fmt::join(named, ", "));
}

OddsResult attack_odds(const OddsArgs& args) {
  for (const char* option : {"suit", "second-suit"})
    if (odds_given(args, option))
      throw InputError(std::string("--") + option,
                       "goes with the two-card table, not an attack (leave out --attack and "
                       "--defense)");
  const Totals totals = attack_totals(args);
  const AttackSetup& setup = totals.setup;
  const bool named = by_name(args);
  OddsResult result;
  result.title = fmt::format(
      "Conflict attack: two cards {} against two cards {} ({} and {} cards): the damage",
      side_words(setup.attack, totals.attack_base, totals.attack_notes, named),
      side_words(setup.defense, totals.defense_base, totals.defense_notes, named),
      setup.attacker_deck.size(), setup.defender_deck.size());
  result.outcome_label = "damage";
  result.exact = attack_damage_distribution(setup);
  result.figures = {{"P(hit)", result.exact.at_least(1)}, {"E[damage]", result.exact.mean()}};
  if (totals.target_suit) {
    const SuitEffectOdds effects = suit_effect_odds(setup, *totals.target_suit);
    const std::string symbol = suit_symbol(*totals.target_suit);
    result.figures.emplace_back(fmt::format("P(hit with a card matching {}: {})", symbol,
                                            effects_words(totals, Trigger::kMatchSuit)),
                                effects.match_suit);
    result.figures.emplace_back(fmt::format("P(hit with both cards matching {}: {})", symbol,
                                            effects_words(totals, Trigger::kBothSuits)),
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

// The content's characters, for the attacker's and defender's pickers.
std::vector<OddsChoice> character_choices() {
  std::vector<OddsChoice> choices;
  for (const Character& character : read_character_catalog(conflict_content()).characters)
    choices.push_back({character.name, character.name});
  return choices;
}

// Every character's attacks, each offered while its character is the attacker.
std::vector<OddsChoice> attack_choices() {
  std::vector<OddsChoice> choices;
  for (const Character& character : read_character_catalog(conflict_content()).characters)
    for (const Attack& attack : character.attacks)
      choices.push_back(
          {attack.name,
           fmt::format("{} ({}, {}, Strength {})", attack.name, attack_type_name(attack.type),
                       target_type_name(attack.target), attack.strength),
           "attacker", character.name});
  return choices;
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
          {.name = "attacker",
           .help = "by name from content/conflict: the attacking character, e.g. \"Knight "
                   "Captain\" (with --with and --defender, instead of --attack and --defense)",
           .choices = character_choices,
           .required = true,
           .label = "Attacker"},
          {.name = "with",
           .help = "by name: the attacker's attack, e.g. \"Longsword\"",
           .choices = attack_choices,
           .required = true,
           .label = "Attack",
           .reset_by = {"attacker"}},
          {.name = "defender",
           .help = "by name: the character attacked, e.g. \"Forest Giant\" (their suit gives "
                   "the Match Suit and Both Suits odds)",
           .choices = character_choices,
           .required = true,
           .label = "Defender"},
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
          {"An attack by its numbers",
           {"attack", "charge", "focused", "aid", "flanking", "high-ground", "prone-target", "weak",
            "defense", "cover", "ran", "hindered", "reduced-resistance", "target-suit", "gone",
            "defender-gone"},
           {{"attack", "3"}, {"defense", "2"}}},
          // The Knight Captain's Longsword (Attack Skill 2 + Strength 4) against the Forest
          // Giant (Defense 1 + Physical Resistance 2), a Heart: its Push on a matching card.
          {"An attack between two characters",
           {"attacker", "with", "defender", "charge", "focused", "aid", "flanking", "high-ground",
            "prone-target", "weak", "cover", "ran", "hindered", "reduced-resistance", "gone",
            "defender-gone"},
           {{"attacker", "Knight Captain"}, {"with", "Longsword"}, {"defender", "Forest Giant"}}},
      },
  };
}

}  // namespace warband::conflict
