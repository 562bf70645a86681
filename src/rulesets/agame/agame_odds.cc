// `warband odds agame`: the wounds an attack inflicts (seed 004, "Combat structure"), from numbers
// given on the command line or from the model profiles in content/agame/profiles.toml.
#include <fmt/format.h>

#include <optional>

#include "core/error.h"
#include "core/odds.h"
#include "core/registry.h"
#include "rulesets/agame/agame_ruleset.h"
#include "rulesets/agame/attack_pipeline.h"
#include "rulesets/agame/content.h"

namespace warband::agame {
namespace {

constexpr int kMostOddsDice = 100;
constexpr int kMostTargets = 100;

// One query, resolved to the numbers the pipeline needs.
struct ResolvedAttack {
  AttackRoll roll;
  int targets = 1;
  std::string title;
  std::optional<int> defender_wounds;  // from a profile, for "P(taken out)"
};

std::string dice_words(int dice) {
  return fmt::format("{} {}", dice, dice == 1 ? "die" : "dice");
}

std::string content_dir() {
  return default_content_dir() + "/agame";
}

int faces_from(const OddsArgs& args) {
  if (odds_given(args, "faces")) return odds_int(args, "faces", 2, 100);
  return load_parameters(content_dir() + "/parameters.toml").faces;
}

void reject(const OddsArgs& args, const std::vector<const char*>& options, const char* why) {
  for (const char* option : options)
    if (odds_given(args, option)) throw InputError(std::string("--") + option, why);
}

// `--wide --targets K`, or a Wide/Area attack from a profile.
int targets_from(const OddsArgs& args, bool wide, const char* not_wide) {
  if (!wide) {
    reject(args, {"targets"}, not_wide);
    return 1;
  }
  return odds_int(args, "targets", 1, kMostTargets, 1);
}

// --cover and --high-ground: the position's rises, as the engine's parameters rule them
// (rulings "Cover" and "High ground").
void add_position(const OddsArgs& args, const Parameters& parameters, AttackRoll& roll) {
  if (odds_flag(args, "cover")) roll.cover = parameters.cover_chance;
  if (odds_flag(args, "high-ground")) roll.accuracy += parameters.high_ground_accuracy;
}

std::string position_words(const OddsArgs& args, const AttackRoll& roll) {
  return fmt::format("{}{}",
                     odds_flag(args, "cover") ? fmt::format(", in cover (hits on {}+)",
                                                            hit_target(roll.chance, roll.cover))
                                              : "",
                     odds_flag(args, "high-ground") ? ", from high ground" : "");
}

ResolvedAttack from_numbers(const OddsArgs& args) {
  reject(args, {"attack", "defender", "dice"},
         "goes with an attack by name: give the attacker (--attacker), their attack (--attack) "
         "and the defender (--defender)");
  ResolvedAttack out;
  AttackRoll& roll = out.roll;
  roll.faces = faces_from(args);
  const int faces = roll.faces;
  roll.attack_dice = odds_int(args, "attack-dice", 0, kMostOddsDice);
  // A chance of 1+ always hits; above the die size it never could: refused as a typo.
  roll.chance = odds_int(args, "chance", 1, faces);
  roll.accuracy = odds_int(args, "accuracy", -faces, faces, 0);
  roll.dodge_dice = odds_int(args, "dodge-dice", 0, kMostOddsDice, 0);
  roll.defense = roll.dodge_dice > 0 ? odds_int(args, "defense", 1, faces)
                                     : odds_int(args, "defense", 1, faces, faces);
  roll.power = odds_int(args, "power", -faces, faces, 0);
  roll.resistance = odds_int(args, "resistance", 1, faces);
  roll.damage = odds_int(args, "damage", 0, kMostOddsDice);
  roll.vulnerable = odds_flag(args, "vulnerable");
  roll.resistant = odds_flag(args, "resistant");
  add_position(args, load_parameters(content_dir() + "/parameters.toml"), roll);
  out.targets = targets_from(args, odds_flag(args, "wide"),
                             "goes with a Wide attack only (it hits several models): add --wide");
  out.title = fmt::format(
      "A Game attack: {}d{} at {}+ (accuracy {:+d}, power {:+d}, damage {}) against {}, "
      "resistance {}+{}{}{}{}: the wounds",
      roll.attack_dice, faces, roll.chance, roll.accuracy, roll.power, roll.damage,
      roll.dodge_dice == 0
          ? std::string("no dodge dice")
          : fmt::format("{} to dodge at {}+", dice_words(roll.dodge_dice), roll.defense),
      roll.resistance, roll.vulnerable ? ", vulnerable" : "", roll.resistant ? ", resistant" : "",
      position_words(args, roll),
      out.targets > 1 ? fmt::format(", Wide attack: total over {} models", out.targets) : "");
  return out;
}

ResolvedAttack from_profiles(const OddsArgs& args) {
  reject(args,
         {"attack-dice", "chance", "accuracy", "defense", "power", "resistance", "damage",
          "vulnerable", "resistant", "wide"},
         "is taken from the profiles when the attack is given by name (--attacker, --attack)");
  if (!odds_given(args, "attack"))
    throw InputError("--attack",
                     "is missing: name the attacker's attack to use, e.g. \"Vicious Stab\"");
  if (!odds_given(args, "defender"))
    throw InputError("--defender",
                     "is missing: name the model attacked, e.g. \"Great Ram of Shamborga\"");
  const Content content = load_content(content_dir());
  const Model& attacker = content.find_model(odds_string(args, "attacker"), "--attacker");
  const Attack& attack = attacker.find_attack(odds_string(args, "attack"), "--attack");
  const Model& defender = content.find_model(odds_string(args, "defender"), "--defender");

  const int fewest = attacker.fewest_dice(attack), most = attacker.most_dice(attack);
  if (most < fewest || most == 0)
    throw InputError("--attack", fmt::format("is one {} cannot make: {} needs {} dice and it has "
                                             "{} to give",
                                             attacker.name, attack.name, std::max(fewest, 1),
                                             attacker.dice_available(attack)));
  const int dodge_most = defender.dodge_dice_available();

  ResolvedAttack out;
  AttackRoll& roll = out.roll;
  roll.faces =
      odds_given(args, "faces") ? odds_int(args, "faces", 2, 100) : content.parameters.faces;
  roll.attack_dice = odds_int(args, "dice", fewest, most, most);
  roll.chance = attack.chance;
  roll.accuracy = attack.accuracy;
  roll.dodge_dice = odds_int(args, "dodge-dice", 0, dodge_most, dodge_most);
  roll.defense = defender.defense_against(attack.kind);
  roll.power = attack.power;
  roll.resistance = defender.resistance(attack.versus);
  // Pound into the Ground: "0 (4 vs smaller size)".
  roll.damage = attack.damage_vs_smaller >= 0 && defender.size < attacker.size
                    ? attack.damage_vs_smaller
                    : attack.damage;
  roll.vulnerable = has_damage_type(attack.keywords, defender.vulnerable_to);
  roll.resistant = has_damage_type(attack.keywords, defender.resistant_to);
  if (odds_flag(args, "cover") && attack.kind == AttackKind::kMelee)
    throw InputError("--cover", fmt::format("goes with a ranged or magic attack only: {} is a "
                                            "melee attack, and melee ignores cover (ruling "
                                            "\"Cover\")",
                                            attack.name));
  add_position(args, content.parameters, roll);
  out.targets = targets_from(args, attack.hits_many(),
                             "goes with a Wide or Area attack only (they hit several models); "
                             "this attack has a single target");
  if (out.targets == 1) out.defender_wounds = defender.wounds;
  out.title = fmt::format(
      "A Game: {}'s {} ({} at {}+, accuracy {:+d}, power {:+d}, damage {}) against {} ({} to "
      "dodge, {} defense {}+, {} {}+){}{}: the wounds",
      attacker.name, attack.name, dice_words(roll.attack_dice), roll.chance, roll.accuracy,
      roll.power, roll.damage, defender.name, dice_words(roll.dodge_dice),
      attack_kind_name(attack.kind), roll.defense, resistance_name(attack.versus), roll.resistance,
      position_words(args, roll),
      out.targets > 1 ? fmt::format(", Wide attack: total over {} such models", out.targets) : "");
  return out;
}

ResolvedAttack resolve(const OddsArgs& args) {
  // Nothing asked (`warband odds agame` alone): say both ways to ask, not the first number missing.
  if (args.empty())
    throw InputError("warband odds agame",
                     "give an attack by its numbers (--attack-dice N --chance C --resistance R "
                     "--damage D [--dodge-dice N --defense D]) or by name (--attacker MODEL "
                     "--attack NAME --defender MODEL); --help lists every option");
  return odds_given(args, "attacker") ? from_profiles(args) : from_numbers(args);
}

OddsResult compute(const OddsArgs& args) {
  const ResolvedAttack query = resolve(args);
  const AttackRoll& roll = query.roll;
  OddsResult result;
  result.title = query.title;
  result.outcome_label = "wounds";
  result.exact = wide_attack_wounds(roll, query.targets);

  const int faces = roll.faces;
  const auto die_chance = [faces](int target) {
    return static_cast<double>(faces_meeting(target, faces)) / faces;
  };
  const int dodge_at = dodge_target(roll.defense, roll.accuracy);
  const int save_at = save_target(roll.resistance, roll.power);
  // "Successful" (vulnerability, effects such as a charm): at least one hit unsaved, per model.
  AttackRoll one_wound_per_hit = roll;
  one_wound_per_hit.damage = 1;
  one_wound_per_hit.vulnerable = one_wound_per_hit.resistant = false;
  result.figures = {
      {fmt::format("P(an attack die hits at {}+)", hit_target(roll.chance, roll.cover)),
       die_chance(hit_target(roll.chance, roll.cover))},
      {fmt::format("P(a dodge die dodges at {}+)", dodge_at), die_chance(dodge_at)},
      {fmt::format("P(a save die saves at {}+)", save_at), die_chance(save_at)},
      {"P(at least one hit unsaved: a successful attack, per model)",
       attack_wounds(one_wound_per_hit).at_least(1)},
      {"P(at least one wound)", result.exact.at_least(1)},
      {"E[wounds]", result.exact.mean()},
  };
  if (query.defender_wounds)
    result.figures.push_back(
        {fmt::format("P(at least {} wounds: the defender falls Dying)", *query.defender_wounds),
         result.exact.at_least(*query.defender_wounds)});
  return result;
}

// Monte Carlo through the dice machine: one chance node per die, each model in turn.
std::vector<int> sample(const OddsArgs& args, Rng& rng, int samples) {
  const ResolvedAttack query = resolve(args);
  std::vector<int> values;
  values.reserve(samples > 0 ? samples : 0);
  for (int i = 0; i < samples; ++i) {
    int wounds = 0;
    for (int model = 0; model < query.targets; ++model) {
      AttackDice dice(query.roll);
      while (!dice.done())
        dice.apply(rng.sample(dice.chance_outcomes()));
      wounds += dice.wounds();
    }
    values.push_back(wounds);
  }
  return values;
}

// The models of content/agame/profiles.toml, for the attacker's and defender's pickers.
std::vector<OddsChoice> model_choices() {
  std::vector<OddsChoice> choices;
  for (const Model& model : load_content(content_dir()).models)
    choices.push_back({model.name, model.name});
  return choices;
}

// Every model's attacks, each offered while its model is the attacker.
std::vector<OddsChoice> attack_choices() {
  std::vector<OddsChoice> choices;
  for (const Model& model : load_content(content_dir()).models)
    for (const Attack& attack : model.attacks)
      choices.push_back(
          {attack.name,
           fmt::format("{} ({}, {}+ against {})", attack.name, attack_kind_name(attack.kind),
                       attack.chance, resistance_name(attack.versus)),
           "attacker", model.name});
  return choices;
}

}  // namespace

OddsQuery odds_query() {
  const auto number = [](const char* name, const char* help, const char* label) {
    return OddsOption{.name = name, .help = help, .label = label};
  };
  const auto flag = [](const char* name, const char* help, const char* label) {
    return OddsOption{.name = name, .help = help, .flag = true, .label = label};
  };
  return {
      "A Game: the wounds of an attack, hits, dodges, saves and damage (seed 004)",
      {
          number("attack-dice", "dice the attacker rolls (attack and wild dice)", "Attack dice"),
          number("chance", "the attack's chance of success: N for N+", "Chance of success"),
          number("accuracy", "raises the defender's dodge target (default 0)", "Accuracy"),
          number("defense", "the defender's Melee/Ranged/Magic Defense: N for N+", "Defense"),
          {.name = "dodge-dice",
           .help = "dice the defender rolls to dodge (default 0; by name: all they have)",
           .label = "Dodge dice",
           .reset_by = {"defender"}},
          number("power", "raises the defender's save target (default 0)", "Power"),
          number("resistance",
                 "the defender's resistance the attack is against (Armor...): N for N+",
                 "Resistance"),
          number("damage", "wounds per unsaved hit", "Damage"),
          number("faces", "sides on each die (default: parameters.toml, 10)", "Die faces"),
          flag("vulnerable", "the defender is vulnerable to the attack's type: +1 wound",
               "Vulnerable"),
          flag("resistant", "the defender is resistant to the attack's type: -1 wound (min 0)",
               "Resistant"),
          flag("wide", "a Wide attack: each model is attacked with all the dice", "Wide attack"),
          flag("cover",
               "a ranged or magic attack on a partly hidden target: its hit target rises by "
               "cover_chance (parameters.toml, 1)",
               "In cover"),
          flag("high-ground",
               "the attacker stands high_ground_height above the target: accuracy rises by "
               "high_ground_accuracy (parameters.toml, 1)",
               "From high ground"),
          number("targets",
                 "with a Wide attack: the models attacked; the outcome is their total (1)",
                 "Models attacked"),
          {.name = "attacker",
           .help = "by name from content/agame/profiles.toml: the attacking model",
           .choices = model_choices,
           .required = true,
           .label = "Attacker"},
          {.name = "attack",
           .help = "by name: the attacker's attack, e.g. \"Vicious Stab\"",
           .choices = attack_choices,
           .required = true,
           .label = "Attack"},
          {.name = "dice",
           .help = "by name: dice rolled for the attack (default: the most allowed)",
           .label = "Dice rolled",
           .reset_by = {"attacker", "attack"}},
          {.name = "defender",
           .help = "by name: the model attacked, e.g. \"Great Ram of Shamborga\"",
           .choices = model_choices,
           .required = true,
           .label = "Defender"},
      },
      compute,
      sample,
      {
          // The seed's worked example: 3 dice at 4+, accuracy +1, power +2, against the Ram's
          // Melee Defense 6+ with 3 dodge dice and Armor 5+.
          {"A dice-pool roll",
           {"attack-dice", "chance", "accuracy", "dodge-dice", "defense", "power", "resistance",
            "damage", "vulnerable", "resistant", "wide", "targets", "faces", "cover",
            "high-ground"},
           {{"attack-dice", "3"},
            {"chance", "4"},
            {"accuracy", "1"},
            {"dodge-dice", "3"},
            {"defense", "6"},
            {"power", "2"},
            {"resistance", "5"},
            {"damage", "1"}}},
          {"An attack between two profiles",
           {"attacker", "attack", "defender", "dice", "dodge-dice", "targets", "faces", "cover",
            "high-ground"},
           {{"attacker", "Vampire Swordfighter"},
            {"attack", "Vicious Stab"},
            {"defender", "Great Ram of Shamborga"}}},
      },
  };
}

}  // namespace warband::agame
