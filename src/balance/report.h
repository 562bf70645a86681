// A balance run as people and programs read it: a Markdown or HTML report with SVG plots, JSON,
// and the side-by-side comparison of two content versions.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "balance/balance_run.h"

namespace warband::balance {

// A value per point is shown per this many points: readable numbers.
inline constexpr double kPer = 100.0;

// What a unit's or a role's value is in, in a report's words: the fit's outcome (margin_outcome.h).
inline const char* value_words(Outcome outcome) {
  return outcome == Outcome::kMargin ? "margin" : "log-odds of winning";
}

struct ReportLinks {
  // The command that ran the balance ("warband balance RULESET --games 1000 --seed 1"): a
  // unit's best and worst games are replayed by adding --replay-index I --log FILE to it.
  std::string command;
  // Markdown only: the plots' file names, written beside the report (empty: no images).
  std::string value_plot_file;
  std::string cost_plot_file;
};

// Value per point (log-odds per 100 points) with its 95% interval, one row per unit, and the
// average rate as a line.
std::string value_plot_svg(const BalanceAnalysis& analysis);
// Suggested cost [low, high] against the current cost, with the line where they are equal.
std::string cost_plot_svg(const BalanceAnalysis& analysis);

// A unit's suggested cost as a report's cell: "120 [95, 150] *" (`*`: the interval excludes the
// cost now), or "-" while the average point's rate is not clearly above 0: a suggestion is value
// over rate, noise of any sign and size then (a 100-point unit "suggested" at -980).
std::string suggested_cost_cell(const BalanceAnalysis& analysis, const UnitBalance& unit);

std::string report_markdown(const BalanceRun& run, const ReportLinks& links);
std::string report_html(const BalanceRun& run, const ReportLinks& links);
nlohmann::json report_json(const BalanceRun& run, const ReportLinks& links);

// OLD and NEW content versions, unit by unit.
std::string compare_markdown(const BalanceRun& old_run, const BalanceRun& new_run,
                             const std::string& old_name, const std::string& new_name);
// The same as a whole HTML page (a table, as report_html's).
std::string compare_html(const BalanceRun& old_run, const BalanceRun& new_run,
                         const std::string& old_name, const std::string& new_name);
nlohmann::json compare_json(const BalanceRun& old_run, const BalanceRun& new_run,
                            const std::string& old_name, const std::string& new_name);

}  // namespace warband::balance
