// The formula fit: what each term of a ruleset's cost formula (a spell power formula's effect
// powers, area and range multipliers, specials, talents) is worth per point of cost it puts into a
// side, against the average point, and the number that would price it fairly. The method is in
// docs/sim.md, "Balance of a cost formula".
#pragma once

#include <string>
#include <vector>

#include "core/balance_hooks.h"

namespace warband::balance {

struct TermBalance {
  FormulaTerm term;
  double mean_points = 0;  // per side per game
  int games = 0;           // games in which either side had points of it
  bool estimable = false;  // its points differed between the sides in some games
  // Log-odds of Red winning per point of it Red has more than Blue, with its 95% interval.
  double value = 0, value_se = 0, value_low = 0, value_high = 0;
  // value - the family's average point's value, with its 95% interval (covariances kept).
  double excess = 0, excess_low = 0, excess_high = 0;
  // "too high": its excess interval is below 0 (a point of it wins less than the average point:
  // the formula charges too much for it); "too low": above 0; "fair": the interval holds 0;
  // "unknown": not estimable.
  std::string priced = "unknown";
  // The term suggests (FormulaTerm::suggest) and its family's average point is clearly above 0.
  bool has_suggestion = false;
  double suggested = 0, suggested_low = 0, suggested_high = 0;
};

// One family's fit: Red's result on the Red - Blue points of each of its terms.
struct FamilyFit {
  std::string family;
  // The average point's value: the terms' values weighted by the points fielded of each.
  double rate = 0, rate_se = 0;
  bool rate_identified = false;  // clearly above 0
  bool converged = true;
};

struct FormulaAnalysis {
  // Red's result on the Red - Blue total cost alone: the average point's value over everything.
  double rate = 0, rate_se = 0, rate_low = 0, rate_high = 0;
  bool rate_identified = false;  // clearly above 0: cost predicts wins; else the figures say little
  double mean_points = 0;        // a side's total per game
  std::vector<FamilyFit> families;  // in the order the terms first name them
  std::vector<TermBalance> terms;   // in the terms' order
};

// `points[g]` is game g's points per side and term (each vector as long as `terms`);
// `red_results[g]` Red's result (1 a win, 0.5 a draw, 0 a loss). Each family is fitted on its own:
// its terms share out every side's total, so a joint fit could not tell a family's level from
// another's.
FormulaAnalysis analyze_formula(const std::vector<FormulaTerm>& terms,
                                const std::vector<FormulaPoints>& points,
                                const std::vector<double>& red_results);

}  // namespace warband::balance
