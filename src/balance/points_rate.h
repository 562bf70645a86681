// r, the log-odds a side's extra 100 points are worth: a logistic fit of Red's result on the
// difference of the two sides' total points alone (plus an intercept, the side advantage). It is
// how sensitive a bot's play is to material, the figure that decides how many games balance needs
// (issue 20, docs/sim.md "What a bot's r measures"). Needs games whose totals differ: wide spreads.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "balance/balance_analysis.h"
#include "sim/match.h"

namespace warband::balance {

struct PointsRate {
  Outcome outcome = Outcome::kResult;  // the margin's rate is margin per 100 points, linearly
  std::int64_t games = 0;
  double rate = 0;  // log-odds for Red per 100 points of (Red's total - Blue's total)
  double rate_se = 0;
  double rate_low = 0, rate_high = 0;  // its 95% interval
  double intercept = 0;                // Red's log-odds at equal totals
  double intercept_se = 0;
  double difference_sd = 0;  // the spread of the points difference between the sides
  double red_score = 0;      // Red's mean outcome: its result (a draw 1/2) or its margin
  bool identified = false;   // the totals differed in some game, so the fit has a rate
  bool priced = false;       // some unit carried points (a formula-priced side carries none)
  bool converged = true;
  LuckEffect luck;  // the margin's luck column (AnalysisOptions::luck_column), when fitted

  // rate / rate_se / sqrt(games): the standard errors of evidence a game gives that points
  // matter. The games a given interval needs scale as its inverse square, so two outcomes fitted
  // on the same games compare by it (docs/sim.md, "Pricing from the margin").
  double t_per_root_game() const;
};

// Fits `games` (each side's total: the sum of its units' points, the Kon's included).
PointsRate fit_points_rate(const std::vector<sim::GameResult>& games);
// The same with the sandwich interval (and mirrored pairs as clusters) when the options say:
// what a luck-adjusted or mirrored run earns (balance_run.h: analysis_options).
PointsRate fit_points_rate(const std::vector<sim::GameResult>& games,
                           const AnalysisOptions& options);

// Whether games are decided by a unit with a role (a leader whose death loses the game)
// whatever the armies: how often such a unit falls, how often the side that kept its own wins
// then, and r fitted apart on the games where one fell and on the others. A finding for the
// designer when points matter in only one of the two (issue 20, docs/sim.md).
struct RoleOutcomes {
  std::string role;                   // the role seen ("Kon"), "" when no unit had one
  std::int64_t games = 0;             // games in which each side fielded a unit with the role
  std::int64_t one_fell = 0;          // games in which exactly one side's role unit fell
  std::int64_t won_by_keeper = 0;     // of those, games won by the side that kept its own
  std::int64_t both_fell = 0;         // games in which both fell
  std::int64_t unequal_one_fell = 0;  // one_fell games whose totals differed
  std::int64_t more_points_fell = 0;  // of those, games in which the larger side's unit fell
  PointsRate rate_when_one_fell;      // r over the games in which exactly one fell
  PointsRate rate_when_none_fell;     // r over the games in which none fell
};

// Reads each game's units (UnitResult::role, survived) and fits r on each part (role_outcomes.cc).
RoleOutcomes role_outcomes(const std::vector<sim::GameResult>& games);

}  // namespace warband::balance

namespace warband::balance {

// What `warband balance --measure-rate` measured: the fit, and what it cost.
struct RateMeasurement {
  std::string ruleset;
  std::string bot;
  std::uint64_t seed = 0;
  int points = 0;  // the budgets were drawn from [points - spread, points]
  int spread = 0;
  int threads = 1;
  double cpu_seconds = 0;  // the whole run's CPU time, every thread
  PointsRate fit;          // the outcome the run asked for (--outcome)
  PointsRate other;        // the other outcome on the same games: result and margin side by side
  RoleOutcomes roles;      // from the same games

  double cpu_ms_per_game() const {
    return fit.games > 0 ? 1000.0 * cpu_seconds / static_cast<double>(fit.games) : 0.0;
  }
};

std::string rate_text(const RateMeasurement& measurement);
nlohmann::json rate_json(const RateMeasurement& measurement);

}  // namespace warband::balance
