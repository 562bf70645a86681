// Exact AtomsPast odds by convolution (seed 000, "Dice Rolling in AtomsPast", "Casting a Spell",
// "Boosting"; rulings "Channel", "Cast", "Shield").
#include "rulesets/atomspast/odds.h"

#include <algorithm>
#include <cstdint>
#include <vector>

#include "core/error.h"
#include "core/skill_roll.h"

namespace warband::atomspast {

Distribution skill_die(int skill) {
  return warband::skill_die(skill);
}

Distribution skill_roll(int skill, int dice) {
  return skill_roll_total(skill, dice);
}

Distribution damage_after_shield(int skill, int dice, int shield) {
  return skill_roll(skill, dice).map([shield](int total) { return std::max(0, total - shield); });
}

Distribution channel_downticks(const CastSetup& setup) {
  WB_CHECK(setup.zone >= 1);
  const int zone = setup.zone;
  return skill_roll(setup.channel_skill, setup.channel_dice).map([zone](int total) {
    return total / zone + (total % zone > 0 ? 1 : 0);
  });
}

Distribution cast_x(const CastSetup& setup) {
  // "roll your Skill dice [S3/D4] and subtract the AcTi the Spell had remaining", "add the
  // Boosted value to that result"; "If the result is zero or greater the spell is cast".
  Distribution power = skill_roll(setup.cast_skill, setup.cast_dice);
  if (setup.channels > 0) power = power.plus(channel_downticks(setup).sum_of(setup.channels));
  const int shift = setup.boost - setup.acti;
  return power.map([shift](int total) { return total + shift >= 0 ? total + shift : kCastFails; });
}

int max_cast_x(const CastSetup& setup) {
  const int per_die = std::clamp(setup.cast_skill, 1, 6);  // the best a die adds
  const int channel_total = std::clamp(setup.channel_skill, 1, 6) * setup.channel_dice;
  const int per_channel = (channel_total + setup.zone - 1) / setup.zone;
  return per_die * setup.cast_dice + setup.channels * per_channel + setup.boost - setup.acti;
}

}  // namespace warband::atomspast
