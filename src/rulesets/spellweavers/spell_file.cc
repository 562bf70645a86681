#include "rulesets/spellweavers/spell_file.h"

#include <fmt/format.h>

#include <filesystem>
#include <string_view>

#include "core/error.h"
#include "core/input_limits.h"
#include "core/json_fields.h"
#include "core/toml_fields.h"

namespace warband::spellweavers {
namespace {

constexpr std::string_view kEffectsWords = "a list of effects such as [\"damage:3\"]";
constexpr std::string_view kSpecialsWords = "a list of specials such as [\"snapcast\"]";

const std::vector<std::string_view> kSpellFields = {"name",  "effects", "area",    "shape",
                                                    "range", "element", "specials"};

}  // namespace

std::vector<std::string> special_keys(const Spell& spell) {
  std::vector<std::string> keys;
  if (spell.snapcast) keys.emplace_back("snapcast");
  if (spell.adaptable) keys.emplace_back("adaptable");
  return keys;
}

void add_special(Spell& spell, std::string_view key, const std::string& where) {
  if (key == "snapcast" || key == "Snapcast")
    spell.snapcast = true;
  else if (key == "adaptable" || key == "Adaptable")
    spell.adaptable = true;
  else
    throw InputError(where, fmt::format("unknown special '{}'; known: snapcast, adaptable", key));
}

Spell spell_from_toml(const toml::table& table, const std::string& path) {
  TomlFields f(path, table, "spell");
  Spell spell;
  // The name first, so that every later message names the spell.
  spell.name = f.string_or("name", "");
  if (!spell.name.empty()) f.set_context(fmt::format("spell '{}'", spell.name));
  f.check_keys(kSpellFields);
  const toml::array& effects = f.array("effects", kEffectsWords);
  check_list_size(effects.size(), kMaxSpellEffects, f.where(effects), "effects");
  for (const toml::node& item : effects)
    spell.effects.push_back(
        parse_effect(f.item_string(item, "effects", kEffectsWords), f.where(item)));
  // Each choice in the words the CLI takes; their parsers say what is allowed.
  if (const toml::node* area = f.find("area"))
    spell.area = parse_area(f.as_string(*area, "area"), f.where(*area));
  if (const toml::node* shape = f.find("shape"))
    spell.shape = parse_shape(f.as_string(*shape, "shape"), f.where(*shape));
  if (const toml::node* range = f.find("range"))
    spell.range = parse_range(f.as_string(*range, "range"), f.where(*range));
  spell.element = f.string_or("element", spell.element);
  if (const toml::array* specials = f.array_or_null("specials", kSpecialsWords)) {
    check_list_size(specials->size(), kMaxSpellSpecials, f.where(*specials), "specials");
    for (const toml::node& item : *specials)
      add_special(spell, f.item_string(item, "specials", kSpecialsWords), f.where(item));
  }
  return spell;
}

Spell load_spell_file(const std::string& path) {
  return spell_from_toml(parse_toml_file(path), path);
}

nlohmann::json spell_to_json(const Spell& spell) {
  nlohmann::json json;
  json["name"] = spell.name;
  json["effects"] = nlohmann::json::array();
  for (const Effect& effect : spell.effects)
    json["effects"].push_back(effect_key(effect));
  json["area"] = area_key(spell.area);
  json["shape"] = shape_text(spell.shape);
  json["range"] = range_key(spell.range);
  json["element"] = spell.element;
  json["specials"] = special_keys(spell);
  return json;
}

Spell spell_from_json(const nlohmann::json& json, const std::string& where) {
  const JsonFields f(json, where);
  // "power" and "mp_cost" are computed, written for readers only.
  f.check_keys(
      {"name", "effects", "area", "shape", "range", "element", "specials", "power", "mp_cost"});
  Spell spell;
  spell.name = f.optional_string("name").value_or("");
  if (const auto effects = f.optional_array("effects")) {
    check_list_size(effects->size(), kMaxSpellEffects, effects->where(), "effects");
    for (std::size_t i = 0; i < effects->size(); ++i)
      spell.effects.push_back(parse_effect(effects->string(i), effects->where_of(i)));
  }
  if (const auto specials = f.optional_array("specials")) {
    check_list_size(specials->size(), kMaxSpellSpecials, specials->where(), "specials");
    for (std::size_t i = 0; i < specials->size(); ++i)
      add_special(spell, specials->string(i), specials->where_of(i));
  }
  if (const auto area = f.optional_string("area"))
    spell.area = parse_area(*area, f.where_of("area"));
  if (const auto shape = f.optional_string("shape"); shape && !shape->empty())
    spell.shape = parse_shape(*shape, f.where_of("shape"));
  if (const auto range = f.optional_string("range"))
    spell.range = parse_range(*range, f.where_of("range"));
  spell.element = f.optional_string("element").value_or(spell.element);
  return spell;
}

}  // namespace warband::spellweavers
