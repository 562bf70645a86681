// Loads content/agame/*.toml. Every problem throws InputError with where = "file.toml:LINE" and
// what = the problem in plain words and what was expected. Content files are untrusted input:
// nothing here may crash, whatever the file holds.
#include <toml++/toml.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "core/error.h"
#include "core/toml_fields.h"
#include "core/toml_input.h"
#include "rulesets/agame/content.h"

namespace warband::agame {
namespace {

namespace fs = std::filesystem;

// Dice counts and N+ targets in a profile: generous bounds that still keep arithmetic small.
constexpr int kMostDice = 100;
constexpr int kMostTarget = 100;

constexpr std::string_view kWordList = "a list of words in quotes such as [\"Blade\", \"Spear\"]";

Attack read_attack(const std::string& path, const toml::table& table, const std::string& model) {
  TomlFields f(path, table, fmt::format("attack of '{}'", model));
  f.check_keys({"name", "range", "kind", "chance", "versus", "cost", "cost_dice", "min_dice",
                "max_dice", "allocation", "pool", "target", "accuracy", "power", "damage",
                "damage_vs_smaller", "keywords", "text"});
  Attack attack;
  attack.name = f.string("name");
  f.set_context(fmt::format("attack '{}' of '{}'", attack.name, model));
  attack.range = f.string_or("range", "");
  attack.kind = static_cast<AttackKind>(f.choice("kind", {"melee", "ranged", "magic"}));
  attack.chance = f.integer("chance", 1, kMostTarget);
  // "Mind" is the seed's name in its list of resistances; the profiles call it "Will".
  const std::size_t versus =
      f.choice_or("versus", {"armor", "will", "body", "reflexes", "mind"}, 0);
  attack.versus = static_cast<Resistance>(versus == 4 ? 1 : versus);
  attack.cost = f.integer_or("cost", 0, 0, kMostDice);
  if (attack.cost > 0) {
    static const std::vector<std::string_view> kDice = {"attack", "defense", "wild", "movement"};
    attack.cost_dice = std::string(kDice[f.choice("cost_dice", kDice)]);
  } else if (f.find("cost_dice")) {
    f.fail(*f.find("cost_dice"), "'cost_dice' needs a cost above 0");
  }

  if (const toml::node* node = f.find("allocation")) {
    if (f.as_string(*node, "allocation") != "special")
      f.fail(*node, fmt::format("'allocation' must be \"special\" (or give min_dice and "
                                "max_dice instead), got {}",
                                describe_toml_value(*node)));
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
  attack.pool =
      static_cast<DicePool>(f.choice_or("pool", {"attack_and_wild", "attack", "defense"}, 0));
  attack.target = static_cast<TargetKind>(f.choice("target", {"single", "area", "wide"}));
  attack.accuracy = f.integer("accuracy", -kMostTarget, kMostTarget);
  attack.power = f.integer("power", -kMostTarget, kMostTarget);
  attack.damage = f.integer("damage", 0, kMostDice);
  attack.damage_vs_smaller = f.integer_or("damage_vs_smaller", -1, 0, kMostDice);
  attack.keywords = f.strings_or_empty("keywords", kWordList);
  attack.text = f.string_or("text", "");
  return attack;
}

Model read_model(const std::string& path, const toml::table& table, int index) {
  TomlFields f(path, table, fmt::format("model #{}", index + 1));
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
  model.vulnerable_to = f.strings_or_empty("vulnerable_to", kWordList);
  model.resistant_to = f.strings_or_empty("resistant_to", kWordList);
  for (const toml::table* attack : f.tables_of("attack", "[[model.attack]]")) {
    model.attacks.push_back(read_attack(path, *attack, model.name));
    for (std::size_t i = 0; i + 1 < model.attacks.size(); ++i)
      if (model.attacks[i].name == model.attacks.back().name)
        f.fail(*attack, fmt::format("attack '{}' is listed twice", model.attacks.back().name));
  }
  for (const toml::table* ability : f.tables_of("ability", "[[model.ability]]")) {
    const TomlFields a(path, *ability, fmt::format("ability of '{}'", model.name));
    a.check_keys({"name", "text"});
    model.abilities.push_back({a.string("name"), a.string_or("text", "")});
  }
  return model;
}

}  // namespace

Parameters load_parameters(const std::string& path) {
  const toml::table root = parse_toml_file(path);
  const TomlFields top(path, root);
  top.check_keys({"parameters"});
  const TomlFields f(path, top.table("parameters", "a [parameters] table"), "parameters");
  f.check_keys({"faces"});
  Parameters parameters;
  parameters.faces = f.integer_or("faces", parameters.faces, 2, 100);
  return parameters;
}

std::vector<Model> load_profiles(const std::string& path) {
  const toml::table root = parse_toml_file(path);
  const TomlFields top(path, root);
  top.check_keys({"model"});
  std::vector<Model> models;
  const std::vector<const toml::table*> tables = top.tables_of("model", "[[model]]");
  for (std::size_t i = 0; i < tables.size(); ++i) {
    models.push_back(read_model(path, *tables[i], static_cast<int>(i)));
    for (std::size_t j = 0; j < i; ++j)
      if (models[j].name == models[i].name)
        top.fail(*tables[i], fmt::format("model '{}' is listed twice", models[i].name));
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
