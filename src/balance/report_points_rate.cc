// The text and JSON of a `warband balance --measure-rate` run.
#include <fmt/format.h>

#include "balance/points_rate.h"

namespace warband::balance {

std::string rate_text(const RateMeasurement& m) {
  const PointsRate& fit = m.fit;
  std::string text =
      fmt::format("r for bot {} ({}, {} games, budgets {} to {} points, seed {}):\n", m.bot,
                  m.ruleset, fit.games, m.points - m.spread, m.points, m.seed);
  if (!fit.identified) {
    text += "  not identified: the sides' totals never differed (use a wider --spread)\n";
  } else {
    text += fmt::format("  r = {:+.3f} [{:+.3f}, {:+.3f}] log-odds per 100 points (se {:.3f}){}\n",
                        fit.rate, fit.rate_low, fit.rate_high, fit.rate_se,
                        fit.converged ? "" : "; the fit did not converge");
    text += fmt::format(
        "  points difference between the sides: sd {:.0f}; Red's score {:.3f}; Red's log-odds at "
        "equal points {:+.3f} (se {:.3f})\n",
        fit.difference_sd, fit.red_score, fit.intercept, fit.intercept_se);
  }
  text += fmt::format("  CPU {:.1f} ms per game ({:.1f} s on {} thread{})\n", m.cpu_ms_per_game(),
                      m.cpu_seconds, m.threads, m.threads == 1 ? "" : "s");
  return text;
}

nlohmann::json rate_json(const RateMeasurement& m) {
  const PointsRate& fit = m.fit;
  return {
      {"ruleset", m.ruleset},
      {"bot", m.bot},
      {"seed", m.seed},
      {"points", m.points},
      {"spread", m.spread},
      {"games", fit.games},
      {"threads", m.threads},
      {"identified", fit.identified},
      {"converged", fit.converged},
      {"rate_per_100_points", fit.rate},
      {"rate_se", fit.rate_se},
      {"rate_low", fit.rate_low},
      {"rate_high", fit.rate_high},
      {"intercept", fit.intercept},
      {"intercept_se", fit.intercept_se},
      {"points_difference_sd", fit.difference_sd},
      {"red_score", fit.red_score},
      {"cpu_seconds", m.cpu_seconds},
      {"cpu_ms_per_game", m.cpu_ms_per_game()},
  };
}

}  // namespace warband::balance
