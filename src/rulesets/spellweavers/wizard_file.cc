#include "rulesets/spellweavers/wizard_file.h"

#include <fmt/format.h>

#include <toml++/toml.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <sstream>

#include "core/document_problems.h"
#include "core/error.h"
#include "core/file_io.h"
#include "core/input_limits.h"
#include "core/json_fields.h"
#include "core/toml_fields.h"
#include "core/toml_input.h"
#include "rulesets/spellweavers/spell_file.h"

namespace warband::spellweavers {
namespace {

constexpr const char* kWizardFormat = "warband-spellweavers-wizard";
constexpr int kWizardFormatVersion = 1;

std::string cost_cell(const CastCost& cost) {
  return cost.allowed ? fmt::format("{}", cost.mp_cost) : "—";
}

// `refuse_repeated_names`: a second spell of a name fails at its line (a file a game or the odds
// read); without it the builder's validate lists it among the wizard's problems.
Wizard parse_wizard(std::string_view text, const std::string& path, bool refuse_repeated_names) {
  const toml::table root = parse_toml_text(text, path);
  const TomlFields f(path, root, "wizard");
  f.check_keys({"name", "description", "talent", "element", "spells"});
  Wizard wizard;
  wizard.name = f.string_or("name", "");
  wizard.description = f.string_or("description", "");
  const toml::node& talent =
      f.require("talent", fmt::format("a talent, one of: {}", fmt::join(all_talent_keys(), ", ")));
  wizard.talent.talent = parse_talent(
      f.as_string(talent, "talent", "a talent such as \"navy-seal\""), f.where(talent));
  wizard.talent.element = f.string_or("element", "");
  const std::vector<const toml::table*> spells = f.tables_of("spells", "[[spells]] tables");
  if (!spells.empty())
    check_list_size(spells.size(), kMaxWizardSpells, f.where(*f.find("spells")), "spells");
  std::map<std::string, const toml::node*> named;  // name -> its first spell's name
  for (const toml::table* spell : spells) {
    wizard.spells.push_back(spell_from_toml(*spell, path));
    const std::string& name = wizard.spells.back().name;
    const toml::node* name_node = spell->get("name");
    if (!refuse_repeated_names || name.empty() || name_node == nullptr) continue;
    const auto [first, added] = named.emplace(name, name_node);
    if (!added)
      f.fail(*name_node, fmt::format("a second spell named '{}' (the first is at line {}): name "
                                     "each spell once",
                                     name, first->second->source().begin.line));
  }
  return wizard;
}

}  // namespace

Wizard parse_wizard_toml(std::string_view text, const std::string& path) {
  return parse_wizard(text, path, false);
}

Wizard load_wizard_file(const std::string& path) {
  // Read to play: a repeated spell name is said at its line, as every content error is.
  return parse_wizard(read_text_file(path), path, true);
}

std::string wizard_to_toml(const Wizard& wizard) {
  // Written by hand for a stable, readable order (toml++ sorts keys); values are escaped by
  // toml++ itself.
  const auto quoted = [](const std::string& text) {
    std::ostringstream out;
    out << toml::value<std::string>(text);
    return out.str();
  };
  std::string out =
      "# A Spellweavers wizard (seed 002). `warband build spellweavers wizard-validate "
      "--file FILE` checks it.\n";
  out += fmt::format("name = {}\n", quoted(wizard.name));
  if (!wizard.description.empty())
    out += fmt::format("description = {}\n", quoted(wizard.description));
  out += fmt::format("talent = {}\n", quoted(talent_key(wizard.talent.talent)));
  if (!wizard.talent.element.empty())
    out += fmt::format("element = {}\n", quoted(wizard.talent.element));
  for (const Spell& spell : wizard.spells) {
    out += fmt::format("\n[[spells]]\nname = {}\n", quoted(spell.name));
    std::vector<std::string> effects;
    for (const Effect& effect : spell.effects)
      effects.push_back(quoted(effect_key(effect)));
    out += fmt::format("effects = [{}]\n", fmt::join(effects, ", "));
    out += fmt::format("area = {}\n", quoted(area_key(spell.area)));
    if (!spell.shape.empty()) out += fmt::format("shape = {}\n", quoted(shape_text(spell.shape)));
    out += fmt::format("range = {}\n", quoted(range_key(spell.range)));
    out += fmt::format("element = {}\n", quoted(spell.element));
    std::vector<std::string> specials;
    for (const std::string& key : special_keys(spell))
      specials.push_back(quoted(key));
    if (!specials.empty()) out += fmt::format("specials = [{}]\n", fmt::join(specials, ", "));
  }
  return out;
}

nlohmann::json wizard_to_json(const Wizard& wizard, const Parameters& parameters) {
  nlohmann::json json;
  json["format"] = kWizardFormat;
  json["version"] = kWizardFormatVersion;
  json["name"] = wizard.name;
  if (!wizard.description.empty()) json["description"] = wizard.description;
  json["talent"] = talent_key(wizard.talent.talent);
  if (!wizard.talent.element.empty()) json["element"] = wizard.talent.element;
  json["max_hp"] = parameters.wizard_max_hp;
  json["max_mp"] = parameters.wizard_max_mp;
  json["spells"] = nlohmann::json::array();
  for (const Spell& spell : wizard.spells) {
    nlohmann::json entry = spell_to_json(spell);
    entry["power"] = spell_power(spell).power;
    entry["mp_cost"] = nlohmann::json::object();
    for (int actions : {0, 1, 2}) {
      const CastCost cost = cast_cost(spell, &wizard.talent, actions, parameters);
      entry["mp_cost"][std::to_string(actions)] =
          cost.allowed ? nlohmann::json(cost.mp_cost) : nlohmann::json(nullptr);
    }
    json["spells"].push_back(std::move(entry));
  }
  json["problems"] = wizard_problems(wizard, parameters);
  return json;
}

Wizard wizard_from_json(const nlohmann::json& json, const std::string& where) {
  if (!json.is_object()) throw InputError(where, "a wizard must be a JSON object");
  const JsonFields fields(json, where);
  if (const nlohmann::json* format = fields.find("format"); format && *format != kWizardFormat)
    throw InputError(fields.where_of("format"), fmt::format("expected \"{}\"", kWizardFormat));
  if (const nlohmann::json* version = fields.find("version");
      version && *version != kWizardFormatVersion)
    throw InputError(fields.where_of("version"),
                     fmt::format("this build reads version {}", kWizardFormatVersion));
  Wizard wizard;
  wizard.name = fields.string("name");
  wizard.description = fields.optional_string("description").value_or("");
  wizard.talent.talent = parse_talent(fields.string("talent"), fields.where_of("talent"));
  wizard.talent.element = fields.optional_string("element").value_or("");
  if (const std::optional<JsonItems> spells = fields.optional_array("spells")) {
    check_list_size(spells->size(), kMaxWizardSpells, spells->where(), "spells");
    for (std::size_t i = 0; i < spells->size(); ++i)
      wizard.spells.push_back(spell_from_json((*spells)[i], spells->where_of(i)));
  }
  return wizard;
}

std::string wizard_to_markdown(const Wizard& wizard, const Parameters& parameters) {
  std::string out = fmt::format("# {}\n\n", wizard.name.empty() ? "(unnamed wizard)" : wizard.name);
  if (!wizard.description.empty()) out += fmt::format("*{}*\n\n", wizard.description);
  out += fmt::format("- **Talent**: {}{}\n", talent_name(wizard.talent.talent),
                     wizard.talent.element.empty() ? "" : " (" + wizard.talent.element + ")");
  out += fmt::format(
      "- **HP** {} · **MP** {} · **Move** 3 · Staff Strike: 2d6 to an adjacent "
      "combatant\n",
      parameters.wizard_max_hp, parameters.wizard_max_mp);
  out +=
      fmt::format("- **Spells**: {} of {}\n\n", wizard.spells.size(), parameters.wizard_max_spells);
  out += "| Spell | Effects | Area | Range | Element | Specials | Power | MP (0/1/2 actions) |\n";
  out += "|---|---|---|---|---|---|---|---|\n";
  for (const Spell& spell : wizard.spells) {
    std::vector<std::string> effects;
    for (const Effect& effect : spell.effects)
      effects.push_back(effect_name(effect));
    std::vector<std::string> specials;
    for (const std::string& key : special_keys(spell))
      specials.push_back(key == "snapcast" ? "Snapcast" : "Adaptable");
    const std::string area = spell.shape.empty() ? area_name(spell.area)
                                                 : fmt::format("{} `{}`", area_name(spell.area),
                                                               shape_text(spell.shape));
    const int range = range_squares(spell.range);
    out += fmt::format("| {} | {} | {} | {} ({}) | {} | {} | {} | {} / {} / {} |\n", spell.name,
                       fmt::join(effects, ", "), area, range_name(spell.range),
                       range < 0 ? "∞" : std::to_string(range), spell.element,
                       specials.empty() ? "—" : fmt::format("{}", fmt::join(specials, ", ")),
                       spell_power(spell).power,
                       cost_cell(cast_cost(spell, &wizard.talent, 0, parameters)),
                       cost_cell(cast_cost(spell, &wizard.talent, 1, parameters)),
                       cost_cell(cast_cost(spell, &wizard.talent, 2, parameters)));
  }
  out += problems_markdown(wizard_problems(wizard, parameters));
  return out;
}

std::string content_wizards_dir(const std::string& content_root) {
  return content_root + "/spellweavers/wizards";
}

std::vector<std::string> content_wizard_ids(const std::string& content_root) {
  std::vector<std::string> ids;
  std::error_code error;
  for (const auto& entry :
       std::filesystem::directory_iterator(content_wizards_dir(content_root), error)) {
    const std::string name = entry.path().filename().string();
    constexpr std::string_view kSuffix = ".wizard.toml";
    if (name.ends_with(kSuffix)) ids.push_back(name.substr(0, name.size() - kSuffix.size()));
  }
  std::sort(ids.begin(), ids.end());
  return ids;
}

}  // namespace warband::spellweavers
