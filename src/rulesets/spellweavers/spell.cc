#include "rulesets/spellweavers/spell.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdlib>
#include <map>
#include <optional>
#include <set>
#include <utility>

#include "core/error.h"

namespace warband::spellweavers {
namespace {

// One row per choice: the key files use, the name players read, the seed's power.
template <typename Enum>
struct Row {
  Enum value;
  const char* key;
  const char* name;
  int power;
};

// STATUS CONDITIONS: "Poison - Power: 8", "Slow - Power: 5", "Stun - Power: 20", "Regenerate -
// Power: 13", "Protection - Power: 8", "Dispel - Power: 3".
constexpr Row<StatusCondition> kStatuses[] = {
    {StatusCondition::kPoison, "poison", "Poison", 8},
    {StatusCondition::kSlow, "slow", "Slow", 5},
    {StatusCondition::kStun, "stun", "Stun", 20},
    {StatusCondition::kRegenerate, "regenerate", "Regenerate", 13},
    {StatusCondition::kProtection, "protection", "Protection", 8},
    {StatusCondition::kDispel, "dispel", "Dispel", 3},
};
// TERRAIN CONDITIONS: "Burning - Power: 10", "Rough - Power: 8", "Dark - Power: 5", "Fortified -
// Power: 10", "Wall - Power: 5".
constexpr Row<TerrainCondition> kTerrains[] = {
    {TerrainCondition::kBurning, "burning", "Burning", 10},
    {TerrainCondition::kRough, "rough", "Rough", 8},
    {TerrainCondition::kDark, "dark", "Dark", 5},
    {TerrainCondition::kFortified, "fortified", "Fortified", 10},
    {TerrainCondition::kWall, "wall", "Wall", 5},
};
// CONJURATIONS: "Grizzly Bear - Power: 45", "Annoying Imps - Power: 19" (the conjured Wall was
// "replaced with wall terrain condition" by the seed).
constexpr Row<Conjuration> kConjurations[] = {
    {Conjuration::kGrizzlyBear, "grizzly-bear", "Grizzly Bear", 45},
    {Conjuration::kAnnoyingImps, "annoying-imps", "Annoying Imps", 19},
};
// The power column holds the multiplier in tenths. AREA: "Single - AreaMod: x1", "Small - x1.3",
// "Medium - x2.5", "Large - x4", "Nuke - x5", "Line - x2"; Tetra Master's "Tetramino - x1".
constexpr Row<AreaClass> kAreas[] = {
    {AreaClass::kSingle, "single", "Single", 10},
    {AreaClass::kSmall, "small", "Small", 13},
    {AreaClass::kMedium, "medium", "Medium", 25},
    {AreaClass::kLarge, "large", "Large", 40},
    {AreaClass::kNuke, "nuke", "Nuke", 50},
    {AreaClass::kLine, "line", "Line", 20},
    {AreaClass::kTetramino, "tetramino", "Tetramino", 10},
};
// RANGE: "Close - RangeMod: x0.7", "Medium - x1", "Far - x1.5", "Snipe - x2".
constexpr Row<RangeClass> kRanges[] = {
    {RangeClass::kClose, "close", "Close", 7},
    {RangeClass::kMedium, "medium", "Medium", 10},
    {RangeClass::kFar, "far", "Far", 15},
    {RangeClass::kSnipe, "snipe", "Snipe", 20},
};
constexpr Row<Talent> kTalents[] = {
    {Talent::kUpCloseAndPersonal, "up-close-and-personal", "Up Close and Personal", 0},
    {Talent::kNavySeal, "navy-seal", "Navy Seal", 0},
    {Talent::kCrowdController, "crowd-controller", "Crowd Controller", 0},
    {Talent::kNuclearOption, "nuclear-option", "Nuclear Option", 0},
    {Talent::kBigGuns, "big-guns", "Big Guns", 0},
    {Talent::kGoodDoctor, "good-doctor", "Good Doctor", 0},
    {Talent::kTetraMaster, "tetra-master", "Tetra Master", 0},
    {Talent::kElementIncarnate, "element-incarnate", "Element Incarnate", 0},
};

template <typename Enum, size_t N>
const Row<Enum>& row(const Row<Enum> (&rows)[N], Enum value) {
  for (const Row<Enum>& candidate : rows)
    if (candidate.value == value) return candidate;
  return rows[0];  // unreachable: every enumerator has a row
}

// Keys compare without case, and spaces or underscores count as hyphens ("Grizzly Bear").
std::string normalized_key(std::string_view text) {
  std::string key;
  size_t begin = 0, end = text.size();
  while (begin < end && std::isspace(static_cast<unsigned char>(text[begin])))
    ++begin;
  while (end > begin && std::isspace(static_cast<unsigned char>(text[end - 1])))
    --end;
  for (char c : text.substr(begin, end - begin))
    key += (c == ' ' || c == '_') ? '-'
                                  : static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return key;
}

template <typename Enum, size_t N>
Enum parse_row(const Row<Enum> (&rows)[N], std::string_view text, const std::string& where,
               const char* what) {
  const std::string key = normalized_key(text);
  std::vector<std::string> known;
  for (const Row<Enum>& candidate : rows) {
    if (key == candidate.key) return candidate.value;
    known.emplace_back(candidate.key);
  }
  throw InputError(where,
                   fmt::format("unknown {} '{}'; known: {}", what, text, fmt::join(known, ", ")));
}

std::optional<int> whole_number(std::string_view text) {
  while (!text.empty() && text.front() == ' ')
    text.remove_prefix(1);
  while (!text.empty() && text.back() == ' ')
    text.remove_suffix(1);
  int value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size() || text.empty()) return std::nullopt;
  return value;
}

constexpr int kMaxAmount = 100;      // X of Damage, Healing, Shift: 1..100 (a 100d6 is plenty)
constexpr int kMaxCoordinate = 100;  // shapes are drawn on a board, not across the county

}  // namespace

std::string effect_key(const Effect& effect) {
  switch (effect.kind) {
    case EffectKind::kDamage:
      return fmt::format("damage:{}", effect.amount);
    case EffectKind::kHealing:
      return fmt::format("healing:{}", effect.amount);
    case EffectKind::kShift:
      return fmt::format("shift:{}", effect.amount);
    case EffectKind::kStatus:
      return fmt::format("status:{}", row(kStatuses, effect.status).key);
    case EffectKind::kTerrain:
      return fmt::format("terrain:{}", row(kTerrains, effect.terrain).key);
    case EffectKind::kConjure:
      return fmt::format("conjure:{}", row(kConjurations, effect.conjuration).key);
  }
  return "?";
}

std::string effect_name(const Effect& effect) {
  switch (effect.kind) {
    case EffectKind::kDamage:
      return fmt::format("Damage {}", effect.amount);
    case EffectKind::kHealing:
      return fmt::format("Healing {}", effect.amount);
    case EffectKind::kShift:
      return fmt::format("Shift {}", effect.amount);
    case EffectKind::kStatus:
      return fmt::format("Status: {}", row(kStatuses, effect.status).name);
    case EffectKind::kTerrain:
      return fmt::format("Terrain: {}", row(kTerrains, effect.terrain).name);
    case EffectKind::kConjure:
      return fmt::format("Conjure: {}", row(kConjurations, effect.conjuration).name);
  }
  return "?";
}

Effect parse_effect(std::string_view text, const std::string& where) {
  const size_t colon = text.find(':');
  const std::string kind = normalized_key(text.substr(0, colon));
  const std::string_view rest = colon == std::string_view::npos ? "" : text.substr(colon + 1);
  const auto needs = [&](const char* example) {
    return InputError(where, fmt::format("effect '{}' needs its value, e.g. '{}'", text, example));
  };
  Effect effect;
  if (kind == "damage" || kind == "healing" || kind == "shift") {
    effect.kind = kind == "damage"    ? EffectKind::kDamage
                  : kind == "healing" ? EffectKind::kHealing
                                      : EffectKind::kShift;
    if (rest.empty()) throw needs(kind == "shift" ? "shift:2" : "damage:3");
    const std::optional<int> amount = whole_number(rest);
    if (!amount || *amount < 1 || *amount > kMaxAmount)
      throw InputError(where, fmt::format("effect '{}': X must be a whole number from 1 to {}",
                                          text, kMaxAmount));
    effect.amount = *amount;
  } else if (kind == "status") {
    if (rest.empty()) throw needs("status:poison");
    effect.kind = EffectKind::kStatus;
    effect.status = parse_row(kStatuses, rest, where, "status condition");
  } else if (kind == "terrain") {
    if (rest.empty()) throw needs("terrain:burning");
    effect.kind = EffectKind::kTerrain;
    effect.terrain = parse_row(kTerrains, rest, where, "terrain condition");
  } else if (kind == "conjure") {
    if (rest.empty()) throw needs("conjure:grizzly-bear");
    effect.kind = EffectKind::kConjure;
    effect.conjuration = parse_row(kConjurations, rest, where, "conjuration");
  } else {
    throw InputError(where, fmt::format("unknown effect '{}'; known: damage:X, healing:X, "
                                        "shift:X, status:CONDITION, terrain:CONDITION, "
                                        "conjure:CREATURE",
                                        text));
  }
  return effect;
}

std::string area_key(AreaClass area) {
  return row(kAreas, area).key;
}
std::string area_name(AreaClass area) {
  return row(kAreas, area).name;
}
AreaClass parse_area(std::string_view text, const std::string& where) {
  return parse_row(kAreas, text, where, "area class");
}
std::string range_key(RangeClass range) {
  return row(kRanges, range).key;
}
std::string range_name(RangeClass range) {
  return row(kRanges, range).name;
}
RangeClass parse_range(std::string_view text, const std::string& where) {
  return parse_row(kRanges, text, where, "range class");
}
std::string talent_key(Talent talent) {
  return row(kTalents, talent).key;
}
std::string talent_name(Talent talent) {
  return row(kTalents, talent).name;
}
Talent parse_talent(std::string_view text, const std::string& where) {
  return parse_row(kTalents, text, where, "talent");
}
std::vector<std::string> all_talent_keys() {
  std::vector<std::string> keys;
  for (const auto& candidate : kTalents)
    keys.emplace_back(candidate.key);
  return keys;
}

bool same_element(std::string_view a, std::string_view b) {
  return normalized_key(a) == normalized_key(b);
}

std::vector<Square> parse_shape(std::string_view text, const std::string& where) {
  std::vector<Square> shape;
  size_t start = 0;
  while (start <= text.size()) {
    size_t end = text.find(';', start);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view part = text.substr(start, end - start);
    if (part.find_first_not_of(" \t") == std::string_view::npos && end == text.size() &&
        !shape.empty())
      break;  // a trailing ';'
    const size_t comma = part.find(',');
    const std::optional<int> x = whole_number(part.substr(0, comma));
    const std::optional<int> y =
        comma == std::string_view::npos ? std::nullopt : whole_number(part.substr(comma + 1));
    if (!x || !y)
      throw InputError(where, fmt::format("shape '{}': '{}' is not a square 'x,y' (squares are "
                                          "separated by ';', e.g. \"0,0;1,0;1,1\")",
                                          text, part));
    const Square square{x.value(), y.value()};
    if (std::abs(square.x) > kMaxCoordinate || std::abs(square.y) > kMaxCoordinate)
      throw InputError(where, fmt::format("shape '{}': square {},{} is more than {} squares from "
                                          "the origin",
                                          text, square.x, square.y, kMaxCoordinate));
    if (shape.size() == kMaxShapeSquares)
      throw InputError(where,
                       fmt::format("shape: more than the {} squares allowed", kMaxShapeSquares));
    shape.push_back(square);
    start = end + 1;
  }
  return shape;
}

std::string shape_text(const std::vector<Square>& shape) {
  std::vector<std::string> parts;
  for (const Square& square : shape)
    parts.push_back(fmt::format("{},{}", square.x, square.y));
  return fmt::format("{}", fmt::join(parts, ";"));
}

int effect_power(const Effect& effect) {
  switch (effect.kind) {
    case EffectKind::kDamage:
      return 5 * effect.amount;  // "Damage - Power: 5*X"
    case EffectKind::kHealing:
      return 5 * effect.amount;  // "Healing - Power: 5*X"
    case EffectKind::kShift:
      return 2 * effect.amount;  // "Shift - Power: 2*X"
    case EffectKind::kStatus:
      return row(kStatuses, effect.status).power;
    case EffectKind::kTerrain:
      return row(kTerrains, effect.terrain).power;
    case EffectKind::kConjure:
      return row(kConjurations, effect.conjuration).power;
  }
  return 0;
}

int area_mod_tenths(AreaClass area) {
  return row(kAreas, area).power;
}
int range_mod_tenths(RangeClass range) {
  return row(kRanges, range).power;
}

int area_squares(AreaClass area) {
  switch (area) {
    case AreaClass::kSingle:
      return 1;  // "Squares affected: 1"
    case AreaClass::kSmall:
      return 4;
    case AreaClass::kMedium:
      return 8;
    case AreaClass::kLarge:
      return 16;
    case AreaClass::kTetramino:
      return 4;
    case AreaClass::kNuke:  // "The whole god damn battlefield"
    case AreaClass::kLine:
      return 0;  // "Special": drawn when cast
  }
  return 0;
}

int range_squares(RangeClass range) {
  switch (range) {
    case RangeClass::kClose:
      return 2;
    case RangeClass::kMedium:
      return 5;
    case RangeClass::kFar:
      return 10;
    case RangeClass::kSnipe:
      return -1;  // "Range: Infinity"
  }
  return 0;
}

PowerBreakdown spell_power(const Spell& spell) {
  PowerBreakdown breakdown;
  for (const Effect& effect : spell.effects) {
    breakdown.effect_powers.push_back(effect_power(effect));
    breakdown.effect_total += breakdown.effect_powers.back();
  }
  breakdown.area_tenths = area_mod_tenths(spell.area);
  breakdown.range_tenths = range_mod_tenths(spell.range);
  breakdown.multiplier_tenths = spell.adaptable ? kAdaptableTenths : 10;
  breakdown.plus = spell.snapcast ? kSnapcastPlus : 0;
  // Three factors in tenths make thousandths: exact, then "the x's first, then the +'s".
  breakdown.exact_thousandths = static_cast<std::int64_t>(breakdown.effect_total) *
                                    breakdown.area_tenths * breakdown.range_tenths *
                                    breakdown.multiplier_tenths +
                                1000LL * breakdown.plus;
  breakdown.power = static_cast<int>((breakdown.exact_thousandths + 500) / 1000);  // half up
  return breakdown;
}

std::string thousandths_text(std::int64_t thousandths) {
  std::string text = fmt::format("{}.{:03}", thousandths / 1000, thousandths % 1000);
  while (text.back() == '0')
    text.pop_back();
  if (text.back() == '.') text.pop_back();
  return text;
}

bool may_cast_with(int power, bool snapcast, int actions, const Parameters& parameters) {
  if (actions == 0) return snapcast && power < parameters.snapcast_power_below;
  if (actions == 1) return power < parameters.two_action_power;
  return actions == 2;
}

CastCost cast_cost(const Spell& spell, const TalentChoice* talent, int actions,
                   const Parameters& parameters) {
  const int power = spell_power(spell).power;
  CastCost cost;
  cost.actions = actions;
  cost.allowed = may_cast_with(power, spell.snapcast, actions, parameters);
  if (!cost.allowed) {
    if (actions == 0)
      cost.why_not = spell.snapcast ? fmt::format("Snapcast needs a power under {} (this is {})",
                                                  parameters.snapcast_power_below, power)
                                    : "only a Snapcast spell is cast without an action";
    else if (actions == 1)
      cost.why_not = fmt::format("a spell of power {} or more must use 2 actions (this is {})",
                                 parameters.two_action_power, power);
    else
      cost.why_not = "a spell is cast with 0, 1 or 2 actions";
  }
  cost.before_talent = power - actions * parameters.mp_per_action;
  if (talent) {
    const auto discount = [&](int amount, std::string reason) {
      cost.talent_change = amount;
      cost.talent_reason = talent_name(talent->talent) + ": " + std::move(reason);
    };
    switch (talent->talent) {
      case Talent::kUpCloseAndPersonal:
        if (spell.range == RangeClass::kClose) discount(-10, "Close range");
        break;
      case Talent::kNavySeal:
        if (spell.range == RangeClass::kSnipe) discount(-10, "Snipe range");
        break;
      case Talent::kCrowdController:
        if (spell.area == AreaClass::kLarge || spell.area == AreaClass::kNuke)
          discount(-10, area_name(spell.area) + " area");
        break;
      case Talent::kNuclearOption:
        if (spell.area == AreaClass::kNuke) discount(-25, "Nuke area");
        break;
      case Talent::kBigGuns:
        if (power >= parameters.big_guns_power)
          discount(-10, fmt::format("power {} or greater", parameters.big_guns_power));
        break;
      case Talent::kGoodDoctor:
        if (helps_only(spell)) discount(-10, "affects only yourself and/or allies");
        break;
      case Talent::kTetraMaster:
        break;  // opens the Tetramino area; no discount
      case Talent::kElementIncarnate:
        // An Adaptable spell can take the wizard's element when cast (ruling "Element
        // Incarnate"), so it always gets the discount.
        if (spell.adaptable || same_element(spell.element, talent->element))
          discount(-5, spell.adaptable ? "Adaptable, cast as " + talent->element
                                       : "element " + talent->element);
        else
          discount(+5, "not of element " + talent->element);
        break;
    }
  }
  cost.mp_cost = std::max(parameters.minimum_mp_cost, cost.before_talent + cost.talent_change);
  return cost;
}

int cheapest_mp_cost(const Spell& spell, const TalentChoice* talent, const Parameters& parameters) {
  int cheapest = cast_cost(spell, talent, 2, parameters).mp_cost;
  for (int actions : {0, 1}) {
    const CastCost cost = cast_cost(spell, talent, actions, parameters);
    if (cost.allowed) cheapest = std::min(cheapest, cost.mp_cost);
  }
  return cheapest;
}

bool helps_only(const Spell& spell) {
  if (spell.effects.empty()) return false;
  for (const Effect& effect : spell.effects) {
    const bool helps =
        effect.kind == EffectKind::kHealing ||
        (effect.kind == EffectKind::kStatus && (effect.status == StatusCondition::kRegenerate ||
                                                effect.status == StatusCondition::kProtection ||
                                                effect.status == StatusCondition::kDispel)) ||
        (effect.kind == EffectKind::kTerrain && effect.terrain == TerrainCondition::kFortified);
    if (!helps) return false;
  }
  return true;
}

bool orthogonally_connected(const std::vector<Square>& shape) {
  if (shape.empty()) return true;
  std::vector<bool> reached(shape.size(), false);
  std::vector<size_t> frontier = {0};
  reached[0] = true;
  while (!frontier.empty()) {
    const Square from = shape[frontier.back()];
    frontier.pop_back();
    for (size_t i = 0; i < shape.size(); ++i)
      if (!reached[i] && std::abs(shape[i].x - from.x) + std::abs(shape[i].y - from.y) == 1) {
        reached[i] = true;
        frontier.push_back(i);
      }
  }
  return std::all_of(reached.begin(), reached.end(), [](bool r) { return r; });
}

std::vector<std::string> spell_problems(const Spell& spell, const TalentChoice* talent) {
  std::vector<std::string> problems;
  if (spell.effects.empty())
    problems.push_back(
        "it has no effect: give it at least one (Damage, Healing, Shift, Status, "
        "Terrain or Conjure)");
  // The same effect twice is one bigger effect (Damage 2 + Damage 3 is Damage 5); one Terrain
  // ("A square can only have one terrain condition") and one Conjure ("only a single conjuration
  // on the battlefield at a time"). Ruling "One of each effect".
  // Each repeated kind is reported once, with every effect of it (not once per pair): the report
  // grows with the spell, not with its square.
  int terrains = 0, conjures = 0;
  std::map<EffectKind, std::vector<std::string>> amounts;  // Damage, Healing, Shift: their names
  std::map<StatusCondition, int> statuses;
  for (const Effect& effect : spell.effects) {
    terrains += effect.kind == EffectKind::kTerrain;
    conjures += effect.kind == EffectKind::kConjure;
    if (effect.kind == EffectKind::kDamage || effect.kind == EffectKind::kHealing ||
        effect.kind == EffectKind::kShift)
      amounts[effect.kind].push_back(effect_name(effect));
    if (effect.kind == EffectKind::kStatus) ++statuses[effect.status];
  }
  for (const auto& [kind, names] : amounts)
    if (names.size() > 1)
      problems.push_back(fmt::format("it has {} and {}: make them one effect",
                                     fmt::join(names.begin(), names.end() - 1, ", "),
                                     names.back()));
  for (const auto& [status, count] : statuses) {
    Effect effect;
    effect.kind = EffectKind::kStatus;
    effect.status = status;
    if (count == 2) problems.push_back(fmt::format("it has {} twice", effect_name(effect)));
    if (count > 2)
      problems.push_back(fmt::format("it has {} {} times", effect_name(effect), count));
  }
  if (terrains > 1)
    problems.push_back(
        "it has more than one Terrain effect: a square can only have one terrain "
        "condition");
  if (conjures > 1)
    problems.push_back(
        "it has more than one Conjure effect: a wizard can only have a single "
        "conjuration at a time");

  const std::string area = area_name(spell.area);
  const int squares = area_squares(spell.area);
  if (spell.area == AreaClass::kTetramino && talent && talent->talent != Talent::kTetraMaster)
    problems.push_back("its area is Tetramino, which only a Tetra Master wizard can use");
  if (squares == 0 && !spell.shape.empty())
    problems.push_back(spell.area == AreaClass::kNuke
                           ? "it is a Nuke (the whole battlefield): it takes no shape"
                           : "it is a Line (drawn when cast): it takes no shape");
  if (squares > 1 && spell.shape.empty())
    problems.push_back(fmt::format("its {} area needs a shape: up to {} squares, e.g. \"{}\"", area,
                                   squares, "0,0;1,0;0,1;1,1"));
  if (squares > 0 && static_cast<int>(spell.shape.size()) > squares)
    problems.push_back(fmt::format("its {} area has {} squares in its shape; at most {}", area,
                                   spell.shape.size(), squares));
  std::map<std::pair<int, int>, int> seen;  // each square: how often the shape has it
  for (const Square& square : spell.shape)
    if (++seen[{square.x, square.y}] == 2)
      problems.push_back(fmt::format("its shape has square {},{} twice", square.x, square.y));
  if (spell.area == AreaClass::kTetramino) {
    // "Squares affected: 4" and "they have to be tetris blocks".
    if (spell.shape.size() != 4)
      problems.push_back(
          fmt::format("a Tetramino has exactly 4 squares; its shape has {}", spell.shape.size()));
    else if (!orthogonally_connected(spell.shape))
      problems.push_back(
          "its Tetramino's squares are not joined side to side (a tetris block: "
          "each square must share a side with another)");
  }
  if (spell.element.empty())
    problems.push_back("its element is empty (default: pure magical energy)");
  return problems;
}

}  // namespace warband::spellweavers
