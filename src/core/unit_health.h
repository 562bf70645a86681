// What changes of a unit during a game, for the simulator's per-apply bookkeeping: the wounds and
// life that State::unit_statuses() also reports, without its names and roles, so that reading
// them after every apply copies no string. A State offers it by also deriving from
// UnitHealthView; the simulator falls back to unit_statuses() for states that do not.
#pragma once

#include <vector>

namespace warband {

struct UnitHealth {
  int wounds = 0;
  bool alive = true;
  friend bool operator==(const UnitHealth&, const UnitHealth&) = default;
};

class UnitHealthView {
 public:
  virtual ~UnitHealthView() = default;
  // Each unit's wounds and life, in unit_statuses() order, into `out` (resized to the unit
  // count; no allocation once it has grown).
  virtual void unit_health_into(std::vector<UnitHealth>& out) const = 0;
  // Whether any unit's wounds or life differ from `seen` (a unit_health_into() list of this game,
  // or one of another length): the simulator asks after every apply, and reads and credits the
  // units only when they changed, as few applies do. The default reads them and compares; a
  // state overrides it to compare in place, writing nothing.
  virtual bool unit_health_differs(const std::vector<UnitHealth>& seen) const {
    std::vector<UnitHealth> now;
    unit_health_into(now);
    return now != seen;
  }
};

}  // namespace warband
