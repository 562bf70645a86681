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
};

// Remove values run 1..die_faces; they are checked against die_faces after loading.
const Field kFields[] = {
    {"die_faces", &Parameters::die_faces, 2, 100},
    {"minimum_damage", &Parameters::minimum_damage, 0, 100},
    {"defend_reduction", &Parameters::defend_reduction, 0, 100},
    {"protection_reduction", &Parameters::protection_reduction, 0, 100},
    {"fortified_reduction", &Parameters::fortified_reduction, 0, 100},
    {"poison_remove", &Parameters::poison_remove, 1, 100},
    {"slow_remove", &Parameters::slow_remove, 1, 100},
    {"stun_remove", &Parameters::stun_remove, 1, 100},
    {"regenerate_remove", &Parameters::regenerate_remove, 1, 100},
    {"protection_remove", &Parameters::protection_remove, 1, 100},
    {"wizard_max_hp", &Parameters::wizard_max_hp, 1, 10000},
    {"wizard_max_mp", &Parameters::wizard_max_mp, 1, 10000},
    {"wizard_max_spells", &Parameters::wizard_max_spells, 1, static_cast<int>(kMaxWizardSpells)},
    {"two_action_power", &Parameters::two_action_power, 1, 10000},
    {"mp_per_action", &Parameters::mp_per_action, 0, 10000},
    {"snapcast_power_below", &Parameters::snapcast_power_below, 0, 10000},
    {"big_guns_power", &Parameters::big_guns_power, 0, 10000},
    {"minimum_mp_cost", &Parameters::minimum_mp_cost, 0, 10000},
    {"mp_recovery_per_turn", &Parameters::mp_recovery_per_turn, 0, 10000},
    {"wizards_per_side", &Parameters::wizards_per_side, 1, kMaxWizardsPerSide},
    {"turn_limit", &Parameters::turn_limit, 0, 1000},
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

}  // namespace warband::spellweavers
