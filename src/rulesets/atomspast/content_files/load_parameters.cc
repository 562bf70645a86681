// parameters.toml: every number the seed leaves open, by name.
#include <vector>

#include "core/toml_fields.h"
#include "core/toml_input.h"
#include "rulesets/atomspast/content_files/content_files.h"

namespace warband::atomspast::content_files {
namespace {

struct WholeNumberField {
  std::string_view key;
  int Parameters::*value;
  int low;
  int high;
};

constexpr WholeNumberField kWholeNumberFields[] = {
    {"deck_size", &Parameters::deck_size, 1, 500},
    {"hand_size", &Parameters::hand_size, 1, 50},
    {"cast_skill", &Parameters::cast_skill, 1, 6},
    {"cast_dice", &Parameters::cast_dice, 1, 50},
    {"channel_skill", &Parameters::channel_skill, 1, 6},
    {"channel_dice", &Parameters::channel_dice, 1, 50},
    {"places_per_spell_phase", &Parameters::places_per_spell_phase, 0, 20},
    {"channels_per_spell_phase", &Parameters::channels_per_spell_phase, 0, 20},
    {"casts_per_spell_phase", &Parameters::casts_per_spell_phase, 0, 20},
    {"setup_places", &Parameters::setup_places, 0, 50},
    {"max_power_level", &Parameters::max_power_level, 1, 50},
    {"deploy_depth", &Parameters::deploy_depth, 1, 9},
    {"move_acti", &Parameters::move_acti, 0, 20},
    {"run_acti", &Parameters::run_acti, 0, 20},
    {"attack_acti", &Parameters::attack_acti, 0, 20},
    {"charge_acti", &Parameters::charge_acti, 0, 20},
    {"charge_move_bonus", &Parameters::charge_move_bonus, 0, 20},
    {"charge_dice_bonus", &Parameters::charge_dice_bonus, 0, 20},
    {"higher_ground_skill_bonus", &Parameters::higher_ground_skill_bonus, 0, 6},
    {"light_cover_penalty", &Parameters::light_cover_penalty, 0, 6},
    {"heavy_cover_penalty", &Parameters::heavy_cover_penalty, 0, 6},
    {"obscuring_penalty", &Parameters::obscuring_penalty, 0, 6},
    {"outnumbered_skill_bonus", &Parameters::outnumbered_skill_bonus, 0, 6},
    {"flanking_dice_bonus", &Parameters::flanking_dice_bonus, 0, 20},
    {"combined_skill_bonus", &Parameters::combined_skill_bonus, 0, 6},
    {"combined_range_halves", &Parameters::combined_range_halves, 0, 100},
    {"dangerous_skill", &Parameters::dangerous_skill, 1, 6},
    {"turn_limit", &Parameters::turn_limit, 1, 1000},
    {"points_limit", &Parameters::points_limit, 1, 1000000},
    {"kon_points_surcharge", &Parameters::kon_points_surcharge, 0, 100000},
};

constexpr std::string_view kShieldBlocksSpellDamage = "shield_blocks_spell_damage";

}  // namespace

Parameters load_parameters(const std::string& path) {
  const toml::table root = parse_toml_file(path);
  const TomlFields top(path, root);
  top.check_keys({"parameters"});
  const TomlFields f(path, top.table("parameters", "a [parameters] table"), "parameters");
  std::vector<std::string_view> keys;
  for (const WholeNumberField& field : kWholeNumberFields)
    keys.push_back(field.key);
  keys.push_back(kShieldBlocksSpellDamage);
  f.check_keys(keys);

  // Every field is optional; a missing one keeps the default documented in content.h.
  Parameters p;
  for (const WholeNumberField& field : kWholeNumberFields)
    p.*field.value = f.integer_or(field.key, p.*field.value, field.low, field.high);
  p.shield_blocks_spell_damage =
      f.boolean_or(kShieldBlocksSpellDamage, p.shield_blocks_spell_damage);
  return p;
}

}  // namespace warband::atomspast::content_files
