#include "rulesets/spellweavers/spell_file.h"

#include <fmt/format.h>

#include <filesystem>
#include <string_view>

#include "core/error.h"
#include "core/input_limits.h"
#include "core/toml_fields.h"

namespace warband::spellweavers {
namespace {

constexpr std::string_view kEffectsWords = "a list of effects such as [\"damage:3\"]";
constexpr std::string_view kSpecialsWords = "a list of specials such as [\"snapcast\"]";

const std::vector<std::string_view> kSpellFields = {"name",  "effects", "area",    "shape",
                                                    "range", "element", "specials"};

std::string json_string(const nlohmann::json& json, const std::string& where) {
  if (!json.is_string()) throw InputError(where, "must be a string");
  return json.get<std::string>();
}

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
  if (!json.is_object()) throw InputError(where, "a spell must be an object");
  Spell spell;
  for (const auto& [key, value] : json.items()) {
    const std::string field = where + "." + key;
    if (key == "name") {
      spell.name = json_string(value, field);
    } else if (key == "effects" || key == "specials") {
      if (!value.is_array()) throw InputError(field, "must be a list of strings");
      check_list_size(value.size(), key == "effects" ? kMaxSpellEffects : kMaxSpellSpecials, field,
                      key);
      for (size_t i = 0; i < value.size(); ++i) {
        const std::string item_where = fmt::format("{}[{}]", field, i);
        const std::string text = json_string(value[i], item_where);
        if (key == "effects")
          spell.effects.push_back(parse_effect(text, item_where));
        else
          add_special(spell, text, item_where);
      }
    } else if (key == "area") {
      spell.area = parse_area(json_string(value, field), field);
    } else if (key == "shape") {
      const std::string text = json_string(value, field);
      if (!text.empty()) spell.shape = parse_shape(text, field);
    } else if (key == "range") {
      spell.range = parse_range(json_string(value, field), field);
    } else if (key == "element") {
      spell.element = json_string(value, field);
    } else if (key != "power" && key != "mp_cost") {  // computed, written for readers only
      throw InputError(
          field, fmt::format("unknown spell field; known: {}", fmt::join(kSpellFields, ", ")));
    }
  }
  return spell;
}

}  // namespace warband::spellweavers
