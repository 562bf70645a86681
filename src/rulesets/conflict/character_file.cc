#include "rulesets/conflict/character_file.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <sstream>

#include "core/document_problems.h"
#include "core/error.h"
#include "core/input_limits.h"
#include "core/json_fields.h"
#include "core/text.h"
#include "core/toml_fields.h"
#include "core/toml_input.h"
#include "rulesets/conflict/character_cost.h"

namespace warband::conflict {
namespace {

constexpr const char* kCharacterFormat = "warband-conflict-character";
constexpr int kCharacterFormatVersion = 1;

// InputError(where, ...) listing `choices`, of which `word` is none.
[[noreturn]] void refuse_choice(const std::vector<std::string_view>& choices, std::string_view word,
                                const std::string& where) {
  throw InputError(where, fmt::format("must be {}, got \"{}\"", choice_words(choices),
                                      std::string(word.substr(0, 40))));
}

// The index of `word` among `choices`; InputError(where, ...) listing them.
std::size_t choice_index(const std::vector<std::string_view>& choices, std::string_view word,
                         const std::string& where) {
  for (std::size_t i = 0; i < choices.size(); ++i)
    if (choices[i] == word) return i;
  refuse_choice(choices, word, where);
}

// The index of field `key` of `f` among `choices`, its path written only when it is none of them.
std::size_t choice_index(const std::vector<std::string_view>& choices, std::string_view word,
                         const JsonFields& f, std::string_view key) {
  for (std::size_t i = 0; i < choices.size(); ++i)
    if (choices[i] == word) return i;
  refuse_choice(choices, word, f.where_of(key));
}

std::vector<std::string> split_on(std::string_view text, char separator) {
  std::vector<std::string> parts;
  std::size_t begin = 0;
  while (true) {
    const std::size_t end = text.find(separator, begin);
    parts.emplace_back(text.substr(begin, end == std::string_view::npos ? end : end - begin));
    if (end == std::string_view::npos) return parts;
    begin = end + 1;
  }
}

// Reads fields of one table, recording their lines and collecting what cannot be read.
class FieldReader {
 public:
  FieldReader(const TomlFields& fields, CharacterRead& out, std::string prefix)
      : attempt(out.problems), f_(fields), out_(out), prefix_(std::move(prefix)) {}

  // Runs a read, collecting what cannot be read (ProblemCollector): true when it went through.
  const ProblemCollector attempt;

  const TomlFields& fields() const { return f_; }

  void note(std::string_view key, const std::string& field) const {
    if (const toml::node* node = f_.find(key)) out_.lines[prefix_ + field] = f_.where(*node);
  }
  void note(std::string_view key) const { note(key, std::string(key)); }

  // An optional whole number, `fallback` when missing.
  int integer(std::string_view key, int fallback) const { return read_integer(key, fallback, ""); }
  // A required one: when it is missing, the problem says `expected` (the content's range, which
  // the other problems check: not the bound any number in the file has).
  int required_integer(std::string_view key, int fallback, std::string_view expected) const {
    return read_integer(key, fallback, expected);
  }

  std::string text(std::string_view key) const {
    note(key);
    std::string value;
    attempt([&] { value = f_.string_or(key, ""); });
    return value;
  }

  template <class Enum>
  Enum choice(std::string_view key, const std::vector<std::string_view>& choices, Enum fallback,
              bool required = false) const {
    note(key);
    Enum value = fallback;
    attempt([&] {
      value = static_cast<Enum>(
          required ? f_.choice(key, choices)
                   : f_.choice_or(key, choices, static_cast<std::size_t>(fallback)));
    });
    return value;
  }

  std::vector<const toml::table*> tables(std::string_view key, std::string_view expected) const {
    note(key);
    std::vector<const toml::table*> tables;
    attempt([&] {
      tables = f_.tables_of(key, expected);
      if (!tables.empty())
        check_list_size(tables.size(), kMaxFileListItems, f_.where(*f_.find(key)),
                        std::string(key));
    });
    if (tables.size() > kMaxFileListItems) tables.clear();
    return tables;
  }

 private:
  int read_integer(std::string_view key, int fallback, std::string_view expected) const {
    note(key);
    int value = fallback;
    attempt([&] {
      // Only the type here: the range is the content's, checked with the other problems.
      const toml::node* node = f_.find(key);
      if (node == nullptr && !expected.empty())
        f_.fail_here(fmt::format("'{}' is missing: expected {}", key, expected));
      if (node && !node->is_integer())
        f_.fail(*node, fmt::format("'{}' must be a whole number, got {}", key,
                                   describe_toml_value(*node)));
      value = f_.integer_or(key, fallback, -kMaxFileNumber, kMaxFileNumber);
    });
    return value;
  }

  const TomlFields& f_;
  CharacterRead& out_;
  std::string prefix_;
};

void read_effect(const toml::table& table, const std::string& path, const std::string& prefix,
                 const std::string& context, CharacterRead& out, Attack& attack) {
  const TomlFields f(path, table, context);
  const FieldReader r(f, out, prefix);
  r.attempt([&] { f.check_keys({"effect", "trigger", "tokens"}); });
  AttackEffect effect;
  effect.effect = r.choice("effect", effect_keys(), EffectKind::kSlow, true);
  effect.trigger = r.choice("trigger", trigger_keys(), Trigger::kAlways);
  effect.tokens = r.integer("tokens", 1);
  attack.effects.push_back(effect);
}

void read_attack(const toml::table& table, const std::string& path, const std::string& prefix,
                 const std::string& context, CharacterRead& out, Character& character) {
  TomlFields f(path, table, context);
  const FieldReader r(f, out, prefix);
  r.attempt([&] {
    f.check_keys({"name", "type", "target", "range", "strength", "radius", "jumps", "effects"});
  });
  Attack attack;
  attack.name = r.text("name");
  if (!attack.name.empty()) f.set_context(fmt::format("{} '{}'", context, attack.name));
  attack.type = r.choice("type", attack_type_keys(), AttackType::kPhysical, true);
  attack.target = r.choice("target", target_type_keys(), TargetType::kSingle);
  attack.range_inches = r.integer("range", 0);
  attack.strength = r.required_integer("strength", 1, "its Attack Strength, 1 to 6");
  attack.radius_inches = r.integer("radius", 0);
  attack.ricochet_jumps = r.integer("jumps", 0);
  const std::vector<const toml::table*> effects =
      r.tables("effects", "a list of effects: [{ effect = \"slow\", trigger = \"always\" }]");
  for (std::size_t e = 0; e < effects.size(); ++e) {
    const std::string effect_prefix = fmt::format("{}effects.{}.", prefix, e);
    out.lines[effect_prefix.substr(0, effect_prefix.size() - 1)] = f.where(*effects[e]);
    read_effect(*effects[e], path, effect_prefix, fmt::format("{} effect #{}", f.context(), e + 1),
                out, attack);
  }
  character.attacks.push_back(std::move(attack));
}

std::string quoted(const std::string& text) {
  std::ostringstream out;
  out << toml::value<std::string>(text);
  return out.str();
}

AttackEffect effect_from_json(const JsonFields& f) {
  AttackEffect effect;
  const std::string key = f.string("effect");
  effect.effect = static_cast<EffectKind>(choice_index(effect_keys(), key, f, "effect"));
  if (const auto trigger = f.optional_string("trigger"))
    effect.trigger = static_cast<Trigger>(choice_index(trigger_keys(), *trigger, f, "trigger"));
  effect.tokens =
      static_cast<int>(f.optional_integer("tokens", -kMaxFileNumber, kMaxFileNumber).value_or(1));
  return effect;
}

}  // namespace

void read_character_fields(const toml::table& table, const std::string& path,
                           const std::string& field_prefix, const std::string& context,
                           CharacterRead& out) {
  TomlFields f(path, table, context);
  const FieldReader r(f, out, field_prefix);
  Character& character = out.character;
  r.attempt([&] {
    f.check_keys({"name", "description", "size", "suit", "attack_skill", "defense", "resistance",
                  "wounds", "extra_strides", "abilities", "attacks"});
  });
  character.name = r.text("name");
  if (!character.name.empty())
    f.set_context(context.empty() ? "" : fmt::format("{} '{}'", context, character.name));
  character.description = r.text("description");
  character.size = r.required_integer("size", 1, "a Size Category of creation.toml's table");
  character.suit = r.choice("suit", suit_keys(), Suit::kSpades, true);
  character.attack_skill = r.integer("attack_skill", 0);
  character.defense = r.integer("defense", 0);
  character.wounds = r.required_integer(
      "wounds", 1, "its Wounds, 1 to its Size Category's max_wounds (creation.toml)");
  character.extra_strides = r.integer("extra_strides", 0);
  if (f.has("resistance")) {
    r.note("resistance");
    const toml::table* resistance = nullptr;
    r.attempt(
        [&] { resistance = &f.table("resistance", "{ physical = 1, energy = 0, psyche = 0 }"); });
    if (resistance) {
      const TomlFields rf(path, *resistance,
                          f.context().empty() ? "resistance" : f.context() + ": resistance");
      const FieldReader rr(rf, out, field_prefix + "resistance.");
      rr.attempt([&] { rf.check_keys(attack_type_keys()); });
      for (int t = 0; t < kAttackTypeCount; ++t)
        character.resistance[t] = rr.integer(attack_type_keys()[t], 0);
    }
  }
  r.note("abilities");
  r.attempt([&] {
    const std::vector<std::string> abilities =
        f.strings_or_empty("abilities", "a list of ability ids such as [\"nimble\"]");
    if (!abilities.empty())
      check_list_size(abilities.size(), kMaxFileListItems, f.where(*f.find("abilities")),
                      "abilities");
    character.abilities = abilities;
  });
  const std::vector<const toml::table*> attacks =
      r.tables("attacks", "[[attacks]] tables, each an attack");
  for (std::size_t i = 0; i < attacks.size(); ++i) {
    const std::string prefix = fmt::format("{}attacks.{}.", field_prefix, i);
    out.lines[prefix.substr(0, prefix.size() - 1)] = f.where(*attacks[i]);
    const std::string label = fmt::format("attack #{}", i + 1);
    read_attack(*attacks[i], path, prefix, f.context().empty() ? label : f.context() + ": " + label,
                out, character);
  }
}

CharacterRead read_character_toml(std::string_view text, const std::string& path) {
  const toml::table root = parse_toml_text(text, path);
  CharacterRead read;
  read_character_fields(root, path, "", "", read);
  return read;
}

std::vector<std::string> all_character_problems(const CharacterRead& read,
                                                const CreationRules& rules) {
  return all_problems(read.problems, character_problems(read.character, rules, read.lines));
}

Character parse_character_toml(std::string_view text, const std::string& path) {
  CharacterRead read = read_character_toml(text, path);
  sort_by_line(read.problems);
  refuse_problems(read.problems, path);
  return std::move(read.character);
}

std::string character_fields_toml(const Character& character, const std::string& attacks_table) {
  std::string out;
  out += fmt::format("name = {}\n", quoted(character.name));
  if (!character.description.empty())
    out += fmt::format("description = {}\n", quoted(character.description));
  out += fmt::format("size = {}\n", character.size);
  out += fmt::format("suit = {}\n",
                     quoted(std::string(suit_keys()[static_cast<int>(character.suit)])));
  out += fmt::format("attack_skill = {}\n", character.attack_skill);
  out += fmt::format("defense = {}\n", character.defense);
  out += fmt::format("resistance = {{ physical = {}, energy = {}, psyche = {} }}\n",
                     character.resistance[0], character.resistance[1], character.resistance[2]);
  out += fmt::format("wounds = {}\n", character.wounds);
  if (character.extra_strides != 0)
    out += fmt::format("extra_strides = {}\n", character.extra_strides);
  std::vector<std::string> abilities;
  for (const std::string& ability : character.abilities)
    abilities.push_back(quoted(ability));
  if (!abilities.empty()) out += fmt::format("abilities = [{}]\n", fmt::join(abilities, ", "));
  for (const Attack& attack : character.attacks) {
    out += fmt::format("\n[[{}]]\n", attacks_table);
    out += fmt::format("name = {}\n", quoted(attack.name));
    out += fmt::format("type = \"{}\"\n", attack_type_keys()[static_cast<int>(attack.type)]);
    out += fmt::format("target = \"{}\"\n", target_type_keys()[static_cast<int>(attack.target)]);
    out += fmt::format("range = {}\n", attack.range_inches);
    out += fmt::format("strength = {}\n", attack.strength);
    if (attack.radius_inches != 0) out += fmt::format("radius = {}\n", attack.radius_inches);
    if (attack.ricochet_jumps != 0) out += fmt::format("jumps = {}\n", attack.ricochet_jumps);
    std::vector<std::string> effects;
    for (const AttackEffect& effect : attack.effects)
      effects.push_back(fmt::format("{{ effect = \"{}\", trigger = \"{}\", tokens = {} }}",
                                    effect_keys()[static_cast<int>(effect.effect)],
                                    trigger_keys()[static_cast<int>(effect.trigger)],
                                    effect.tokens));
    if (!effects.empty()) out += fmt::format("effects = [{}]\n", fmt::join(effects, ", "));
  }
  return out;
}

std::string character_to_toml(const Character& character) {
  return "# A Conflict character (seed 003, the project's character creation). `warband build "
         "conflict character-validate --file FILE` checks it and prices it.\n" +
         character_fields_toml(character, "attacks");
}

nlohmann::json character_to_json(const Character& character, const CreationRules& rules) {
  nlohmann::json json;
  json["format"] = kCharacterFormat;
  json["version"] = kCharacterFormatVersion;
  json["name"] = character.name;
  if (!character.description.empty()) json["description"] = character.description;
  json["size"] = character.size;
  json["suit"] = suit_keys()[static_cast<int>(character.suit)];
  json["attack_skill"] = character.attack_skill;
  json["defense"] = character.defense;
  json["resistance"] = {{"physical", character.resistance[0]},
                        {"energy", character.resistance[1]},
                        {"psyche", character.resistance[2]}};
  json["wounds"] = character.wounds;
  json["extra_strides"] = character.extra_strides;
  json["abilities"] = character.abilities;
  json["attacks"] = nlohmann::json::array();
  for (const Attack& attack : character.attacks) {
    nlohmann::json entry{{"name", attack.name},
                         {"type", attack_type_keys()[static_cast<int>(attack.type)]},
                         {"target", target_type_keys()[static_cast<int>(attack.target)]},
                         {"range", attack.range_inches},
                         {"strength", attack.strength}};
    if (attack.radius_inches != 0) entry["radius"] = attack.radius_inches;
    if (attack.ricochet_jumps != 0) entry["jumps"] = attack.ricochet_jumps;
    entry["effects"] = nlohmann::json::array();
    for (const AttackEffect& effect : attack.effects)
      entry["effects"].push_back({{"effect", effect_keys()[static_cast<int>(effect.effect)]},
                                  {"trigger", trigger_keys()[static_cast<int>(effect.trigger)]},
                                  {"tokens", effect.tokens}});
    json["attacks"].push_back(std::move(entry));
  }
  // What a reader wants beside the choices (ignored on import).
  if (const SizeCategory* size = rules.find_size(character.size))
    json["size_category"] = {{"name", size->name},
                             {"base_inches", size->base_hundredths / 100.0},
                             {"strides", size->strides + character.extra_strides},
                             {"attack_reach_inches", size->attack_reach_hundredths / 100.0},
                             {"influence_inches", size->influence_hundredths / 100.0},
                             {"max_wounds", size->max_wounds}};
  const CharacterCost cost = character_cost(character, rules.costs);
  json["points"] = cost.points;
  json["breakdown"] = nlohmann::json::array();
  for (const CostTerm& term : cost.terms)
    json["breakdown"].push_back(
        {{"term", term.term}, {"formula", term.formula}, {"points", term.points}});
  json["exact_points"] = cost.exact;
  json["problems"] = character_problems(character, rules);
  return json;
}

Character character_from_json(const nlohmann::json& json, const std::string& where) {
  return character_from_json(json, JsonPlace(where));
}

Character character_from_json(const nlohmann::json& json, const JsonPlace& place) {
  const JsonFields f(json, place);
  if (const nlohmann::json* format = f.find("format"); format && *format != kCharacterFormat)
    throw InputError(f.where_of("format"), fmt::format("expected \"{}\"", kCharacterFormat));
  if (const nlohmann::json* version = f.find("version");
      version && *version != kCharacterFormatVersion)
    throw InputError(f.where_of("version"),
                     fmt::format("this build reads version {}", kCharacterFormatVersion));
  const auto small = [&](const JsonFields& fields, std::string_view key, int fallback) {
    return static_cast<int>(
        fields.optional_integer(key, -kMaxFileNumber, kMaxFileNumber).value_or(fallback));
  };
  Character character;
  character.name = f.string("name");
  character.description = f.optional_string("description").value_or("");
  character.size = static_cast<int>(f.integer("size", -kMaxFileNumber, kMaxFileNumber));
  character.suit = static_cast<Suit>(choice_index(suit_keys(), f.string("suit"), f, "suit"));
  character.attack_skill = small(f, "attack_skill", 0);
  character.defense = small(f, "defense", 0);
  if (const auto resistance = f.optional_object("resistance"))
    for (int t = 0; t < kAttackTypeCount; ++t)
      character.resistance[t] = small(*resistance, attack_type_keys()[t], 0);
  character.wounds = static_cast<int>(f.integer("wounds", -kMaxFileNumber, kMaxFileNumber));
  character.extra_strides = small(f, "extra_strides", 0);
  if (const auto abilities = f.optional_array("abilities")) {
    abilities->check_size(kMaxFileListItems, "abilities");
    for (std::size_t i = 0; i < abilities->size(); ++i)
      character.abilities.push_back(abilities->string(i));
  }
  if (const auto attacks = f.optional_array("attacks")) {
    attacks->check_size(kMaxFileListItems, "attacks");
    for (std::size_t i = 0; i < attacks->size(); ++i) {
      const JsonFields a = attacks->object(i);
      Attack attack;
      attack.name = a.string("name");
      attack.type =
          static_cast<AttackType>(choice_index(attack_type_keys(), a.string("type"), a, "type"));
      if (const auto target = a.optional_string("target"))
        attack.target =
            static_cast<TargetType>(choice_index(target_type_keys(), *target, a, "target"));
      attack.range_inches = small(a, "range", 0);
      attack.strength = static_cast<int>(a.integer("strength", -kMaxFileNumber, kMaxFileNumber));
      attack.radius_inches = small(a, "radius", 0);
      attack.ricochet_jumps = small(a, "jumps", 0);
      if (const auto effects = a.optional_array("effects")) {
        effects->check_size(kMaxFileListItems, "effects");
        for (std::size_t e = 0; e < effects->size(); ++e)
          attack.effects.push_back(effect_from_json(effects->object(e)));
      }
      character.attacks.push_back(std::move(attack));
    }
  }
  return character;
}

std::string effect_text(const AttackEffect& effect) {
  std::string text(effect_keys()[static_cast<int>(effect.effect)]);
  if (effect.tokens != 1) text += fmt::format(":{}", effect.tokens);
  if (effect.trigger != Trigger::kAlways)
    text += fmt::format(":{}", trigger_keys()[static_cast<int>(effect.trigger)]);
  return text;
}

AttackEffect parse_effect_text(std::string_view text, const std::string& where) {
  const std::vector<std::string> parts = split_on(text, ':');
  const std::string help =
      "an effect is EFFECT[:TOKENS][:TRIGGER], e.g. slow, slow:2, push:match_suit, "
      "weak:2:both_suits";
  if (parts.empty() || parts.size() > 3) throw InputError(where, help);
  AttackEffect effect;
  effect.effect = static_cast<EffectKind>(choice_index(effect_keys(), trim(parts[0]), where));
  for (std::size_t i = 1; i < parts.size(); ++i) {
    const std::string part(trim(parts[i]));
    if (!part.empty() && part.size() <= 2 && std::isdigit(static_cast<unsigned char>(part[0])) &&
        std::all_of(part.begin(), part.end(), [](char c) { return std::isdigit(c); }))
      effect.tokens = std::stoi(part);
    else
      effect.trigger = static_cast<Trigger>(choice_index(trigger_keys(), part, where));
  }
  return effect;
}

std::string character_to_markdown(const Character& character, const CreationRules& rules) {
  std::string out =
      fmt::format("# {}\n\n", character.name.empty() ? "(unnamed character)" : character.name);
  if (!character.description.empty()) out += fmt::format("*{}*\n\n", character.description);
  const SizeCategory* size = rules.find_size(character.size);
  if (size)
    out += fmt::format(
        "- **Size** {} ({}): base {}\", {} Strides, Attack Reach {}\", Influence {}\"\n",
        size->size, size->name, points_text(size->base_hundredths / 100.0),
        size->strides + character.extra_strides, points_text(size->attack_reach_hundredths / 100.0),
        points_text(size->influence_hundredths / 100.0));
  else
    out += fmt::format("- **Size** {} (off the table)\n", character.size);
  out += fmt::format("- **Suit** {} {}\n", suit_name(character.suit), suit_symbol(character.suit));
  out += fmt::format(
      "- **Attack Skill** {} · **Defense** {} · **Resistances** Physical {}, Energy {}, Psyche "
      "{} · **Wounds** {}\n",
      character.attack_skill, character.defense, character.resistance[0], character.resistance[1],
      character.resistance[2], character.wounds);
  const CharacterCost cost = character_cost(character, rules.costs);
  out += fmt::format("- **Points** {}\n\n", cost.points);
  out += "| Attack | Type | Target | Range | Strength | Effects |\n|---|---|---|---|---|---|\n";
  for (const Attack& attack : character.attacks) {
    std::vector<std::string> effects;
    for (const AttackEffect& effect : attack.effects)
      effects.push_back(fmt::format("{}{} ({})", effect_name(effect.effect),
                                    effect.tokens == 1 ? "" : fmt::format(" x{}", effect.tokens),
                                    trigger_name(effect.trigger)));
    std::string target = target_type_name(attack.target);
    if (attack.target == TargetType::kArea)
      target += fmt::format(" ({}\" radius)", attack.radius_inches);
    if (attack.target == TargetType::kRicochet)
      target += fmt::format(" ({} jumps)", attack.ricochet_jumps);
    out += fmt::format("| {} | {} | {} | {}\" | {} | {} |\n", attack.name,
                       attack_type_name(attack.type), target, attack.range_inches, attack.strength,
                       effects.empty() ? "—" : fmt::format("{}", fmt::join(effects, "; ")));
  }
  if (!character.abilities.empty()) {
    out += "\n## Abilities\n\n";
    for (const std::string& id : character.abilities) {
      const Ability* ability = rules.find_ability(id);
      out += ability ? fmt::format("- **{}** ({}): {}\n", ability->name, ability->changes,
                                   ability->text)
                     : fmt::format("- {} (unknown)\n", id);
    }
  }
  out += "\n## Points\n\n| Term | Formula | Points |\n|---|---|---|\n";
  for (const CostTerm& term : cost.terms)
    out += fmt::format("| {} | {} | {} |\n", term.term, term.formula, points_text(term.points));
  out += fmt::format("| **total** | {} rounded half up | **{}** |\n", points_text(cost.exact),
                     cost.points);
  out += problems_markdown(character_problems(character, rules));
  return out;
}

}  // namespace warband::conflict
