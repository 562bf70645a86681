#include "rulesets/spellweavers/spell_file.h"

#include <fmt/format.h>

#include <filesystem>
#include <string_view>

#include "core/error.h"

namespace warband::spellweavers {
namespace {

constexpr std::string_view kSpellFields[] = {"name",  "effects", "area",    "shape",
                                             "range", "element", "specials"};

std::string toml_string(const toml::node& node, const std::string& path, std::string_view key) {
  const auto value = node.value<std::string>();
  if (!node.is_string() || !value)
    throw InputError(toml_where(path, node.source()), fmt::format("'{}' must be a string", key));
  return *value;
}

std::vector<std::pair<std::string, std::string>> toml_strings(const toml::node& node,
                                                              const std::string& path,
                                                              std::string_view key) {
  const toml::array* array = node.as_array();
  if (!array)
    throw InputError(toml_where(path, node.source()),
                     fmt::format("'{}' must be a list of strings, e.g. [\"damage:3\"]", key));
  std::vector<std::pair<std::string, std::string>> items;  // value, where
  for (const toml::node& item : *array)
    items.emplace_back(toml_string(item, path, key), toml_where(path, item.source()));
  return items;
}

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
  Spell spell;
  for (const auto& [key, node] : table) {
    const std::string where = toml_where(path, node.source());
    const std::string_view name = key.str();
    if (name == "name") {
      spell.name = toml_string(node, path, name);
    } else if (name == "effects") {
      for (const auto& [text, item_where] : toml_strings(node, path, name))
        spell.effects.push_back(parse_effect(text, item_where));
    } else if (name == "area") {
      spell.area = parse_area(toml_string(node, path, name), where);
    } else if (name == "shape") {
      spell.shape = parse_shape(toml_string(node, path, name), where);
    } else if (name == "range") {
      spell.range = parse_range(toml_string(node, path, name), where);
    } else if (name == "element") {
      spell.element = toml_string(node, path, name);
    } else if (name == "specials") {
      for (const auto& [text, item_where] : toml_strings(node, path, name))
        add_special(spell, text, item_where);
    } else {
      throw InputError(where, fmt::format("unknown spell field '{}'; known: {}", name,
                                          fmt::join(kSpellFields, ", ")));
    }
  }
  if (!table.contains("effects"))
    throw InputError(toml_where(path, table.source()),
                     "a spell needs 'effects', e.g. effects = [\"damage:3\"]");
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
