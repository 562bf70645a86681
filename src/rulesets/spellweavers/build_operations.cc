#include "rulesets/spellweavers/build_operations.h"

#include <fmt/format.h>

#include <filesystem>
#include <sstream>

#include "core/build_args.h"
#include "core/document_kind_operations.h"
#include "core/error.h"
#include "core/input_limits.h"
#include "core/json_input.h"
#include "rulesets/spellweavers/parameters.h"
#include "rulesets/spellweavers/spell_file.h"
#include "rulesets/spellweavers/wizard.h"
#include "rulesets/spellweavers/wizard_file.h"

namespace warband::spellweavers {
namespace {

using build_args::flag;
using build_args::given;
using build_args::lines_of;
using build_args::required;

// --parameters, else the content root's spellweavers/parameters.toml when it has one, else the
// built-in one. Parameters are the program's data, not the user's document: read here.
Parameters parameters_of(const BuildInput& input) {
  if (const std::string* path = given(input.args, "parameters")) return load_parameters(*path);
  if (!input.content_root.empty()) {
    const std::string path = input.content_root + "/spellweavers/parameters.toml";
    std::error_code error;
    if (std::filesystem::exists(path, error)) return root_parameters(input.content_root);
  }
  return root_parameters("");  // read again when the file changes
}

// A function, not a global: the registrar calls build_operations() during static initialisation.
BuildOption parameters_option() {
  return {"parameters", "a parameters file (default: content/spellweavers/parameters.toml)",
          BuildTakes::kContent};
}

// The wizard document of --file; InputError("--file", ...) when none was given.
const BuildDocument& wizard_document(const BuildInput& input) {
  return document_of(input, "ember.wizard.toml");
}

Wizard wizard_of(const BuildDocument& document) {
  return parse_wizard_toml(text_of(document), document.name);
}

const char* const kSpellOptionNames[] = {"effect",  "area",    "shape", "range",
                                         "element", "special", "name"};

std::vector<BuildOption> spell_options() {
  return {
      {"effect",
       "an effect, repeatable: damage:X, healing:X, shift:X, status:poison|slow|stun|regenerate|"
       "protection|dispel, terrain:burning|rough|dark|fortified|wall, "
       "conjure:grizzly-bear|annoying-imps",
       BuildTakes::kValue, true},
      {"area", "single (default), small, medium, large, nuke, line, tetramino (Tetra Master)"},
      {"shape", "the area's squares from an origin, e.g. \"0,0;1,0;0,1;1,1\" (Single: 0,0)"},
      {"range", "close, medium (default), far, snipe"},
      {"element", "the element (default: pure magical energy)"},
      {"special", "snapcast or adaptable, repeatable", BuildTakes::kValue, true},
      {"name", "the spell's name"},
      {"spell-file", "read the spell from a TOML spell file instead of the options above",
       BuildTakes::kText},
  };
}

std::optional<TalentChoice> talent_of(const BuildArgs& args) {
  const std::string* key = given(args, "talent");
  if (!key) {
    if (given(args, "talent-element"))
      throw InputError("--talent-element", "goes with --talent element-incarnate");
    return std::nullopt;
  }
  TalentChoice talent;
  talent.talent = parse_talent(*key, "--talent");
  if (const std::string* element = given(args, "talent-element")) talent.element = *element;
  if (talent.talent == Talent::kElementIncarnate && talent.element.empty())
    throw InputError("--talent-element", "Element Incarnate needs its element, e.g. fire");
  return talent;
}

nlohmann::json cost_json(const CastCost& cost) {
  nlohmann::json json{{"actions", cost.actions},
                      {"allowed", cost.allowed},
                      {"before_talent", cost.before_talent},
                      {"talent_change", cost.talent_change},
                      {"mp_cost", cost.mp_cost}};
  if (!cost.why_not.empty()) json["why_not"] = cost.why_not;
  if (!cost.talent_reason.empty()) json["talent_reason"] = cost.talent_reason;
  return json;
}

std::string tenths_text(int tenths) {
  return thousandths_text(100LL * tenths);
}

BuildOutput spell_power_operation(const BuildInput& input) {
  const BuildArgs& args = input.args;
  const Parameters parameters = parameters_of(input);
  const Spell spell = spell_from_input(input);
  const std::optional<TalentChoice> talent = talent_of(args);
  const TalentChoice* talent_pointer = talent ? &*talent : nullptr;
  int chosen = 1;
  const bool actions_given = given(args, "actions") != nullptr;
  if (const std::string* actions = given(args, "actions")) {
    if (*actions != "0" && *actions != "1" && *actions != "2")
      throw InputError("--actions", fmt::format("must be 0, 1 or 2, got '{}'", *actions));
    chosen = std::stoi(*actions);
  }
  const PowerBreakdown breakdown = spell_power(spell);

  BuildOutput result;
  nlohmann::json& json = result.json;
  json["spell"] = spell_to_json(spell);
  if (talent) {
    json["talent"] = talent_key(talent->talent);
    if (!talent->element.empty()) json["talent_element"] = talent->element;
  }
  std::string text = fmt::format("{}\n", spell.name.empty() ? "Spell" : "Spell: " + spell.name);
  nlohmann::json effects = nlohmann::json::array();
  for (size_t i = 0; i < spell.effects.size(); ++i) {
    effects.push_back({{"effect", effect_key(spell.effects[i])},
                       {"name", effect_name(spell.effects[i])},
                       {"power", breakdown.effect_powers[i]}});
    text +=
        fmt::format("  {:<28} {:>8}\n", effect_name(spell.effects[i]), breakdown.effect_powers[i]);
  }
  text += fmt::format("  {:<28} {:>8}\n", "effect power", breakdown.effect_total);
  text += fmt::format("  {:<28} {:>8}\n", "x AreaMod (" + area_name(spell.area) + ")",
                      fmt::format("x{}", tenths_text(breakdown.area_tenths)));
  text += fmt::format("  {:<28} {:>8}\n", "x RangeMod (" + range_name(spell.range) + ")",
                      fmt::format("x{}", tenths_text(breakdown.range_tenths)));
  nlohmann::json specials = nlohmann::json::array();
  if (spell.adaptable) {
    text += fmt::format("  {:<28} {:>8}\n", "x Adaptable", "x1.3");
    specials.push_back({{"special", "adaptable"}, {"times", 1.3}});
  }
  if (spell.snapcast) {
    text += fmt::format("  {:<28} {:>8}\n", "+ Snapcast", "+3");
    specials.push_back({{"special", "snapcast"}, {"plus", kSnapcastPlus}});
  }
  text += fmt::format("  {:<28} {:>8}\n", "exact", thousandths_text(breakdown.exact_thousandths));
  text += fmt::format("Power {} (rounded half up once, at the end)\n", breakdown.power);
  json["breakdown"] = {
      {"effects", effects},
      {"effect_total", breakdown.effect_total},
      {"area", {{"class", area_key(spell.area)}, {"mod", breakdown.area_tenths / 10.0}}},
      {"range",
       {{"class", range_key(spell.range)},
        {"mod", breakdown.range_tenths / 10.0},
        {"squares", range_squares(spell.range) < 0 ? nlohmann::json("infinity")
                                                   : nlohmann::json(range_squares(spell.range))}}},
      {"specials", specials},
      {"exact", thousandths_text(breakdown.exact_thousandths)},
  };
  json["power"] = breakdown.power;

  text += "MP cost";
  if (talent) text += " (talent " + talent_name(talent->talent) + ")";
  text += ":\n";
  json["costs"] = nlohmann::json::array();
  for (int actions : {0, 1, 2}) {
    const CastCost cost = cast_cost(spell, talent_pointer, actions, parameters);
    json["costs"].push_back(cost_json(cost));
    if (actions == 0 && !spell.snapcast) continue;  // only Snapcast spells go without an action
    const std::string label = fmt::format("  {} action{}", actions, actions == 1 ? "" : "s");
    if (!cost.allowed) {
      text += fmt::format("{}: not allowed: {}\n", label, cost.why_not);
      continue;
    }
    text += fmt::format("{}: {} - {} x {} = {}", label, breakdown.power, actions,
                        parameters.mp_per_action, cost.before_talent);
    if (cost.talent_change != 0)
      text += fmt::format(", {} {:+}", cost.talent_reason, cost.talent_change);
    if (cost.mp_cost != cost.before_talent + cost.talent_change)
      text += fmt::format(", at least {}", parameters.minimum_mp_cost);
    text += fmt::format(" -> {} MP{}\n", cost.mp_cost,
                        actions_given && actions == chosen ? "  <- --actions" : "");
  }
  const CastCost chosen_cost = cast_cost(spell, talent_pointer, chosen, parameters);
  json["actions"] = chosen;
  json["mp_cost"] = chosen_cost.allowed ? nlohmann::json(chosen_cost.mp_cost) : nullptr;
  const std::vector<std::string> problems = spell_problems(spell, talent_pointer);
  json["problems"] = problems;
  if (actions_given && !chosen_cost.allowed) {
    result.exit_code = 1;  // computed, but not castable as asked
    text += fmt::format("Cannot be cast with {} action{}: {}\n", chosen, chosen == 1 ? "" : "s",
                        chosen_cost.why_not);
  }
  if (!problems.empty()) {
    text += "Problems:\n";
    for (const std::string& problem : problems)
      text += "  - The spell: " + problem + "\n";
    result.exit_code = 1;
  }
  result.text = std::move(text);
  return result;
}

BuildOutput wizard_report(const Wizard& wizard, const Parameters& parameters, std::string heading,
                          const std::vector<std::string>& problems) {
  BuildOutput result;
  result.json = wizard_to_json(wizard, parameters);
  result.text = std::move(heading) + problems_text(problems, "wizard");
  result.exit_code = problems.empty() ? 0 : 1;
  return result;
}

BuildOutput wizard_summary(const Wizard& wizard, const Parameters& parameters,
                           std::string heading) {
  return wizard_report(wizard, parameters, std::move(heading), wizard_problems(wizard, parameters));
}

BuildOutput wizard_new_operation(const BuildInput& input) {
  const BuildArgs& args = input.args;
  const Parameters parameters = parameters_of(input);
  const BuildDocument& document = wizard_document(input);
  const std::string& path = document.name;
  Wizard wizard;
  wizard.name = required(args, "name", "\"Ember the Red\"");
  wizard.talent.talent = parse_talent(required(args, "talent", "tetra-master"), "--talent");
  if (const std::string* element = given(args, "element")) wizard.talent.element = *element;
  refuse_overwrite(input, document);
  BuildOutput output = wizard_summary(
      wizard, parameters,
      fmt::format("Wrote {}: {}, {}.\n", path, wizard.name, talent_name(wizard.talent.talent)));
  output.save(0, wizard_to_toml(wizard));
  return output;
}

BuildOutput wizard_add_spell_operation(const BuildInput& input) {
  const BuildArgs& args = input.args;
  const Parameters parameters = parameters_of(input);
  const BuildDocument& document = wizard_document(input);
  const std::string& path = document.name;
  Wizard wizard = wizard_of(document);
  const Spell spell = spell_from_input(input);
  if (spell.name.empty())
    throw InputError("--name", "the spell needs a name, e.g. --name Fireball");
  check_castable(spell, wizard, parameters);  // refused, not written with a problem
  bool replaced = false;
  for (Spell& existing : wizard.spells)
    if (existing.name == spell.name) {
      if (!flag(args, "replace"))
        throw InputError("--name", fmt::format("{} already has a spell named '{}'; give --replace "
                                               "to replace it",
                                               wizard.name, spell.name));
      existing = spell;
      replaced = true;
    }
  if (!replaced) {
    // The file must read back: kMaxWizardSpells is as many as a wizard file may hold.
    if (wizard.spells.size() >= kMaxWizardSpells)
      throw InputError(path, fmt::format("has {} spells, as many as a wizard file may hold",
                                         wizard.spells.size()));
    wizard.spells.push_back(spell);
  }
  const CastCost one = cast_cost(spell, &wizard.talent, 1, parameters);
  const CastCost two = cast_cost(spell, &wizard.talent, 2, parameters);
  BuildOutput output = wizard_summary(
      wizard, parameters,
      fmt::format("{} '{}' in {}: power {}, MP {} with 1 action, {} with 2.\n",
                  replaced ? "Replaced" : "Added", spell.name, path, spell_power(spell).power,
                  one.allowed ? std::to_string(one.mp_cost) : "(not allowed)", two.mp_cost));
  output.save(0, wizard_to_toml(wizard));
  return output;
}

BuildOutput wizard_remove_spell_operation(const BuildInput& input) {
  const BuildArgs& args = input.args;
  const Parameters parameters = parameters_of(input);
  const BuildDocument& document = wizard_document(input);
  const std::string& path = document.name;
  const std::string& name = required(args, "name", "Fireball");
  Wizard wizard = wizard_of(document);
  const auto before = wizard.spells.size();
  std::erase_if(wizard.spells, [&](const Spell& spell) { return spell.name == name; });
  if (wizard.spells.size() == before) {
    std::vector<std::string> names;
    for (const Spell& spell : wizard.spells)
      names.push_back(spell.name);
    throw InputError("--name", fmt::format("{} has no spell named '{}'; its spells: {}",
                                           wizard.name, name, fmt::join(names, ", ")));
  }
  BuildOutput output =
      wizard_summary(wizard, parameters, fmt::format("Removed '{}' from {}.\n", name, path));
  output.save(0, wizard_to_toml(wizard));
  return output;
}

// The validate, export and import operations of wizards.
DocumentKindOperations<Wizard, Parameters> wizard_kind() {
  return {
      .kind = "wizard",
      .suffix = ".wizard.toml",
      .example = "ember",
      .content_options = {parameters_option()},
      .validate_summary = "list every problem with a wizard (exit 1 when there is one)",
      .rules = parameters_of,
      // A wizard file is read strictly: what breaks a rule is listed, not what cannot be read.
      .read_with_problems =
          [](const std::string& text, const std::string& name, const Parameters& parameters) {
            Wizard wizard = parse_wizard_toml(text, name);
            std::vector<std::string> problems = wizard_problems(wizard, parameters);
            return DocumentWithProblems<Wizard>{std::move(wizard), std::move(problems)};
          },
      .parse = [](const std::string& text, const std::string& name,
                  const Parameters&) { return parse_wizard_toml(text, name); },
      .from_json = [](const nlohmann::json& json, const std::string& where,
                      const Parameters&) { return wizard_from_json(json, where); },
      .to_json = wizard_to_json,
      .to_markdown = wizard_to_markdown,
      .to_toml = wizard_to_toml,
      .exports_toml = false,
      .problems = wizard_problems,
      .report = wizard_report,
      .validate_heading =
          [](const Wizard& wizard, const std::string& file) {
            return fmt::format("{} ({}): ", wizard.name, file);
          },
      .import_heading =
          [](const std::string& from, const std::string& file) {
            return fmt::format("Imported {} into {}: ", from, file);
          },
  };
}

}  // namespace

Spell spell_from_input(const BuildInput& input) {
  const BuildArgs& args = input.args;
  if (const auto file = input.texts.find("spell-file"); file != input.texts.end()) {
    for (const char* name : kSpellOptionNames)
      if (given(args, name) && std::string_view(name) != "name")
        throw InputError(fmt::format("--{}", name),
                         "give the spell by --spell-file or by its "
                         "options, not both");
    const std::string& source = file->second.name;
    Spell spell = spell_from_toml(parse_toml_text(file->second.text.value_or(""), source), source);
    if (const std::string* name = given(args, "name")) spell.name = *name;
    return spell;
  }
  Spell spell;
  if (const std::string* name = given(args, "name")) spell.name = *name;
  if (const std::string* effects = given(args, "effect")) {
    const std::vector<std::string> lines = lines_of(*effects);
    check_list_size(lines.size(), kMaxSpellEffects, "--effect", "effects");
    for (const std::string& effect : lines)
      spell.effects.push_back(parse_effect(effect, "--effect"));
  }
  if (spell.effects.empty())
    throw InputError("--effect", "a spell needs at least one effect, e.g. --effect damage:3");
  if (const std::string* area = given(args, "area")) spell.area = parse_area(*area, "--area");
  if (const std::string* shape = given(args, "shape")) spell.shape = parse_shape(*shape, "--shape");
  if (const std::string* range = given(args, "range")) spell.range = parse_range(*range, "--range");
  if (const std::string* element = given(args, "element")) spell.element = *element;
  if (const std::string* specials = given(args, "special")) {
    const std::vector<std::string> lines = lines_of(*specials);
    check_list_size(lines.size(), kMaxSpellSpecials, "--special", "specials");
    for (const std::string& special : lines)
      add_special(spell, special, "--special");
  }
  return spell;
}

std::vector<DocumentKind> document_kinds() {
  return {{"wizard", "Wizard", "A wizard: a name, a talent and a spell list", ".wizard.toml",
           "wizard-new", /*plays_as_side=*/true}};
}

std::vector<BuildOperation> build_operations() {
  const BuildOption file{"file", "the wizard file (*.wizard.toml)", BuildTakes::kDocument};
  std::vector<BuildOption> power_options = spell_options();
  power_options.push_back({"talent", "a wizard talent, for its MP discount: " +
                                         fmt::format("{}", fmt::join(all_talent_keys(), ", "))});
  power_options.push_back({"talent-element", "Element Incarnate's element"});
  power_options.push_back({"actions", "the actions to cast with: 0 (Snapcast), 1 (default), 2"});
  power_options.push_back(parameters_option());

  std::vector<BuildOption> add_options = spell_options();
  add_options.insert(add_options.begin(), file);
  add_options.push_back({"replace", "replace a spell of the same name", BuildTakes::kFlag});
  add_options.push_back(parameters_option());

  std::vector<BuildOperation> operations{
      {"spell-power", "a spell's power, its breakdown and its MP cost for 0, 1 and 2 actions",
       power_options, spell_power_operation},
      {"wizard-new",
       "write a new wizard file: a name and a talent",
       {file,
        {"name", "the wizard's name"},
        {"talent", fmt::format("one of: {}", fmt::join(all_talent_keys(), ", "))},
        {"element", "Element Incarnate's element (not pure magical energy)"},
        {"force", "replace an existing file", BuildTakes::kFlag},
        parameters_option()},
       wizard_new_operation,
       "wizard",
       true},
      {"wizard-add-spell", "add a spell to a wizard's list (by options or --spell-file)",
       add_options, wizard_add_spell_operation, "wizard"},
      {"wizard-remove-spell",
       "remove a spell from a wizard's list, by name",
       {file, {"name", "the spell's name"}, parameters_option()},
       wizard_remove_spell_operation,
       "wizard"},
  };
  add_kind_operations(operations, document_kind_operations(wizard_kind()));
  return operations;
}

}  // namespace warband::spellweavers
