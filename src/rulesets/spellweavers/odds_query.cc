// `warband odds spellweavers`: the option given picks the mechanic (dice.h): a damage or healing
// roll (by its dice, or a content wizard's spell by name), when a status condition is removed, or
// what Poison / Regenerate add up to.
#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/error.h"
#include "core/odds.h"
#include "core/registry.h"
#include "core/text.h"
#include "rulesets/spellweavers/dice.h"
#include "rulesets/spellweavers/spellweavers_ruleset.h"
#include "rulesets/spellweavers/wizard_file.h"

namespace warband::spellweavers {
namespace {

constexpr int kMaxDice = 200;
constexpr int kMaxTurns = 500;
// Poison and Regenerate without --turns: long enough that a condition removed on a 6+ is still
// on only with a chance below 1e-15 ((5/6)^201), so the total is in practice the whole total.
constexpr int kTickingTurnsDefault = 200;

const char* const kModes[] = {"damage-dice", "healing-dice", "condition", "poison", "regenerate"};
// A content wizard's spell by name (--wizard, --spell): its Damage or Healing roll.
const char* const kByName[] = {"wizard", "spell"};
// Every wizard's innate attack (seed 002: "Staff Strike", which deals 2d6 damage), offered beside
// its spells.
constexpr std::string_view kStaffStrike = "Staff Strike";

enum class Mode { kDamage, kHealing, kRemoval, kPoison, kRegenerate };

// Options that belong to some modes only, and the modes they go with.
struct Companion {
  const char* option;
  std::vector<Mode> modes;
  const char* goes_with;
};

const Companion kCompanions[] = {
    {"defend", {Mode::kDamage, Mode::kPoison}, "--damage-dice X or --poison"},
    {"protection", {Mode::kDamage, Mode::kPoison}, "--damage-dice X or --poison"},
    {"fortified", {Mode::kDamage, Mode::kPoison}, "--damage-dice X or --poison"},
    {"hp", {Mode::kDamage}, "--damage-dice X"},
    {"turns",
     {Mode::kRemoval, Mode::kPoison, Mode::kRegenerate},
     "--condition NAME, --poison or --regenerate"},
};

// Whether an option is on: given, and for a switch, not given as false.
bool is_on(const OddsArgs& args, const char* name) {
  const bool is_switch =
      std::string_view(name) == "poison" || std::string_view(name) == "regenerate" ||
      std::string_view(name) == "defend" || std::string_view(name) == "protection" ||
      std::string_view(name) == "fortified";
  return is_switch ? odds_flag(args, name) : odds_given(args, name);
}

bool by_name(const OddsArgs& args) {
  for (const char* option : kByName)
    if (odds_given(args, option)) return true;
  return false;
}

std::vector<Wizard> content_wizards() {
  std::vector<Wizard> wizards;
  const std::string root = default_content_dir();
  for (const std::string& id : content_wizard_ids(root))
    wizards.push_back(load_wizard_file(content_wizards_dir(root) + "/" + id + ".wizard.toml"));
  return wizards;
}

// The dice a spell rolls: its Damage X, else its Healing X (0: none).
int damage_dice_of(const Spell& spell) {
  for (const Effect& effect : spell.effects)
    if (effect.kind == EffectKind::kDamage) return effect.amount;
  return 0;
}

int healing_dice_of(const Spell& spell) {
  for (const Effect& effect : spell.effects)
    if (effect.kind == EffectKind::kHealing) return effect.amount;
  return 0;
}

// A spell named by --wizard and --spell: the mode and dice it rolls, and the words that open the
// title ("Ember the Red's Fireball (Damage 3, Terrain: Burning): ").
struct NamedRoll {
  Mode mode = Mode::kDamage;
  int dice = 0;
  std::string words;
};

NamedRoll named_roll(const OddsArgs& args, const Parameters& parameters) {
  for (const char* option : kByName)
    if (!odds_given(args, option))
      throw InputError(std::string("--") + option,
                       "is missing: a spell by name needs the wizard (--wizard) and the spell "
                       "(--spell)");
  const std::string wizard_name = odds_string(args, "wizard");
  const std::string spell_name = odds_string(args, "spell");
  const std::vector<Wizard> wizards = content_wizards();
  std::vector<std::string_view> names;
  for (const Wizard& wizard : wizards) {
    names.push_back(wizard.name);
    if (wizard.name != wizard_name) continue;
    if (spell_name == kStaffStrike)
      return {Mode::kDamage, parameters.staff_strike_dice,
              fmt::format("{}'s Staff Strike: ", wizard.name)};
    const Spell* spell = find_spell(wizard, spell_name);
    if (spell == nullptr) {
      std::vector<std::string_view> spells = {kStaffStrike};
      for (const Spell& known : wizard.spells)
        spells.push_back(known.name);
      const std::string hint = did_you_mean(spell_name, spells);
      throw InputError(
          "--spell",
          fmt::format("{} has no spell named '{}'{}", wizard.name, spell_name.substr(0, 60),
                      hint.empty() ? fmt::format("; theirs: {}", fmt::join(spells, ", ")) : hint));
    }
    std::vector<std::string> effects;
    for (const Effect& effect : spell->effects)
      effects.push_back(effect_name(effect));
    const std::string words =
        fmt::format("{}'s {} ({}): ", wizard.name, spell->name, fmt::join(effects, ", "));
    if (const int dice = damage_dice_of(*spell); dice > 0) return {Mode::kDamage, dice, words};
    if (const int dice = healing_dice_of(*spell); dice > 0) return {Mode::kHealing, dice, words};
    throw InputError("--spell", fmt::format("{}'s {} rolls no damage or healing ({}): the odds of "
                                            "its conditions are --condition, --poison and "
                                            "--regenerate",
                                            wizard.name, spell->name, fmt::join(effects, ", ")));
  }
  throw InputError("--wizard",
                   fmt::format("no wizard named '{}' in the content{}", wizard_name.substr(0, 60),
                               did_you_mean(wizard_name, names)));
}

// The mode the options ask for; by name, what the named spell rolls, its files read once into
// `named`.
Mode mode_of(const OddsArgs& args, const Parameters& parameters, std::optional<NamedRoll>& named) {
  std::vector<std::string> given;
  for (const char* mode : kModes)
    if (is_on(args, mode)) given.push_back(fmt::format("--{}", mode));
  if (by_name(args) && !given.empty())
    throw InputError(given[0], fmt::format("{} and a spell by name (--wizard, --spell) ask for "
                                           "different things: give one",
                                           given[0]));
  if (given.empty() && !by_name(args))
    throw InputError("warband odds spellweavers",
                     "give one of --damage-dice X [--defend --protection --fortified], "
                     "--healing-dice X, --wizard NAME --spell NAME, --condition NAME --turns T, "
                     "--poison [--turns T], --regenerate [--turns T]");
  if (given.size() > 1)
    throw InputError(
        given[1], fmt::format("{} and {} ask for different things: give one", given[0], given[1]));
  if (by_name(args)) named = named_roll(args, parameters);
  const Mode mode = named                         ? named->mode
                    : is_on(args, "damage-dice")  ? Mode::kDamage
                    : is_on(args, "healing-dice") ? Mode::kHealing
                    : is_on(args, "condition")    ? Mode::kRemoval
                    : is_on(args, "poison")       ? Mode::kPoison
                                                  : Mode::kRegenerate;
  for (const Companion& companion : kCompanions)
    if (is_on(args, companion.option) &&
        std::find(companion.modes.begin(), companion.modes.end(), mode) == companion.modes.end())
      throw InputError(fmt::format("--{}", companion.option),
                       fmt::format("--{} goes with {}{}", companion.option, companion.goes_with,
                                   by_name(args) ? " (or a spell by name that deals damage)" : ""));
  if (mode == Mode::kRemoval && !odds_given(args, "turns"))
    throw InputError("--condition",
                     "--condition NAME goes with --turns T (by the end of which "
                     "of the combatant's turns)");
  return mode;
}

Reductions reductions_of(const OddsArgs& args) {
  return {odds_flag(args, "defend"), odds_flag(args, "protection"), odds_flag(args, "fortified")};
}

std::string reductions_text(const Reductions& reductions, const Parameters& parameters) {
  std::vector<std::string> names;
  if (reductions.defend) names.push_back(fmt::format("Defend -{}", parameters.defend_reduction));
  if (reductions.protection)
    names.push_back(fmt::format("Protection -{}", parameters.protection_reduction));
  if (reductions.fortified)
    names.push_back(fmt::format("Fortified -{}", parameters.fortified_reduction));
  if (names.empty()) return "";
  return fmt::format(" after {} (never below {})", fmt::join(names, ", "),
                     parameters.minimum_damage);
}

std::string dice_name(int dice, const Parameters& parameters) {
  return fmt::format("{}d{}", dice, parameters.die_faces);
}

struct Settings {
  Mode mode;
  std::string named;  // by name: what opens the title, "Ember the Red's Fireball (...): "
  int dice = 0;
  int hp = 0;
  int turns = 0;
  Condition condition = Condition::kPoison;
  Reductions reductions;
};

Settings settings_of(const OddsArgs& args, const Parameters& parameters) {
  std::optional<NamedRoll> named;
  Settings settings{mode_of(args, parameters, named)};
  settings.reductions = reductions_of(args);
  if (named) {
    settings.named = named->words;
    settings.dice = named->dice;
  }
  switch (settings.mode) {
    case Mode::kDamage:
      if (settings.named.empty()) settings.dice = odds_int(args, "damage-dice", 1, kMaxDice);
      settings.hp = odds_int(args, "hp", 1, 10000, parameters.wizard_max_hp);
      break;
    case Mode::kHealing:
      if (settings.named.empty()) settings.dice = odds_int(args, "healing-dice", 1, kMaxDice);
      break;
    case Mode::kRemoval:
      settings.condition = parse_condition(odds_string(args, "condition"), "--condition");
      settings.turns = odds_int(args, "turns", 0, kMaxTurns);
      break;
    case Mode::kPoison:
    case Mode::kRegenerate:
      settings.condition =
          settings.mode == Mode::kPoison ? Condition::kPoison : Condition::kRegenerate;
      settings.turns = odds_int(args, "turns", 0, kMaxTurns, kTickingTurnsDefault);
      break;
  }
  return settings;
}

OddsResult compute(const OddsArgs& args) {
  const Parameters parameters = root_parameters("");
  const Settings s = settings_of(args, parameters);
  switch (s.mode) {
    case Mode::kDamage: {
      OddsResult result{
          fmt::format("{}{} damage{}: the damage taken", s.named, dice_name(s.dice, parameters),
                      reductions_text(s.reductions, parameters)),
          "damage",
          damage_roll_odds(s.dice, s.reductions, parameters),
          {}};
      const bool wizard = !odds_given(args, "hp");
      result.figures.emplace_back(fmt::format("P(damage >= {} HP: knocks out {})", s.hp,
                                              wizard ? "a wizard at full HP" : "the target"),
                                  result.exact.at_least(s.hp));
      return result;
    }
    case Mode::kHealing:
      return {fmt::format("{}{} healing: the HP restored", s.named, dice_name(s.dice, parameters)),
              "HP",
              healing_roll_odds(s.dice, parameters),
              {}};
    case Mode::kRemoval: {
      const ConditionRule rule = condition_rule(s.condition, parameters);
      OddsResult result{
          fmt::format("{} (Remove {}+): the turn it is removed on (0 = the roll when applied, "
                      "t = the end of the combatant's turn t, {} = still on after turn {})",
                      rule.name, rule.remove, kStillActive, s.turns),
          "turn",
          removal_turn_odds(s.condition, s.turns, parameters),
          {}};
      result.figures.emplace_back(fmt::format("P(removed by the end of turn {})", s.turns),
                                  result.exact.at_least(0));
      return result;
    }
    case Mode::kPoison:
    case Mode::kRegenerate:
      break;
  }
  const ConditionRule rule = condition_rule(s.condition, parameters);
  const bool poison = s.mode == Mode::kPoison;
  OddsResult result{
      fmt::format("{} (Remove {}+) over {} turn{}: the total {}{} (each end-of-turn roll {} its "
                  "result)",
                  rule.name, rule.remove, s.turns, s.turns == 1 ? "" : "s",
                  poison ? "damage taken" : "HP regained",
                  poison ? reductions_text(s.reductions, parameters) : "",
                  poison ? "deals" : "restores"),
      poison ? "damage" : "HP",
      condition_total_odds(s.condition, s.turns, s.reductions, parameters),
      {}};
  result.figures.emplace_back(fmt::format("P(removed by the end of turn {})", s.turns),
                              removal_turn_odds(s.condition, s.turns, parameters).at_least(0));
  return result;
}

std::vector<int> sample(const OddsArgs& args, Rng& rng, int samples) {
  const Parameters parameters = root_parameters("");
  const Settings s = settings_of(args, parameters);
  std::vector<int> values;
  values.reserve(samples > 0 ? samples : 0);
  for (int i = 0; i < samples; ++i) {
    switch (s.mode) {
      case Mode::kDamage: {
        PoolRoll roll = PoolRoll::damage(s.dice, s.reductions, parameters);
        values.push_back(play(roll, rng));
        break;
      }
      case Mode::kHealing: {
        PoolRoll roll = PoolRoll::healing(s.dice, parameters);
        values.push_back(play(roll, rng));
        break;
      }
      case Mode::kRemoval:
      case Mode::kPoison:
      case Mode::kRegenerate: {
        const auto measure = s.mode == Mode::kRemoval ? ConditionRolls::Measure::kRemovalTurn
                                                      : ConditionRolls::Measure::kTotal;
        ConditionRolls rolls(s.condition, s.turns, measure, s.reductions, parameters);
        values.push_back(play(rolls, rng));
        break;
      }
    }
  }
  return values;
}

// The content's wizards, for the wizard picker.
std::vector<OddsChoice> wizard_choices() {
  std::vector<OddsChoice> choices;
  for (const Wizard& wizard : content_wizards())
    choices.push_back({wizard.name, wizard.name});
  return choices;
}

// Each wizard's Staff Strike and the spells that roll damage or healing, offered while that
// wizard is picked.
std::vector<OddsChoice> spell_choices() {
  std::vector<OddsChoice> choices;
  const Parameters parameters = root_parameters("");
  for (const Wizard& wizard : content_wizards()) {
    choices.push_back({std::string(kStaffStrike),
                       fmt::format("Staff Strike ({} damage)",
                                   dice_name(parameters.staff_strike_dice, parameters)),
                       "wizard", wizard.name});
    for (const Spell& spell : wizard.spells) {
      const int damage = damage_dice_of(spell), healing = healing_dice_of(spell);
      if (damage > 0 || healing > 0)
        choices.push_back({spell.name,
                           fmt::format("{} ({} {})", spell.name,
                                       dice_name(damage > 0 ? damage : healing, parameters),
                                       damage > 0 ? "damage" : "healing"),
                           "wizard", wizard.name});
    }
  }
  return choices;
}

// The status conditions with a removal roll (STATUS CONDITIONS), for the form's picker.
std::vector<OddsChoice> condition_choices() {
  return {{"poison", "Poison"},
          {"slow", "Slow"},
          {"stun", "Stun"},
          {"regenerate", "Regenerate"},
          {"protection", "Protection"}};
}

}  // namespace

OddsQuery odds_query() {
  return OddsQuery{
      "Xd6 damage (Defend, Protection, Fortified) and healing, condition removal, Poison and "
      "Regenerate totals",
      {
          {"damage-dice", "X of an Xd6 damage roll, 1 to 200: the outcome is the damage taken"},
          {"defend", "the target defended: 4 less damage, never below 1", true},
          {"protection", "the target has Protection: 4 less damage, never below 1", true},
          {"fortified", "the target stands on Fortified ground: 4 less damage, never below 1",
           true},
          {"hp", "the target's HP, for P(knocks out) (with --damage-dice; default wizard_max_hp)"},
          {.name = "wizard",
           .help = "by name from content/spellweavers/wizards: the caster, e.g. \"Ember the "
                   "Red\" (with --spell)",
           .choices = wizard_choices,
           .required = true,
           .label = "Wizard"},
          {.name = "spell",
           .help = "by name: the wizard's spell (its Damage or Healing roll) or Staff Strike",
           .choices = spell_choices,
           .required = true,
           .label = "Spell",
           .reset_by = {"wizard"}},
          {"healing-dice", "X of an Xd6 healing roll, 1 to 200: the outcome is the HP restored"},
          {"condition", "poison, slow, stun, regenerate or protection: the turn it is removed on",
           false, condition_choices},
          {"turns",
           "how many of the combatant's turn ends to follow, 0 to 500 (needed with "
           "--condition; default 200 with --poison/--regenerate)"},
          {"poison", "the total damage Poison deals (with --turns, the reductions)", true},
          {"regenerate", "the total HP Regenerate restores (with --turns)", true},
      },
      compute,
      sample,
      {
          // Each question picked on an empty form answers at once with its example.
          {"A damage roll",
           {"damage-dice", "defend", "protection", "fortified", "hp"},
           {{"damage-dice", "3"}}},
          // Ember the Red's Fireball (Damage 3, Terrain: Burning): 3d6 against a wizard.
          {"A wizard's spell",
           {"wizard", "spell", "defend", "protection", "fortified", "hp"},
           {{"wizard", "Ember the Red"}, {"spell", "Fireball"}}},
          {"A healing roll", {"healing-dice"}, {{"healing-dice", "2"}}},
          {"When a condition is removed",
           {"condition", "turns"},
           {{"condition", "slow"}, {"turns", "3"}}},
          // The total damage Poison deals over three turns.
          {"Poison or Regenerate over turns",
           {"poison", "regenerate", "turns", "defend", "protection", "fortified"},
           {{"poison", "true"}, {"turns", "3"}}},
      },
  };
}

}  // namespace warband::spellweavers
