// Loads content/agame/*.toml. Every problem throws InputError with where = "file.toml:LINE" and
// what = the problem in plain words and what was expected. Content files are untrusted input:
// nothing here may crash, whatever the file holds.
#include <toml++/toml.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "core/error.h"
#include "core/toml_input.h"
#include "rulesets/agame/content.h"

namespace warband::agame {
namespace {

namespace fs = std::filesystem;

// Dice counts and N+ targets in a profile: generous bounds that still keep arithmetic small.
constexpr int kMostDice = 100;
constexpr int kMostTarget = 100;

// A value as the designer wrote it, for "got ..." in messages.
std::string describe(const toml::node& node) {
  if (const auto* s = node.as_string()) return fmt::format("\"{}\"", s->get());
  if (const auto* i = node.as_integer()) return std::to_string(i->get());
  if (const auto* f = node.as_floating_point()) return fmt::format("{}", f->get());
  if (const auto* b = node.as_boolean()) return b->get() ? "true" : "false";
  if (node.is_array()) return "a list";
  if (node.is_table()) return "a table";
  return "a date or time";
}

// One TOML table read field by field; every problem names the file, the line and the thing read.
class Fields {
 public:
  Fields(const std::string& path, const toml::table& table, std::string context)
      : path_(path), table_(table), context_(std::move(context)) {}

  [[noreturn]] void fail(const toml::node& node, const std::string& what) const {
    throw InputError(toml_where(path_, node.source()), prefix() + what);
  }
  [[noreturn]] void fail_here(const std::string& what) const {
    throw InputError(toml_where(path_, table_.source()), prefix() + what);
  }

  void set_context(std::string context) { context_ = std::move(context); }
  const toml::node* find(std::string_view key) const { return table_.get(key); }

  // Every key must be one of `allowed`: a typo ("chanse") is reported as such.
  void check_keys(const std::vector<std::string_view>& allowed) const {
    for (auto&& [key, node] : table_) {
      if (std::find(allowed.begin(), allowed.end(), key.str()) != allowed.end()) continue;
      std::string list;
      for (std::string_view name : allowed)
        list += (list.empty() ? "" : ", ") + std::string(name);
      throw InputError(
          toml_where(path_, key.source().begin.line ? key.source() : node.source()),
          prefix() + fmt::format("unknown key '{}' (expected one of: {})", key.str(), list));
    }
  }

  std::string string(std::string_view key) {
    const toml::node* node = find(key);
    if (!node) fail_here(fmt::format("'{}' is missing: expected some text in quotes", key));
    return as_string(*node, key);
  }
  std::string string_or(std::string_view key, std::string fallback) {
    const toml::node* node = find(key);
    return node ? as_string(*node, key) : fallback;
  }
  std::string as_string(const toml::node& node, std::string_view key) const {
    if (const auto* s = node.as_string()) return s->get();
    fail(node, fmt::format("'{}' must be some text in quotes, got {}", key, describe(node)));
  }

  int integer(std::string_view key, int low, int high) {
    const toml::node* node = find(key);
    if (!node)
      fail_here(
          fmt::format("'{}' is missing: expected a whole number from {} to {}", key, low, high));
    return as_integer(*node, key, low, high);
  }
  int integer_or(std::string_view key, int fallback, int low, int high) {
    const toml::node* node = find(key);
    return node ? as_integer(*node, key, low, high) : fallback;
  }
  int as_integer(const toml::node& node, std::string_view key, int low, int high) const {
    const auto* value = node.as_integer();
    if (!value || value->get() < low || value->get() > high)
      fail(node, fmt::format("'{}' must be a whole number from {} to {}, got {}", key, low, high,
                             describe(node)));
    return static_cast<int>(value->get());
  }

  // One of `choices` (lower case), returned as its index.
  int choice(std::string_view key, const std::vector<std::string_view>& choices,
             std::string_view fallback) {
    const toml::node* node = find(key);
    const std::string text = node ? as_string(*node, key) : std::string(fallback);
    for (std::size_t i = 0; i < choices.size(); ++i)
      if (choices[i] == text) return static_cast<int>(i);
    std::string list;
    for (std::string_view name : choices)
      list += (list.empty() ? "" : ", ") + std::string(name);
    if (!node) fail_here(fmt::format("'{}' is missing: expected one of {}", key, list));
    fail(*node, fmt::format("'{}' must be one of {}, got {}", key, list, describe(*node)));
  }

  std::vector<std::string> strings_or_empty(std::string_view key) {
    std::vector<std::string> out;
    const toml::node* node = find(key);
    if (!node) return out;
    const auto* items = node->as_array();
    if (!items)
      fail(*node, fmt::format("'{}' must be a list of text, got {}", key, describe(*node)));
    for (const toml::node& item : *items)
      out.push_back(as_string(item, key));
    return out;
  }

  // The array of tables `key` ([[model]], [[model.attack]]).
  std::vector<const toml::table*> tables(std::string_view key) {
    std::vector<const toml::table*> out;
    const toml::node* node = find(key);
    if (!node) return out;
    const auto* items = node->as_array();
    if (!items)
      fail(*node, fmt::format("'{}' must be a list of tables ([[{}]]), got {}", key, key,
                              describe(*node)));
    for (const toml::node& item : *items) {
      const auto* table = item.as_table();
      if (!table)
        fail(item,
             fmt::format("each '{}' must be a table ([[{}]]), got {}", key, key, describe(item)));
      out.push_back(table);
    }
    return out;
  }

 private:
  std::string prefix() const { return context_.empty() ? "" : context_ + ": "; }

  const std::string& path_;
  const toml::table& table_;
  std::string context_;
};

Attack read_attack(const std::string& path, const toml::table& table, const std::string& model) {
  Fields f(path, table, fmt::format("attack of '{}'", model));
  f.check_keys({"name", "range", "kind", "chance", "versus", "cost", "cost_dice", "min_dice",
                "max_dice", "allocation", "pool", "target", "accuracy", "power", "damage",
                "damage_vs_smaller", "keywords", "text"});
  Attack attack;
  attack.name = f.string("name");
  f.set_context(fmt::format("attack '{}' of '{}'", attack.name, model));
  attack.range = f.string_or("range", "");
  attack.kind = static_cast<AttackKind>(f.choice("kind", {"melee", "ranged", "magic"}, ""));
  attack.chance = f.integer("chance", 1, kMostTarget);
  // "Mind" is the seed's name in its list of resistances; the profiles call it "Will".
  const int versus = f.choice("versus", {"armor", "will", "body", "reflexes", "mind"}, "armor");
  attack.versus = static_cast<Resistance>(versus == 4 ? 1 : versus);
  attack.cost = f.integer_or("cost", 0, 0, kMostDice);
  if (attack.cost > 0) {
    static const std::vector<std::string_view> kDice = {"attack", "defense", "wild", "movement"};
    attack.cost_dice = std::string(kDice[f.choice("cost_dice", kDice, "")]);
  } else if (f.find("cost_dice")) {
    f.fail(*f.find("cost_dice"), "'cost_dice' needs a cost above 0");
  }

  if (const toml::node* node = f.find("allocation")) {
    if (f.as_string(*node, "allocation") != "special")
      f.fail(*node, fmt::format("'allocation' must be \"special\" (or give min_dice and "
                                "max_dice instead), got {}",
                                describe(*node)));
    if (f.find("min_dice") || f.find("max_dice"))
      f.fail(*node, "give either allocation = \"special\" or min_dice and max_dice, not both");
    attack.special_allocation = true;
  } else {
    attack.min_dice = f.integer("min_dice", 0, kMostDice);
    attack.max_dice = f.integer("max_dice", 0, kMostDice);
    if (attack.max_dice < attack.min_dice || attack.max_dice == 0)
      f.fail(*f.find("max_dice"),
             fmt::format("'max_dice' must be at least 1 and at least min_dice ({}), got {}",
                         attack.min_dice, attack.max_dice));
  }
  attack.pool = static_cast<DicePool>(
      f.choice("pool", {"attack_and_wild", "attack", "defense"}, "attack_and_wild"));
  attack.target = static_cast<TargetKind>(f.choice("target", {"single", "area", "wide"}, ""));
  attack.accuracy = f.integer("accuracy", -kMostTarget, kMostTarget);
  attack.power = f.integer("power", -kMostTarget, kMostTarget);
  attack.damage = f.integer("damage", 0, kMostDice);
  attack.damage_vs_smaller = f.integer_or("damage_vs_smaller", -1, 0, kMostDice);
  attack.keywords = f.strings_or_empty("keywords");
  attack.text = f.string_or("text", "");
  return attack;
}

Model read_model(const std::string& path, const toml::table& table, int index) {
  Fields f(path, table, fmt::format("model #{}", index + 1));
  f.check_keys({"name", "class", "size", "wounds", "attack_dice", "defense_dice", "wild_dice",
                "movement_dice", "melee_defense", "ranged_defense", "magic_defense", "armor",
                "will", "body", "reflexes", "vulnerable_to", "resistant_to", "attack", "ability"});
  Model model;
  model.name = f.string("name");
  if (model.name.empty()) f.fail_here("'name' must not be empty");
  f.set_context(fmt::format("model '{}'", model.name));
  model.model_class = f.string_or("class", "");
  model.size = f.integer("size", 0, 1000);
  model.wounds = f.integer("wounds", 1, 1000);
  model.attack_dice = f.integer("attack_dice", 0, kMostDice);
  model.defense_dice = f.integer("defense_dice", 0, kMostDice);
  model.wild_dice = f.integer("wild_dice", 0, kMostDice);
  model.movement_dice = f.integer("movement_dice", 0, kMostDice);
  model.melee_defense = f.integer("melee_defense", 1, kMostTarget);
  model.ranged_defense = f.integer("ranged_defense", 1, kMostTarget);
  model.magic_defense = f.integer("magic_defense", 1, kMostTarget);
  model.armor = f.integer("armor", 1, kMostTarget);
  model.will = f.integer("will", 1, kMostTarget);
  model.body = f.integer("body", 1, kMostTarget);
  model.reflexes = f.integer("reflexes", 1, kMostTarget);
  model.vulnerable_to = f.strings_or_empty("vulnerable_to");
  model.resistant_to = f.strings_or_empty("resistant_to");
  for (const toml::table* attack : f.tables("attack")) {
    model.attacks.push_back(read_attack(path, *attack, model.name));
    for (std::size_t i = 0; i + 1 < model.attacks.size(); ++i)
      if (model.attacks[i].name == model.attacks.back().name)
        throw InputError(toml_where(path, attack->source()),
                         fmt::format("model '{}': attack '{}' is listed twice", model.name,
                                     model.attacks.back().name));
  }
  for (const toml::table* ability : f.tables("ability")) {
    Fields a(path, *ability, fmt::format("ability of '{}'", model.name));
    a.check_keys({"name", "text"});
    model.abilities.push_back({a.string("name"), a.string_or("text", "")});
  }
  return model;
}

}  // namespace

Parameters load_parameters(const std::string& path) {
  const toml::table root = parse_toml_file(path);
  Fields top(path, root, "");
  top.check_keys({"parameters"});
  const toml::node* node = top.find("parameters");
  if (!node) top.fail_here("'parameters' is missing: expected a [parameters] table");
  const toml::table* table = node->as_table();
  if (!table) top.fail(*node, "'parameters' must be a [parameters] table");
  Fields f(path, *table, "parameters");
  f.check_keys({"faces"});
  Parameters parameters;
  parameters.faces = f.integer_or("faces", parameters.faces, 2, 100);
  return parameters;
}

std::vector<Model> load_profiles(const std::string& path) {
  const toml::table root = parse_toml_file(path);
  Fields top(path, root, "");
  top.check_keys({"model"});
  std::vector<Model> models;
  const std::vector<const toml::table*> tables = top.tables("model");
  for (std::size_t i = 0; i < tables.size(); ++i) {
    models.push_back(read_model(path, *tables[i], static_cast<int>(i)));
    for (std::size_t j = 0; j < i; ++j)
      if (models[j].name == models[i].name)
        throw InputError(toml_where(path, tables[i]->source()),
                         fmt::format("model '{}' is listed twice", models[i].name));
  }
  if (models.empty()) throw InputError(path, "no models: expected [[model]] entries");
  return models;
}

Content load_content(const std::string& dir) {
  const fs::path root(dir);
  std::error_code ec;
  if (!fs::is_directory(root, ec))
    throw InputError(dir,
                     "content folder not found: expected a folder holding parameters.toml "
                     "and profiles.toml");
  Content content;
  content.dir = dir;
  content.parameters = load_parameters((root / "parameters.toml").string());
  content.models = load_profiles((root / "profiles.toml").string());
  return content;
}

}  // namespace warband::agame
