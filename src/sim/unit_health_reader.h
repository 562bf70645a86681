// Each unit's wounds and life now, for the simulator's per-apply bookkeeping (sim/match.cc) and
// the margin-scale luck (sim/luck.cc): through the state's UnitHealthView when it has one (no
// strings copied), else out of unit_statuses().
#pragma once

#include <vector>

#include "core/game.h"
#include "core/unit_health.h"

namespace warband::sim {

inline void read_unit_health(const State& state, const UnitHealthView* view,
                             std::vector<UnitHealth>& out) {
  if (view) {
    view->unit_health_into(out);
    return;
  }
  const std::vector<UnitStatus> statuses = state.unit_statuses();
  out.resize(statuses.size());
  for (std::size_t unit = 0; unit < statuses.size(); ++unit)
    out[unit] = {.wounds = statuses[unit].wounds, .alive = statuses[unit].alive};
}

}  // namespace warband::sim
