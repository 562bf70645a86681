#include "rulesets/spellweavers/parameters.h"

#include <fmt/format.h>

#include <toml++/toml.h>

#include <filesystem>
#include <mutex>
#include <optional>
#include <string_view>
#include <vector>

#include "core/error.h"
#include "core/folder_cache.h"
#include "core/registry.h"
#include "core/toml_fields.h"
#include "core/toml_input.h"
#include "rulesets/spellweavers/wizard.h"

namespace warband::spellweavers {
namespace {

struct Field {
  const char* name;
  int Parameters::*value;
  int min;
  int max;
  const char* doc = "";
};

// Remove values run 1..die_faces; they are checked against die_faces after loading.
const Field kFields[] = {
    {"die_faces", &Parameters::die_faces, 2, 100, "Faces of the die (d6)"},
    {"minimum_damage", &Parameters::minimum_damage, 0, 100, "The least damage a reduction leaves"},
    {"defend_reduction", &Parameters::defend_reduction, 0, 100, "Damage Defend takes off"},
    {"protection_reduction", &Parameters::protection_reduction, 0, 100,
     "Damage Protection takes off"},
    {"fortified_reduction", &Parameters::fortified_reduction, 0, 100, "Damage Fortified takes off"},
    {"poison_remove", &Parameters::poison_remove, 1, 100, "Poison's remove value"},
    {"slow_remove", &Parameters::slow_remove, 1, 100, "Slow's remove value"},
    {"stun_remove", &Parameters::stun_remove, 1, 100, "Stun's remove value"},
    {"regenerate_remove", &Parameters::regenerate_remove, 1, 100, "Regenerate's remove value"},
    {"protection_remove", &Parameters::protection_remove, 1, 100, "Protection's remove value"},
    {"wizard_max_hp", &Parameters::wizard_max_hp, 1, 10000, "A wizard's max HP"},
    {"wizard_max_mp", &Parameters::wizard_max_mp, 1, 10000, "A wizard's max MP"},
    {"wizard_max_spells", &Parameters::wizard_max_spells, 1, static_cast<int>(kMaxWizardSpells),
     "Spells in a wizard's list"},
    {"two_action_power", &Parameters::two_action_power, 1, 10000,
     "Power from which a spell takes 2 actions"},
    {"mp_per_action", &Parameters::mp_per_action, 0, 10000,
     "MP each action takes off a spell's cost"},
    {"snapcast_power_below", &Parameters::snapcast_power_below, 0, 10000,
     "Snapcast casts with no action below this power"},
    {"big_guns_power", &Parameters::big_guns_power, 0, 10000,
     "Power from which Big Guns takes 10 MP off"},
    {"minimum_mp_cost", &Parameters::minimum_mp_cost, 0, 10000, "The lowest MP cost of a cast"},
    {"mp_recovery_per_turn", &Parameters::mp_recovery_per_turn, 0, 10000,
     "MP a wizard regains at the start of its turn"},
    {"wizards_per_side", &Parameters::wizards_per_side, 1, kMaxWizardsPerSide,
     "Wizards a side fields when the setup names none"},
    {"turn_limit", &Parameters::turn_limit, 0, 1000,
     "Rounds before the battle ends undecided (0: none)"},
    // The engine's numbers (sw-engine).
    {"move_squares", &Parameters::move_squares, 0, 20, "Squares a move action goes"},
    {"actions_per_turn", &Parameters::actions_per_turn, 1, 4, "Actions each combatant gets a turn"},
    {"staff_strike_dice", &Parameters::staff_strike_dice, 0, 20, "Dice of Staff Strike (2d6)"},
};

// The choices' keys, in enum order.
const std::vector<std::string_view> kTurnOrderKeys = {"player-phase", "initiative"};
const std::vector<std::string_view> kTiebreakKeys = {"hp-left", "draw"};
const std::vector<std::string_view> kShiftChooserKeys = {"caster", "owner"};

}  // namespace

Parameters load_parameters(const std::string& path) {
  const toml::table root = parse_toml_file(path);
  const TomlFields top(path, root);
  top.check_keys({"parameters"});
  const TomlFields f(path, top.table("parameters", "a [parameters] table"), "parameters");
  std::vector<std::string_view> keys;
  for (const Field& field : kFields)
    keys.push_back(field.name);
  for (const char* key :
       {"healing_above_max_hp", "turn_limit_tiebreak", "turn_order", "shift_chooser"})
    keys.push_back(key);
  f.check_keys(keys);

  // Every field is optional; a missing one keeps the seed's value (parameters.h).
  Parameters parameters;
  for (const Field& field : kFields)
    parameters.*(field.value) =
        f.integer_or(field.name, parameters.*(field.value), field.min, field.max);
  parameters.healing_above_max_hp =
      f.boolean_or("healing_above_max_hp", parameters.healing_above_max_hp);
  parameters.turn_limit_tiebreak = static_cast<TurnLimitTiebreak>(
      f.choice_or("turn_limit_tiebreak", kTiebreakKeys,
                  static_cast<std::size_t>(parameters.turn_limit_tiebreak)));
  parameters.turn_order = static_cast<TurnOrder>(
      f.choice_or("turn_order", kTurnOrderKeys, static_cast<std::size_t>(parameters.turn_order)));
  parameters.shift_chooser = static_cast<ShiftChooser>(f.choice_or(
      "shift_chooser", kShiftChooserKeys, static_cast<std::size_t>(parameters.shift_chooser)));
  for (const char* remove :
       {"poison_remove", "slow_remove", "stun_remove", "regenerate_remove", "protection_remove"})
    for (const Field& field : kFields)
      if (std::string_view(field.name) == remove &&
          parameters.*(field.value) > parameters.die_faces)
        throw InputError(path,
                         fmt::format("'{}' is {}, above die_faces ({}): the condition "
                                     "could never be removed",
                                     remove, parameters.*(field.value), parameters.die_faces));
  return parameters;
}

std::vector<ParameterSpec> parameter_specs() {
  const Parameters defaults;
  std::vector<ParameterSpec> specs;
  for (const Field& field : kFields)
    specs.push_back(ParameterSpec{.name = field.name,
                                  .type = ParameterSpec::Type::kInt,
                                  .default_value = static_cast<double>(defaults.*(field.value)),
                                  .min = static_cast<double>(field.min),
                                  .max = static_cast<double>(field.max),
                                  .doc = field.doc});
  // The choices, as the number of their key in the parameters file's list.
  specs.push_back({.name = "turn_order",
                   .default_value = static_cast<double>(defaults.turn_order),
                   .max = 1,
                   .doc = "0: player phase (Red's wizards, then Blue's); 1: initiative roll"});
  specs.push_back({.name = "turn_limit_tiebreak",
                   .default_value = static_cast<double>(defaults.turn_limit_tiebreak),
                   .max = 1,
                   .doc = "At the turn limit, 0: more HP left wins; 1: a draw"});
  specs.push_back({.name = "shift_chooser",
                   .default_value = static_cast<double>(defaults.shift_chooser),
                   .max = 1,
                   .doc = "Who places a shifted combatant, 0: the caster; 1: its owner"});
  specs.push_back({.name = "healing_above_max_hp",
                   .type = ParameterSpec::Type::kBool,
                   .default_value = defaults.healing_above_max_hp ? 1.0 : 0.0,
                   .max = 1,
                   .doc = "Whether healing may raise HP above max HP"});
  return specs;
}

void apply_parameter_overrides(const nlohmann::json& overrides, Parameters& parameters) {
  // The one check every ruleset's parameters get (core/parameter_spec.h), then the values.
  check_parameters(parameter_specs(), nlohmann::json{{"parameters", overrides}});
  for (const auto& [name, value] : overrides.items()) {
    for (const Field& field : kFields)
      if (name == field.name) parameters.*(field.value) = value.get<int>();
    if (name == "turn_order") parameters.turn_order = static_cast<TurnOrder>(value.get<int>());
    if (name == "turn_limit_tiebreak")
      parameters.turn_limit_tiebreak = static_cast<TurnLimitTiebreak>(value.get<int>());
    if (name == "shift_chooser")
      parameters.shift_chooser = static_cast<ShiftChooser>(value.get<int>());
    if (name == "healing_above_max_hp") parameters.healing_above_max_hp = value.get<bool>();
  }
}

std::string turn_order_key(TurnOrder order) {
  return std::string(kTurnOrderKeys[static_cast<std::size_t>(order)]);
}
std::string turn_limit_tiebreak_key(TurnLimitTiebreak tiebreak) {
  return std::string(kTiebreakKeys[static_cast<std::size_t>(tiebreak)]);
}
std::string shift_chooser_key(ShiftChooser chooser) {
  return std::string(kShiftChooserKeys[static_cast<std::size_t>(chooser)]);
}

const Parameters& content_parameters() {
  static std::mutex mutex;
  static std::optional<Parameters> loaded;
  std::lock_guard lock(mutex);
  if (!loaded) loaded = load_parameters(default_content_dir() + "/spellweavers/parameters.toml");
  return *loaded;
}

Parameters root_parameters(const std::string& root) {
  static FolderCache<Parameters> cache(
      [](const std::string& folder) { return load_parameters(folder + "/parameters.toml"); });
  return *cache.get((root.empty() ? default_content_dir() : root) + "/spellweavers");
}

}  // namespace warband::spellweavers
