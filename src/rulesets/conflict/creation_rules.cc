#include "rulesets/conflict/creation_rules.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <mutex>
#include <optional>
#include <string_view>

#include "core/error.h"
#include "core/folder_cache.h"
#include "core/registry.h"
#include "core/text.h"
#include "core/toml_fields.h"
#include "core/toml_input.h"
#include "core/unit_price_overrides.h"
#include "rulesets/conflict/character_catalog.h"

namespace warband::conflict {
namespace {

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

int hundredths(const TomlFields& f, std::string_view key, double high) {
  const double inches = number(f, key, 0, high);
  const double scaled = inches * 100;
  if (std::abs(scaled - std::round(scaled)) > 1e-6)
    f.fail(*f.find(key), fmt::format("'{}' is in inches to the hundredth, got {}", key,
                                     describe_toml_value(*f.find(key))));
  return static_cast<int>(std::lround(scaled));
}

std::vector<SizeCategory> read_sizes(const TomlFields& root) {
  std::vector<SizeCategory> sizes;
  for (const toml::table* table : root.tables_of("sizes", "[[sizes]] tables")) {
    const TomlFields f(root.path(), *table, fmt::format("size #{}", sizes.size() + 1));
    f.check_keys({"size", "name", "base_inches", "strides", "attack_reach_inches",
                  "influence_inches", "max_wounds"});
    SizeCategory size;
    size.size = f.integer("size", 1, 20);
    if (size.size != static_cast<int>(sizes.size()) + 1)
      f.fail(*f.find("size"),
             fmt::format("sizes are listed in order from 1: expected {}", sizes.size() + 1));
    size.name = f.string("name");
    size.base_hundredths = hundredths(f, "base_inches", 24);
    if (size.base_hundredths == 0) f.fail(*f.find("base_inches"), "a base needs a diameter");
    size.strides = f.integer("strides", 1, 20);
    size.attack_reach_hundredths = hundredths(f, "attack_reach_inches", 24);
    size.influence_hundredths = hundredths(f, "influence_inches", 48);
    size.max_wounds = f.integer("max_wounds", 1, 100);
    sizes.push_back(std::move(size));
  }
  if (sizes.empty()) root.fail_here("needs [[sizes]]: the Size Category table");
  return sizes;
}

CreationLimits read_limits(const TomlFields& root) {
  const TomlFields f(root.path(), root.table("limits", "a [limits] table"), "[limits]");
  f.check_keys({"attack_skill_max", "defense_max", "resistance_max", "extra_strides_max",
                "attacks_max", "effects_per_attack_max", "abilities_max", "range_max_inches",
                "area_radius_max_inches", "ricochet_jumps_max", "warband_characters_max"});
  CreationLimits limits;
  limits.attack_skill_max = f.integer("attack_skill_max", 0, 20);
  limits.defense_max = f.integer("defense_max", 0, 20);
  limits.resistance_max = f.integer("resistance_max", 0, 20);
  limits.extra_strides_max = f.integer("extra_strides_max", 0, 20);
  limits.attacks_max = f.integer("attacks_max", 1, 20);
  limits.effects_per_attack_max = f.integer("effects_per_attack_max", 0, 20);
  limits.abilities_max = f.integer("abilities_max", 0, 20);
  limits.range_max_inches = f.integer("range_max_inches", 0, 200);
  limits.area_radius_max_inches = f.integer("area_radius_max_inches", 1, 50);
  limits.ricochet_jumps_max = f.integer("ricochet_jumps_max", 1, 20);
  limits.warband_characters_max = f.integer("warband_characters_max", 1, 200);
  const TomlFields attacks(root.path(), root.table("attacks", "an [attacks] table"), "[attacks]");
  attacks.check_keys({"ricochet_jump_inches"});
  limits.ricochet_jump_inches = attacks.integer("ricochet_jump_inches", 1, 50);
  return limits;
}

// An ability's [abilities.play] table (ability_play.h): only the numbers it changes.
AbilityPlay read_ability_play(const TomlFields& ability, const std::string& path) {
  AbilityPlay play;
  if (!ability.has("play")) return play;
  const TomlFields f(path, ability.table("play", "a [abilities.play] table"),
                     ability.context() + " play");
  std::vector<std::string_view> keys(ability_play_keys().begin(), ability_play_keys().end());
  f.check_keys(keys);
  play.climb_strides_less = f.integer_or("climb_strides_less", 0, 0, 20);
  play.disengage_strides = f.integer_or("disengage_strides", -1, 0, 20);
  play.charge_bonus = f.integer_or("charge_bonus", play.charge_bonus, 0, 10);
  play.run_multiplier = f.integer_or("run_multiplier", play.run_multiplier, 1, 10);
  play.cover_steps = f.integer_or("cover_steps", play.cover_steps, 0, 3);
  play.focus_bonus = f.integer_or("focus_bonus", play.focus_bonus, 0, 10);
  play.braced_sizes = f.integer_or("braced_sizes", 0, 0, 10);
  play.aid_strides = f.integer_or("aid_strides", play.aid_strides, 0, 20);
  play.aid_reach = f.integer_or("aid_reach_inches", 0, 0, 48) * 100;
  play.throw_sizes = f.integer_or("throw_sizes", 0, 0, 10);
  play.shake_tokens = f.integer_or("shake_tokens", play.shake_tokens, 1, kMaxTokens * 7);
  play.shift = f.integer_or("shift_inches", 1, 0, 12) * 100;
  play.steps_over_smaller = f.boolean_or("steps_over_smaller", false);
  play.fall_damage = f.boolean_or("fall_damage", true);
  play.interact_strides = f.integer_or("interact_strides", play.interact_strides, 0, 20);
  return play;
}

// An ability's [abilities.action] table (ability_play.h): what the action does, to whom, at what
// range and cost, and the flip an enemy resists it with.
AbilityAction read_ability_action(const TomlFields& ability, const std::string& path) {
  const TomlFields f(path, ability.table("action", "an [abilities.action] table"),
                     ability.context() + " action");
  std::vector<std::string_view> keys(ability_action_keys().begin(), ability_action_keys().end());
  f.check_keys(keys);
  AbilityAction action;
  action.effect = static_cast<AbilityEffect>(f.choice("effect", ability_effect_keys()));
  action.target = static_cast<AbilityTarget>(f.choice("target", ability_target_keys()));
  action.cost = static_cast<AbilityCost>(f.choice("costs", ability_cost_keys()));
  action.range = f.integer_or("range_inches", 0, 0, 48) * 100;
  // Only the keys of its effect: a key another effect reads is a mistake worth naming.
  auto only_for = [&](std::string_view key, AbilityEffect effect) {
    if (f.has(key) && action.effect != effect)
      f.fail(*f.find(key), fmt::format("'{}' belongs to effect \"{}\", not \"{}\"", key,
                                       ability_effect_keys()[static_cast<int>(effect)],
                                       ability_effect_keys()[static_cast<int>(action.effect)]));
  };
  only_for("condition", AbilityEffect::kInflict);
  only_for("tokens", AbilityEffect::kInflict);
  only_for("wounds", AbilityEffect::kRecover);
  only_for("defense", AbilityEffect::kGuard);
  switch (action.effect) {
    case AbilityEffect::kInflict: {
      // The seed's conditions only: Push and Prone are other words of the vocabulary.
      const std::vector<std::string_view> conditions(
          effect_keys().begin(), effect_keys().begin() + static_cast<int>(EffectKind::kPush));
      action.condition = static_cast<EffectKind>(f.choice("condition", conditions));
      action.amount = f.integer_or("tokens", 1, 1, kMaxTokens);
      break;
    }
    case AbilityEffect::kRecover:
      action.amount = f.integer("wounds", 1, 100);
      break;
    case AbilityEffect::kGuard:
      action.amount = f.integer("defense", 1, 10);
      break;
    case AbilityEffect::kShove:
      break;
  }
  if ((action.effect == AbilityEffect::kInflict || action.effect == AbilityEffect::kShove) !=
      (action.target == AbilityTarget::kEnemy))
    f.fail(*f.find("target"), action.target == AbilityTarget::kEnemy
                                  ? "\"recover\" and \"guard\" are for \"friend\" or \"self\""
                                  : "\"inflict\" and \"shove\" are for \"enemy\"");
  if (f.has("flip")) {
    if (action.target != AbilityTarget::kEnemy)
      f.fail(*f.find("flip"), "only an enemy resists with a flip");
    action.flip = true;
    const std::vector<std::string_view> types = attack_type_keys();
    action.resisted_by = static_cast<AttackType>(f.choice("flip", types));
    action.strength = f.integer("strength", kMinStrength, kMaxStrength);
  } else if (f.has("strength")) {
    f.fail(*f.find("strength"), "a Strength needs a 'flip' (the Resistance it meets)");
  }
  return action;
}

std::vector<Ability> read_abilities(const std::string& path) {
  const toml::table root = parse_toml_file(path);
  const TomlFields top(path, root);
  top.check_keys({"abilities"});
  std::vector<Ability> abilities;
  for (const toml::table* table : top.tables_of("abilities", "[[abilities]] tables")) {
    TomlFields f(path, *table, fmt::format("ability #{}", abilities.size() + 1));
    f.check_keys({"id", "name", "changes", "text", "play", "action"});
    Ability ability;
    ability.id = f.id("id", "\"sure_footed\"");
    f.set_context(fmt::format("ability '{}'", ability.id));
    for (const Ability& earlier : abilities)
      if (earlier.id == ability.id) f.fail(*f.find("id"), "is listed twice");
    ability.name = f.string("name");
    ability.changes = f.string("changes");
    ability.text = f.string("text");
    ability.play = read_ability_play(f, path);
    ability.acts = f.has("action");
    if (ability.acts) ability.action = read_ability_action(f, path);
    abilities.push_back(std::move(ability));
  }
  return abilities;
}

}  // namespace

CostFormula load_cost_formula(const std::string& path, const std::vector<Ability>& abilities,
                              int size_count) {
  const toml::table root = parse_toml_file(path);
  const TomlFields f(path, root);
  f.check_keys({"size_points", "stride_points", "wound_points", "defense_points",
                "resistance_points", "attack_skill_step", "strength_points", "range_points",
                "target_multiplier", "effect_points", "trigger_multiplier", "suit_points",
                "ability_points", "units"});
  constexpr double kMaxPoints = 10000;
  CostFormula costs;
  const toml::array& sizes = f.array("size_points", "a list of points, one per size");
  if (static_cast<int>(sizes.size()) != size_count)
    f.fail(sizes, fmt::format("'size_points' needs one number per size of creation.toml ({}), "
                              "got {}",
                              size_count, sizes.size()));
  for (const toml::node& item : sizes) {
    std::optional<double> value;
    if (const auto* i = item.as_integer()) value = static_cast<double>(i->get());
    if (const auto* d = item.as_floating_point()) value = d->get();
    if (!value || !std::isfinite(*value) || *value < 0 || *value > kMaxPoints)
      f.fail(item, fmt::format("'size_points' must hold numbers from 0 to {}, got {}", kMaxPoints,
                               describe_toml_value(item)));
    costs.size_points.push_back(*value);
  }
  costs.stride_points = number(f, "stride_points", 0, kMaxPoints);
  costs.wound_points = number(f, "wound_points", 0, kMaxPoints);
  costs.defense_points = number(f, "defense_points", 0, kMaxPoints);
  costs.resistance_points = number(f, "resistance_points", 0, kMaxPoints);
  costs.attack_skill_step = number(f, "attack_skill_step", 0, 100);
  costs.strength_points = number(f, "strength_points", 0, kMaxPoints);
  costs.range_points = number(f, "range_points", 0, kMaxPoints);

  const TomlFields target(path, f.table("target_multiplier", "a [target_multiplier] table"),
                          "[target_multiplier]");
  target.check_keys({"single", "breakthrough", "area_base", "area_per_inch", "ricochet_per_jump"});
  costs.single_multiplier = number(target, "single", 0, 100);
  costs.breakthrough_multiplier = number(target, "breakthrough", 0, 100);
  costs.area_base = number(target, "area_base", 0, 100);
  costs.area_per_inch = number(target, "area_per_inch", 0, 100);
  costs.ricochet_per_jump = number(target, "ricochet_per_jump", 0, 100);

  const TomlFields effects(path, f.table("effect_points", "an [effect_points] table"),
                           "[effect_points]");
  effects.check_keys(effect_keys());
  for (int e = 0; e < kEffectKindCount; ++e)
    costs.effect_points[e] = number(effects, effect_keys()[e], 0, kMaxPoints);

  const TomlFields triggers(path, f.table("trigger_multiplier", "a [trigger_multiplier] table"),
                            "[trigger_multiplier]");
  triggers.check_keys(trigger_keys());
  for (int t = 0; t < 3; ++t)
    costs.trigger_multiplier[t] = number(triggers, trigger_keys()[t], 0, 100);

  const TomlFields suits(path, f.table("suit_points", "a [suit_points] table"), "[suit_points]");
  suits.check_keys(suit_keys());
  for (int s = 0; s < kSuitCount; ++s)
    costs.suit_points[s] = number(suits, suit_keys()[s], 0, kMaxPoints);

  const TomlFields priced(path, f.table("ability_points", "an [ability_points] table"),
                          "[ability_points]");
  std::vector<std::string_view> ids;
  for (const Ability& ability : abilities)
    ids.push_back(ability.id);
  priced.check_keys(ids);
  for (const Ability& ability : abilities)
    costs.ability_points[ability.id] = number(priced, ability.id, 0, kMaxPoints);
  for (const UnitPriceOverride& fixed : read_unit_price_overrides(f, "the character's points"))
    costs.price_overrides.push_back({.id = fixed.id, .where = fixed.where, .points = fixed.points});
  return costs;
}

const SizeCategory* CreationRules::find_size(int size) const {
  if (size < 1 || size > static_cast<int>(sizes.size())) return nullptr;
  return &sizes[size - 1];
}

const Ability* CreationRules::find_ability(const std::string& id) const {
  for (const Ability& ability : abilities)
    if (ability.id == id) return &ability;
  return nullptr;
}

std::vector<std::string> CreationRules::ability_ids() const {
  std::vector<std::string> ids;
  for (const Ability& ability : abilities)
    ids.push_back(ability.id);
  return ids;
}

CreationRules load_creation_rules(const std::string& folder, const std::string& costs_file) {
  CreationRules rules;
  const std::string creation_path = folder + "/creation.toml";
  const toml::table creation = parse_toml_file(creation_path);
  const TomlFields f(creation_path, creation);
  f.check_keys({"sizes", "limits", "attacks"});
  rules.sizes = read_sizes(f);
  rules.limits = read_limits(f);
  rules.abilities = read_abilities(folder + "/abilities.toml");
  rules.costs = load_cost_formula(costs_file.empty() ? folder + "/costs.toml" : costs_file,
                                  rules.abilities, static_cast<int>(rules.sizes.size()));
  if (!rules.costs.price_overrides.empty()) {
    const CharacterCatalog catalog = read_character_catalog(folder);
    for (CostFormula::PriceOverride& fixed : rules.costs.price_overrides) {
      const auto found = std::find(catalog.ids.begin(), catalog.ids.end(), fixed.id);
      if (found == catalog.ids.end()) {
        const std::vector<std::string_view> ids(catalog.ids.begin(), catalog.ids.end());
        throw InputError(fixed.where,
                         fmt::format("[units] '{}': no character of {} has this id (a character "
                                     "file's name without .character.toml, or WARBAND.Name for "
                                     "a shipped warband's own){}",
                                     fixed.id.substr(0, 60), folder, did_you_mean(fixed.id, ids)));
      }
      fixed.character = catalog.characters[found - catalog.ids.begin()];
    }
  }
  return rules;
}

std::string content_conflict_folder() {
  return default_content_dir() + "/conflict";
}

const CreationRules& content_creation_rules() {
  static std::mutex mutex;
  static std::optional<CreationRules> loaded;
  std::lock_guard lock(mutex);
  if (!loaded) loaded = load_creation_rules(content_conflict_folder());
  return *loaded;
}

std::shared_ptr<const CreationRules> folder_creation_rules(const std::string& folder) {
  static FolderCache<CreationRules> cache(
      [](const std::string& read) { return load_creation_rules(read); });
  return cache.get(folder);
}

}  // namespace warband::conflict
