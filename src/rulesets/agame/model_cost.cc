#include "rulesets/agame/model_cost.h"

#include <fmt/format.h>
#include <toml++/toml.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <mutex>
#include <optional>
#include <utility>

#include "core/error.h"
#include "core/registry.h"
#include "core/text.h"
#include "core/toml_fields.h"
#include "core/toml_input.h"
#include "core/unit_price_overrides.h"

namespace warband::agame {
namespace {

constexpr double kMostCostPoints = 10000;
constexpr double kUnitsPerInch = 100;

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

// A table naming every key of `keys` once, each a number of points.
std::map<std::string, double> points_table(const std::string& path, const TomlFields& f,
                                           const char* key, const std::vector<std::string>& keys) {
  const TomlFields t(path, f.table(key, fmt::format("a [{}] table", key)), key);
  t.check_keys(std::vector<std::string_view>(keys.begin(), keys.end()));
  std::map<std::string, double> points;
  for (const std::string& name : keys)
    points[name] = number(t, name, 0, kMostCostPoints);
  return points;
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

double inches(int units) {
  return units / kUnitsPerInch;
}

// Whether the attack's rules text is played by one of the engine's fields (content.h): then those
// fields are priced, not the text.
bool text_played(const Attack& attack) {
  return attack.radius > 0 || attack.heal > 0 || attack.condition != Condition::kNone ||
         attack.move > 0 || attack.reaction_only;
}

// A value made of parts, each the points of one costs.toml number, and its formula in words.
struct Priced {
  std::map<std::string, double> numbers;
  std::string words;
  double value() const {
    double sum = 0;
    for (const auto& [id, points] : numbers)
      sum += points;
    return sum;
  }
};

// Without `words` the formula's text is left empty: the numbers alone, for prices in a loop.
Priced price_attack(const Model& model, const Attack& attack, const CostFormula& f, int faces,
                    bool words) {
  Priced priced;
  const double hit = chance(attack.chance, faces);
  const int dice = model.most_dice(attack);
  const double extra = std::max(0, attack.damage_vs_smaller - attack.damage);
  const double damage = attack.damage + f.vs_smaller_share * extra;
  const double base = f.hit_points * hit * dice;
  const double reach = inches(attack.reach);
  const double radius = inches(attack.radius);
  const double move = inches(attack.move);
  const double special = attack.text.empty() || text_played(attack) ? 0 : f.special_points;
  const std::string condition = attack.condition == Condition::kNone
                                    ? ""
                                    : condition_keys()[static_cast<int>(attack.condition) - 1];
  const double condition_points = condition.empty() ? 0 : f.condition_points.at(condition);
  // Each part as one number adds it; the target multiplier's bonus over 1 is its own part.
  std::map<std::string, double> inner = {
      {"hit_points", base * attack.damage},
      {"vs_smaller_share", base * f.vs_smaller_share * extra},
      {"accuracy_step", base * damage * f.accuracy_step * attack.accuracy},
      {"power_step", base * damage * f.power_step * attack.power},
      {"range_points", f.range_points * reach},
      {"radius_points", f.radius_points * radius},
      {"heal_points", f.heal_points * attack.heal * hit},
      {"move_points", f.move_points * move},
      {"special_points", special},
  };
  if (!condition.empty()) inner["condition_points:" + condition] = condition_points * hit;
  const double multiplier = target_multiplier(attack.target, f);
  double sum = 0;
  for (const auto& [id, points] : inner) {
    if (points == 0) continue;
    priced.numbers[id] = points;
    sum += points;
  }
  if (multiplier != 1 && sum != 0)
    priced.numbers[std::string("target_multiplier:") + target_word(attack.target)] =
        (multiplier - 1) * sum;
  if (attack.cost > 0) priced.numbers["cost_points"] = -f.cost_points * attack.cost;
  if (!words) return priced;

  std::string extras;
  if (radius > 0)
    extras += fmt::format(" + {} x radius {}\"", points_text(f.radius_points), points_text(radius));
  if (attack.heal > 0)
    extras += fmt::format(" + {} x heal {} x chance {}", points_text(f.heal_points), attack.heal,
                          points_text(hit));
  if (!condition.empty())
    extras += fmt::format(" + {} {} x chance {}", condition, points_text(condition_points),
                          points_text(hit));
  if (move > 0)
    extras += fmt::format(" + {} x move {}\"", points_text(f.move_points), points_text(move));
  if (special > 0) extras += fmt::format(" + special {}", points_text(special));
  priced.words = fmt::format(
      "({} x chance {} x {} dice x (1 + {} x Accuracy {} + {} x Power {}) x damage {} + {} x "
      "{}\"{}) x {} {}{}",
      points_text(f.hit_points), points_text(hit), dice, points_text(f.accuracy_step),
      attack.accuracy, points_text(f.power_step), attack.power, points_text(damage),
      points_text(f.range_points), points_text(reach), extras, target_word(attack.target),
      points_text(multiplier),
      attack.cost > 0 ? fmt::format(" - {} x cost {}", points_text(f.cost_points), attack.cost)
                      : "");
  return priced;
}

Priced price_ability(const Ability& ability, const CostFormula& f, int faces, bool words) {
  Priced priced;
  const std::string effect = effect_keys()[static_cast<int>(ability.effect)];
  // A reaction that rolls is worth its chance of working.
  const double works = ability.chance > 0 ? chance(ability.chance, faces) : 1;
  const double range = inches(ability.range);
  std::map<std::string, double> inner = {{"ability_points:" + effect, f.ability_points.at(effect)},
                                         {"ability_range_points", f.ability_range_points * range}};
  if (ability.effect == Effect::kHeal)
    inner["heal_points"] = f.heal_points * ability.amount;
  else if (ability.effect == Effect::kInspire)
    inner["inspire_points"] = f.inspire_points * ability.amount;
  else if (ability.effect == Effect::kMove)
    inner["move_points"] = f.move_points * inches(ability.amount);
  for (const auto& [id, points] : inner)
    if (points != 0) priced.numbers[id] = points * works;
  if (ability.cost > 0) priced.numbers["cost_points"] = -f.cost_points * ability.cost;
  if (!words) return priced;

  std::string amount;
  if (ability.effect == Effect::kHeal)
    amount = fmt::format(" + {} x heal {}", points_text(f.heal_points), ability.amount);
  else if (ability.effect == Effect::kInspire)
    amount = fmt::format(" + {} x {} wild dice", points_text(f.inspire_points), ability.amount);
  else if (ability.effect == Effect::kMove)
    amount = fmt::format(" + {} x move {}\"", points_text(f.move_points),
                         points_text(inches(ability.amount)));
  priced.words = fmt::format(
      "({} {}{}{}){}{}", effect, points_text(f.ability_points.at(effect)), amount,
      range > 0 ? fmt::format(" + {} x range {}\"", points_text(f.ability_range_points),
                              points_text(range))
                : "",
      ability.chance > 0 ? fmt::format(" x chance {}", points_text(works)) : "",
      ability.cost > 0 ? fmt::format(" - {} x cost {}", points_text(f.cost_points), ability.cost)
                       : "");
  return priced;
}

}  // namespace

const std::vector<std::string>& condition_keys() {
  static const std::vector<std::string> keys = {"prone", "charmed"};  // Condition after kNone
  return keys;
}

const std::vector<std::string>& effect_keys() {
  static const std::vector<std::string> keys = {"none", "mistform", "unmovable", "counter",
                                                "heal", "inspire",  "move"};  // Effect's order
  return keys;
}

CostFormula load_cost_formula(const std::string& path) {
  const toml::table root = parse_toml_file(path);
  const TomlFields f(path, root, "costs");
  f.check_keys(
      {"size_points",       "attack_die",        "defense_die",          "wild_die",
       "movement_die",      "wound_points",      "dodge_points",         "save_points",
       "resistant_points",  "vulnerable_points", "other_attack_share",   "reaction_share",
       "hit_points",        "accuracy_step",     "power_step",           "vs_smaller_share",
       "range_points",      "radius_points",     "heal_points",          "move_points",
       "special_points",    "cost_points",       "ability_range_points", "inspire_points",
       "target_multiplier", "condition_points",  "ability_points",       "units"});
  CostFormula c;
  c.size_points = number(f, "size_points", 0, kMostCostPoints);
  c.attack_die = number(f, "attack_die", 0, kMostCostPoints);
  c.defense_die = number(f, "defense_die", 0, kMostCostPoints);
  c.wild_die = number(f, "wild_die", 0, kMostCostPoints);
  c.movement_die = number(f, "movement_die", 0, kMostCostPoints);
  c.wound_points = number(f, "wound_points", 0, kMostCostPoints);
  c.dodge_points = number(f, "dodge_points", 0, kMostCostPoints);
  c.save_points = number(f, "save_points", 0, kMostCostPoints);
  c.resistant_points = number(f, "resistant_points", 0, kMostCostPoints);
  c.vulnerable_points = number(f, "vulnerable_points", 0, kMostCostPoints);
  c.other_attack_share = number(f, "other_attack_share", 0, 1);
  c.reaction_share = number(f, "reaction_share", 0, 1);
  c.hit_points = number(f, "hit_points", 0, kMostCostPoints);
  c.accuracy_step = number(f, "accuracy_step", 0, 1);
  c.power_step = number(f, "power_step", 0, 1);
  c.vs_smaller_share = number(f, "vs_smaller_share", 0, 1);
  c.range_points = number(f, "range_points", 0, kMostCostPoints);
  c.radius_points = number(f, "radius_points", 0, kMostCostPoints);
  c.heal_points = number(f, "heal_points", 0, kMostCostPoints);
  c.move_points = number(f, "move_points", 0, kMostCostPoints);
  c.special_points = number(f, "special_points", 0, kMostCostPoints);
  c.cost_points = number(f, "cost_points", 0, kMostCostPoints);
  c.ability_range_points = number(f, "ability_range_points", 0, kMostCostPoints);
  c.inspire_points = number(f, "inspire_points", 0, kMostCostPoints);
  const TomlFields t(path, f.table("target_multiplier", "a [target_multiplier] table"),
                     "target_multiplier");
  t.check_keys({"single", "area", "wide"});
  c.single = number(t, "single", 0, 100);
  c.area = number(t, "area", 0, 100);
  c.wide = number(t, "wide", 0, 100);
  c.condition_points = points_table(path, f, "condition_points", condition_keys());
  c.ability_points = points_table(path, f, "ability_points", effect_keys());
  for (const UnitPriceOverride& fixed : read_unit_price_overrides(f, "the profile's points"))
    c.price_overrides[fixed.id] = {.where = fixed.where, .points = fixed.points};
  return c;
}

std::string profile_unit_id(const std::string& name) {
  std::string id;
  for (const char c : name) {
    if (std::isalnum(static_cast<unsigned char>(c)))
      id += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    else if (!id.empty() && id.back() != '_')
      id += '_';
  }
  while (!id.empty() && id.back() == '_')
    id.pop_back();
  return id;
}

void price_profiles(CostFormula& costs, const std::vector<Model>& profiles, int faces) {
  for (auto& entry : costs.price_overrides) {
    // Named, not bound: clang 15 (Debian 12) cannot capture a structured binding in a lambda.
    const std::string& id = entry.first;
    auto& fixed = entry.second;
    const auto profile = std::find_if(profiles.begin(), profiles.end(), [&](const Model& model) {
      return profile_unit_id(model.name) == id;
    });
    if (profile == profiles.end()) {
      std::vector<std::string> ids;
      for (const Model& model : profiles)
        ids.push_back(profile_unit_id(model.name));
      const std::vector<std::string_view> known(ids.begin(), ids.end());
      throw InputError(fixed.where,
                       fmt::format("[units] '{}': no profile of profiles.toml has this id (its "
                                   "name in lower case, '_' between words){}",
                                   id.substr(0, 60), did_you_mean(id, known)));
    }
    fixed.shift =
        fixed.points - model_cost(*profile, costs, faces, CostWords::kOmitted).formula_points;
  }
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

double attack_value(const Model& model, const Attack& attack, const CostFormula& formula,
                    int faces) {
  return price_attack(model, attack, formula, faces, false).value();
}

double ability_value(const Ability& ability, const CostFormula& formula, int faces) {
  return price_ability(ability, formula, faces, false).value();
}

ModelCost model_cost(const Model& m, const CostFormula& f, int faces, CostWords words) {
  ModelCost cost;
  const bool written = words == CostWords::kWritten;
  // `describe` gives the term's name and formula, asked only when the terms are written.
  const auto add = [&](const std::map<std::string, double>& numbers, double share, const char* role,
                       const auto& describe) {
    double points = 0;
    for (const auto& [id, part] : numbers) {
      cost.numbers[id] += share * part;
      points += share * part;
    }
    cost.roles[role] += points;
    cost.exact += points;
    if (!written) return;
    auto [term, formula] = describe();
    cost.terms.push_back({std::move(term), std::move(formula), points});
  };
  using Words = std::pair<std::string, std::string>;
  add({{"size_points", f.size_points * m.size}}, 1, "not_an_attack", [&] {
    return Words("size", fmt::format("{} x Size {}", points_text(f.size_points), m.size));
  });
  add({{"attack_die", f.attack_die * m.attack_dice},
       {"defense_die", f.defense_die * m.defense_dice},
       {"wild_die", f.wild_die * m.wild_dice},
       {"movement_die", f.movement_die * m.movement_dice}},
      1, "not_an_attack", [&] {
        return Words(
            "dice",
            fmt::format("{} x {} attack + {} x {} defense + {} x {} wild + {} x {} movement",
                        points_text(f.attack_die), m.attack_dice, points_text(f.defense_die),
                        m.defense_dice, points_text(f.wild_die), m.wild_dice,
                        points_text(f.movement_die), m.movement_dice));
      });
  const double dodges = chance(m.melee_defense, faces) + chance(m.ranged_defense, faces) +
                        chance(m.magic_defense, faces);
  const double saves = chance(m.armor, faces) + chance(m.will, faces) + chance(m.body, faces) +
                       chance(m.reflexes, faces);
  add({{"wound_points", m.wounds * f.wound_points},
       {"dodge_points", m.wounds * f.dodge_points * dodges},
       {"save_points", m.wounds * f.save_points * saves}},
      1, "not_an_attack", [&] {
        return Words(
            "toughness",
            fmt::format("{} Wounds x ({} + {} x Defenses {} + {} x Resistances {})", m.wounds,
                        points_text(f.wound_points), points_text(f.dodge_points),
                        points_text(dodges), points_text(f.save_points), points_text(saves)));
      });
  if (!m.resistant_to.empty() || !m.vulnerable_to.empty())
    add({{"resistant_points", f.resistant_points * static_cast<double>(m.resistant_to.size())},
         {"vulnerable_points", -f.vulnerable_points * static_cast<double>(m.vulnerable_to.size())}},
        1, "not_an_attack", [&] {
          return Words("damage types",
                       fmt::format("{} x {} resisted - {} x {} vulnerable",
                                   points_text(f.resistant_points), m.resistant_to.size(),
                                   points_text(f.vulnerable_points), m.vulnerable_to.size()));
        });
  // The best attack an activation may make counts whole, the others as options: one ability an
  // activation. An attack only a reaction makes is none of those: it comes at reaction_share.
  std::vector<Priced> attacks;
  std::optional<std::size_t> best;
  for (std::size_t i = 0; i < m.attacks.size(); ++i) {
    attacks.push_back(price_attack(m, m.attacks[i], f, faces, written));
    if (!m.attacks[i].reaction_only && (!best || attacks[i].value() > attacks[*best].value()))
      best = i;
  }
  for (std::size_t i = 0; i < m.attacks.size(); ++i) {
    const std::string& name = m.attacks[i].name;
    const std::string& formula = attacks[i].words;
    if (best == i)
      add(attacks[i].numbers, 1, "best_attack",
          [&] { return Words(fmt::format("attack '{}' (best)", name), formula); });
    else if (m.attacks[i].reaction_only)
      add(attacks[i].numbers, f.reaction_share, "reaction_attacks", [&] {
        return Words(fmt::format("attack '{}' (reaction)", name),
                     fmt::format("{} x {}", points_text(f.reaction_share), formula));
      });
    else
      add(attacks[i].numbers, f.other_attack_share, "other_attacks", [&] {
        return Words(fmt::format("attack '{}'", name),
                     fmt::format("{} x {}", points_text(f.other_attack_share), formula));
      });
  }
  for (const Ability& ability : m.abilities) {
    const Priced priced = price_ability(ability, f, faces, written);
    add(priced.numbers, 1, "not_an_attack",
        [&] { return Words(fmt::format("ability '{}'", ability.name), priced.words); });
  }
  // At most kMaxUnitPrice: numbers each in range can multiply past what an int holds.
  cost.formula_points =
      cost.exact < kMaxUnitPrice ? static_cast<int>(std::floor(cost.exact + 0.5)) : kMaxUnitPrice;
  cost.points = cost.formula_points;
  if (!f.price_overrides.empty()) {
    const auto fixed = f.price_overrides.find(profile_unit_id(m.name));
    if (fixed != f.price_overrides.end()) {
      cost.points = std::max(0, cost.formula_points + fixed->second.shift);
      cost.override_id = fixed->first;
    }
  }
  return cost;
}

int model_points(const Model& model, const CostFormula& formula, int faces) {
  return model_cost(model, formula, faces, CostWords::kOmitted).points;
}

}  // namespace warband::agame
