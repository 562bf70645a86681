// `warband odds atomspast`: which options are given picks the quantity (a skill roll, its damage
// after a Shield, or a Cast with or without Channels before it); odds.h computes it exactly and
// EngineSampler plays it through the engine for the Monte Carlo column.
#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <mutex>
#include <string>

#include "core/error.h"
#include "core/odds.h"
#include "core/registry.h"
#include "rulesets/atomspast/atomspast_game.h"
#include "rulesets/atomspast/atomspast_ruleset.h"
#include "rulesets/atomspast/builder/warband_file.h"
#include "rulesets/atomspast/loaded_content.h"
#include "rulesets/atomspast/odds.h"

namespace warband::atomspast {
namespace {

// The sides the sampler's game is set up with: the content's default warbands, each allowed the
// points it costs now. The odds read units' profiles, never a list's price, so a designer's copy
// of the content whose changed stats put a sample list over its limit still has odds.
nlohmann::json sampler_warbands(const Content& content) {
  nlohmann::json sides = nlohmann::json::array();
  for (const std::string& id : kDefaultWarbands) {
    const WarbandDef* found = content.find_warband(id);
    if (found == nullptr) {
      sides.push_back(id);  // the game names what is missing
      continue;
    }
    WarbandDef warband = *found;
    warband.points_limit = std::max(warband.points_limit, warband_points(warband, content));
    sides.push_back(builder::warband_document(warband, content));
  }
  return sides;
}

// The odds are computed for the content's parameters (content/atomspast/parameters.toml through
// the content loader), on the open training map the sampler plays on.
nlohmann::json sampler_setup(const Content& content,
                             const nlohmann::json& parameters = nlohmann::json::object()) {
  return {{"map", "training_ground"},
          {"parameters", parameters},
          {"warbands", sampler_warbands(content)}};
}

// Built again when the content folder loads anew (a file saved, or another folder chosen:
// core/registry.h's use_content_dir), so that the odds and their pickers read the content as a
// new game would.
std::shared_ptr<const AtomsPastGame> content_game() {
  static std::mutex mutex;
  static std::shared_ptr<const AtomsPastGame> game;
  static std::shared_ptr<const LoadedContent> built_from;
  const std::shared_ptr<const LoadedContent> content =
      loaded_content(default_content_dir() + "/atomspast");
  std::lock_guard lock(mutex);
  if (!game || built_from != content) {
    game = std::make_shared<const AtomsPastGame>(sampler_setup(*content->content()));
    built_from = content;
  }
  return game;
}

constexpr int kMaxDice = 200;
constexpr int kMaxAcTi = 100;
constexpr int kMaxBoost = 100;
constexpr int kMaxChannels = 20;

const char* const kRollOptions[] = {"skill", "dice", "shield", "wounds"};
const char* const kCastOptions[] = {"spell",     "acti",     "boost", "cast-skill",
                                    "cast-dice", "channels", "zone"};

const char* first_given(const OddsArgs& args, const auto& names) {
  for (const char* name : names)
    if (odds_given(args, name)) return name;
  return nullptr;
}

std::string goes_with(const std::string& option, const std::string& what) {
  return fmt::format("--{} goes with {}", option, what);
}

enum class Quantity { kRollTotal, kDamage, kCast, kUnitAttack };

const char* const kUnitAttackOptions[] = {"attacker",  "target",       "ranged",        "charge",
                                          "flanked",   "outnumbered",  "higher-ground", "cover",
                                          "obscuring", "combined-with"};

Quantity quantity_of(const OddsArgs& args) {
  if (const char* unit_option = first_given(args, kUnitAttackOptions)) {
    const char* other = first_given(args, kRollOptions);
    if (!other) other = first_given(args, kCastOptions);
    if (other)
      throw InputError(fmt::format("--{}", other),
                       fmt::format("--{} picks an attack between two units from the content; "
                                   "leave out --{} (the profiles give the numbers)",
                                   unit_option, other));
    for (const char* needed : {"attacker", "target"})
      if (!odds_given(args, needed))
        throw InputError(fmt::format("--{}", needed),
                         "missing: an attack by name needs --attacker UNIT and --target UNIT");
    return Quantity::kUnitAttack;
  }
  const char* roll = first_given(args, kRollOptions);
  const char* cast = first_given(args, kCastOptions);
  if (roll && cast)
    throw InputError(fmt::format("--{}", cast),
                     fmt::format("--{} is a skill-roll option and --{} a Cast option: give "
                                 "--skill/--dice [--shield --wounds], or --acti [--boost "
                                 "--cast-skill --cast-dice --channels --zone], not both",
                                 roll, cast));
  if (!roll && !cast)
    throw InputError("warband odds atomspast",
                     "give --skill S --dice D (a skill roll; add --shield K [--wounds W] for "
                     "damage), --attacker UNIT --target UNIT (an attack between two units), or "
                     "--acti A [--boost B] [--channels C [--zone Z]] (a Cast)");
  if (roll) {
    const char* const kDamageOptions[] = {"shield", "wounds"};
    const char* damage = first_given(args, kDamageOptions);
    for (const char* needed : {"skill", "dice"})
      if (!odds_given(args, needed))
        throw InputError(fmt::format("--{}", needed),
                         damage ? fmt::format("missing: --{} goes with a skill roll, --skill S "
                                              "--dice D",
                                              damage)
                                : std::string("missing: a skill roll needs both --skill S and "
                                              "--dice D"));
    return odds_given(args, "shield") || odds_given(args, "wounds") ? Quantity::kDamage
                                                                    : Quantity::kRollTotal;
  }
  if (!odds_given(args, "acti") && !odds_given(args, "spell"))
    throw InputError(fmt::format("--{}", cast),
                     goes_with(cast, "--acti A (the spell's remaining AcTi) or --spell NAME"));
  if (odds_given(args, "zone") && !odds_given(args, "channels"))
    throw InputError("--zone", goes_with("zone", "--channels C (the Channels the zone shares)"));
  return Quantity::kCast;
}

struct RollArgs {
  int skill = 0, dice = 0, shield = 0, wounds = 0;
};

RollArgs roll_args(const OddsArgs& args) {
  RollArgs roll;
  roll.skill = odds_int(args, "skill", 1, 6);
  roll.dice = odds_int(args, "dice", 0, kMaxDice);
  roll.shield = odds_int(args, "shield", 0, 100, 0);
  roll.wounds = odds_int(args, "wounds", 1, 1000, 0);
  return roll;
}

// The content's spell by id or name (defined with the units' lookup below).
const SpellCard& spell_named(const std::string& name);

CastSetup cast_args(const OddsArgs& args, const Parameters& parameters) {
  CastSetup setup;
  // A spell by name starts at its card's AcTi; --acti gives the AcTi left (after Downticks).
  setup.acti = odds_given(args, "acti") ? odds_int(args, "acti", 0, kMaxAcTi)
                                        : spell_named(odds_string(args, "spell")).acti;
  setup.boost = odds_int(args, "boost", 0, kMaxBoost, 0);
  setup.cast_skill = odds_int(args, "cast-skill", 1, 6, parameters.cast_skill);
  setup.cast_dice = odds_int(args, "cast-dice", 0, 40, parameters.cast_dice);
  setup.channels = odds_int(args, "channels", 0, kMaxChannels, 0);
  setup.zone = odds_int(args, "zone", 1, kMaxZone, 1);
  setup.channel_skill = parameters.channel_skill;
  setup.channel_dice = parameters.channel_dice;
  // The engine keeps X and Boost within 120 (begin_spell, downtick_zone_card).
  // A Boost never exceeds X (Downticks past AcTi 0 become Boost), so bounding X bounds both.
  const int max_x = max_cast_x(setup);
  if (max_x > 120)
    throw InputError("--boost", fmt::format("this Cast can reach X = {}; the engine keeps X and "
                                            "Boost within 120",
                                            max_x));
  return setup;
}

std::string roll_name(int skill, int dice) {
  return fmt::format("[S{}/D{}]", skill, dice);
}

OddsResult roll_total_odds(const RollArgs& roll) {
  return {fmt::format("{} skill roll: the total", roll_name(roll.skill, roll.dice)),
          "total",
          skill_roll(roll.skill, roll.dice),
          {}};
}

OddsResult damage_odds(const RollArgs& roll) {
  OddsResult result{fmt::format("{} damage roll against Shield {}: the damage dealt",
                                roll_name(roll.skill, roll.dice), roll.shield),
                    "damage",
                    damage_after_shield(roll.skill, roll.dice, roll.shield),
                    {}};
  result.figures.emplace_back("P(at least 1 damage)", result.exact.at_least(1));
  if (roll.wounds > 0)
    result.figures.emplace_back(fmt::format("P(destroyed: damage >= {} wounds)", roll.wounds),
                                result.exact.at_least(roll.wounds));
  return result;
}

OddsResult cast_odds(const CastSetup& setup) {
  std::string channels;
  if (setup.channels > 0)
    channels = fmt::format(
        " after {} Channel{} ({} each, shared by {} spell{}; this spell takes a remaining "
        "Downtick, the best case)",
        setup.channels, setup.channels == 1 ? "" : "s",
        roll_name(setup.channel_skill, setup.channel_dice), setup.zone, setup.zone == 1 ? "" : "s");
  OddsResult result{fmt::format("Cast {} against AcTi {}, Boost {}{}: X ({} = the Cast fails)",
                                roll_name(setup.cast_skill, setup.cast_dice), setup.acti,
                                setup.boost, channels, kCastFails),
                    "X",
                    cast_x(setup),
                    {}};
  const double success = result.exact.at_least(0);
  result.figures.emplace_back("P(cast succeeds)", success);
  if (success > 0) {
    double sum = 0;
    for (const auto& [x, p] : result.exact.outcomes())
      if (x >= 0) sum += x * p;
    result.figures.emplace_back("E[X | success]", sum / success);
  }
  return result;
}

// ---------------------------------------------------------------------------------------------
// An attack between two units of the content, by name: "how likely is this charge to kill?"

std::string folded(const std::string& text) {
  std::string out;
  for (char c : text)
    if (std::isalnum(static_cast<unsigned char>(c)))
      out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// A unit profile by id ("orc_warrior") or name ("Orc Warrior"), ignoring case and punctuation.
const UnitProfile& unit_named(const Content& content, const std::string& option,
                              const std::string& name) {
  for (const auto& unit : content.units)
    if (folded(unit.id) == folded(name) || folded(unit.name) == folded(name)) return unit;
  std::vector<std::string> known;
  for (const auto& unit : content.units)
    known.push_back(unit.name);
  throw InputError("--" + option,
                   fmt::format("unknown unit '{}'; units: {}", name, fmt::join(known, ", ")));
}

const SpellCard& spell_named(const std::string& name) {
  for (const SpellCard& spell : content_game()->content().spells)
    if (folded(spell.id) == folded(name) || folded(spell.name) == folded(name)) return spell;
  std::vector<std::string> known;
  for (const SpellCard& spell : content_game()->content().spells)
    known.push_back(spell.name);
  throw InputError("--spell",
                   fmt::format("unknown spell '{}'; spells: {}", name, fmt::join(known, ", ")));
}

// The content's spells, for the Cast's picker.
std::vector<OddsChoice> spell_choices() {
  std::vector<OddsChoice> choices;
  for (const SpellCard& spell : content_game()->content().spells)
    choices.push_back({spell.id, fmt::format("{} (AcTi {})", spell.name, spell.acti)});
  return choices;
}

struct UnitAttack {
  std::string title;
  RollArgs roll;
};

// The attack roll the engine would make (unit_actions.cc, attack_modifiers), from the profiles
// and the situation given.
UnitAttack unit_attack(const OddsArgs& args) {
  const auto game = content_game();
  const Content& content = game->content();
  const Parameters& params = game->parameters();
  const UnitProfile& attacker = unit_named(content, "attacker", odds_string(args, "attacker"));
  const UnitProfile& target = unit_named(content, "target", odds_string(args, "target"));
  const bool ranged = odds_flag(args, "ranged");
  const AttackProfile& weapon = ranged ? attacker.ranged : attacker.melee;
  if (!weapon.present())
    throw InputError(
        ranged ? "--ranged" : "--attacker",
        fmt::format("{} has no {} attack", attacker.name, ranged ? "ranged" : "melee"));
  const auto melee_only = [&](const char* option) {
    if (ranged && odds_flag(args, option))
      throw InputError(fmt::format("--{}", option), "applies to melee attacks only");
  };
  for (const char* option : {"charge", "flanked", "outnumbered"})
    melee_only(option);
  if (!ranged && odds_given(args, "obscuring"))
    throw InputError("--obscuring", "applies to ranged attacks only");

  int skill = weapon.skill, dice = weapon.dice;
  std::vector<std::string> notes;
  if (odds_given(args, "combined-with")) {
    const UnitProfile& partner =
        unit_named(content, "combined-with", odds_string(args, "combined-with"));
    const AttackProfile& second = ranged ? partner.ranged : partner.melee;
    if (!second.present())
      throw InputError("--combined-with", fmt::format("{} has no {} attack to combine",
                                                      partner.name, ranged ? "ranged" : "melee"));
    skill += params.combined_skill_bonus;
    dice += second.dice / 2;
    notes.push_back(fmt::format("combined with {}", partner.name));
  }
  if (odds_flag(args, "charge")) {
    dice += params.charge_dice_bonus;
    notes.push_back("charging");
  }
  if (odds_flag(args, "flanked")) {
    dice += params.flanking_dice_bonus;
    notes.push_back("target flanked");
  }
  if (odds_flag(args, "outnumbered")) {
    skill += params.outnumbered_skill_bonus;
    notes.push_back("target outnumbered");
  }
  if (odds_flag(args, "higher-ground")) {
    skill += params.higher_ground_skill_bonus;
    notes.push_back("from higher ground");
  }
  if (odds_given(args, "cover")) {
    const std::string cover = odds_string(args, "cover");
    if (cover == "light") {
      skill -= params.light_cover_penalty;
    } else if (cover == "heavy") {
      skill -= params.heavy_cover_penalty;
    } else {
      throw InputError("--cover", fmt::format("must be light or heavy, got '{}'", cover));
    }
    notes.push_back(cover + " cover");
  }
  if (odds_given(args, "obscuring")) {
    const int spaces = odds_int(args, "obscuring", 0, 30);
    skill -= params.obscuring_penalty * spaces;
    notes.push_back(fmt::format("{} Obscuring space{}", spaces, spaces == 1 ? "" : "s"));
  }
  UnitAttack attack;
  // Skill outside 1..6 rolls like its nearest end: every face above it counts 1 (skill_die_value).
  attack.roll.skill = std::clamp(skill, 0, 6);
  attack.roll.dice = std::clamp(dice, 0, kMaxDice);
  attack.roll.shield = target.shield;
  attack.roll.wounds = target.wounds;
  attack.title = fmt::format(
      "{}'s {} attack [{}S {}/{}D {}] against {} (Shield {}, {} wounds){}: the damage dealt",
      attacker.name, ranged ? "ranged" : "melee", ranged ? "R" : "M", skill, ranged ? "R" : "M",
      dice, target.name, target.shield, target.wounds,
      notes.empty() ? "" : fmt::format(" — {}", fmt::join(notes, ", ")));
  return attack;
}

OddsResult compute(const OddsArgs& args) {
  switch (quantity_of(args)) {
    case Quantity::kRollTotal:
      return roll_total_odds(roll_args(args));
    case Quantity::kDamage:
      return damage_odds(roll_args(args));
    case Quantity::kUnitAttack: {
      const UnitAttack attack = unit_attack(args);
      OddsResult result = damage_odds(attack.roll);
      result.title = attack.title;
      return result;
    }
    case Quantity::kCast:
      break;
  }
  OddsResult result = cast_odds(cast_args(args, content_game()->parameters()));
  if (odds_given(args, "spell"))
    result.title = spell_named(odds_string(args, "spell")).name + ": " + result.title;
  return result;
}

std::vector<int> sample(const OddsArgs& args, Rng& rng, int samples) {
  std::vector<int> values;
  values.reserve(samples > 0 ? samples : 0);
  switch (quantity_of(args)) {
    case Quantity::kRollTotal: {
      const RollArgs roll = roll_args(args);
      const EngineSampler sampler(content_game());
      for (int i = 0; i < samples; ++i)
        values.push_back(sampler.roll_total(rng, roll.skill, roll.dice));
      break;
    }
    case Quantity::kDamage:
    case Quantity::kUnitAttack: {
      const RollArgs roll =
          quantity_of(args) == Quantity::kDamage ? roll_args(args) : unit_attack(args).roll;
      const int most = roll.skill * roll.dice - roll.shield;
      if (most >= EngineSampler::kTargetWounds)
        throw InputError("--samples",
                         fmt::format("sampling damage through the engine needs a largest damage "
                                     "below {} (a unit's most wounds); {} minus Shield {} can "
                                     "deal {}",
                                     EngineSampler::kTargetWounds, roll_name(roll.skill, roll.dice),
                                     roll.shield, most));
      const EngineSampler sampler(content_game());
      for (int i = 0; i < samples; ++i)
        values.push_back(sampler.attack_damage(rng, roll.skill, roll.dice, roll.shield));
      break;
    }
    case Quantity::kCast: {
      const CastSetup setup = cast_args(args, content_game()->parameters());
      // The engine casts with its parameters: a game whose Cast roll is the one asked for.
      const auto game = std::make_shared<const AtomsPastGame>(
          sampler_setup(content_game()->content(),
                        {{"cast_skill", setup.cast_skill}, {"cast_dice", setup.cast_dice}}));
      const EngineSampler sampler(game);
      for (int i = 0; i < samples; ++i)
        values.push_back(sampler.cast(rng, setup));
      break;
    }
  }
  return values;
}

// The content's units, for the attack's pickers.
std::vector<OddsChoice> unit_choices() {
  std::vector<OddsChoice> choices;
  for (const auto& unit : content_game()->content().units)
    choices.push_back({unit.id, unit.name});
  return choices;
}

std::vector<OddsChoice> cover_choices() {
  return {{"light", "Light Cover (-1 S)"}, {"heavy", "Heavy Cover (-2 S)"}};
}

}  // namespace

OddsQuery odds_query() {
  return OddsQuery{
      "[S/D] skill rolls, damage after a Shield, attacks between units by name, and Casts (with "
      "Channels) against an AcTi",
      {
          {"skill", "S of an [S/D] roll, 1 to 6 (with --dice)"},
          {"dice", "D of an [S/D] roll, 0 to 200 (with --skill)"},
          {"shield", "the target's Shield: the outcome is the damage after it (default 0)"},
          {"wounds", "the target's wounds: adds P(destroyed) (with --skill/--dice)"},
          {"acti", "a Cast against this remaining AcTi, 0 to 100: the outcome is X, -1 = fails"},
          {"spell", "a Cast of this spell (id or name, from spells.toml): its card's AcTi", false,
           spell_choices},
          {"boost", "the spell's Boost (with --acti; default 0)"},
          {"cast-skill", "the Cast roll's skill (with --acti; default cast_skill, 3)"},
          {"cast-dice", "the Cast roll's dice (with --acti; default cast_dice, 4)"},
          {"channels", "Channel actions before the Cast, 0 to 20 (with --acti; default 0)"},
          {"zone", "spells in the Casting Zone sharing each Channel, 1 to 10 (default 1)"},
          {"attacker", "an attack by name: the attacking unit (id or name, from units.toml)", false,
           unit_choices, true},
          {"target", "the unit attacked (with --attacker): its Shield and wounds", false,
           unit_choices, true},
          {"ranged", "the attacker's ranged attack (default: melee)", true},
          {"charge", "a Charge: +1 MD (melee)", true},
          {"flanked", "the target is Flanked: +1 MD (melee)", true},
          {"outnumbered", "the target is Outnumbered: +1 MS (melee)", true},
          {"higher-ground", "the attacker stands higher: +1 S", true},
          {"cover", "light or heavy: the target's Cover (-1 S / -2 S)", false, cover_choices},
          {"obscuring", "Obscuring spaces the line crosses: -1 RS each (ranged)"},
          {"combined-with", "a Combined Attack with this unit: +1 S, + half its dice", false,
           unit_choices},
      },
      compute,
      sample,
      {
          // Each question picked on an empty form answers at once (a form's pickers of an
          // attack start on two units); the examples name no content, which a designer may change.
          {"A roll", {"skill", "dice", "shield", "wounds"}, {{"skill", "3"}, {"dice", "4"}}},
          {"An attack between two units",
           {"attacker", "target", "ranged", "charge", "flanked", "outnumbered", "higher-ground",
            "cover", "obscuring", "combined-with"}},
          {"A Cast",
           {"spell", "acti", "boost", "cast-skill", "cast-dice", "channels", "zone"},
           {{"acti", "6"}}},
      },
  };
}

}  // namespace warband::atomspast
