// Loads content/agame/*.toml. Every problem throws InputError with where = "file.toml:LINE" and
// what = the problem in plain words and what was expected. Content files are untrusted input:
// nothing here may crash, whatever the file holds.
#include <fmt/format.h>

#include <toml++/toml.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/error.h"
#include "core/text.h"
#include "core/toml_fields.h"
#include "core/toml_input.h"
#include "rulesets/agame/content.h"
#include "rulesets/agame/dice_pools.h"

namespace warband::agame {
namespace {

namespace fs = std::filesystem;

// Dice counts and N+ targets in a profile: generous bounds that still keep arithmetic small.
constexpr int kMostDice = 100;
constexpr int kMostTarget = 100;

// Inches to the hundredth, from `low` to `high`, as units; `fallback` (units) when absent.
int read_inches_or(const TomlFields& f, std::string_view key, int fallback, double low,
                   double high) {
  const toml::node* node = f.find(key);
  if (node == nullptr) return fallback;
  std::optional<double> value;
  if (const auto* i = node->as_integer()) value = static_cast<double>(i->get());
  if (const auto* d = node->as_floating_point()) value = d->get();
  const double scaled = value ? *value * 100 : 0;
  if (!value || !std::isfinite(*value) || *value < low || *value > high ||
      std::abs(scaled - std::round(scaled)) > 1e-6)
    f.fail(*node, fmt::format("'{}' must be inches from {} to {} (at most two decimals), got {}",
                              key, low, high, describe_toml_value(*node)));
  return static_cast<int>(std::lround(scaled));
}

// An attack's printed range as units: '2"' is 200, "Special" (or none) 0.
int range_units(const TomlFields& f, const std::string& range) {
  if (range.empty() || range == "Special") return 0;
  std::string number = range;
  if (number.ends_with('"')) number.pop_back();
  char* end = nullptr;
  const double inches = std::strtod(number.c_str(), &end);
  if (number.empty() || end != number.c_str() + number.size() || !(inches >= 0) || inches > 100)
    f.fail(*f.find("range"),
           fmt::format("'range' must be inches such as '2\"' (0 to 100) or \"Special\", got '{}'",
                       range));
  return static_cast<int>(std::lround(inches * 100));
}

constexpr std::string_view kWordList = "a list of words in quotes such as [\"Blade\", \"Spear\"]";

// An attack's or ability's `cost_dice`: one of the four pools' names (dice_pools.h).
std::string read_cost_dice(const TomlFields& fields) {
  static const std::vector<std::string_view> kPoolChoices = [] {
    std::vector<std::string_view> names;
    for (const PoolName& entry : kPoolNames)
      names.push_back(entry.name);
    return names;
  }();
  return std::string(kPoolChoices[fields.choice("cost_dice", kPoolChoices)]);
}

Attack read_attack(const std::string& path, const toml::table& table, const std::string& model) {
  TomlFields f(path, table, fmt::format("attack of '{}'", model));
  f.check_keys({"name",      "range",      "kind",         "chance",
                "versus",    "cost",       "cost_dice",    "min_dice",
                "max_dice",  "allocation", "pool",         "target",
                "accuracy",  "power",      "damage",       "damage_vs_smaller",
                "keywords",  "text",       "radius",       "heal",
                "condition", "move",       "reaction_only"});
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
    attack.cost_dice = read_cost_dice(f);
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
  attack.reach = range_units(f, attack.range);
  attack.radius = read_inches_or(f, "radius", 0, 0, 24);
  attack.heal = f.integer_or("heal", 0, 0, kMostDice);
  attack.condition =
      static_cast<Condition>(f.choice_or("condition", {"none", "prone", "charmed"}, 0));
  attack.move = read_inches_or(f, "move", 0, 0, 24);
  attack.reaction_only = f.boolean_or("reaction_only", false);
  if (attack.radius > 0 && attack.target != TargetKind::kArea)
    f.fail(*f.find("radius"), "'radius' needs target = \"area\"");
  return attack;
}

Ability read_ability(const std::string& path, const toml::table& table, const Model& model) {
  TomlFields a(path, table, fmt::format("ability of '{}'", model.name));
  a.check_keys({"name", "text", "effect", "cost", "cost_dice", "trigger", "chance", "amount",
                "range", "attack", "movement_ability"});
  Ability ability;
  ability.name = a.string("name");
  a.set_context(fmt::format("ability '{}' of '{}'", ability.name, model.name));
  ability.text = a.string_or("text", "");
  ability.effect = static_cast<Effect>(a.choice_or(
      "effect", {"none", "mistform", "unmovable", "counter", "heal", "inspire", "move"}, 0));
  ability.cost = a.integer_or("cost", 0, 0, kMostDice);
  if (ability.cost > 0) {
    ability.cost_dice = read_cost_dice(a);
  }
  ability.trigger = static_cast<Trigger>(
      a.choice_or("trigger", {"activation", "after_attacked", "all_dodged"}, 0));
  ability.chance = a.integer_or("chance", 0, 0, kMostTarget);
  ability.amount = a.integer_or("amount", 0, 0, kMostDice);
  if (ability.effect == Effect::kMove) ability.amount *= 100;  // inches
  ability.range = read_inches_or(a, "range", 0, 0, 48);
  ability.movement_ability = a.boolean_or("movement_ability", false);
  if (const toml::node* node = a.find("attack")) {
    const std::string name = a.as_string(*node, "attack");
    for (std::size_t i = 0; i < model.attacks.size(); ++i)
      if (model.attacks[i].name == name) ability.attack = static_cast<int>(i);
    if (ability.attack < 0)
      a.fail(*node, fmt::format("'attack' names '{}', which is not one of this model's attacks "
                                "(listed above the ability)",
                                name));
  }
  if (ability.effect == Effect::kCounter && ability.attack < 0)
    a.fail_here("a counter needs 'attack': the attack it makes");
  const bool reaction = ability.trigger != Trigger::kActivation;
  if (reaction != (ability.effect == Effect::kMistform || ability.effect == Effect::kCounter) &&
      ability.effect != Effect::kNone)
    a.fail_here(
        "mistform and counter are reactions (trigger after_attacked or all_dodged); the "
        "other effects are used in an activation (trigger activation)");
  if ((ability.effect == Effect::kHeal || ability.effect == Effect::kInspire ||
       ability.effect == Effect::kMove) &&
      ability.amount == 0)
    a.fail_here("'amount' must be at least 1 for this effect");
  return ability;
}

// An attack the model's own dice can never pay for (its cost, or the fewest dice of its
// allocation) would never be offered in a game: a profile's mistake, refused at its line.
void check_attack_fits_dice(const std::string& path, const toml::table& table, const Model& model,
                            const Attack& attack) {
  const TomlFields f(path, table, fmt::format("attack '{}' of '{}'", attack.name, model.name));
  if (attack.cost > 0 && dice_in(model, pool_named(attack.cost_dice)) < attack.cost)
    f.fail(*f.find("cost"),
           fmt::format("costs {} {} dice, but the model has {}", attack.cost, attack.cost_dice,
                       dice_in(model, pool_named(attack.cost_dice))));
  // The engine offers an attack from 1 die at the least (ruling "Dice pools").
  const int fewest = std::max(1, model.fewest_dice(attack));
  const int available = model.dice_available(attack);
  if (available >= fewest) return;
  static constexpr std::string_view kPoolWords[] = {"attack and wild", "attack", "defense"};
  const toml::node* where = f.find(attack.special_allocation ? "allocation" : "min_dice");
  const auto dice = [](int n) { return n == 1 ? "die" : "dice"; };
  f.fail(*where,
         fmt::format("the allocation needs at least {} {}, but the model has {} {} {}{}: "
                     "an allocation beyond the model's dice",
                     fewest, dice(fewest), available, kPoolWords[static_cast<int>(attack.pool)],
                     dice(available), attack.cost > 0 ? " left after the cost" : ""));
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
    check_attack_fits_dice(path, *attack, model, model.attacks.back());
    for (std::size_t i = 0; i + 1 < model.attacks.size(); ++i)
      if (model.attacks[i].name == model.attacks.back().name)
        f.fail(*attack, fmt::format("attack '{}' is listed twice", model.attacks.back().name));
  }
  for (const toml::table* entry : f.tables_of("ability", "[[model.ability]]")) {
    model.abilities.push_back(read_ability(path, *entry, model));
    const Ability& ability = model.abilities.back();
    if (ability.cost > 0 && dice_in(model, pool_named(ability.cost_dice)) < ability.cost) {
      const TomlFields a(path, *entry,
                         fmt::format("ability '{}' of '{}'", ability.name, model.name));
      a.fail(*a.find("cost"),
             fmt::format("costs {} {} dice, but the model has {}", ability.cost, ability.cost_dice,
                         dice_in(model, pool_named(ability.cost_dice))));
    }
  }
  return model;
}

// Every word of the models' `vulnerable_to` and `resistant_to` must be a damage type something
// can deal, else it never applies (a misspelt "Fier"): a type the seed names ("Vulnerable to
// Radiant Damage", "Resistant to Cold Damage", Mistform's "Radiant, Fire and Arcane damage
// types") or a tag an attack of the file carries (an attack is of the types its tags name).
void check_damage_types(const std::string& path, const std::vector<const toml::table*>& tables,
                        const std::vector<Model>& models) {
  std::vector<std::string> known = {"Radiant", "Cold", "Fire", "Arcane"};
  for (const Model& model : models)
    for (const Attack& attack : model.attacks)
      for (const std::string& tag : attack.keywords)
        if (!has_damage_type({tag}, known)) known.push_back(tag);
  const std::vector<std::string_view> candidates(known.begin(), known.end());
  for (std::size_t i = 0; i < tables.size(); ++i) {
    const TomlFields f(path, *tables[i], fmt::format("model '{}'", models[i].name));
    for (const char* key : {"vulnerable_to", "resistant_to"}) {
      const toml::array* words = f.array_or_null(key, kWordList);
      if (words == nullptr) continue;
      for (const toml::node& node : *words) {
        const std::string word = f.item_string(node, key, kWordList);
        if (!has_damage_type({word}, known))
          f.fail(node,
                 fmt::format("'{}': unknown damage type '{}' (no attack of the file is "
                             "tagged with it, and the seed names none such); the damage "
                             "types: {}{}",
                             key, word, fmt::join(known, ", "), did_you_mean(word, candidates)));
      }
    }
  }
}

}  // namespace

Parameters load_parameters(const std::string& path) {
  const toml::table root = parse_toml_file(path);
  const TomlFields top(path, root);
  top.check_keys({"parameters"});
  const TomlFields f(path, top.table("parameters", "a [parameters] table"), "parameters");
  f.check_keys({"faces",
                "movement_per_die",
                "base_per_size",
                "deployment_depth",
                "round_limit",
                "move_lattice",
                "rough_move",
                "prone_accuracy",
                "dying_rounds",
                "cover_chance",
                "high_ground_height",
                "high_ground_accuracy",
                "engaged_distance",
                "place_lattice",
                "objective_spacing",
                "objective_reach",
                "wall_thickness",
                "wall_height",
                "hiding_size",
                "draft"});
  Parameters parameters;
  parameters.faces = f.integer_or("faces", parameters.faces, 2, 100);
  parameters.movement_per_die =
      read_inches_or(f, "movement_per_die", parameters.movement_per_die, 0.5, 24);
  parameters.base_per_size = read_inches_or(f, "base_per_size", parameters.base_per_size, 0.01, 2);
  parameters.deployment_depth =
      read_inches_or(f, "deployment_depth", parameters.deployment_depth, 1, 24);
  parameters.round_limit = f.integer_or("round_limit", parameters.round_limit, 1, kMaxRoundLimit);
  parameters.move_lattice = read_inches_or(f, "move_lattice", parameters.move_lattice, 0.25, 6);
  parameters.rough_move = read_inches_or(f, "rough_move", parameters.rough_move, 0, 24);
  parameters.prone_accuracy = f.integer_or("prone_accuracy", parameters.prone_accuracy, 0, 10);
  parameters.dying_rounds = f.integer_or("dying_rounds", parameters.dying_rounds, 0, 10);
  parameters.cover_chance = f.integer_or("cover_chance", parameters.cover_chance, 0, 10);
  parameters.high_ground_height =
      read_inches_or(f, "high_ground_height", parameters.high_ground_height, 0.25, 24);
  parameters.high_ground_accuracy =
      f.integer_or("high_ground_accuracy", parameters.high_ground_accuracy, 0, 10);
  parameters.engaged_distance =
      read_inches_or(f, "engaged_distance", parameters.engaged_distance, 0, 6);
  parameters.place_lattice = read_inches_or(f, "place_lattice", parameters.place_lattice, 0.5, 12);
  parameters.objective_spacing =
      read_inches_or(f, "objective_spacing", parameters.objective_spacing, 0, 24);
  parameters.objective_reach =
      read_inches_or(f, "objective_reach", parameters.objective_reach, 0, 6);
  parameters.wall_thickness =
      read_inches_or(f, "wall_thickness", parameters.wall_thickness, 0.25, 6);
  parameters.wall_height = read_inches_or(f, "wall_height", parameters.wall_height, 0.25, 24);
  parameters.hiding_size = f.integer_or("hiding_size", parameters.hiding_size, 1, 255);
  parameters.draft = f.boolean_or("draft", parameters.draft);
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
  check_damage_types(path, tables, models);
  return models;
}

std::vector<Content::List> load_lists(const std::string& path, const std::vector<Model>& models) {
  const toml::table root = parse_toml_file(path);
  const TomlFields top(path, root);
  top.check_keys({"list"});
  std::vector<Content::List> lists;
  for (const toml::table* table : top.tables_of("list", "[[list]]")) {
    TomlFields f(path, *table, fmt::format("list #{}", lists.size() + 1));
    f.check_keys({"id", "name", "models"});
    Content::List list;
    list.id = f.id("id", "shamborga_host");
    list.name = f.string("name");
    f.set_context(fmt::format("list '{}'", list.id));
    list.models = f.strings_or_empty("models", kWordList);
    for (const std::string& name : list.models)
      if (std::none_of(models.begin(), models.end(),
                       [&](const Model& model) { return model.name == name; }))
        f.fail(*f.find("models"), fmt::format("'{}' is not a profile of profiles.toml", name));
    for (const Content::List& other : lists)
      if (other.id == list.id) f.fail_here(fmt::format("id '{}' is used twice", list.id));
    lists.push_back(std::move(list));
  }
  return lists;
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
  if (fs::exists(root / "lists.toml", ec))
    content.lists = load_lists((root / "lists.toml").string(), content.models);
  return content;
}

}  // namespace warband::agame
