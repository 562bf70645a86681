// Casting (seed 002, "CASTING SPELLS"): not yet: the areas come from spell_area.h (branch sw-area).
#include "core/error.h"
#include "rulesets/spellweavers/spellweavers_state.h"

namespace warband::spellweavers {

void SpellweaversState::cast_actions(int, std::vector<Action>&) const {}

bool SpellweaversState::zero_action_cast_possible() const {
  return false;
}

void SpellweaversState::start_cast(const CastChoice&) {
  throw InvariantError("spellweavers: casting is not implemented yet");
}

void SpellweaversState::continue_cast() {
  throw InvariantError("spellweavers: casting is not implemented yet");
}

std::string SpellweaversState::cast_to_string(const CastChoice&) const {
  return "cast";
}

void SpellweaversState::add_cast_view(const CastChoice&, nlohmann::json&) const {}

void SpellweaversState::shift_actions(std::vector<Action>&) const {}

void SpellweaversState::apply_shift(int) {
  throw InvariantError("spellweavers: casting is not implemented yet");
}

}  // namespace warband::spellweavers
