#include "rulesets/atomspast/parameter_table.h"

#include <fmt/format.h>

#include "core/error.h"
#include "rulesets/atomspast/atomspast_state.h"

namespace warband::atomspast {

const std::vector<ParameterField>& parameter_fields() {
  using P = Parameters;
  static const std::vector<ParameterField> fields = {
      {"deck_size", &P::deck_size, nullptr, 1, 200, "Cards in a Spell Deck"},
      {"hand_size", &P::hand_size, nullptr, 0, kMaxHand,
       "Cards drawn up to at the Draw step (and the opening hand)"},
      {"cast_skill", &P::cast_skill, nullptr, 1, 6, "Skill of the Cast roll [S/D]"},
      {"cast_dice", &P::cast_dice, nullptr, 0, 40, "Dice of the Cast roll [S/D]"},
      {"channel_skill", &P::channel_skill, nullptr, 1, 6, "Skill of the Channel roll [S/D]"},
      {"channel_dice", &P::channel_dice, nullptr, 0, 40, "Dice of the Channel roll [S/D]"},
      {"places_per_spell_phase", &P::places_per_spell_phase, nullptr, 0, 10,
       "Place Spell actions per Spell Phase"},
      {"channels_per_spell_phase", &P::channels_per_spell_phase, nullptr, 0, 10,
       "Channel actions per Spell Phase"},
      {"casts_per_spell_phase", &P::casts_per_spell_phase, nullptr, 0, 10,
       "Cast actions per Spell Phase"},
      {"setup_places", &P::setup_places, nullptr, 0, 10,
       "Spells placed in the Casting Zone before Turn 1"},
      {"max_power_level", &P::max_power_level, nullptr, 1, 60, "The highest Kon Spell Power Level"},
      // At most half the playmat's 18 rows: the two zones never meet.
      {"deploy_depth", &P::deploy_depth, nullptr, 1, 9,
       "Rows (or columns) of each deployment zone"},
      {"move_acti", &P::move_acti, nullptr, 0, 20, "AcTi cost of Move"},
      {"run_acti", &P::run_acti, nullptr, 0, 20, "AcTi cost of Run"},
      {"attack_acti", &P::attack_acti, nullptr, 0, 20, "AcTi cost of Attack"},
      {"charge_acti", &P::charge_acti, nullptr, 0, 20, "AcTi cost of Charge"},
      {"charge_move_bonus", &P::charge_move_bonus, nullptr, 0, 10, "Extra Move of a Charge"},
      {"charge_dice_bonus", &P::charge_dice_bonus, nullptr, 0, 10,
       "Extra melee dice (MD) of a Charge"},
      {"higher_ground_skill_bonus", &P::higher_ground_skill_bonus, nullptr, 0, 6,
       "Skill bonus of attacking from Higher Ground"},
      {"light_cover_penalty", &P::light_cover_penalty, nullptr, 0, 6,
       "Skill penalty of Light Cover"},
      {"heavy_cover_penalty", &P::heavy_cover_penalty, nullptr, 0, 6,
       "Skill penalty of Heavy Cover"},
      {"obscuring_penalty", &P::obscuring_penalty, nullptr, 0, 6,
       "Ranged skill penalty per Obscuring space crossed"},
      {"outnumbered_skill_bonus", &P::outnumbered_skill_bonus, nullptr, 0, 6,
       "Melee skill bonus against an Outnumbered unit"},
      {"flanking_dice_bonus", &P::flanking_dice_bonus, nullptr, 0, 10,
       "Melee dice bonus against a Flanked unit"},
      {"combined_skill_bonus", &P::combined_skill_bonus, nullptr, 0, 6,
       "Skill bonus of a Combined Attack"},
      {"combined_range_halves", &P::combined_range_halves, nullptr, 0, 20,
       "Range of a Combined Attack, in half spaces (3 = Range 1.5)"},
      {"dangerous_skill", &P::dangerous_skill, nullptr, 1, 6,
       "Skill of Dangerous Terrain's damage roll"},
      {"shield_blocks_spell_damage", nullptr, &P::shield_blocks_spell_damage, 0, 1,
       "Whether Shield also blocks spell and Dangerous Terrain damage"},
      {"turn_limit", &P::turn_limit, nullptr, 1, 200,
       "Rounds before the game is scored on points destroyed"},
      {"points_limit", &P::points_limit, nullptr, 1, 100000, "Points of a standard game"},
      {"kon_points_surcharge", &P::kon_points_surcharge, nullptr, 0, 10000,
       "Extra points the Kon costs"},
  };
  return fields;
}

const ParameterField* find_parameter(const std::string& name) {
  for (const auto& field : parameter_fields())
    if (name == field.name) return &field;
  return nullptr;
}

std::vector<ParameterSpec> parameter_specs() {
  const Parameters defaults;
  std::vector<ParameterSpec> specs;
  for (const ParameterField& field : parameter_fields()) {
    ParameterSpec spec{.name = field.name, .doc = field.doc};
    if (field.bool_field) {
      spec.type = ParameterSpec::Type::kBool;
      spec.default_value = defaults.*(field.bool_field) ? 1 : 0;
      spec.max = 1;
    } else {
      spec.default_value = defaults.*(field.int_field);
      spec.min = field.min;
      spec.max = field.max;
    }
    specs.push_back(std::move(spec));
  }
  return specs;
}

void apply_parameter_overrides(const nlohmann::json& overrides, Parameters& parameters) {
  // The one check every ruleset's parameters get (core/parameter_spec.h), then the values.
  check_parameters(parameter_specs(), nlohmann::json{{"parameters", overrides}});
  for (const auto& [name, value] : overrides.items()) {
    const ParameterField* field = find_parameter(name);
    if (field->bool_field)
      parameters.*(field->bool_field) = value.get<bool>();
    else
      parameters.*(field->int_field) = value.get<int>();
  }
}

}  // namespace warband::atomspast
