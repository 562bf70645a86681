#include "rulesets/agame/experience.h"

#include <fmt/format.h>
#include <toml++/toml.h>

#include <algorithm>

#include "core/error.h"
#include "core/toml_fields.h"
#include "core/toml_input.h"

namespace warband::agame {

const std::vector<std::string_view>& advance_field_keys() {
  static const std::vector<std::string_view> keys = {
      "wounds",        "attack_dice",   "defense_dice",   "wild_dice",
      "movement_dice", "melee_defense", "ranged_defense", "magic_defense",
      "armor",         "will",          "body",           "reflexes"};
  return keys;
}

namespace {

int& field_of(Model& model, std::size_t field) {
  int* const fields[] = {&model.wounds,         &model.attack_dice,   &model.defense_dice,
                         &model.wild_dice,      &model.movement_dice, &model.melee_defense,
                         &model.ranged_defense, &model.magic_defense, &model.armor,
                         &model.will,           &model.body,          &model.reflexes};
  return *fields[field];
}

}  // namespace

const Advance* ExperienceRules::find(const std::string& id) const {
  for (const Advance& advance : advances)
    if (advance.id == id) return &advance;
  return nullptr;
}

int ExperienceRules::advances_earned(int experience) const {
  return std::min(advances_max, std::max(0, experience) / advance_every);
}

ExperienceRules load_experience_rules(const std::string& path) {
  const toml::table root = parse_toml_file(path);
  const TomlFields top(path, root);
  top.check_keys({"experience", "advance"});
  const TomlFields f(path, top.table("experience", "an [experience] table"), "experience");
  f.check_keys(
      {"played", "survived", "took_out", "won", "advance_every", "advances_max", "limit_per_game"});
  ExperienceRules rules;
  rules.played = f.integer("played", 0, 100);
  rules.survived = f.integer("survived", 0, 100);
  rules.took_out = f.integer("took_out", 0, 100);
  rules.won = f.integer("won", 0, 100);
  rules.advance_every = f.integer("advance_every", 1, 1000);
  rules.advances_max = f.integer("advances_max", 0, 100);
  rules.limit_per_game = f.integer_or("limit_per_game", 0, 0, 10000);
  const std::vector<const toml::table*> tables = top.tables_of("advance", "[[advance]] tables");
  for (std::size_t i = 0; i < tables.size(); ++i) {
    TomlFields a(path, *tables[i], fmt::format("advance #{}", i + 1));
    a.check_keys({"id", "name", "field", "by", "best"});
    Advance advance;
    advance.id = a.id("id", "\"tough\"");
    a.set_context(fmt::format("advance '{}'", advance.id));
    advance.name = a.string("name");
    advance.field = a.choice("field", advance_field_keys());
    advance.by = a.integer("by", -10, 10);
    if (advance.by == 0) a.fail(*a.find("by"), "'by' must not be 0");
    advance.best = a.integer_or("best", 1, 1, 100);
    if (rules.find(advance.id))
      a.fail_here(fmt::format("advance '{}' is listed twice", advance.id));
    rules.advances.push_back(std::move(advance));
  }
  return rules;
}

Model advanced(const Model& profile, const std::vector<std::string>& advances,
               const ExperienceRules& rules) {
  Model model = profile;
  for (const std::string& id : advances)
    if (const Advance* advance = rules.find(id)) {
      int& value = field_of(model, advance->field);
      value = std::min(1000, std::max(advance->best, value + advance->by));
    }
  return model;
}

}  // namespace warband::agame
