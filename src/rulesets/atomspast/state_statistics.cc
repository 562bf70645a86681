// What the simulator reads from an AtomsPast state: every unit's wounds and who is acting.
#include "rulesets/atomspast/atomspast_state.h"

namespace warband::atomspast {

std::vector<UnitStatus> AtomsPastState::unit_statuses() const {
  std::vector<UnitStatus> statuses;
  statuses.reserve(data_.num_units);
  for (int unit = 0; unit < data_.num_units; ++unit) {
    const RosterEntry& entry = game_->roster()[unit];
    const UnitState& state = data_.units[unit];
    statuses.push_back({.name = entry.profile->name,
                        .side = entry.side,
                        .points = entry.profile->points,
                        .wounds = state.wounds,
                        .max_wounds = state.max_wounds,
                        .alive = state.alive,
                        .role = is_kon(unit) ? "Kon" : ""});
  }
  return statuses;
}

void AtomsPastState::unit_health_into(std::vector<UnitHealth>& out) const {
  out.resize(static_cast<std::size_t>(data_.num_units));
  for (int unit = 0; unit < data_.num_units; ++unit)
    out[unit] = {.wounds = data_.units[unit].wounds, .alive = data_.units[unit].alive};
}

bool AtomsPastState::unit_health_differs(const std::vector<UnitHealth>& seen) const {
  if (seen.size() != static_cast<std::size_t>(data_.num_units)) return true;
  // No branch per unit: a difference is rare (most applies hurt nobody), so the whole list is
  // compared and the answer taken once.
  unsigned differences = 0;
  for (int unit = 0; unit < data_.num_units; ++unit)
    differences |= static_cast<unsigned>(seen[unit].wounds != data_.units[unit].wounds) |
                   static_cast<unsigned>(seen[unit].alive != data_.units[unit].alive);
  return differences != 0;
}

int AtomsPastState::acting_unit() const {
  if (data_.action.kind != UnitActionKind::kNone) return data_.action.actor;
  if (!data_.spell.active) return -1;
  // A spell's damage is the caster's: spells are cast (and repeat) on their owner's turn, and
  // the Kon is the warband's caster.
  for (int unit = 0; unit < data_.num_units; ++unit)
    if (is_kon(unit) && side_of(unit) == data_.active) return unit;
  return -1;
}

}  // namespace warband::atomspast
