// Spellweavers' spell creator (seed 002, "CREATING SPELLS"): a spell's effects, area (with the
// shape of its squares), range, element and specials; its power and MP cost. The one place these
// are computed: the builder, the CLI and the browser (through the builder) call these functions.
//
// Power = (sum of effect powers) x AreaMod x RangeMod, then the x specials, then the + specials
// ("apply the x's first, then the +'s"), kept exact and rounded half up once at the end (ruling
// "Rounding power"). MP cost = Power - Actions x mp_per_action, then the talent's discount, never
// below minimum_mp_cost.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "rulesets/spellweavers/parameters.h"

namespace warband::spellweavers {

enum class EffectKind { kDamage, kHealing, kShift, kStatus, kTerrain, kConjure };
enum class StatusCondition { kPoison, kSlow, kStun, kRegenerate, kProtection, kDispel };
enum class TerrainCondition { kBurning, kRough, kDark, kFortified, kWall };
enum class Conjuration { kGrizzlyBear, kAnnoyingImps };

struct Effect {
  EffectKind kind = EffectKind::kDamage;
  int amount = 1;  // X of Damage, Healing and Shift ("decided at spell creation")
  StatusCondition status = StatusCondition::kPoison;
  TerrainCondition terrain = TerrainCondition::kBurning;
  Conjuration conjuration = Conjuration::kGrizzlyBear;
  bool operator==(const Effect&) const = default;
};

// Tetramino exists only for Tetra Master wizards (WIZARD TALENTS).
enum class AreaClass { kSingle, kSmall, kMedium, kLarge, kNuke, kLine, kTetramino };
enum class RangeClass { kClose, kMedium, kFar, kSnipe };

struct Square {
  int x = 0;
  int y = 0;
  bool operator==(const Square&) const = default;
};

enum class Talent {
  kUpCloseAndPersonal,
  kNavySeal,
  kCrowdController,
  kNuclearOption,
  kBigGuns,
  kGoodDoctor,
  kTetraMaster,
  kElementIncarnate,
};

// A wizard's talent; `element` is Element Incarnate's chosen element (empty for the others).
struct TalentChoice {
  Talent talent = Talent::kTetraMaster;
  std::string element;
  bool operator==(const TalentChoice&) const = default;
};

inline constexpr std::string_view kPureMagic = "pure magical energy";  // the default element

// Input bounds (issue 14): a longer list is refused when it is read (check_list_size), so no
// file or request makes the work or the problem report grow with it. Each is well above what a
// valid spell has (11 distinct effects are possible, 2 specials, and the largest shape, Large,
// has 16 squares), so a spell a few over is still read and its problems listed.
inline constexpr std::size_t kMaxSpellEffects = 24;
inline constexpr std::size_t kMaxSpellSpecials = 8;
inline constexpr std::size_t kMaxShapeSquares = 64;

struct Spell {
  std::string name;
  std::vector<Effect> effects;
  AreaClass area = AreaClass::kSingle;
  std::vector<Square> shape;  // relative to an origin; empty for Nuke and Line
  RangeClass range = RangeClass::kMedium;
  std::string element = std::string(kPureMagic);
  bool snapcast = false;   // +3
  bool adaptable = false;  // x1.3
  bool operator==(const Spell&) const = default;
};

// --- Names, both ways. Keys are what files and the CLI use ("grizzly-bear", "up-close-and-
// personal"); names are what players read ("Grizzly Bear"). Parsers throw InputError(where, ...)
// listing the known keys.
std::string effect_key(const Effect& effect);   // "damage:3", "status:poison"
std::string effect_name(const Effect& effect);  // "Damage 3", "Status: Poison"
Effect parse_effect(std::string_view text, const std::string& where);
std::string area_key(AreaClass area);
std::string area_name(AreaClass area);
AreaClass parse_area(std::string_view text, const std::string& where);
std::string range_key(RangeClass range);
std::string range_name(RangeClass range);
RangeClass parse_range(std::string_view text, const std::string& where);
std::string talent_key(Talent talent);
std::string talent_name(Talent talent);
Talent parse_talent(std::string_view text, const std::string& where);
std::vector<std::string> all_talent_keys();

// Elements compare without case or surrounding spaces ("Fire" is "fire").
bool same_element(std::string_view a, std::string_view b);

// "0,0;1,0;1,1": squares separated by ';', each "x,y" (whole numbers, |x|,|y| <= 100); spaces and
// a trailing ';' are allowed.
std::vector<Square> parse_shape(std::string_view text, const std::string& where);
std::string shape_text(const std::vector<Square>& shape);

// --- The seed's numbers.
int effect_power(const Effect& effect);  // Damage/Healing 5X, Shift 2X, the condition's power...
int area_mod_tenths(AreaClass area);     // x1.3 -> 13
int range_mod_tenths(RangeClass range);  // x0.7 -> 7
int area_squares(AreaClass area);        // the squares a shape may have; 0: no shape (Nuke, Line)
int range_squares(RangeClass range);     // 2, 5, 10; -1 for Snipe's infinity
inline constexpr int kAdaptableTenths = 13;  // Adaptable "Power: x1.3"
inline constexpr int kSnapcastPlus = 3;      // Snapcast "Power: +3"

struct PowerBreakdown {
  std::vector<int> effect_powers;  // one per effect, in the spell's order
  int effect_total = 0;
  int area_tenths = 10;
  int range_tenths = 10;
  int multiplier_tenths = 10;          // the x specials (Adaptable 13, none 10)
  int plus = 0;                        // the + specials (Snapcast 3)
  std::int64_t exact_thousandths = 0;  // the exact power before rounding, in thousandths
  int power = 0;                       // rounded half up, once
};
PowerBreakdown spell_power(const Spell& spell);
std::string thousandths_text(std::int64_t thousandths);  // 7280 -> "7.28"

// Actions a spell may be cast with: 0 only with Snapcast under snapcast_power_below, 1 only under
// two_action_power, 2 always ("you may spend 2 actions to cast it in order to reduce its MP cost").
bool may_cast_with(int power, bool snapcast, int actions, const Parameters& parameters);

struct CastCost {
  int actions = 1;
  bool allowed = true;
  std::string why_not;    // when not allowed, in a player's words
  int before_talent = 0;  // Power - Actions x mp_per_action
  int talent_change = 0;  // the talent's effect on the cost: -10 a discount, +5 a surcharge
  std::string talent_reason;
  int mp_cost = 0;  // before_talent + talent_change, never below minimum_mp_cost
};
// `talent` may be null (no wizard yet): no discount.
CastCost cast_cost(const Spell& spell, const TalentChoice* talent, int actions,
                   const Parameters& parameters);
// The lowest MP cost over the actions the spell may be cast with (what a wizard's MP must cover).
int cheapest_mp_cost(const Spell& spell, const TalentChoice* talent, const Parameters& parameters);

// Good Doctor: "a spell that affects only yourself and/or allies". Ruling: a spell whose every
// effect only helps (Healing, Regenerate, Protection, Dispel, Fortified) is cast on allies alone.
bool helps_only(const Spell& spell);

// Every problem with the spell itself, in a player's words (empty: a legal spell). The talent
// decides whether Tetramino is open; null means any wizard.
std::vector<std::string> spell_problems(const Spell& spell, const TalentChoice* talent);

// Orthogonally connected (every square reachable from the first through shared sides).
bool orthogonally_connected(const std::vector<Square>& shape);

}  // namespace warband::spellweavers
