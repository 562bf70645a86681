// How often a role unit (the Kon) decides the game: RoleOutcomes in points_rate.h.
#include "balance/points_rate.h"

namespace warband::balance {

RoleOutcomes role_outcomes(const std::vector<sim::GameResult>& games) {
  RoleOutcomes out;
  std::vector<sim::GameResult> one_fell, none_fell;
  for (const sim::GameResult& game : games) {
    // The first role unit of each side decides (a ruleset gives a side one unit per role).
    int fielded[2] = {0, 0}, fell[2] = {0, 0};
    int points[2] = {0, 0};
    for (const sim::UnitResult& unit : game.units) {
      points[unit.side] += unit.points;
      if (unit.role.empty() || fielded[unit.side]) continue;
      if (out.role.empty()) out.role = unit.role;
      fielded[unit.side] = 1;
      fell[unit.side] = unit.survived ? 0 : 1;
    }
    if (!fielded[0] || !fielded[1]) continue;
    ++out.games;
    if (fell[0] && fell[1]) {
      ++out.both_fell;
    } else if (fell[0] || fell[1]) {
      const int keeper = fell[0] ? 1 : 0;
      ++out.one_fell;
      if (game.winner == keeper) ++out.won_by_keeper;
      if (points[0] != points[1]) {
        ++out.unequal_one_fell;
        const int larger = points[0] > points[1] ? 0 : 1;
        if (larger != keeper) ++out.more_points_fell;
      }
      one_fell.push_back(game);
    } else {
      none_fell.push_back(game);
    }
  }
  out.rate_when_one_fell = fit_points_rate(one_fell);
  out.rate_when_none_fell = fit_points_rate(none_fell);
  return out;
}

}  // namespace warband::balance
