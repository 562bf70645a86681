#include "rulesets/atomspast/builder/warband_file.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/error.h"
#include "core/json_input.h"
#include "core/registry.h"
#include "rulesets/atomspast/builder/unit_cards.h"
#include "rulesets/atomspast/loaded_content.h"

namespace warband::atomspast::builder {
namespace {

namespace fs = std::filesystem;

std::string base_text(const grid::Footprint& base) {
  return fmt::format("{}x{}", base.w, base.h);
}

std::string attack_toml(const AttackProfile& attack) {
  return fmt::format("{{ skill = {}, dice = {}, range = {} }}", attack.skill, attack.dice,
                     attack.range);
}

// Text for a TOML comment: one line, whatever the names hold.
std::string one_line(std::string text) {
  for (char& c : text)
    if (c == '\n' || c == '\r') c = ' ';
  return text;
}

std::string quoted_list(const std::vector<std::string>& words) {
  std::vector<std::string> quoted;
  for (const std::string& word : words)
    quoted.push_back(toml_quote(word));
  return fmt::format("[{}]", fmt::join(quoted, ", "));
}

// JSON values become the TOML values they stand for, so that JSON goes through the same loader
// (and the same checks) as a TOML file.
std::string toml_value(const nlohmann::json& value, const std::string& source,
                       const std::string& key) {
  switch (value.type()) {
    case nlohmann::json::value_t::string:
      return toml_quote(value.get<std::string>());
    case nlohmann::json::value_t::boolean:
      return value.get<bool>() ? "true" : "false";
    case nlohmann::json::value_t::number_integer:
    case nlohmann::json::value_t::number_unsigned:
      return value.dump();
    case nlohmann::json::value_t::number_float:
      return fmt::format("{}", value.get<double>());
    case nlohmann::json::value_t::array: {
      std::string out = "[";
      for (const auto& item : value) {
        if (item.is_object() || item.is_array())
          throw InputError(source, fmt::format("'{}': expected a list of words or numbers", key));
        out += (out.size() > 1 ? ", " : "") + toml_value(item, source, key);
      }
      return out + "]";
    }
    case nlohmann::json::value_t::object: {
      std::string out = "{ ";
      bool first = true;
      for (const auto& [name, item] : value.items()) {
        out += (first ? "" : ", ") + toml_quote(name) + " = " + toml_value(item, source, name);
        first = false;
      }
      return out + " }";
    }
    default:
      throw InputError(source, fmt::format("'{}': null or an unsupported value", key));
  }
}

}  // namespace

Content load_builder_content(const std::string& dir) {
  return *loaded_content(dir.empty() ? default_content_dir() + "/atomspast" : dir)->content();
}

Content content_with_custom_units(const WarbandDef& warband, const Content& content) {
  Content combined = content;
  for (const UnitProfile& unit : warband.custom_units)
    if (!combined.find_unit(unit.id)) combined.units.push_back(unit);
  return combined;
}

const UnitProfile* find_profile(const WarbandDef& warband, const Content& content,
                                const std::string& id) {
  for (const UnitProfile& unit : warband.custom_units)
    if (unit.id == id) return &unit;
  return content.find_unit(id);
}

std::string toml_quote(const std::string& text) {
  std::string out = "\"";
  for (unsigned char c : text) {
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\t':
        out += "\\t";
        break;
      case '\r':
        out += "\\r";
        break;
      default:
        if (c < 0x20 || c == 0x7f)
          out += fmt::format("\\u{:04X}", static_cast<unsigned>(c));
        else
          out += static_cast<char>(c);
    }
  }
  return out + "\"";
}

std::string id_from_name(const std::string& name) {
  std::string id;
  for (unsigned char c : name) {
    if (std::isalnum(c) && c < 0x80) {
      id += static_cast<char>(std::tolower(c));
    } else if (!id.empty() && id.back() != '_') {
      id += '_';
    }
  }
  while (!id.empty() && id.back() == '_')
    id.pop_back();
  return id.empty() ? "warband" : id;
}

std::string warband_toml(const WarbandDef& warband, const Content& content) {
  const Content priced = content_with_custom_units(warband, content);
  std::string out;
  out +=
      "# An AtomsPast warband, written by `warband build atomspast` "
      "(schema: docs/content/atomspast.md).\n";
  out += fmt::format("id = {}\n", toml_quote(warband.id));
  out += fmt::format("name = {}\n", toml_quote(warband.name));
  if (!warband.faction.empty()) out += fmt::format("faction = {}\n", toml_quote(warband.faction));
  out += fmt::format("points_limit = {}\n", warband.points_limit);
  out += "# The content this list was priced against, and its points then: `reprice` compares.\n";
  out += fmt::format("content_version = {}\n", toml_quote(content_version(content)));
  out += fmt::format("points = {}\n", warband_points(warband, priced));
  if (!warband.kon_profile.empty() || !warband.kon_spell.empty()) {
    out += "\n[kon]\n";
    out += fmt::format("unit = {}\n", toml_quote(warband.kon_profile));
    out += fmt::format("spell = {}\n", toml_quote(warband.kon_spell));
    out += fmt::format("power_level = {}\n", warband.kon_power_level);
  }
  for (const UnitProfile& unit : warband.custom_units) {
    out += "\n[[custom]]\n";
    out += fmt::format("id = {}\n", toml_quote(unit.id));
    out += fmt::format("name = {}\n", toml_quote(unit.name));
    out += fmt::format("faction = {}\n", toml_quote(unit.faction));
    out += fmt::format("move = {}\n", unit.move);
    if (!unit.weapons.empty()) {
      out += fmt::format("weapons = {}\n", quoted_list(unit.weapons));
    } else {
      out += fmt::format("melee = {}\n", attack_toml(unit.melee));
      if (unit.ranged.dice > 0 || unit.ranged.range > 0 || unit.ranged.skill > 0)
        out += fmt::format("ranged = {}\n", attack_toml(unit.ranged));
    }
    out += fmt::format("wounds = {}\n", unit.wounds);
    out += fmt::format("shield = {}\n", unit.shield);
    out += fmt::format("base = {}\n", toml_quote(base_text(unit.base)));
    out += fmt::format("keywords = {}\n", quoted_list(unit.keywords));
    if (!unit.text.empty()) out += fmt::format("text = {}\n", toml_quote(unit.text));
  }
  for (const WarbandUnit& entry : warband.units) {
    out += "\n[[units]]\n";
    const UnitProfile* unit = find_profile(warband, content, entry.profile);
    // What the unit attacks with, for a reader of the file; the loader ignores comments.
    if (unit && !unit->weapons.empty())
      out +=
          fmt::format("# {}: {}\n", one_line(unit->name), one_line(weapons_words(*unit, content)));
    out += fmt::format("unit = {}\n", toml_quote(entry.profile));
    out += fmt::format("count = {}\n", entry.count);
    if (unit) out += fmt::format("points = {}  # each\n", unit->points);
  }
  if (!warband.deck.empty()) {
    out += "\n[deck]\n";
    for (const auto& [spell, copies] : sorted_deck(warband))
      out += fmt::format("{} = {}\n", spell, copies);
  }
  return out;
}

nlohmann::json warband_document(const WarbandDef& warband, const Content& content) {
  const Content priced = content_with_custom_units(warband, content);
  nlohmann::json doc;
  doc["id"] = warband.id;
  doc["name"] = warband.name;
  if (!warband.faction.empty()) doc["faction"] = warband.faction;
  doc["points_limit"] = warband.points_limit;
  doc["content_version"] = content_version(content);
  doc["points"] = warband_points(warband, priced);
  if (!warband.kon_profile.empty() || !warband.kon_spell.empty())
    doc["kon"] = {{"unit", warband.kon_profile},
                  {"spell", warband.kon_spell},
                  {"power_level", warband.kon_power_level}};
  if (!warband.custom_units.empty()) {
    doc["custom"] = nlohmann::json::array();
    for (const UnitProfile& unit : warband.custom_units) {
      nlohmann::json custom = {{"id", unit.id},
                               {"name", unit.name},
                               {"faction", unit.faction},
                               {"move", unit.move},
                               {"wounds", unit.wounds},
                               {"shield", unit.shield},
                               {"base", base_text(unit.base)},
                               {"keywords", unit.keywords}};
      // Either its weapons or its inline attacks, as the TOML file has them.
      if (!unit.weapons.empty()) {
        custom["weapons"] = unit.weapons;
      } else {
        custom["melee"] = {
            {"skill", unit.melee.skill}, {"dice", unit.melee.dice}, {"range", unit.melee.range}};
        if (unit.ranged.dice > 0 || unit.ranged.range > 0 || unit.ranged.skill > 0)
          custom["ranged"] = {{"skill", unit.ranged.skill},
                              {"dice", unit.ranged.dice},
                              {"range", unit.ranged.range}};
      }
      if (!unit.text.empty()) custom["text"] = unit.text;
      doc["custom"].push_back(custom);
    }
  }
  doc["units"] = nlohmann::json::array();
  for (const WarbandUnit& entry : warband.units) {
    nlohmann::json unit = {{"unit", entry.profile}, {"count", entry.count}};
    if (const UnitProfile* profile = find_profile(warband, content, entry.profile))
      unit["points"] = profile->points;
    doc["units"].push_back(unit);
  }
  doc["deck"] = nlohmann::json::object();
  for (const auto& [spell, copies] : sorted_deck(warband))
    doc["deck"][spell] = copies;
  return doc;
}

WarbandDef parse_warband_toml(const std::string& text, const std::string& source,
                              const Content& content) {
  return parse_warband_text(text, source, content);
}

WarbandDef parse_warband_json(const std::string& text, const std::string& source,
                              const Content& content) {
  // parse_json names the field of a number beyond a double (1e999), which nlohmann only throws.
  nlohmann::json doc = parse_json(text, source, ": ");
  // An export wraps the warband with what was derived from it; a bare document works too.
  if (doc.is_object() && doc.contains("warband")) doc = doc["warband"];
  if (!doc.is_object()) throw InputError(source, "expected a JSON object: the warband");
  std::string toml;
  std::string tables;
  for (const auto& [key, value] : doc.items()) {
    if (key == "kon" || key == "deck") {
      if (!value.is_object()) throw InputError(source, fmt::format("'{}' must be an object", key));
      tables += fmt::format("\n[{}]\n", key);
      for (const auto& [name, item] : value.items())
        tables += toml_quote(name) + " = " + toml_value(item, source, name) + "\n";
    } else if (key == "units" || key == "custom") {
      if (!value.is_array())
        throw InputError(source, fmt::format("'{}' must be a list of objects", key));
      for (const auto& item : value) {
        if (!item.is_object())
          throw InputError(source, fmt::format("each entry of '{}' must be an object", key));
        tables += fmt::format("\n[[{}]]\n", key);
        for (const auto& [name, field] : item.items())
          tables += toml_quote(name) + " = " + toml_value(field, source, name) + "\n";
      }
    } else {
      toml += toml_quote(key) + " = " + toml_value(value, source, key) + "\n";
    }
  }
  try {
    return parse_warband_text(toml + tables, source, content);
  } catch (const InputError& error) {
    // The line would be one of the TOML made from the JSON, not of the JSON: name the file only.
    throw InputError(source, error.problem());
  }
}

int deck_cards(const WarbandDef& warband) {
  int cards = 0;
  for (const auto& [id, copies] : warband.deck)
    cards += copies;
  return cards;
}

std::vector<std::pair<std::string, int>> sorted_deck(const WarbandDef& warband) {
  std::vector<std::pair<std::string, int>> deck = warband.deck;
  std::sort(deck.begin(), deck.end());
  return deck;
}

}  // namespace warband::atomspast::builder
