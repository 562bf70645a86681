#include "rulesets/atomspast/parameter_table.h"

#include <fmt/format.h>

#include "core/error.h"

namespace warband::atomspast {

const std::vector<ParameterField>& parameter_fields() {
  using P = Parameters;
  static const std::vector<ParameterField> fields = {
      {"deck_size", &P::deck_size, nullptr, 1, 200},
      {"hand_size", &P::hand_size, nullptr, 0, 12},
      {"cast_skill", &P::cast_skill, nullptr, 1, 6},
      {"cast_dice", &P::cast_dice, nullptr, 0, 40},
      {"channel_skill", &P::channel_skill, nullptr, 1, 6},
      {"channel_dice", &P::channel_dice, nullptr, 0, 40},
      {"places_per_spell_phase", &P::places_per_spell_phase, nullptr, 0, 10},
      {"channels_per_spell_phase", &P::channels_per_spell_phase, nullptr, 0, 10},
      {"casts_per_spell_phase", &P::casts_per_spell_phase, nullptr, 0, 10},
      {"setup_places", &P::setup_places, nullptr, 0, 10},
      {"max_power_level", &P::max_power_level, nullptr, 1, 60},
      {"deploy_depth", &P::deploy_depth, nullptr, 1, 12},
      {"move_acti", &P::move_acti, nullptr, 0, 20},
      {"run_acti", &P::run_acti, nullptr, 0, 20},
      {"attack_acti", &P::attack_acti, nullptr, 0, 20},
      {"charge_acti", &P::charge_acti, nullptr, 0, 20},
      {"charge_move_bonus", &P::charge_move_bonus, nullptr, 0, 10},
      {"charge_dice_bonus", &P::charge_dice_bonus, nullptr, 0, 10},
      {"higher_ground_skill_bonus", &P::higher_ground_skill_bonus, nullptr, 0, 6},
      {"light_cover_penalty", &P::light_cover_penalty, nullptr, 0, 6},
      {"heavy_cover_penalty", &P::heavy_cover_penalty, nullptr, 0, 6},
      {"obscuring_penalty", &P::obscuring_penalty, nullptr, 0, 6},
      {"outnumbered_skill_bonus", &P::outnumbered_skill_bonus, nullptr, 0, 6},
      {"flanking_dice_bonus", &P::flanking_dice_bonus, nullptr, 0, 10},
      {"combined_skill_bonus", &P::combined_skill_bonus, nullptr, 0, 6},
      {"combined_range_halves", &P::combined_range_halves, nullptr, 0, 20},
      {"dangerous_skill", &P::dangerous_skill, nullptr, 1, 6},
      {"shield_blocks_spell_damage", nullptr, &P::shield_blocks_spell_damage, 0, 1},
      {"turn_limit", &P::turn_limit, nullptr, 1, 200},
      {"points_limit", &P::points_limit, nullptr, 1, 100000},
      {"kon_points_surcharge", &P::kon_points_surcharge, nullptr, 0, 10000},
  };
  return fields;
}

const ParameterField* find_parameter(const std::string& name) {
  for (const auto& field : parameter_fields())
    if (name == field.name) return &field;
  return nullptr;
}

void apply_parameter_overrides(const nlohmann::json& overrides, Parameters& parameters) {
  if (!overrides.is_object())
    throw InputError("setup.parameters", "expected an object of parameter names and values");
  for (const auto& [name, value] : overrides.items()) {
    const ParameterField* field = find_parameter(name);
    const std::string where = "setup.parameters." + name;
    if (!field) throw InputError(where, "no such AtomsPast parameter");
    if (field->bool_field) {
      if (!value.is_boolean()) throw InputError(where, "expected true or false");
      parameters.*(field->bool_field) = value.get<bool>();
      continue;
    }
    if (!value.is_number_integer()) throw InputError(where, "expected a whole number");
    const auto number = value.get<long long>();
    if (number < field->min || number > field->max)
      throw InputError(where,
                       fmt::format("expected {} to {}, got {}", field->min, field->max, number));
    parameters.*(field->int_field) = static_cast<int>(number);
  }
}

}  // namespace warband::atomspast
