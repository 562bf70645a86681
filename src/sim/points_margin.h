// The margin's arithmetic, shared by balance's outcome (balance/margin_outcome.h: a finished
// game's units) and the simulator's margin-scale luck (sim/luck.h: a state's units after each
// dice outcome): the share of a side's points destroyed, a fallen unit counted whole and a
// standing one pro rata to the wounds it lost.
#pragma once

#include <algorithm>
#include <vector>

#include "sim/match.h"

namespace warband::sim {

// The share of `side`'s points destroyed, `lost(i)` the share of unit i lost (1 fallen, else
// its wounds lost / its maximum) and `points(i)` what unit i is worth (by default its own points;
// balance's margin passes its yardstick's). In [0, 1]; 0 for a side with no units. Units worth
// no points count as one point each when the whole side is.
template <class LostShare, class PointsOf>
double points_destroyed_share(const std::vector<UnitResult>& units, int side, LostShare lost,
                              PointsOf points) {
  bool any_points = false;
  for (std::size_t i = 0; i < units.size(); ++i)
    any_points = any_points || (units[i].side == side && points(i) > 0);
  double total = 0, destroyed = 0;
  for (std::size_t i = 0; i < units.size(); ++i) {
    if (units[i].side != side) continue;
    const double weight = any_points ? std::max(points(i), 0) : 1.0;
    total += weight;
    destroyed += weight * lost(i);
  }
  return total > 0 ? destroyed / total : 0.0;
}

template <class LostShare>
double points_destroyed_share(const std::vector<UnitResult>& units, int side, LostShare lost) {
  return points_destroyed_share(units, side, lost, [&](std::size_t i) { return units[i].points; });
}

// The share of a unit lost with `wounds` left of `max_wounds`, `alive` or not.
inline double unit_lost_share(int wounds, int max_wounds, bool alive) {
  if (!alive) return 1.0;
  if (max_wounds <= 0) return 0.0;
  return std::clamp(static_cast<double>(max_wounds - wounds) / max_wounds, 0.0, 1.0);
}

}  // namespace warband::sim
