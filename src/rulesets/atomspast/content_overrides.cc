#include "rulesets/atomspast/content_overrides.h"

#include <fmt/format.h>

#include <charconv>
#include <cmath>
#include <map>
#include <vector>

#include "core/error.h"
#include "rulesets/atomspast/content_files/content_files.h"
#include "rulesets/atomspast/parameter_table.h"
#include "rulesets/atomspast/stat_ranges.h"

namespace warband::atomspast {
namespace {

// A whole-number field of a unit or a spell that --set may change, with the loader's range.
template <typename T>
struct IntField {
  const char* name;
  StatRange range;
  int& (*get)(T&);
};

const std::vector<IntField<UnitProfile>>& unit_fields() {
  using U = UnitProfile;
  static const std::vector<IntField<U>> fields = {
      {"points", kUnitPointsRange, [](U& u) -> int& { return u.points; }},
      {"move", kMoveRange, [](U& u) -> int& { return u.move; }},
      {"melee_skill", kAttackSkillRange, [](U& u) -> int& { return u.melee.skill; }},
      {"melee_dice", kAttackDiceRange, [](U& u) -> int& { return u.melee.dice; }},
      {"melee_range", kAttackReachRange, [](U& u) -> int& { return u.melee.range; }},
      {"ranged_skill", kAttackSkillRange, [](U& u) -> int& { return u.ranged.skill; }},
      {"ranged_dice", kAttackDiceRange, [](U& u) -> int& { return u.ranged.dice; }},
      {"ranged_range", kAttackReachRange, [](U& u) -> int& { return u.ranged.range; }},
      {"wounds", kWoundsRange, [](U& u) -> int& { return u.wounds; }},
      {"shield", kShieldRange, [](U& u) -> int& { return u.shield; }},
  };
  return fields;
}

const std::vector<IntField<SpellCard>>& spell_fields() {
  using S = SpellCard;
  static const std::vector<IntField<S>> fields = {
      {"acti", kSpellActiRange, [](S& s) -> int& { return s.acti; }},
      {"knowledge", kSpellKnowledgeRange, [](S& s) -> int& { return s.knowledge; }},
  };
  return fields;
}

template <typename T>
std::string field_names(const std::vector<IntField<T>>& fields) {
  std::vector<std::string> names;
  for (const auto& field : fields)
    names.emplace_back(field.name);
  return fmt::format("{}", fmt::join(names, ", "));
}

template <typename T>
const IntField<T>* find_field(const std::vector<IntField<T>>& fields, const std::string& name) {
  for (const auto& field : fields)
    if (name == field.name) return &field;
  return nullptr;
}

constexpr const char* kAllowed =
    "units.<unit id>.<stat>, spells.<spell id>.<field>, parameters.<name> or heuristics.<weight>";

struct Path {
  std::string kind;  // units, spells, parameters
  std::string id;    // the unit or spell id; empty for parameters
  std::string field;
};

Path split_path(const std::string& path) {
  Path parts;
  const auto first = path.find('.');
  if (first == std::string::npos)
    throw InputError("--set " + path, fmt::format("expected a path such as {}", kAllowed));
  parts.kind = path.substr(0, first);
  const std::string rest = path.substr(first + 1);
  if (parts.kind == "parameters" || parts.kind == "heuristics") {
    parts.field = rest;
    return parts;
  }
  if (parts.kind != "units" && parts.kind != "spells")
    throw InputError("--set " + path,
                     fmt::format("unknown kind '{}'; expected {}", parts.kind, kAllowed));
  const auto second = rest.find('.');
  if (second == std::string::npos)
    throw InputError("--set " + path, fmt::format("expected {}.<id>.<field>", parts.kind));
  parts.id = rest.substr(0, second);
  parts.field = rest.substr(second + 1);
  return parts;
}

int parse_int(const std::string& path, const std::string& text, int min, int max) {
  int value = 0;
  const char* end = text.data() + text.size();
  const auto [stop, error] = std::from_chars(text.data(), end, value);
  if (text.empty() || error != std::errc() || stop != end || value < min || value > max)
    throw InputError("--set " + path, fmt::format("expected a whole number from {} to {}, got '{}'",
                                                  min, max, text));
  return value;
}

std::vector<std::string> ids_of_units(const Content& content) {
  std::vector<std::string> ids;
  for (const auto& unit : content.units)
    ids.push_back(unit.id);
  return ids;
}

std::vector<std::string> ids_of_spells(const Content& content) {
  std::vector<std::string> ids;
  for (const auto& spell : content.spells)
    ids.push_back(spell.id);
  return ids;
}

const content_files::HeuristicField* find_heuristic(const std::string& name) {
  for (const auto& field : content_files::heuristic_fields())
    if (field.key == name) return &field;
  return nullptr;
}

std::string heuristic_names() {
  std::vector<std::string> names;
  for (const auto& field : content_files::heuristic_fields())
    names.emplace_back(field.key);
  return fmt::format("{}", fmt::join(names, ", "));
}

// A bot's weight (heuristics.toml), for tuning them from the command line.
void apply_heuristic(const std::string& path, const std::string& name, const nlohmann::json& value,
                     HeuristicWeights& weights) {
  const auto* field = find_heuristic(name);
  if (!field)
    throw InputError("--set " + path,
                     fmt::format("no heuristic weight '{}'; weights: {}", name, heuristic_names()));
  if (!value.is_number() || value.get<double>() < field->low || value.get<double>() > field->high)
    throw InputError("--set " + path, fmt::format("expected a number from {:g} to {:g}, got {}",
                                                  field->low, field->high, value.dump()));
  weights.*field->value = value.get<double>();
}

// Applies one recorded override to `content` (already checked by parse_content_override when
// it came from the user; a setup file's are checked again here).
void apply_one(const std::string& path, const nlohmann::json& value, Content& content) {
  const Path parts = split_path(path);
  if (parts.kind == "parameters") {
    try {
      apply_parameter_overrides(nlohmann::json{{parts.field, value}}, content.parameters);
    } catch (const InputError& error) {
      throw InputError("--set " + path, error.problem());  // the problem lists what is allowed
    }
    return;
  }
  if (parts.kind == "heuristics") {
    apply_heuristic(path, parts.field, value, content.heuristics);
    return;
  }
  if (!value.is_number_integer()) throw InputError("--set " + path, "expected a whole number");
  const long long number = value.get<long long>();
  const auto set = [&](int& slot, int min, int max) {
    if (number < min || number > max)
      throw InputError("--set " + path, fmt::format("expected a whole number from {} to {}, got {}",
                                                    min, max, number));
    slot = static_cast<int>(number);
  };
  if (parts.kind == "units") {
    UnitProfile* unit = nullptr;
    for (auto& candidate : content.units)
      if (candidate.id == parts.id) unit = &candidate;
    if (!unit)
      throw InputError("--set " + path, fmt::format("no unit '{}'; units: {}", parts.id,
                                                    fmt::join(ids_of_units(content), ", ")));
    const auto* field = find_field(unit_fields(), parts.field);
    if (!field)
      throw InputError("--set " + path, fmt::format("a unit has no '{}' to set; unit fields: {}",
                                                    parts.field, field_names(unit_fields())));
    set(field->get(*unit), field->range.min, field->range.max);
    return;
  }
  SpellCard* spell = nullptr;
  for (auto& candidate : content.spells)
    if (candidate.id == parts.id) spell = &candidate;
  if (!spell)
    throw InputError("--set " + path, fmt::format("no spell '{}'; spells: {}", parts.id,
                                                  fmt::join(ids_of_spells(content), ", ")));
  const auto* field = find_field(spell_fields(), parts.field);
  if (!field)
    throw InputError("--set " + path, fmt::format("a spell has no '{}' to set; spell fields: {}",
                                                  parts.field, field_names(spell_fields())));
  set(field->get(*spell), field->range.min, field->range.max);
}

}  // namespace

nlohmann::json parse_content_override(const std::string& path, const std::string& value,
                                      const Content& content) {
  const Path parts = split_path(path);
  nlohmann::json parsed;
  if (parts.kind == "parameters") {
    const ParameterField* field = find_parameter(parts.field);
    if (field && field->bool_field) {
      if (value != "true" && value != "false")
        throw InputError("--set " + path, "expected true or false, got '" + value + "'");
      parsed = value == "true";
    } else {
      parsed = parse_int(path, value, field ? field->min : -1000000, field ? field->max : 1000000);
    }
  } else if (parts.kind == "heuristics") {
    double number = 0;
    const char* end = value.data() + value.size();
    const auto [stop, error] = std::from_chars(value.data(), end, number);
    if (value.empty() || error != std::errc() || stop != end || !std::isfinite(number))
      throw InputError("--set " + path, fmt::format("expected a number, got '{}'", value));
    parsed = number;
  } else {
    // The field's own range, so that "abc" and "-50" name the same one; an unknown field is
    // apply_one's error, below.
    StatRange range{-1000000, 1000000};
    if (const auto* field = find_field(unit_fields(), parts.field); parts.kind == "units" && field)
      range = field->range;
    if (const auto* field = find_field(spell_fields(), parts.field);
        parts.kind == "spells" && field)
      range = field->range;
    parsed = parse_int(path, value, range.min, range.max);
  }
  Content trial = content;
  apply_one(path, parsed, trial);  // names the unknown path or the value out of range
  return parsed;
}

Content content_with_overrides(const Content& content, const nlohmann::json& overrides) {
  if (!overrides.is_object())
    throw InputError("setup.content_overrides", "expected an object of paths and values");
  Content changed = content;
  for (const auto& [path, value] : overrides.items())
    apply_one(path, value, changed);
  return changed;
}

}  // namespace warband::atomspast
