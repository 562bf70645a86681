#include "rulesets/conflict/build_operations.h"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <sstream>

#include "core/build_args.h"
#include "core/document_kind_operations.h"
#include "core/error.h"
#include "core/file_io.h"
#include "core/input_limits.h"
#include "core/text.h"
#include "core/toml_fields.h"
#include "rulesets/conflict/character_cost.h"
#include "rulesets/conflict/character_file.h"
#include "rulesets/conflict/character_problems.h"
#include "rulesets/conflict/creation_rules.h"
#include "rulesets/conflict/warband_file.h"

namespace warband::conflict {
namespace {

using build_args::flag;
using build_args::given;
using build_args::lines_of;
using build_args::required;

namespace fs = std::filesystem;

// The content an operation reads: the rules and where the shipped characters are.
struct Content {
  CreationRules rules;
  std::string folder;  // the Conflict content folder
};

int whole_number(const std::string& text, const std::string& option) {
  const std::string where = "--" + option;
  if (text.empty() || text.size() > 6 ||
      !std::all_of(text.begin() + (text[0] == '-' ? 1 : 0), text.end(),
                   [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }) ||
      text == "-")
    throw InputError(where, fmt::format("must be a whole number, got '{}'", text.substr(0, 40)));
  return std::stoi(text);
}

std::size_t choice_of(const std::string& text, const std::vector<std::string_view>& choices,
                      const std::string& option) {
  for (std::size_t i = 0; i < choices.size(); ++i)
    if (choices[i] == text) return i;
  throw InputError("--" + option,
                   fmt::format("must be {}, got '{}'", choice_words(choices), text.substr(0, 40)));
}

// The content root's conflict folder when it has one, else the built-in one; --costs replaces
// its costs.toml. The rules are the program's data, not the user's document: read here.
Content content_of(const BuildInput& input) {
  std::string folder = content_conflict_folder();
  if (!input.content_root.empty()) {
    std::error_code error;
    if (fs::is_directory(input.content_root + "/conflict", error))
      folder = input.content_root + "/conflict";
  }
  const std::string* costs = given(input.args, "costs");
  if (!costs) return {*folder_creation_rules(folder), folder};  // read again when a file changes
  return {load_creation_rules(folder, costs ? *costs : ""), folder};
}

BuildOption costs_option() {
  return {"costs", "a costs file to price with (default: content/conflict/costs.toml)",
          BuildTakes::kContent};
}

std::string cost_text(const CharacterCost& cost) {
  std::string text;
  for (const CostTerm& term : cost.terms)
    text += fmt::format("  {:<28} {:>8}  {}\n", term.term, points_text(term.points), term.formula);
  text += fmt::format("  {:<28} {:>8}  rounded half up: {} points\n", "total",
                      points_text(cost.exact), cost.formula_points);
  if (!cost.override_id.empty())
    text += fmt::format("  {:<28} {:>8}  costs.toml [units] {}: in place of the formula's\n",
                        "override", cost.points, cost.override_id);
  return text;
}

// A character's report: its points, term by term, and every problem.
BuildOutput character_report(const Character& character, const Content& content,
                             std::string heading, const std::vector<std::string>& problems_found) {
  BuildOutput result;
  result.json = character_to_json(character, content.rules);
  result.json["problems"] = problems_found;
  const CharacterCost cost = character_cost(character, content.rules.costs);
  result.text = std::move(heading) +
                fmt::format("{}: {} points\n",
                            character.name.empty() ? "(unnamed)" : character.name, cost.points) +
                cost_text(cost) + problems_text(problems_found, "character");
  result.exit_code = problems_found.empty() ? 0 : 1;
  return result;
}

BuildOutput character_summary(const Character& character, const Content& content,
                              std::string heading) {
  return character_report(character, content, std::move(heading),
                          character_problems(character, content.rules));
}

// The character of --file, read strictly (a file that cannot be read is refused whole, with every
// reason).
Character character_of(const BuildInput& input) {
  const BuildDocument& document = document_of(input, "knight.character.toml");
  return parse_character_toml(text_of(document), document.name);
}

// The stat options: new takes them all, set takes those given.
std::vector<BuildOption> stat_options() {
  return {
      {"name", "the character's name"},
      {"description", "a line about it"},
      {"size", "its Size Category, 1 to 5 (creation.toml)"},
      {"suit", "spades, hearts, diamonds or clubs"},
      {"attack-skill", "Attack Skill (default 0)"},
      {"defense", "Defense (default 0)"},
      {"resist-physical", "Physical Resistance (default 0)"},
      {"resist-energy", "Energy Resistance (default 0)"},
      {"resist-psyche", "Psyche Resistance (default 0)"},
      {"wounds", "Wounds"},
      {"extra-strides", "Strides over the size's (default 0)"},
      {"ability", "an ability id of abilities.toml, repeatable (set: replaces the list)",
       BuildTakes::kValue, true},
  };
}

void apply_stats(const BuildArgs& args, Character& character) {
  if (const std::string* v = given(args, "name")) character.name = *v;
  if (const std::string* v = given(args, "description")) character.description = *v;
  if (const std::string* v = given(args, "size")) character.size = whole_number(*v, "size");
  if (const std::string* v = given(args, "suit"))
    character.suit = static_cast<Suit>(choice_of(*v, suit_keys(), "suit"));
  if (const std::string* v = given(args, "attack-skill"))
    character.attack_skill = whole_number(*v, "attack-skill");
  if (const std::string* v = given(args, "defense"))
    character.defense = whole_number(*v, "defense");
  const char* const resist[] = {"resist-physical", "resist-energy", "resist-psyche"};
  for (int t = 0; t < kAttackTypeCount; ++t)
    if (const std::string* v = given(args, resist[t]))
      character.resistance[t] = whole_number(*v, resist[t]);
  if (const std::string* v = given(args, "wounds")) character.wounds = whole_number(*v, "wounds");
  if (const std::string* v = given(args, "extra-strides"))
    character.extra_strides = whole_number(*v, "extra-strides");
  if (const std::string* v = given(args, "ability")) {
    const std::vector<std::string> abilities = lines_of(*v);
    check_list_size(abilities.size(), kMaxFileListItems, "--ability", "abilities");
    character.abilities.clear();
    for (const std::string& ability : abilities)
      if (!ability.empty()) character.abilities.push_back(ability);
  }
}

BuildOutput character_new_operation(const BuildInput& input) {
  const Content content = content_of(input);
  const BuildDocument& document = document_of(input, "knight.character.toml");
  Character character;
  character.name = required(input.args, "name", "\"Knight Captain\"");
  required(input.args, "size", "2");
  required(input.args, "suit", "spades");
  required(input.args, "wounds", "5");
  apply_stats(input.args, character);
  refuse_overwrite(input, document);
  BuildOutput output = character_summary(character, content,
                                         fmt::format("Wrote {}: add its attacks with "
                                                     "character-add-attack.\n",
                                                     document.name));
  output.save(0, character_to_toml(character));
  return output;
}

BuildOutput character_set_operation(const BuildInput& input) {
  const Content content = content_of(input);
  Character character = character_of(input);
  apply_stats(input.args, character);
  BuildOutput output = character_summary(character, content,
                                         fmt::format("Changed {}.\n", document_of(input, "").name));
  output.save(0, character_to_toml(character));
  return output;
}

BuildOutput character_add_attack_operation(const BuildInput& input) {
  const BuildArgs& args = input.args;
  const Content content = content_of(input);
  Character character = character_of(input);
  Attack attack;
  attack.name = required(args, "name", "Longsword");
  attack.type = static_cast<AttackType>(
      choice_of(required(args, "type", "physical"), attack_type_keys(), "type"));
  if (const std::string* v = given(args, "target"))
    attack.target = static_cast<TargetType>(choice_of(*v, target_type_keys(), "target"));
  if (const std::string* v = given(args, "range")) attack.range_inches = whole_number(*v, "range");
  attack.strength = whole_number(required(args, "strength", "3"), "strength");
  if (const std::string* v = given(args, "radius"))
    attack.radius_inches = whole_number(*v, "radius");
  if (const std::string* v = given(args, "jumps"))
    attack.ricochet_jumps = whole_number(*v, "jumps");
  if (const std::string* v = given(args, "effect")) {
    const std::vector<std::string> effects = lines_of(*v);
    check_list_size(effects.size(), kMaxFileListItems, "--effect", "effects");
    for (const std::string& effect : effects)
      attack.effects.push_back(parse_effect_text(effect, "--effect"));
  }
  bool replaced = false;
  for (Attack& existing : character.attacks)
    if (existing.name == attack.name) {
      if (!flag(args, "replace"))
        throw InputError("--name", fmt::format("{} already has an attack named '{}'; give "
                                               "--replace to replace it",
                                               character.name, attack.name));
      existing = attack;
      replaced = true;
    }
  if (!replaced) {
    if (character.attacks.size() >= kMaxFileListItems)
      throw InputError(
          document_of(input, "").name,
          fmt::format("has {} attacks, as many as a file may hold", character.attacks.size()));
    character.attacks.push_back(attack);
  }
  BuildOutput output =
      character_summary(character, content,
                        fmt::format("{} attack '{}' in {}.\n", replaced ? "Replaced" : "Added",
                                    attack.name, document_of(input, "").name));
  output.save(0, character_to_toml(character));
  return output;
}

BuildOutput character_remove_attack_operation(const BuildInput& input) {
  const Content content = content_of(input);
  Character character = character_of(input);
  const std::string& name = required(input.args, "name", "Longsword");
  const auto before = character.attacks.size();
  std::erase_if(character.attacks, [&](const Attack& attack) { return attack.name == name; });
  if (character.attacks.size() == before) {
    std::vector<std::string> names;
    for (const Attack& attack : character.attacks)
      names.push_back(attack.name);
    throw InputError(
        "--name", fmt::format("{} has no attack named '{}'; its attacks: {}", character.name, name,
                              names.empty() ? "none" : fmt::format("{}", fmt::join(names, ", "))));
  }
  BuildOutput output =
      character_summary(character, content,
                        fmt::format("Removed '{}' from {}.\n", name, document_of(input, "").name));
  output.save(0, character_to_toml(character));
  return output;
}

// --- warbands

Warband warband_of(const BuildInput& input, const Content& content) {
  const BuildDocument& document = document_of(input, "iron_pact.warband.toml");
  return parse_warband_toml(text_of(document), document.name, characters_folder_of(content.folder));
}

BuildOutput warband_report(const Warband& warband, const Content& content, std::string heading,
                           const std::vector<std::string>& problems) {
  BuildOutput result;
  result.json = warband_to_json(warband, content.rules);
  result.json["problems"] = problems;
  std::string text = std::move(heading);
  text += fmt::format("{}: {} of {} points, {} character{}\n",
                      warband.name.empty() ? "(unnamed)" : warband.name,
                      warband_points(warband, content.rules.costs), warband.points_limit,
                      warband.characters.size(), warband.characters.size() == 1 ? "" : "s");
  for (const WarbandEntry& entry : warband.characters)
    text += fmt::format("  {:<28} {:>5}  {}\n", entry.character.name,
                        character_points(entry.character, content.rules.costs),
                        entry.file.empty() ? "(inline)" : entry.file);
  result.text = text + problems_text(problems, "warband");
  result.exit_code = problems.empty() ? 0 : 1;
  return result;
}

BuildOutput warband_summary(const Warband& warband, const Content& content, std::string heading) {
  return warband_report(warband, content, std::move(heading),
                        warband_problems(warband, content.rules));
}

BuildOutput warband_new_operation(const BuildInput& input) {
  const Content content = content_of(input);
  const BuildDocument& document = document_of(input, "iron_pact.warband.toml");
  Warband warband;
  warband.name = required(input.args, "name", "\"The Iron Pact\"");
  warband.points_limit = whole_number(required(input.args, "points-limit", "300"), "points-limit");
  if (warband.points_limit < 1 || warband.points_limit > kMaxPointsLimit)
    throw InputError("--points-limit", fmt::format("must be from 1 to {}, got {}", kMaxPointsLimit,
                                                   warband.points_limit));
  if (const std::string* v = given(input.args, "description")) warband.description = *v;
  refuse_overwrite(input, document);
  BuildOutput output = warband_summary(
      warband, content, fmt::format("Wrote {}: add characters with warband-add.\n", document.name));
  output.save(0, warband_to_toml(warband));
  return output;
}

BuildOutput warband_add_operation(const BuildInput& input) {
  const Content content = content_of(input);
  Warband warband = warband_of(input, content);
  WarbandEntry entry;
  const std::string* shipped = given(input.args, "character");
  const auto own = input.texts.find("character-file");
  if ((shipped != nullptr) == (own != input.texts.end()))
    throw InputError("--character",
                     "give one of --character NAME (a shipped character) or "
                     "--character-file FILE (your own, added inline)");
  if (shipped) {
    entry.file = *shipped;
    if (entry.file.find(".character.toml") == std::string::npos) entry.file += ".character.toml";
    const std::string folder = characters_folder_of(content.folder);
    // A character's name as the odds and `characters` print it ("Knight Captain") names its file.
    if (!is_shipped_character(entry.file, folder)) {
      std::error_code listing;
      for (const auto& file : fs::directory_iterator(folder, listing)) {
        const std::string path = file.path().string();
        if (!is_shipped_character(file.path().filename().string(), folder)) continue;
        if (lower(parse_character_toml(read_text_file(path), path).name) == lower(*shipped)) {
          entry.file = file.path().filename().string();
          break;
        }
      }
    }
    if (!is_shipped_character(entry.file, folder)) {
      std::vector<std::string> names;
      std::error_code error;
      for (const auto& file : fs::directory_iterator(folder, error))
        names.push_back(file.path().stem().stem().string());
      std::sort(names.begin(), names.end());
      const std::vector<std::string_view> candidates(names.begin(), names.end());
      throw InputError(
          "--character",
          fmt::format("no shipped character '{}'; the shipped ones: {}{}", shipped->substr(0, 60),
                      fmt::join(names, ", "), did_you_mean(*shipped, candidates)));
    }
    const std::string path = folder + "/" + entry.file;
    entry.character = parse_character_toml(read_text_file(path), path);
  } else {
    entry.character = parse_character_toml(own->second.text.value_or(""), own->second.name);
  }
  if (warband.characters.size() >= kMaxFileListItems)
    throw InputError(
        document_of(input, "").name,
        fmt::format("has {} characters, as many as a file may hold", warband.characters.size()));
  const std::string name = entry.character.name;
  warband.characters.push_back(std::move(entry));
  BuildOutput output = warband_summary(
      warband, content, fmt::format("Added {} to {}.\n", name, document_of(input, "").name));
  output.save(0, warband_to_toml(warband));
  return output;
}

BuildOutput warband_remove_operation(const BuildInput& input) {
  const Content content = content_of(input);
  Warband warband = warband_of(input, content);
  const std::string& name = required(input.args, "name", "\"Knight Captain\"");
  const auto found = std::find_if(warband.characters.begin(), warband.characters.end(),
                                  [&](const WarbandEntry& e) { return e.character.name == name; });
  if (found == warband.characters.end()) {
    std::vector<std::string> names;
    for (const WarbandEntry& entry : warband.characters)
      names.push_back(entry.character.name);
    throw InputError(
        "--name",
        fmt::format("{} has no character named '{}'; its characters: {}", warband.name, name,
                    names.empty() ? "none" : fmt::format("{}", fmt::join(names, ", "))));
  }
  warband.characters.erase(found);  // one of that name
  BuildOutput output = warband_summary(
      warband, content, fmt::format("Removed {} from {}.\n", name, document_of(input, "").name));
  output.save(0, warband_to_toml(warband));
  return output;
}

// --- the tables

BuildOutput creation_rules_operation(const BuildInput& input) {
  const Content content = content_of(input);
  const CreationRules& rules = content.rules;
  BuildOutput result;
  std::string text = "Size Category table (creation.toml):\n";
  text += fmt::format("  {:<4} {:<11} {:>6} {:>7} {:>6} {:>9} {:>6} {:>6}\n", "size", "name",
                      "base\"", "strides", "reach\"", "influence", "wounds", "points");
  nlohmann::json sizes = nlohmann::json::array();
  for (const SizeCategory& size : rules.sizes) {
    const double points = rules.costs.size_points[size.size - 1];
    text += fmt::format("  {:<4} {:<11} {:>6} {:>7} {:>6} {:>9} {:>6} {:>6}\n", size.size,
                        size.name, points_text(size.base_hundredths / 100.0), size.strides,
                        points_text(size.attack_reach_hundredths / 100.0),
                        points_text(size.influence_hundredths / 100.0), size.max_wounds,
                        points_text(points));
    sizes.push_back({{"size", size.size},
                     {"name", size.name},
                     {"base_inches", size.base_hundredths / 100.0},
                     {"strides", size.strides},
                     {"attack_reach_inches", size.attack_reach_hundredths / 100.0},
                     {"influence_inches", size.influence_hundredths / 100.0},
                     {"max_wounds", size.max_wounds},
                     {"points", points}});
  }
  text += "Abilities (abilities.toml, priced in costs.toml):\n";
  nlohmann::json abilities = nlohmann::json::array();
  for (const Ability& ability : rules.abilities) {
    const double points = rules.costs.ability_points.at(ability.id);
    text += fmt::format("  {:<17} {:>4}  {} ({}): {}\n", ability.id, points_text(points),
                        ability.name, ability.changes, ability.text);
    abilities.push_back({{"id", ability.id},
                         {"name", ability.name},
                         {"changes", ability.changes},
                         {"text", ability.text},
                         {"points", points}});
  }
  const CreationLimits& l = rules.limits;
  text += fmt::format(
      "Limits: Attack Skill 0-{}, Defense 0-{}, each Resistance 0-{}, extra Strides 0-{}, "
      "1-{} attacks of Strength 1-6 and Range 0-{}\", {} effects each, {} abilities\n",
      l.attack_skill_max, l.defense_max, l.resistance_max, l.extra_strides_max, l.attacks_max,
      l.range_max_inches, l.effects_per_attack_max, l.abilities_max);
  text += fmt::format("Attack types: {}; targets: {}; effects: {}; triggers: {}; suits: {}\n",
                      fmt::join(attack_type_keys(), ", "), fmt::join(target_type_keys(), ", "),
                      fmt::join(effect_keys(), ", "), fmt::join(trigger_keys(), ", "),
                      fmt::join(suit_keys(), ", "));
  result.text = std::move(text);
  result.json = {{"sizes", sizes},
                 {"abilities", abilities},
                 {"limits",
                  {{"attack_skill_max", l.attack_skill_max},
                   {"defense_max", l.defense_max},
                   {"resistance_max", l.resistance_max},
                   {"extra_strides_max", l.extra_strides_max},
                   {"attacks_max", l.attacks_max},
                   {"effects_per_attack_max", l.effects_per_attack_max},
                   {"abilities_max", l.abilities_max},
                   {"range_max_inches", l.range_max_inches},
                   {"area_radius_max_inches", l.area_radius_max_inches},
                   {"ricochet_jumps_max", l.ricochet_jumps_max},
                   {"warband_characters_max", l.warband_characters_max}}},
                 {"attack_types", attack_type_keys()},
                 {"targets", target_type_keys()},
                 {"effects", effect_keys()},
                 {"triggers", trigger_keys()},
                 {"suits", suit_keys()}};
  return result;
}

BuildOutput characters_operation(const BuildInput& input) {
  const Content content = content_of(input);
  const std::string folder = characters_folder_of(content.folder);
  std::vector<fs::path> files;
  std::error_code error;
  for (const auto& entry : fs::directory_iterator(folder, error))
    if (entry.path().filename().string().ends_with(".character.toml"))
      files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  BuildOutput result;
  result.json = nlohmann::json::array();
  std::string text = fmt::format("The shipped characters ({}):\n", folder);
  for (const fs::path& path : files) {
    const Character character = parse_character_toml(read_text_file(path.string()), path.string());
    const std::string file = path.filename().string();
    const int points = character_points(character, content.rules.costs);
    const SizeCategory* size = content.rules.find_size(character.size);
    text += fmt::format("  {:<34} {:<20} size {} {:<10} {:>4} points\n", file, character.name,
                        character.size, size ? size->name : "?", points);
    result.json.push_back(
        {{"file", file}, {"name", character.name}, {"size", character.size}, {"points", points}});
  }
  result.text = std::move(text);
  return result;
}

// The validate, export and import operations of characters and warbands.
DocumentKindOperations<Character, Content> character_kind() {
  return {
      .kind = "character",
      .suffix = ".character.toml",
      .example = "knight",
      .content_options = {costs_option()},
      .validate_summary =
          "every problem with a character file at once, with its line, and its "
          "points (exit 1 when there is a problem)",
      .export_summary =
          "a character as Markdown (default, with its points term by term), JSON or TOML",
      .rules = content_of,
      .read_with_problems =
          [](const std::string& text, const std::string& name, const Content& content) {
            const CharacterRead read = read_character_toml(text, name);
            return DocumentWithProblems<Character>{read.character,
                                                   all_character_problems(read, content.rules)};
          },
      .parse = [](const std::string& text, const std::string& name,
                  const Content&) { return parse_character_toml(text, name); },
      .from_json = [](const nlohmann::json& json, const std::string& where,
                      const Content&) { return character_from_json(json, where); },
      .to_json = [](const Character& character,
                    const Content& content) { return character_to_json(character, content.rules); },
      .to_markdown =
          [](const Character& character, const Content& content) {
            return character_to_markdown(character, content.rules);
          },
      .to_toml = [](const Character& character) { return character_to_toml(character); },
      .problems =
          [](const Character& character, const Content& content) {
            return character_problems(character, content.rules);
          },
      .report = character_report,
  };
}

DocumentKindOperations<Warband, Content> warband_kind() {
  return {
      .kind = "warband",
      .suffix = ".warband.toml",
      .example = "iron_pact",
      .content_options = {costs_option()},
      .validate_summary =
          "every problem with a warband file at once, with its line, and its "
          "points (exit 1 when there is a problem)",
      .rules = content_of,
      .read_with_problems =
          [](const std::string& text, const std::string& name, const Content& content) {
            const WarbandRead read =
                read_warband_toml(text, name, characters_folder_of(content.folder));
            return DocumentWithProblems<Warband>{read.warband,
                                                 all_warband_problems(read, content.rules)};
          },
      .parse =
          [](const std::string& text, const std::string& name, const Content& content) {
            return parse_warband_toml(text, name, characters_folder_of(content.folder));
          },
      .from_json =
          [](const nlohmann::json& json, const std::string& where, const Content& content) {
            return warband_from_json(json, where, characters_folder_of(content.folder));
          },
      .to_json = [](const Warband& warband,
                    const Content& content) { return warband_to_json(warband, content.rules); },
      .to_markdown =
          [](const Warband& warband, const Content& content) {
            return warband_to_markdown(warband, content.rules);
          },
      .to_toml = [](const Warband& warband) { return warband_to_toml(warband); },
      .problems = [](const Warband& warband,
                     const Content& content) { return warband_problems(warband, content.rules); },
      .report = warband_report,
  };
}

}  // namespace

std::vector<DocumentKind> document_kinds() {
  return {
      {"character", "Character", "A Conflict character: size, stats, a suit, attacks and abilities",
       ".character.toml", "character-new"},
      {"warband", "Warband", "A Conflict warband: characters and a points limit", ".warband.toml",
       "warband-new", /*plays_as_side=*/true}};
}

std::vector<BuildOperation> build_operations() {
  const BuildOption character_file{"file", "the character file (*.character.toml)",
                                   BuildTakes::kDocument};
  const BuildOption warband_file{"file", "the warband file (*.warband.toml)",
                                 BuildTakes::kDocument};
  const BuildOption force{"force", "replace an existing file", BuildTakes::kFlag};

  std::vector<BuildOption> new_options{character_file};
  for (BuildOption& option : stat_options())
    new_options.push_back(std::move(option));
  new_options.push_back(force);
  new_options.push_back(costs_option());
  std::vector<BuildOption> set_options{character_file};
  for (BuildOption& option : stat_options())
    set_options.push_back(std::move(option));
  set_options.push_back(costs_option());

  std::vector<BuildOperation> operations{
      {"creation-rules",
       "the Size Category table, the abilities with their points, the limits",
       {costs_option()},
       creation_rules_operation},
      {"characters",
       "the shipped characters and their points",
       {costs_option()},
       characters_operation},
      {"character-new", "write a new character file: a name, a size, a suit, wounds, stats",
       new_options, character_new_operation, "character", true},
      {"character-set", "change a character's stats (only the options given)", set_options,
       character_set_operation, "character"},
      {"character-add-attack",
       "add an attack to a character (or --replace one of the same name)",
       {character_file,
        {"name", "the attack's name"},
        {"type", "physical, energy or psyche"},
        {"target", "single (default), area, breakthrough or ricochet"},
        {"range", "inches added to Attack Reach (default 0: melee)"},
        {"strength", "Attack Strength, 1 to 6"},
        {"radius", "an Area attack's radius in inches"},
        {"jumps", "a Ricochet attack's targets after the first"},
        {"effect",
         "an effect, repeatable: EFFECT[:TOKENS][:TRIGGER], e.g. slow:2:match_suit; "
         "effects: " +
             fmt::format("{}", fmt::join(effect_keys(), ", ")) +
             "; triggers: always (default), match_suit, both_suits",
         BuildTakes::kValue, true},
        {"replace", "replace an attack of the same name", BuildTakes::kFlag},
        costs_option()},
       character_add_attack_operation,
       "character"},
      {"character-remove-attack",
       "remove an attack from a character, by name",
       {character_file, {"name", "the attack's name"}, costs_option()},
       character_remove_attack_operation,
       "character"},
      {"warband-new",
       "write a new warband file: a name and a points limit",
       {warband_file,
        {"name", "the warband's name"},
        {"points-limit", "the points its characters may cost"},
        {"description", "a line about it"},
        force,
        costs_option()},
       warband_new_operation,
       "warband",
       true},
      {"warband-add",
       "add a character: a shipped one by name, or your own file (copied in inline)",
       {warband_file,
        {"character", "a shipped character, e.g. knight_captain (see `characters`)"},
        {"character-file", "a character file of your own, added inline", BuildTakes::kText},
        costs_option()},
       warband_add_operation,
       "warband"},
      {"warband-remove",
       "remove a character from a warband, by name",
       {warband_file, {"name", "the character's name"}, costs_option()},
       warband_remove_operation,
       "warband"},
  };
  add_kind_operations(operations, document_kind_operations(character_kind()));
  add_kind_operations(operations, document_kind_operations(warband_kind()));
  return operations;
}

}  // namespace warband::conflict
