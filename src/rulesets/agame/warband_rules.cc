#include "rulesets/agame/warband_rules.h"

#include <fmt/format.h>
#include <toml++/toml.h>

#include <algorithm>

#include "core/error.h"
#include "core/toml_fields.h"
#include "core/toml_input.h"

namespace warband::agame {

std::string WarbandRules::class_of_model(const Model& model) const {
  std::string name = model.model_class;
  if (const auto alias = class_alias.find(name); alias != class_alias.end()) name = alias->second;
  if (name.empty())
    if (const auto given = class_of.find(model.name); given != class_of.end()) name = given->second;
  return std::find(classes.begin(), classes.end(), name) == classes.end() ? "" : name;
}

WarbandRules load_warband_rules(const std::string& path) {
  const toml::table root = parse_toml_file(path);
  const TomlFields top(path, root);
  top.check_keys({"warband", "class_alias", "class_of", "class_max"});
  const TomlFields f(path, top.table("warband", "a [warband] table"), "warband");
  f.check_keys(
      {"models_min", "models_max", "points_limit", "points_gap", "same_profile_max", "classes"});
  WarbandRules rules;
  rules.models_min = f.integer("models_min", 1, 100);
  rules.models_max = f.integer("models_max", rules.models_min, 100);
  rules.points_limit = f.integer("points_limit", 1, 100000);
  if (f.has("points_gap")) rules.points_gap = f.integer("points_gap", 0, 100000);
  rules.same_profile_max = f.integer("same_profile_max", 1, 100);
  rules.classes = f.strings_or_empty("classes", "a list of class names such as [\"Brute\"]");
  if (rules.classes.empty()) f.fail_here("'classes' must name at least one class");
  const auto is_class = [&](const std::string& name) {
    return std::find(rules.classes.begin(), rules.classes.end(), name) != rules.classes.end();
  };
  const auto read_names = [&](std::string_view key, std::map<std::string, std::string>& into) {
    if (!top.has(key)) return;
    const toml::table& table = top.table(key, "a table of names");
    const TomlFields names(path, table, std::string(key));
    for (const auto& [name, value] : table) {
      const std::string target = names.as_string(value, name.str(), "a class name in quotes");
      if (!is_class(target))
        names.fail(value, fmt::format("'{}' must be one of the classes ({}), got \"{}\"",
                                      name.str(), fmt::join(rules.classes, ", "), target));
      into[std::string(name.str())] = target;
    }
  };
  read_names("class_alias", rules.class_alias);
  read_names("class_of", rules.class_of);
  if (top.has("class_max")) {
    const toml::table& table = top.table("class_max", "a table of class = most models");
    const TomlFields limits(path, table, "class_max");
    for (const auto& [name, value] : table) {
      if (!is_class(std::string(name.str())))
        limits.fail(value, fmt::format("'{}' is not one of the classes ({})", name.str(),
                                       fmt::join(rules.classes, ", ")));
      rules.class_max[std::string(name.str())] =
          limits.as_integer(value, name.str(), 0, rules.models_max);
    }
  }
  return rules;
}

}  // namespace warband::agame
