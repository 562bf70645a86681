// Loads content/atomspast/*.toml into Content. Every problem throws InputError with
// where = "file.toml:LINE" and what = the problem in plain words and what was expected.
// Content files are untrusted input: nothing here may crash, whatever the file holds.
#include <toml++/toml.h>

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "core/error.h"
#include "core/toml_input.h"
#include "rulesets/atomspast/content.h"
#include "rulesets/atomspast/terrain.h"

namespace warband::atomspast {
namespace {

namespace fs = std::filesystem;

// The AtomsPast playmat: "a playmat or board that has a 28x18 grid on it".
constexpr int kMapWidth = 28;
constexpr int kMapHeight = 18;

// Shows a value as the player wrote it, for "got ..." in messages.
std::string describe(const toml::node& node) {
  if (const auto* s = node.as_string()) {
    std::string text = s->get();
    if (text.size() > 40) text = text.substr(0, 40) + "...";
    return fmt::format("\"{}\"", text);
  }
  if (const auto* i = node.as_integer()) return std::to_string(i->get());
  if (const auto* f = node.as_floating_point()) {
    std::ostringstream out;
    out << f->get();
    return out.str();
  }
  if (const auto* b = node.as_boolean()) return b->get() ? "true" : "false";
  if (node.is_array()) return "a list";
  if (node.is_table()) return "a table";
  return "a date or time";
}

// Levenshtein distance, for "did you mean" hints on unknown keys.
std::size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j)
    row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] != b[j - 1])});
      diagonal = above;
    }
  }
  return row[b.size()];
}

// One TOML table read field by field, every problem reported with the file, the line and the
// thing being read. check_keys() catches keys nobody asks for (a typo such as "mvoe").
class Fields {
 public:
  // `context` names the thing in messages: "unit 'orc_warrior'", "spell #3".
  Fields(const std::string& path, const toml::table& table, std::string context)
      : path_(path), table_(table), context_(std::move(context)) {}

  const std::string& path() const { return path_; }
  const std::string& context() const { return context_; }
  void set_context(std::string context) { context_ = std::move(context); }

  [[noreturn]] void fail(const toml::node& node, const std::string& what) const {
    throw InputError(toml_where(path_, node.source()), prefix() + what);
  }
  [[noreturn]] void fail_here(const std::string& what) const {
    throw InputError(toml_where(path_, table_.source()), prefix() + what);
  }

  const toml::node* find(std::string_view key) const { return table_.get(key); }
  bool has(std::string_view key) const { return table_.contains(key); }

  const toml::node& require(std::string_view key, std::string_view expected) {
    const toml::node* node = find(key);
    if (!node) fail_here(fmt::format("'{}' is missing: expected {}", key, expected));
    return *node;
  }

  std::string string(std::string_view key, std::string_view expected = "some text") {
    return as_string(require(key, expected), key, expected);
  }
  std::string string_or(std::string_view key, std::string fallback,
                        std::string_view expected = "some text") {
    const toml::node* node = find(key);
    return node ? as_string(*node, key, expected) : fallback;
  }
  std::string as_string(const toml::node& node, std::string_view key,
                        std::string_view expected) const {
    if (const auto* s = node.as_string()) return s->get();
    fail(node, fmt::format("'{}' must be {} in quotes, got {}", key, expected, describe(node)));
  }
  // An id: lower-case letters, digits and underscores, as used to refer to it from other files.
  std::string id(std::string_view key = "id") {
    const toml::node& node = require(key, "an id such as \"orc_warrior\"");
    const std::string text = as_string(node, key, "an id such as \"orc_warrior\"");
    const bool ok = !text.empty() && std::all_of(text.begin(), text.end(), [](char c) {
      return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
    });
    if (!ok)
      fail(node, fmt::format("'{}' must be lower-case letters, digits and underscores, got {}", key,
                             describe(node)));
    return text;
  }

  int integer(std::string_view key, int low, int high) {
    return as_integer(require(key, range_words(low, high)), key, low, high);
  }
  int integer_or(std::string_view key, int fallback, int low, int high) {
    const toml::node* node = find(key);
    return node ? as_integer(*node, key, low, high) : fallback;
  }
  int as_integer(const toml::node& node, std::string_view key, int low, int high) const {
    const auto* value = node.as_integer();
    if (!value || value->get() < low || value->get() > high)
      fail(node,
           fmt::format("'{}' must be {}, got {}", key, range_words(low, high), describe(node)));
    return static_cast<int>(value->get());
  }

  bool boolean_or(std::string_view key, bool fallback) {
    const toml::node* node = find(key);
    if (!node) return fallback;
    if (const auto* b = node->as_boolean()) return b->get();
    fail(*node, fmt::format("'{}' must be true or false, got {}", key, describe(*node)));
  }

  const toml::table& table(std::string_view key, std::string_view expected) {
    const toml::node& node = require(key, expected);
    if (const auto* t = node.as_table()) return *t;
    fail(node, fmt::format("'{}' must be {}, got {}", key, expected, describe(node)));
  }
  const toml::array* array_or_null(std::string_view key, std::string_view expected) {
    const toml::node* node = find(key);
    if (!node) return nullptr;
    if (const auto* a = node->as_array()) return a;
    fail(*node, fmt::format("'{}' must be {}, got {}", key, expected, describe(*node)));
  }
  const toml::array& array(std::string_view key, std::string_view expected) {
    const toml::array* a = array_or_null(key, expected);
    if (!a) fail_here(fmt::format("'{}' is missing: expected {}", key, expected));
    return *a;
  }

  // Every key of the table must be one of `allowed` ("a, b, c"). Called before the fields are
  // read, so that a typo ("rnage") is reported as such rather than as a missing field.
  void check_keys(std::string_view allowed) const {
    std::vector<std::string> names;
    for (std::size_t start = 0; start <= allowed.size();) {
      const std::size_t comma = std::min(allowed.find(", ", start), allowed.size());
      names.emplace_back(allowed.substr(start, comma - start));
      start = comma + 2;
    }
    for (auto&& [key, node] : table_) {
      const std::string name(key.str());
      if (std::find(names.begin(), names.end(), name) != names.end()) continue;
      std::string hint;
      for (const std::string& candidate : names)
        if (edit_distance(name, candidate) <= 2)
          hint = fmt::format(" Did you mean '{}'?", candidate);
      throw InputError(
          toml_where(path_, key.source().begin.line ? key.source() : node.source()),
          prefix() + fmt::format("unknown key '{}' (expected one of: {}).{}", name, allowed, hint));
    }
  }

  static std::string range_words(int low, int high) {
    return fmt::format("a whole number from {} to {}", low, high);
  }

 private:
  std::string prefix() const { return context_.empty() ? "" : context_ + ": "; }

  const std::string& path_;
  const toml::table& table_;
  std::string context_;
};

// The array of tables `key` ([[unit]], [[spell]]): each element must be a table.
std::vector<const toml::table*> tables_of(Fields& fields, std::string_view key,
                                          std::string_view expected) {
  std::vector<const toml::table*> out;
  const toml::array* items = fields.array_or_null(key, expected);
  if (!items) return out;
  for (const toml::node& item : *items) {
    const auto* table = item.as_table();
    if (!table)
      fields.fail(item, fmt::format("each entry of '{}' must be a table ({}), got {}", key,
                                    expected, describe(item)));
    out.push_back(table);
  }
  return out;
}

// ---- parameters.toml ----

Parameters load_parameters(const std::string& path) {
  const toml::table root = parse_toml_file(path);
  Fields top(path, root, "");
  top.check_keys("parameters");
  const toml::table& table = top.table("parameters", "a [parameters] table");

  Fields f(path, table, "parameters");
  f.check_keys(
      "deck_size, hand_size, cast_skill, cast_dice, channel_skill, channel_dice, "
      "places_per_spell_phase, channels_per_spell_phase, casts_per_spell_phase, setup_places, "
      "max_power_level, deploy_depth, move_acti, run_acti, attack_acti, charge_acti, "
      "charge_move_bonus, charge_dice_bonus, higher_ground_skill_bonus, light_cover_penalty, "
      "heavy_cover_penalty, obscuring_penalty, outnumbered_skill_bonus, flanking_dice_bonus, "
      "combined_skill_bonus, combined_range_halves, dangerous_skill, shield_blocks_spell_damage, "
      "turn_limit, points_limit, kon_points_surcharge");
  Parameters p;
  // Every field is optional; a missing one keeps the default documented in content.h.
  auto field = [&](std::string_view key, int& value, int low, int high) {
    value = f.integer_or(key, value, low, high);
  };
  field("deck_size", p.deck_size, 1, 500);
  field("hand_size", p.hand_size, 1, 50);
  field("cast_skill", p.cast_skill, 1, 6);
  field("cast_dice", p.cast_dice, 1, 50);
  field("channel_skill", p.channel_skill, 1, 6);
  field("channel_dice", p.channel_dice, 1, 50);
  field("places_per_spell_phase", p.places_per_spell_phase, 0, 20);
  field("channels_per_spell_phase", p.channels_per_spell_phase, 0, 20);
  field("casts_per_spell_phase", p.casts_per_spell_phase, 0, 20);
  field("setup_places", p.setup_places, 0, 50);
  field("max_power_level", p.max_power_level, 1, 50);
  field("deploy_depth", p.deploy_depth, 1, 9);
  field("move_acti", p.move_acti, 0, 20);
  field("run_acti", p.run_acti, 0, 20);
  field("attack_acti", p.attack_acti, 0, 20);
  field("charge_acti", p.charge_acti, 0, 20);
  field("charge_move_bonus", p.charge_move_bonus, 0, 20);
  field("charge_dice_bonus", p.charge_dice_bonus, 0, 20);
  field("higher_ground_skill_bonus", p.higher_ground_skill_bonus, 0, 6);
  field("light_cover_penalty", p.light_cover_penalty, 0, 6);
  field("heavy_cover_penalty", p.heavy_cover_penalty, 0, 6);
  field("obscuring_penalty", p.obscuring_penalty, 0, 6);
  field("outnumbered_skill_bonus", p.outnumbered_skill_bonus, 0, 6);
  field("flanking_dice_bonus", p.flanking_dice_bonus, 0, 20);
  field("combined_skill_bonus", p.combined_skill_bonus, 0, 6);
  field("combined_range_halves", p.combined_range_halves, 0, 100);
  field("dangerous_skill", p.dangerous_skill, 1, 6);
  p.shield_blocks_spell_damage = f.boolean_or("shield_blocks_spell_damage", true);
  field("turn_limit", p.turn_limit, 1, 1000);
  field("points_limit", p.points_limit, 1, 1000000);
  field("kon_points_surcharge", p.kon_points_surcharge, 0, 100000);
  return p;
}

// ---- units.toml ----

AttackProfile load_attack(Fields& unit, std::string_view key) {
  const toml::table& table = unit.table(key, "a table such as { skill = 3, dice = 4, range = 1 }");
  Fields f(unit.path(), table, fmt::format("{}: '{}'", unit.context(), key));
  f.check_keys("skill, dice, range");
  AttackProfile attack;
  attack.skill = f.integer("skill", 0, 6);
  attack.dice = f.integer("dice", 0, 30);
  attack.range = f.integer("range", 0, 30);
  return attack;
}

grid::Footprint parse_base(Fields& f) {
  const toml::node& node = f.require("base", "\"WxH\" such as \"1x1\" or \"1x2\"");
  const std::string text = f.as_string(node, "base", "\"WxH\" such as \"1x1\" or \"1x2\"");
  const bool ok = text.size() == 3 && text[1] == 'x' && text[0] >= '1' && text[0] <= '4' &&
                  text[2] >= '1' && text[2] <= '4';
  if (!ok)
    f.fail(node, fmt::format("'base' must be \"WxH\" with W and H from 1 to 4 grid spaces "
                             "(such as \"1x1\", \"1x2\", \"2x2\"), got {}",
                             describe(node)));
  return grid::Footprint{static_cast<std::uint8_t>(text[0] - '0'),
                         static_cast<std::uint8_t>(text[2] - '0')};
}

// The fields of one unit profile, shared by units.toml and a warband's [[custom]] profiles.
// `points` is -1 when the table gives none (priced by points.toml). A profile gives either
// `weapons` (ids of weapons.toml) or inline `melee`/`ranged` attacks. A catalog unit's weapon
// problems are errors here; a custom unit's are left to validate_warband, which says them in a
// player's words with the list's other problems.
UnitProfile load_unit(Fields& f, bool allow_points, std::string_view default_faction,
                      const std::vector<Weapon>& weapons) {
  UnitProfile unit;
  unit.id = f.id();
  f.set_context(fmt::format("{} '{}'", allow_points ? "unit" : "custom unit", unit.id));
  f.check_keys(allow_points ? "id, name, faction, move, weapons, melee, ranged, wounds, shield, "
                              "base, keywords, points, text"
                            : "id, name, faction, move, weapons, melee, ranged, wounds, shield, "
                              "base, keywords, text");
  unit.name = f.string("name");
  unit.faction = default_faction.empty()
                     ? f.string("faction", "a faction name such as \"Orc Horde\"")
                     : f.string_or("faction", std::string(default_faction));
  unit.move = f.integer("move", 0, 20);
  const toml::array* carried =
      f.array_or_null("weapons", "a list of weapon ids such as [\"cleaver\", \"short_bow\"]");
  if (carried) {
    for (const char* inline_key : {"melee", "ranged"})
      if (const toml::node* node = f.find(inline_key))
        f.fail(*node, fmt::format("give either 'weapons' or inline 'melee'/'ranged' attacks, not "
                                  "both: the unit's attacks come from its weapons"));
    for (const toml::node& weapon : *carried)
      unit.weapons.push_back(f.as_string(
          weapon, "weapons", "a list of weapon ids such as [\"cleaver\"]: a weapon id"));
    if (unit.weapons.empty())
      f.fail(*carried, "'weapons' is empty: give at least one weapon, or an inline 'melee'");
    const std::vector<std::string> problems = apply_weapons(unit, weapons);
    if (allow_points && !problems.empty()) f.fail(*carried, problems.front());
  } else {
    unit.melee = load_attack(f, "melee");
    if (f.has("ranged")) unit.ranged = load_attack(f, "ranged");
  }
  unit.wounds = f.integer("wounds", 1, 200);
  unit.shield = f.integer_or("shield", 0, 0, 20);
  unit.base = parse_base(f);
  if (const toml::array* keywords = f.array_or_null("keywords", "a list of words")) {
    for (const toml::node& keyword : *keywords)
      if (const auto* word = keyword.as_string()) {
        unit.keywords.push_back(word->get());
      } else {
        f.fail(keyword, fmt::format("'keywords' must be a list of words in quotes such as "
                                    "[\"Infantry\", \"Orc\"], got {} in it",
                                    describe(keyword)));
      }
  }
  unit.points = allow_points ? f.integer_or("points", -1, 0, 100000) : -1;
  unit.text = f.string_or("text", "");
  return unit;
}

// ---- weapons.toml ----

std::vector<Weapon> load_weapons(const std::string& path) {
  const toml::table root = parse_toml_file(path);
  Fields top(path, root, "");
  top.check_keys("weapon");
  std::vector<Weapon> weapons;
  std::map<std::string, int> seen;  // id -> line
  const auto tables = tables_of(top, "weapon", "[[weapon]]");
  for (std::size_t i = 0; i < tables.size(); ++i) {
    Fields f(path, *tables[i], fmt::format("weapon #{}", i + 1));
    Weapon weapon;
    weapon.id = f.id();
    f.set_context(fmt::format("weapon '{}'", weapon.id));
    f.check_keys("id, name, kind, skill, dice, range, keywords, text");
    const int line = static_cast<int>(tables[i]->source().begin.line);
    if (auto [it, fresh] = seen.emplace(weapon.id, line); !fresh)
      f.fail(*f.find("id"), fmt::format("duplicate id: another weapon with id '{}' is at line {}",
                                        weapon.id, it->second));
    weapon.name = f.string("name");
    const toml::node& kind = f.require("kind", "\"melee\" or \"ranged\"");
    const std::string kind_text = f.as_string(kind, "kind", "\"melee\" or \"ranged\"");
    if (kind_text == "melee") {
      weapon.kind = AttackKind::kMelee;
    } else if (kind_text == "ranged") {
      weapon.kind = AttackKind::kRanged;
    } else {
      f.fail(kind, fmt::format("'kind' must be \"melee\" or \"ranged\", got {}", describe(kind)));
    }
    weapon.attack.skill = f.integer("skill", 0, 6);
    weapon.attack.dice = f.integer("dice", 1, 30);
    weapon.attack.range = f.integer("range", 1, 30);
    if (const toml::array* keywords = f.array_or_null("keywords", "a list of words")) {
      for (const toml::node& keyword : *keywords)
        weapon.keywords.push_back(
            f.as_string(keyword, "keywords", "a list of words such as [\"Two-handed\"]: a word"));
    }
    weapon.text = f.string_or("text", "");
    weapons.push_back(std::move(weapon));
  }
  return weapons;
}

std::vector<UnitProfile> load_units(const std::string& path, const std::vector<Weapon>& weapons) {
  const toml::table root = parse_toml_file(path);
  Fields top(path, root, "");
  top.check_keys("unit");
  const auto tables = tables_of(top, "unit", "[[unit]]");
  if (tables.empty()) top.fail_here("no [[unit]] entries: expected at least one unit profile");

  std::vector<UnitProfile> units;
  std::map<std::string, int> seen;  // id -> line
  for (std::size_t i = 0; i < tables.size(); ++i) {
    Fields f(path, *tables[i], fmt::format("unit #{}", i + 1));
    UnitProfile unit = load_unit(f, true, "", weapons);
    const int line = static_cast<int>(tables[i]->source().begin.line);
    if (auto [it, fresh] = seen.emplace(unit.id, line); !fresh)
      f.fail(*f.find("id"), fmt::format("duplicate id: another unit with id '{}' is at line {}",
                                        unit.id, it->second));
    units.push_back(std::move(unit));
  }
  return units;
}

// ---- points.toml ----

double as_number(Fields& f, const toml::node& node, std::string_view key) {
  if (const auto* i = node.as_integer()) return static_cast<double>(i->get());
  if (const auto* d = node.as_floating_point();
      d && std::isfinite(d->get()) && std::abs(d->get()) <= 1e6)
    return d->get();
  f.fail(node, fmt::format("'{}' must be a number of points such as 12 or 2.5, got {}", key,
                           describe(node)));
}

PointsFormula load_points(const std::string& path, const std::vector<UnitProfile>& units,
                          const std::vector<Weapon>& weapons) {
  const toml::table root = parse_toml_file(path);
  Fields f(path, root, "points");
  f.check_keys("base, stats, keywords, weapons, units");
  PointsFormula formula;
  formula.present = true;
  if (const toml::node* base = f.find("base")) formula.base = as_number(f, *base, "base");

  std::string stat_names;
  for (const char* stat : kPricedStats)
    stat_names += (stat_names.empty() ? "" : ", ") + std::string(stat);
  if (f.has("stats")) {
    Fields stats(path, f.table("stats", "a [stats] table of stat = points per 1"), "[stats]");
    stats.check_keys(stat_names);
    for (const char* stat : kPricedStats)
      if (const toml::node* node = stats.find(stat))
        formula.stat_weights[stat] = as_number(stats, *node, stat);
  }
  if (f.has("keywords")) {
    const toml::table& keywords = f.table("keywords", "a [keywords] table of Keyword = points");
    Fields words(path, keywords, "[keywords]");
    for (auto&& [key, node] : keywords)
      formula.keyword_weights[std::string(key.str())] =
          as_number(words, node, std::string(key.str()));
  }
  if (f.has("weapons")) {
    const toml::table& table = f.table("weapons", "a [weapons] table of weapon id = points");
    Fields entries(path, table, "[weapons]");
    for (auto&& [key, node] : table) {
      const std::string id(key.str());
      if (std::none_of(weapons.begin(), weapons.end(),
                       [&](const Weapon& weapon) { return weapon.id == id; }))
        entries.fail(node,
                     fmt::format("unknown weapon '{}': no weapon in weapons.toml has this id", id));
      formula.weapon_weights[id] = as_number(entries, node, id);
    }
  }
  if (f.has("units")) {
    const toml::table& table = f.table("units", "a [units] table of unit id = { adjust = N }");
    for (auto&& [key, node] : table) {
      const std::string id(key.str());
      const auto* entry = node.as_table();
      Fields unit(path, entry ? *entry : table, fmt::format("[units] '{}'", id));
      if (!entry)
        unit.fail(node, fmt::format("expected {{ adjust = N }} or {{ override = N }}, "
                                    "got {}",
                                    describe(node)));
      if (std::none_of(units.begin(), units.end(),
                       [&](const UnitProfile& u) { return u.id == id; }))
        unit.fail(node, "unknown unit: no unit profile in units.toml has this id");
      unit.check_keys("adjust, override");
      if (unit.has("adjust")) formula.adjust[id] = unit.integer("adjust", -100000, 100000);
      if (unit.has("override")) formula.override_points[id] = unit.integer("override", 0, 100000);
    }
  }
  return formula;
}
// ---- spells.toml ----

// "X", "2X", "X/2", "3+X", "X+3", "1+X/2", "-1", "X-1", "-X/2": terms joined by + and -, at most
// one of them an X term ([N]X[/D]). Rounded down when evaluated.
bool parse_amount_text(std::string_view text, Amount& out) {
  std::string s;
  for (char c : text)
    if (c != ' ') s += c;
  if (s.empty()) return false;
  Amount amount;
  bool seen_x = false;
  std::size_t i = 0;
  bool first = true;
  auto read_number = [&](long& value) {
    const std::size_t start = i;
    value = 0;
    while (i < s.size() && s[i] >= '0' && s[i] <= '9' && i - start < 6)
      value = value * 10 + (s[i++] - '0');
    return i > start && !(i < s.size() && s[i] >= '0' && s[i] <= '9');
  };
  while (i < s.size()) {
    int sign = 1;
    if (s[i] == '+' || s[i] == '-') {
      sign = s[i] == '-' ? -1 : 1;
      ++i;
    } else if (!first) {
      return false;
    }
    first = false;
    long number = 1;
    bool has_number = false;
    if (i < s.size() && s[i] >= '0' && s[i] <= '9') {
      if (!read_number(number)) return false;
      has_number = true;
    }
    if (i < s.size() && (s[i] == 'X' || s[i] == 'x')) {
      if (seen_x) return false;
      seen_x = true;
      ++i;
      long den = 1;
      if (i < s.size() && s[i] == '/') {
        ++i;
        if (!read_number(den) || den == 0) return false;
      }
      amount.x_num = static_cast<int>(sign * number);
      amount.x_den = static_cast<int>(den);
    } else {
      if (!has_number) return false;
      amount.constant += static_cast<int>(sign * number);
    }
  }
  out = amount;
  return true;
}

constexpr std::string_view kAmountWords =
    "a whole number or an amount such as \"X\", \"2X\", \"X/2\", \"3+X\" or \"1+X/2\"";

Amount parse_amount(const Fields& f, const toml::node& node, std::string_view key) {
  Amount amount;
  if (const auto* i = node.as_integer()) {
    if (i->get() < -1000 || i->get() > 1000)
      f.fail(node, fmt::format("'{}' must be from -1000 to 1000, got {}", key, i->get()));
    amount.constant = static_cast<int>(i->get());
    return amount;
  }
  // Bounded so that no amount asks the engine for a million dice.
  if (const auto* s = node.as_string()) {
    if (s->get().size() <= 40 && parse_amount_text(s->get(), amount) &&
        std::abs(amount.constant) <= 1000 && std::abs(amount.x_num) <= 100 && amount.x_den >= 1 &&
        amount.x_den <= 100)
      return amount;
  }
  f.fail(node, fmt::format("'{}' must be {}, got {}", key, kAmountWords, describe(node)));
}

Amount amount_field(Fields& f, std::string_view key, bool required, Amount fallback = {}) {
  const toml::node* node = required ? &f.require(key, kAmountWords) : f.find(key);
  return node ? parse_amount(f, *node, key) : fallback;
}

// Effect fields each kind takes, beyond kind / when / every_turn.
struct EffectShape {
  std::string_view kind;
  EffectKind value;
  bool target;
  std::vector<std::string_view> fields;
};

const std::vector<EffectShape>& effect_shapes() {
  static const std::vector<EffectShape> shapes = {
      {"alter", EffectKind::kAlter, true, {"stat", "amount", "turns"}},
      {"attack", EffectKind::kAttack, true, {"attack", "skill", "dice", "optional"}},
      {"damage", EffectKind::kDamage, true, {"skill", "dice"}},
      {"heal", EffectKind::kHeal, true, {"amount"}},
      {"move", EffectKind::kMove, true, {"amount", "optional"}},
      {"acti", EffectKind::kActi, true, {"amount"}},
      {"draw", EffectKind::kDraw, false, {"amount"}},
      {"channel", EffectKind::kChannel, false, {"amount"}},
  };
  return shapes;
}

const std::vector<std::pair<std::string_view, Stat>>& stat_names() {
  static const std::vector<std::pair<std::string_view, Stat>> names = {
      {"move", Stat::kMove},
      {"melee_skill", Stat::kMeleeSkill},
      {"melee_dice", Stat::kMeleeDice},
      {"melee_range", Stat::kMeleeRange},
      {"ranged_skill", Stat::kRangedSkill},
      {"ranged_dice", Stat::kRangedDice},
      {"ranged_range", Stat::kRangedRange},
      {"shield", Stat::kShield},
      {"wounds", Stat::kWounds},
  };
  return names;
}

std::string slot_list(const std::vector<TargetSlot>& slots) {
  std::string out;
  for (const TargetSlot& slot : slots)
    out += (out.empty() ? "'" : ", '") + slot.name + "'";
  return out.empty() ? "(none: the spell has no targets)" : out;
}

const TargetSlot* find_slot(const std::vector<TargetSlot>& slots, const std::string& name) {
  for (const TargetSlot& slot : slots)
    if (slot.name == name) return &slot;
  return nullptr;
}

TargetSlot load_target(const std::string& path, const toml::table& table,
                       const std::string& context, const std::vector<TargetSlot>& earlier) {
  Fields f(path, table, context);
  TargetSlot slot;
  slot.name = f.id("name");
  f.set_context(fmt::format("{}: target '{}'", context, slot.name));
  f.check_keys("name, side, near, within, kon");
  if (find_slot(earlier, slot.name))
    f.fail(*f.find("name"), "two targets have this name: each target needs its own name");

  const toml::node& side = f.require("side", "\"friendly\", \"enemy\" or \"any\"");
  const std::string side_text = f.as_string(side, "side", "\"friendly\", \"enemy\" or \"any\"");
  if (side_text == "friendly") {
    slot.side = TargetSide::kFriendly;
  } else if (side_text == "enemy") {
    slot.side = TargetSide::kEnemy;
  } else if (side_text == "any") {
    slot.side = TargetSide::kAny;
  } else {
    f.fail(side, fmt::format("'side' must be \"friendly\", \"enemy\" or \"any\", got {}",
                             describe(side)));
  }

  if (const toml::node* near = f.find("near")) {
    slot.near = f.as_string(*near, "near", "the name of an earlier target");
    if (!find_slot(earlier, slot.near))
      f.fail(*near, fmt::format("'near' names '{}', which is not an earlier target of this "
                                "spell (earlier targets: {})",
                                slot.near, slot_list(earlier)));
  }
  if (const toml::node* within = f.find("within")) {
    double range = -1;
    if (const auto* i = within->as_integer()) range = static_cast<double>(i->get());
    if (const auto* d = within->as_floating_point()) range = d->get();
    const double halves = range * 2;
    if (!(range > 0 && range <= 60 && halves == std::floor(halves)))
      f.fail(*within, fmt::format("'within' must be a Range from 0.5 to 60 in steps of 0.5 "
                                  "(such as 1.5 or 6), got {}",
                                  describe(*within)));
    slot.within_halves = static_cast<int>(halves);
  }
  if (!slot.near.empty() && slot.within_halves == 0)
    f.fail_here("'near' needs 'within' (the Range from that target, such as within = 1.5)");
  if (slot.near.empty() && slot.within_halves > 0)
    f.fail_here("'within' needs 'near' (the earlier target the Range is counted from)");
  slot.allow_kon = f.boolean_or("kon", true);
  return slot;
}

Effect load_effect(const std::string& path, const toml::table& table, const std::string& context,
                   const std::vector<TargetSlot>& slots) {
  Fields f(path, table, context);
  Effect effect;
  // First every key any effect takes; then, once the kind is known, the ones this kind takes.
  f.check_keys(
      "kind, target, stat, amount, turns, attack, skill, dice, optional, when, every_turn");
  const toml::node& kind_node =
      f.require("kind", "alter, attack, damage, heal, move, acti, draw or channel");
  const std::string kind = f.as_string(kind_node, "kind", "an effect kind");
  const EffectShape* shape = nullptr;
  for (const EffectShape& candidate : effect_shapes())
    if (candidate.kind == kind) shape = &candidate;
  if (!shape)
    f.fail(kind_node, fmt::format("unknown effect kind {}: expected alter, attack, damage, heal, "
                                  "move, acti, draw or channel",
                                  describe(kind_node)));
  effect.kind = shape->value;
  f.set_context(fmt::format("{} ({})", context, kind));

  // Keys that belong to another kind are errors too, with a message saying so.
  auto takes = [&](std::string_view key) {
    return std::find(shape->fields.begin(), shape->fields.end(), key) != shape->fields.end();
  };
  std::string allowed = "kind, when, every_turn";
  if (shape->target) allowed += ", target";
  for (std::string_view key : shape->fields)
    allowed += fmt::format(", {}", key);
  for (auto&& [key, node] : table) {
    const std::string name(key.str());
    const bool known = name == "kind" || name == "when" || name == "every_turn" ||
                       (name == "target" && shape->target) || takes(name);
    const bool other_kind = name == "target" || name == "stat" || name == "amount" ||
                            name == "turns" || name == "attack" || name == "skill" ||
                            name == "dice" || name == "optional";
    if (!known && other_kind)
      f.fail(node, fmt::format("'{}' does not apply to a '{}' effect (it takes: {})", name, kind,
                               allowed));
  }

  if (shape->target) {
    const toml::node& target = f.require("target", "the name of one of the spell's targets");
    effect.target = f.as_string(target, "target", "the name of one of the spell's targets");
    if (!find_slot(slots, effect.target))
      f.fail(target, fmt::format("'target' names '{}', which is not a target of this spell "
                                 "(its targets: {})",
                                 effect.target, slot_list(slots)));
  }

  switch (effect.kind) {
    case EffectKind::kAlter: {
      const toml::node& stat = f.require("stat", "a stat name");
      const std::string name = f.as_string(stat, "stat", "a stat name");
      bool found = false;
      for (const auto& [stat_name, value] : stat_names()) {
        if (stat_name == name) {
          effect.stat = value;
          found = true;
        }
      }
      if (!found)
        f.fail(stat, fmt::format("unknown stat {}: expected move, melee_skill, melee_dice, "
                                 "melee_range, ranged_skill, ranged_dice, ranged_range, shield "
                                 "or wounds",
                                 describe(stat)));
      effect.amount = amount_field(f, "amount", true);
      effect.turns = f.integer_or("turns", 0, 0, 100);
      break;
    }
    case EffectKind::kAttack: {
      const toml::node& attack = f.require("attack", "\"melee\" or \"ranged\"");
      const std::string name = f.as_string(attack, "attack", "\"melee\" or \"ranged\"");
      if (name == "melee") {
        effect.attack_kind = AttackKind::kMelee;
      } else if (name == "ranged") {
        effect.attack_kind = AttackKind::kRanged;
      } else {
        f.fail(attack,
               fmt::format("'attack' must be \"melee\" or \"ranged\", got {}", describe(attack)));
      }
      effect.skill = amount_field(f, "skill", false);
      effect.dice = amount_field(f, "dice", false);
      effect.optional = f.boolean_or("optional", false);
      break;
    }
    case EffectKind::kDamage:
      effect.skill = amount_field(f, "skill", true);
      effect.dice = amount_field(f, "dice", true);
      break;
    case EffectKind::kMove:
      effect.amount = amount_field(f, "amount", true);
      effect.optional = f.boolean_or("optional", false);
      break;
    case EffectKind::kHeal:
    case EffectKind::kActi:
    case EffectKind::kDraw:
    case EffectKind::kChannel:
      effect.amount = amount_field(f, "amount", true);
      break;
  }

  if (const toml::node* when = f.find("when")) {
    effect.when = f.as_string(*when, "when", "\"destroyed:SLOT\" or \"survived:SLOT\"");
    const std::size_t colon = effect.when.find(':');
    const std::string condition = effect.when.substr(0, colon);
    const std::string slot = colon == std::string::npos ? "" : effect.when.substr(colon + 1);
    if ((condition != "destroyed" && condition != "survived") || slot.empty())
      f.fail(*when, fmt::format("'when' must be \"destroyed:SLOT\" or \"survived:SLOT\" (SLOT a "
                                "target of this spell), got {}",
                                describe(*when)));
    if (!find_slot(slots, slot))
      f.fail(*when, fmt::format("'when' names '{}', which is not a target of this spell (its "
                                "targets: {})",
                                slot, slot_list(slots)));
  }
  if (const toml::node* every = f.find("every_turn")) {
    effect.every_turn = parse_amount(f, *every, "every_turn");
    if (effect.every_turn.constant < 0 || effect.every_turn.x_num < 0)
      f.fail(*every, "'every_turn' must not be negative: it counts Battlefield Phases");
  }
  return effect;
}

std::vector<SpellCard> load_spells(const std::string& path) {
  const toml::table root = parse_toml_file(path);
  Fields top(path, root, "");
  top.check_keys("spell");
  const auto tables = tables_of(top, "spell", "[[spell]]");
  if (tables.empty()) top.fail_here("no [[spell]] entries: expected at least one spell card");

  std::vector<SpellCard> spells;
  std::map<std::string, int> seen;
  for (std::size_t i = 0; i < tables.size(); ++i) {
    Fields f(path, *tables[i], fmt::format("spell #{}", i + 1));
    SpellCard spell;
    spell.id = f.id();
    const std::string context = fmt::format("spell '{}'", spell.id);
    f.set_context(context);
    f.check_keys("id, name, acti, knowledge, text, flavour, targets, effects");
    const int line = static_cast<int>(tables[i]->source().begin.line);
    if (auto [it, fresh] = seen.emplace(spell.id, line); !fresh)
      f.fail(*f.find("id"), fmt::format("duplicate id: another spell with id '{}' is at line {}",
                                        spell.id, it->second));
    spell.name = f.string("name");
    spell.acti = f.integer("acti", 0, 30);
    spell.knowledge = f.integer("knowledge", 1, 50);
    spell.text = f.string("text", "the card's rules text");
    spell.flavour = f.string_or("flavour", "");

    if (const toml::array* targets =
            f.array_or_null("targets",
                            "a list of targets such as [ { name = \"unit\", side = "
                            "\"friendly\" } ]")) {
      for (const toml::node& node : *targets) {
        const auto* table = node.as_table();
        if (!table)
          f.fail(node, fmt::format("each target must be a table such as {{ name = \"unit\", "
                                   "side = \"friendly\" }}, got {}",
                                   describe(node)));
        spell.targets.push_back(load_target(path, *table, context, spell.targets));
      }
    }
    const toml::array& effects =
        f.array("effects", "a list of effects such as [ { kind = \"heal\", ... } ]");
    if (effects.empty()) f.fail(effects, "'effects' is empty: a spell needs at least one effect");
    for (const toml::node& node : effects) {
      const auto* table = node.as_table();
      if (!table)
        f.fail(node, fmt::format("each effect must be a table such as {{ kind = \"heal\", "
                                 "target = \"unit\", amount = \"X\" }}, got {}",
                                 describe(node)));
      spell.effects.push_back(
          load_effect(path, *table, fmt::format("{}: effect {}", context, spell.effects.size() + 1),
                      spell.targets));
    }
    spells.push_back(std::move(spell));
  }
  return spells;
}

// ---- maps/*.toml ----

// The terrain a legend entry stands for, added to a space.
bool apply_terrain_word(std::string_view word, grid::Space& space) {
  if (word == "wall") {
    add_terrain(space, kWall);
  } else if (word == "difficult") {
    add_terrain(space, kDifficult);
  } else if (word == "obscuring") {
    add_terrain(space, kObscuring);
  } else if (word == "blocks_sight") {
    add_terrain(space, kBlocksSight);
  } else if (word == "light_cover") {
    add_terrain(space, kLightCover);
  } else if (word == "heavy_cover") {
    add_terrain(space, kHeavyCover);
  } else if (word.substr(0, 10) == "dangerous:" && word.size() == 11 && word[10] >= '1' &&
             word[10] <= '9') {
    set_dangerous(space, word[10] - '0');
  } else {
    return false;
  }
  return true;
}

// The rows of `key` (terrain or heights): exactly kMapHeight strings of kMapWidth characters.
std::vector<std::pair<std::string, const toml::node*>> map_rows(Fields& f, std::string_view key,
                                                                std::string_view what) {
  const toml::array& rows =
      f.array(key, fmt::format("a list of {} rows of {} {}", kMapHeight, kMapWidth, what));
  if (rows.size() != kMapHeight)
    f.fail(rows, fmt::format("'{}' must have {} rows (the 28x18 playmat), got {}", key, kMapHeight,
                             rows.size()));
  std::vector<std::pair<std::string, const toml::node*>> out;
  for (std::size_t y = 0; y < rows.size(); ++y) {
    const toml::node& row = rows[y];
    const std::string text = f.as_string(row, key, fmt::format("a row of {}", what));
    if (text.size() != kMapWidth)
      f.fail(row, fmt::format("'{}' row {} must be {} characters long (the 28x18 playmat), got "
                              "{}",
                              key, y + 1, kMapWidth, text.size()));
    out.emplace_back(text, &row);
  }
  return out;
}

MapDef load_map(const std::string& path) {
  const toml::table root = parse_toml_file(path);
  Fields f(path, root, "map");
  MapDef map;
  map.id = f.id();
  f.set_context(fmt::format("map '{}'", map.id));
  f.check_keys("id, name, description, deployment, terrain, heights, legend");
  map.name = f.string("name");
  map.description = f.string_or("description", "");
  const toml::node* deployment = f.find("deployment");
  if (deployment) {
    const std::string text =
        f.as_string(*deployment, "deployment", "\"north-south\" or \"west-east\"");
    if (text == "west-east") {
      map.west_east = true;
    } else if (text != "north-south") {
      f.fail(*deployment, fmt::format("'deployment' must be \"north-south\" or \"west-east\", "
                                      "got {}",
                                      describe(*deployment)));
    }
  }

  // The legend: one character -> a list of terrain words.
  std::map<char, grid::Space> legend;
  const toml::table& legend_table = f.table("legend", "a [legend] table");
  for (auto&& [key, node] : legend_table) {
    const std::string symbol(key.str());
    const toml::source_region& at = key.source().begin.line ? key.source() : node.source();
    if (symbol.size() != 1 || static_cast<unsigned char>(symbol[0]) < 33 ||
        static_cast<unsigned char>(symbol[0]) > 126)
      throw InputError(toml_where(path, at),
                       fmt::format("map '{}': legend key \"{}\" must be a single visible "
                                   "character such as \".\" or \"#\"",
                                   map.id, symbol));
    const auto* words = node.as_array();
    if (!words)
      throw InputError(toml_where(path, node.source()),
                       fmt::format("map '{}': legend \"{}\" must be a list of terrain words such "
                                   "as [\"difficult\", \"obscuring\"], got {}",
                                   map.id, symbol, describe(node)));
    grid::Space space;
    for (const toml::node& word : *words) {
      const auto* text = word.as_string();
      if (!text || !apply_terrain_word(text->get(), space))
        throw InputError(
            toml_where(path, word.source()),
            fmt::format("map '{}': legend \"{}\": unknown terrain {}: expected wall, difficult, "
                        "obscuring, blocks_sight, light_cover, heavy_cover or dangerous:N "
                        "(N from 1 to 9)",
                        map.id, symbol, describe(word)));
    }
    legend[symbol[0]] = space;
  }

  const auto terrain = map_rows(f, "terrain", "legend characters");
  std::vector<std::pair<std::string, const toml::node*>> heights;
  if (f.has("heights")) heights = map_rows(f, "heights", "digits 0-9");

  map.board = grid::Board(kMapWidth, kMapHeight, board_geometry());
  for (int y = 0; y < kMapHeight; ++y) {
    for (int x = 0; x < kMapWidth; ++x) {
      const grid::Cell cell{static_cast<std::int8_t>(x), static_cast<std::int8_t>(y)};
      const char symbol = terrain[y].first[x];
      const auto it = legend.find(symbol);
      if (it == legend.end())
        f.fail(*terrain[y].second,
               fmt::format("'terrain' row {}, column {} ({}): the character '{}' is not in the "
                           "[legend]",
                           y + 1, x + 1, grid::cell_name(cell), symbol));
      grid::Space& space = map.board.at(cell);
      space = it->second;
      if (!heights.empty()) {
        const char digit = heights[y].first[x];
        if (digit < '0' || digit > '9')
          f.fail(*heights[y].second,
                 fmt::format("'heights' row {}, column {} ({}): '{}' is not a digit 0-9 (the "
                             "Higher Ground value)",
                             y + 1, x + 1, grid::cell_name(cell), digit));
        space.height = static_cast<std::uint8_t>(digit - '0');
      }
    }
  }
  return map;
}

// ---- warbands/*.toml ----

WarbandDef load_warband_table(const std::string& path, const toml::table& root,
                              const std::vector<UnitProfile>& units,
                              const std::vector<SpellCard>& spells,
                              const std::vector<Weapon>& weapons) {
  std::vector<UnitProfile> custom_units;
  auto unit_known = [&](const std::string& id) {
    auto same = [&](const UnitProfile& u) { return u.id == id; };
    return std::any_of(units.begin(), units.end(), same) ||
           std::any_of(custom_units.begin(), custom_units.end(), same);
  };
  auto spell_known = [&](const std::string& id) {
    return std::any_of(spells.begin(), spells.end(),
                       [&](const SpellCard& s) { return s.id == id; });
  };

  Fields f(path, root, "warband");
  WarbandDef warband;
  warband.id = f.id();
  f.set_context(fmt::format("warband '{}'", warband.id));
  f.check_keys(
      "id, name, faction, points_limit, content_version, points, kon, custom, units, deck");
  warband.name = f.string("name");
  warband.faction = f.string_or("faction", "");
  warband.points_limit = f.integer_or("points_limit", warband.points_limit, 1, 1000000);
  warband.content_version = f.string_or("content_version", "", "a content version");
  warband.saved_points = f.integer_or("points", -1, 0, 100000000);

  // Custom profiles first: the Kon and the units may refer to them.
  for (const toml::table* table : tables_of(f, "custom", "[[custom]]")) {
    Fields entry(path, *table, fmt::format("warband '{}': [[custom]]", warband.id));
    UnitProfile unit =
        load_unit(entry, false, warband.faction.empty() ? "Custom" : warband.faction, weapons);
    if (unit_known(unit.id))
      entry.fail(*entry.find("id"),
                 fmt::format("id '{}' is taken by another unit profile: choose another", unit.id));
    custom_units.push_back(std::move(unit));
  }
  warband.custom_units = custom_units;

  if (f.has("kon")) {
    const toml::table& kon_table = f.table("kon", "a [kon] table with unit, spell and power_level");
    Fields kon(path, kon_table, fmt::format("warband '{}': [kon]", warband.id));
    kon.check_keys("unit, spell, power_level");
    const toml::node& unit = kon.require("unit", "a unit id");
    warband.kon_profile = kon.as_string(unit, "unit", "a unit id");
    if (!unit_known(warband.kon_profile))
      kon.fail(unit,
               fmt::format("unknown unit '{}': no unit profile has this id", warband.kon_profile));
    const toml::node& spell = kon.require("spell", "a spell id");
    warband.kon_spell = kon.as_string(spell, "spell", "a spell id");
    if (!spell_known(warband.kon_spell))
      kon.fail(spell,
               fmt::format("unknown spell '{}': no spell card has this id", warband.kon_spell));
    // The rules range (1..max_power_level, X >= 0) is checked by validate_warband, in words a
    // player can act on; here only a sane number.
    const toml::node& level = kon.require("power_level", "the Kon Spell's Power Level");
    const auto* level_value = level.as_integer();
    if (!level_value || level_value->get() < -1000 || level_value->get() > 1000)
      kon.fail(level, fmt::format("'power_level' must be a whole number (the Kon Spell's Power "
                                  "Level, usually 1 to 10), got {}",
                                  describe(level)));
    warband.kon_power_level = static_cast<int>(level_value->get());
  }

  std::map<std::string, int> listed;  // unit id -> line
  for (const toml::table* table : tables_of(f, "units", "[[units]]")) {
    Fields entry(path, *table, fmt::format("warband '{}': [[units]]", warband.id));
    entry.check_keys("unit, count, points");
    const toml::node& unit = entry.require("unit", "a unit id");
    WarbandUnit item;
    item.profile = entry.as_string(unit, "unit", "a unit id");
    if (!unit_known(item.profile))
      entry.fail(unit, fmt::format("unknown unit '{}': no unit profile has this id", item.profile));
    const int line = static_cast<int>(unit.source().begin.line);
    if (auto [it, fresh] = listed.emplace(item.profile, line); !fresh)
      entry.fail(unit, fmt::format("'{}' is already listed at line {}: give one entry with a "
                                   "larger count",
                                   item.profile, it->second));
    item.count = entry.integer("count", 1, 100);
    item.saved_points = entry.integer_or("points", -1, 0, 100000);
    warband.units.push_back(item);
  }

  if (f.has("deck")) {
    const toml::table& deck = f.table("deck", "a [deck] table of spell id = copies");
    for (auto&& [key, node] : deck) {
      const std::string id(key.str());
      const toml::source_region& at = key.source().begin.line ? key.source() : node.source();
      if (!spell_known(id))
        throw InputError(toml_where(path, at),
                         fmt::format("warband '{}': [deck]: unknown spell '{}': no spell card has "
                                     "this id",
                                     warband.id, id));
      const auto* copies = node.as_integer();
      if (!copies || copies->get() < 1 || copies->get() > 500)
        throw InputError(toml_where(path, node.source()),
                         fmt::format("warband '{}': [deck]: '{}' must be a number of copies "
                                     "from 1 to 500, got {}",
                                     warband.id, id, describe(node)));
      warband.deck.emplace_back(id, static_cast<int>(copies->get()));
    }
  }
  return warband;
}

WarbandDef load_warband(const std::string& path, const Content& content) {
  const toml::table root = parse_toml_file(path);
  return load_warband_table(path, root, content.units, content.spells, content.weapons);
}

// The .toml files of a folder, sorted by name so that load order never depends on the disk.
std::vector<std::string> toml_files(const std::string& dir) {
  std::vector<std::string> out;
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) return out;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    if (it->path().extension() == ".toml" && it->is_regular_file(ec))
      out.push_back(it->path().string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

// A warband's own profiles are priced by the formula (0 points without one).
void price_custom_units(WarbandDef& warband, const PointsFormula& formula) {
  for (UnitProfile& unit : warband.custom_units)
    unit.points = price_unit(unit, formula).points;
}

// Prices every unit by points.toml when the folder has one; otherwise each unit gives `points`.
void price_units(const fs::path& root, Content& content) {
  const std::string points_path = (root / "points.toml").string();
  const std::string units_path = (root / "units.toml").string();
  std::error_code ec;
  if (fs::exists(points_path, ec))
    content.points = load_points(points_path, content.units, content.weapons);
  for (UnitProfile& unit : content.units) {
    if (content.points.present && unit.points >= 0)
      throw InputError(units_path,
                       fmt::format("unit '{}': 'points' is set here, but points.toml prices every "
                                   "unit: remove it, or give the unit an override in points.toml",
                                   unit.id));
    if (!content.points.present && unit.points < 0)
      throw InputError(units_path, fmt::format("unit '{}': 'points' is missing: give its points, "
                                               "or price the units in points.toml",
                                               unit.id));
    if (content.points.present) unit.points = price_unit(unit, content.points).points;
  }
}

}  // namespace

Content load_content(const std::string& dir) {
  std::error_code ec;
  if (!fs::is_directory(dir, ec))
    throw InputError(dir,
                     "content folder not found: expected a folder holding parameters.toml, "
                     "units.toml, spells.toml, maps/ and warbands/");
  Content content;
  content.dir = dir;
  const fs::path root(dir);
  content.parameters = load_parameters((root / "parameters.toml").string());
  // Weapons first: units refer to them.
  const fs::path weapons_path = root / "weapons.toml";
  if (fs::exists(weapons_path, ec)) content.weapons = load_weapons(weapons_path.string());
  content.units = load_units((root / "units.toml").string(), content.weapons);
  content.spells = load_spells((root / "spells.toml").string());
  price_units(root, content);

  for (const std::string& path : toml_files((root / "maps").string())) {
    MapDef map = load_map(path);
    if (const MapDef* other = content.find_map(map.id))
      throw InputError(
          path, fmt::format("duplicate map id '{}': map '{}' already has it", map.id, other->name));
    content.maps.push_back(std::move(map));
  }
  for (const std::string& path : toml_files((root / "warbands").string())) {
    WarbandDef warband = load_warband(path, content);
    price_custom_units(warband, content.points);
    if (const WarbandDef* other = content.find_warband(warband.id))
      throw InputError(path, fmt::format("duplicate warband id '{}': warband '{}' already has it",
                                         warband.id, other->name));
    content.warbands.push_back(std::move(warband));
  }
  return content;
}

WarbandDef parse_warband_text(const std::string& text, const std::string& source,
                              const Content& content) {
  const toml::table root = parse_toml_text(text, source);
  WarbandDef warband =
      load_warband_table(source, root, content.units, content.spells, content.weapons);
  price_custom_units(warband, content.points);
  return warband;
}

WarbandDef load_warband_file(const std::string& path, const Content& content) {
  WarbandDef warband = load_warband(path, content);
  price_custom_units(warband, content.points);
  return warband;
}

}  // namespace warband::atomspast
