#include "rulesets/spellweavers/parameters.h"

#include <fmt/format.h>

#include <toml++/toml.h>

#include <filesystem>
#include <mutex>
#include <optional>
#include <string_view>
#include <vector>

#include "core/error.h"
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
    // The engine's numbers (sw-engine).
    {"turn_order", &Parameters::turn_order, 0, 1,
     "0: player phase (Red's wizards, then Blue's); 1: initiative roll"},
    {"mp_recovery", &Parameters::mp_recovery, 0, 10000,
     "MP a wizard regains at the start of its turn"},
    {"round_limit", &Parameters::round_limit, 1, 200,
     "Rounds before the game is scored on HP left"},
    {"move_squares", &Parameters::move_squares, 0, 20, "Squares a move action goes"},
    {"actions_per_turn", &Parameters::actions_per_turn, 1, 4, "Actions each combatant gets a turn"},
    {"staff_strike_dice", &Parameters::staff_strike_dice, 0, 20, "Dice of Staff Strike (2d6)"},
};

}  // namespace

Parameters load_parameters(const std::string& path) {
  const toml::table root = parse_toml_file(path);
  const TomlFields top(path, root);
  top.check_keys({"parameters"});
  const TomlFields f(path, top.table("parameters", "a [parameters] table"), "parameters");
  std::vector<std::string_view> keys;
  for (const Field& field : kFields)
    keys.push_back(field.name);
  f.check_keys(keys);

  // Every field is optional; a missing one keeps the seed's value (parameters.h).
  Parameters parameters;
  for (const Field& field : kFields)
    parameters.*(field.value) =
        f.integer_or(field.name, parameters.*(field.value), field.min, field.max);
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
  return specs;
}

void apply_parameter_overrides(const nlohmann::json& overrides, Parameters& parameters) {
  // The one check every ruleset's parameters get (core/parameter_spec.h), then the values.
  check_parameters(parameter_specs(), nlohmann::json{{"parameters", overrides}});
  for (const auto& [name, value] : overrides.items())
    for (const Field& field : kFields)
      if (name == field.name) parameters.*(field.value) = value.get<int>();
}

const Parameters& content_parameters() {
  static std::mutex mutex;
  static std::optional<Parameters> loaded;
  std::lock_guard lock(mutex);
  if (!loaded) loaded = load_parameters(default_content_dir() + "/spellweavers/parameters.toml");
  return *loaded;
}

}  // namespace warband::spellweavers
