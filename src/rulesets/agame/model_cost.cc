#include "rulesets/agame/model_cost.h"

#include <fmt/format.h>
#include <toml++/toml.h>

#include <algorithm>
#include <cmath>
#include <mutex>
#include <optional>

#include "core/error.h"
#include "core/registry.h"
#include "core/toml_fields.h"
#include "core/toml_input.h"

namespace warband::agame {
namespace {

constexpr double kMostPoints = 10000;

// A number written as 2 or 2.5, from `low` to `high`.
double number(const TomlFields& f, std::string_view key, double low, double high) {
  const toml::node& node = f.require(key, "a number");
  std::optional<double> value;
  if (const auto* i = node.as_integer()) value = static_cast<double>(i->get());
  if (const auto* d = node.as_floating_point()) value = d->get();
  if (!value || !std::isfinite(*value) || *value < low || *value > high)
    f.fail(node, fmt::format("'{}' must be a number from {} to {}, got {}", key, low, high,
                             describe_toml_value(node)));
  return *value;
}

// The chance of one die of `faces` sides rolling `target`+.
double chance(int target, int faces) {
  return std::clamp(static_cast<double>(faces - target + 1) / faces, 0.0, 1.0);
}

const char* target_word(TargetKind target) {
  switch (target) {
    case TargetKind::kSingle:
      return "single";
    case TargetKind::kArea:
      return "area";
    case TargetKind::kWide:
      return "wide";
  }
  return "?";
}

double target_multiplier(TargetKind target, const CostFormula& f) {
  switch (target) {
    case TargetKind::kSingle:
      return f.single;
    case TargetKind::kArea:
      return f.area;
    case TargetKind::kWide:
      return f.wide;
  }
  return 1;
}

}  // namespace

CostFormula load_cost_formula(const std::string& path) {
  const toml::table root = parse_toml_file(path);
  const TomlFields f(path, root, "costs");
  f.check_keys({"size_points",       "attack_die",         "defense_die",
                "wild_die",          "movement_die",       "wound_points",
                "dodge_points",      "save_points",        "resistant_points",
                "vulnerable_points", "other_attack_share", "ability_points",
                "hit_points",        "accuracy_step",      "power_step",
                "vs_smaller_share",  "range_points",       "special_range_inches",
                "special_points",    "cost_points",        "target_multiplier"});
  CostFormula c;
  c.size_points = number(f, "size_points", 0, kMostPoints);
  c.attack_die = number(f, "attack_die", 0, kMostPoints);
  c.defense_die = number(f, "defense_die", 0, kMostPoints);
  c.wild_die = number(f, "wild_die", 0, kMostPoints);
  c.movement_die = number(f, "movement_die", 0, kMostPoints);
  c.wound_points = number(f, "wound_points", 0, kMostPoints);
  c.dodge_points = number(f, "dodge_points", 0, kMostPoints);
  c.save_points = number(f, "save_points", 0, kMostPoints);
  c.resistant_points = number(f, "resistant_points", 0, kMostPoints);
  c.vulnerable_points = number(f, "vulnerable_points", 0, kMostPoints);
  c.other_attack_share = number(f, "other_attack_share", 0, 1);
  c.ability_points = number(f, "ability_points", 0, kMostPoints);
  c.hit_points = number(f, "hit_points", 0, kMostPoints);
  c.accuracy_step = number(f, "accuracy_step", 0, 1);
  c.power_step = number(f, "power_step", 0, 1);
  c.vs_smaller_share = number(f, "vs_smaller_share", 0, 1);
  c.range_points = number(f, "range_points", 0, kMostPoints);
  c.special_range_inches = f.integer("special_range_inches", 0, 100);
  c.special_points = number(f, "special_points", 0, kMostPoints);
  c.cost_points = number(f, "cost_points", 0, kMostPoints);
  const TomlFields t(path, f.table("target_multiplier", "a [target_multiplier] table"),
                     "target_multiplier");
  t.check_keys({"single", "area", "wide"});
  c.single = number(t, "single", 0, 100);
  c.area = number(t, "area", 0, 100);
  c.wide = number(t, "wide", 0, 100);
  return c;
}

const CostFormula& content_cost_formula() {
  static std::mutex mutex;
  static std::optional<CostFormula> loaded;
  std::lock_guard lock(mutex);
  if (!loaded) loaded = load_cost_formula(default_content_dir() + "/agame/costs.toml");
  return *loaded;
}

std::string points_text(double points) {
  std::string text = fmt::format("{:.3f}", points);
  while (text.back() == '0')
    text.pop_back();
  if (text.back() == '.') text.pop_back();
  return text == "-0" ? "0" : text;
}

int range_inches(const std::string& range, const CostFormula& formula) {
  int inches = 0;
  std::size_t i = 0;
  for (; i < range.size() && i < 4 && std::isdigit(static_cast<unsigned char>(range[i])); ++i)
    inches = inches * 10 + (range[i] - '0');
  return i == 0 ? formula.special_range_inches : inches;
}

namespace {

// An attack's value and its formula in words.
double attack_value_with(const Model& model, const Attack& attack, const CostFormula& f, int faces,
                         std::string* words) {
  const double hit = chance(attack.chance, faces);
  const int dice = model.most_dice(attack);
  const double sharpness =
      std::max(0.0, 1 + f.accuracy_step * attack.accuracy + f.power_step * attack.power);
  const double damage =
      attack.damage + f.vs_smaller_share * std::max(0, attack.damage_vs_smaller - attack.damage);
  const int inches = range_inches(attack.range, f);
  const double special = attack.text.empty() ? 0 : f.special_points;
  const double multiplier = target_multiplier(attack.target, f);
  const double value =
      (f.hit_points * hit * dice * sharpness * damage + f.range_points * inches + special) *
          multiplier -
      f.cost_points * attack.cost;
  if (words)
    *words = fmt::format(
        "({} x chance {} x {} dice x (1 + {} x Accuracy {} + {} x Power {}) x damage {} + {} x "
        "{}\"{}) x {} {}{}",
        points_text(f.hit_points), points_text(hit), dice, points_text(f.accuracy_step),
        attack.accuracy, points_text(f.power_step), attack.power, points_text(damage),
        points_text(f.range_points), inches,
        special > 0 ? fmt::format(" + special {}", points_text(special)) : "",
        target_word(attack.target), points_text(multiplier),
        attack.cost > 0 ? fmt::format(" - {} x cost {}", points_text(f.cost_points), attack.cost)
                        : "");
  return value;
}

}  // namespace

double attack_value(const Model& model, const Attack& attack, const CostFormula& formula,
                    int faces) {
  return attack_value_with(model, attack, formula, faces, nullptr);
}

ModelCost model_cost(const Model& m, const CostFormula& f, int faces) {
  ModelCost cost;
  const auto add = [&](std::string term, std::string formula, double points) {
    cost.terms.push_back({std::move(term), std::move(formula), points});
    cost.exact += points;
  };
  add("size", fmt::format("{} x Size {}", points_text(f.size_points), m.size),
      f.size_points * m.size);
  add("dice",
      fmt::format("{} x {} attack + {} x {} defense + {} x {} wild + {} x {} movement",
                  points_text(f.attack_die), m.attack_dice, points_text(f.defense_die),
                  m.defense_dice, points_text(f.wild_die), m.wild_dice, points_text(f.movement_die),
                  m.movement_dice),
      f.attack_die * m.attack_dice + f.defense_die * m.defense_dice + f.wild_die * m.wild_dice +
          f.movement_die * m.movement_dice);
  const double dodges = chance(m.melee_defense, faces) + chance(m.ranged_defense, faces) +
                        chance(m.magic_defense, faces);
  const double saves = chance(m.armor, faces) + chance(m.will, faces) + chance(m.body, faces) +
                       chance(m.reflexes, faces);
  add("toughness",
      fmt::format("{} Wounds x ({} + {} x Defenses {} + {} x Resistances {})", m.wounds,
                  points_text(f.wound_points), points_text(f.dodge_points), points_text(dodges),
                  points_text(f.save_points), points_text(saves)),
      m.wounds * (f.wound_points + f.dodge_points * dodges + f.save_points * saves));
  if (!m.resistant_to.empty() || !m.vulnerable_to.empty())
    add("damage types",
        fmt::format("{} x {} resisted - {} x {} vulnerable", points_text(f.resistant_points),
                    m.resistant_to.size(), points_text(f.vulnerable_points),
                    m.vulnerable_to.size()),
        f.resistant_points * static_cast<double>(m.resistant_to.size()) -
            f.vulnerable_points * static_cast<double>(m.vulnerable_to.size()));
  // The best attack whole, the others as options: one ability an activation.
  std::size_t best = 0;
  std::vector<double> values;
  for (const Attack& attack : m.attacks) {
    values.push_back(attack_value(m, attack, f, faces));
    if (values.back() > values[best]) best = values.size() - 1;
  }
  for (std::size_t i = 0; i < m.attacks.size(); ++i) {
    std::string words;
    const double value = attack_value_with(m, m.attacks[i], f, faces, &words);
    if (i == best)
      add(fmt::format("attack '{}' (best)", m.attacks[i].name), words, value);
    else
      add(fmt::format("attack '{}'", m.attacks[i].name),
          fmt::format("{} x {}", points_text(f.other_attack_share), words),
          f.other_attack_share * value);
  }
  if (!m.abilities.empty())
    add("abilities",
        fmt::format("{} x {} abilities", points_text(f.ability_points), m.abilities.size()),
        f.ability_points * static_cast<double>(m.abilities.size()));
  cost.points = static_cast<int>(std::floor(cost.exact + 0.5));
  return cost;
}

int model_points(const Model& model, const CostFormula& formula, int faces) {
  return model_cost(model, formula, faces).points;
}

}  // namespace warband::agame
