// `warband odds atomspast`: which options are given picks the quantity (a skill roll, its damage
// after a Shield, or a Cast with or without Channels before it); odds.h computes it exactly and
// EngineSampler plays it through the engine for the Monte Carlo column.
#include <fmt/format.h>

#include <mutex>
#include <string>

#include "core/error.h"
#include "core/odds.h"
#include "rulesets/atomspast/odds.h"

namespace warband::atomspast {
namespace {

// The odds are computed for the built-in content's parameters (content/atomspast/
// parameters.toml through the content loader), on the open training map the sampler plays on.
nlohmann::json sampler_setup(const nlohmann::json& parameters = nlohmann::json::object()) {
  return {{"map", "training_ground"}, {"parameters", parameters}};
}

std::shared_ptr<const AtomsPastGame> content_game() {
  static std::mutex mutex;
  static std::shared_ptr<const AtomsPastGame> game;
  std::lock_guard lock(mutex);
  if (!game) game = std::make_shared<const AtomsPastGame>(sampler_setup());
  return game;
}

constexpr int kMaxDice = 200;
constexpr int kMaxAcTi = 100;
constexpr int kMaxBoost = 100;
constexpr int kMaxChannels = 20;

const char* const kRollOptions[] = {"skill", "dice", "shield", "wounds"};
const char* const kCastOptions[] = {"acti", "boost", "cast-skill", "cast-dice", "channels", "zone"};

const char* first_given(const OddsArgs& args, const auto& names) {
  for (const char* name : names)
    if (odds_given(args, name)) return name;
  return nullptr;
}

std::string goes_with(const std::string& option, const std::string& what) {
  return fmt::format("--{} goes with {}", option, what);
}

enum class Quantity { kRollTotal, kDamage, kCast };

Quantity quantity_of(const OddsArgs& args) {
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
                     "damage), or --acti A [--boost B] [--channels C [--zone Z]] (a Cast)");
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
  if (!odds_given(args, "acti"))
    throw InputError(fmt::format("--{}", cast),
                     goes_with(cast, "--acti A (the spell's remaining AcTi)"));
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

CastSetup cast_args(const OddsArgs& args, const Parameters& parameters) {
  CastSetup setup;
  setup.acti = odds_int(args, "acti", 0, kMaxAcTi);
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

OddsResult compute(const OddsArgs& args) {
  switch (quantity_of(args)) {
    case Quantity::kRollTotal:
      return roll_total_odds(roll_args(args));
    case Quantity::kDamage:
      return damage_odds(roll_args(args));
    case Quantity::kCast:
      break;
  }
  return cast_odds(cast_args(args, content_game()->parameters()));
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
    case Quantity::kDamage: {
      const RollArgs roll = roll_args(args);
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
          sampler_setup({{"cast_skill", setup.cast_skill}, {"cast_dice", setup.cast_dice}}));
      const EngineSampler sampler(game);
      for (int i = 0; i < samples; ++i)
        values.push_back(sampler.cast(rng, setup));
      break;
    }
  }
  return values;
}

const OddsRegistrar registrar(OddsQuery{
    "atomspast",
    "[S/D] skill rolls, damage after a Shield, and Casts (with Channels) against an AcTi",
    {
        {"skill", "S of an [S/D] roll, 1 to 6 (with --dice)"},
        {"dice", "D of an [S/D] roll, 0 to 200 (with --skill)"},
        {"shield", "the target's Shield: the outcome is the damage after it (default 0)"},
        {"wounds", "the target's wounds: adds P(destroyed) (with --skill/--dice)"},
        {"acti", "a Cast against this remaining AcTi, 0 to 100: the outcome is X, -1 = fails"},
        {"boost", "the spell's Boost (with --acti; default 0)"},
        {"cast-skill", "the Cast roll's skill (with --acti; default cast_skill, 3)"},
        {"cast-dice", "the Cast roll's dice (with --acti; default cast_dice, 4)"},
        {"channels", "Channel actions before the Cast, 0 to 20 (with --acti; default 0)"},
        {"zone", "spells in the Casting Zone sharing each Channel, 1 to 10 (default 1)"},
    },
    compute,
    sample,
});

}  // namespace
}  // namespace warband::atomspast
