// Two content versions side by side: each unit's cost, value per point and suggestion in OLD and
// NEW, so a designer sees what a change did.
#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "balance/report.h"
#include "balance/report_table.h"
#include "core/markup.h"

namespace warband::balance {
namespace {

std::map<std::string, const UnitBalance*> by_id(const BalanceRun& run) {
  std::map<std::string, const UnitBalance*> units;
  for (const UnitBalance& unit : run.analysis.units)
    units[unit.id] = &unit;
  return units;
}

std::string cell(const BalanceAnalysis& analysis, const UnitBalance* unit) {
  if (!unit) return "absent | - | -";
  if (!unit->estimable) return fmt::format("{} | not estimable | -", unit->points);
  return fmt::format("{} | {:.3f} ± {:.3f} | {}{}", unit->points, unit->value_per_point * 100,
                     kZ95 * unit->value_se / std::max(unit->points, 1) * 100,
                     suggested_cost_cell(analysis, *unit), unit->solid ? " solid" : "");
}

// The average rate and, when it is not clearly above 0, why that side suggests no cost.
std::string side_rate_text(const BalanceAnalysis& analysis) {
  return fmt::format("{:.4f}{}", analysis.rate * 100,
                     analysis.rate_identified ? "" : " (not clearly above 0: no cost suggested)");
}

}  // namespace

std::string compare_markdown(const BalanceRun& old_run, const BalanceRun& new_run,
                             const std::string& old_name, const std::string& new_name) {
  std::string md = fmt::format(
      "# Balance comparison: {}\n\nOLD = `{}`, NEW = `{}`; {} games each, bot `{}`, seed {} (the "
      "same warband draws where the catalogs allow).\n\n",
      old_run.settings.ruleset, old_name, new_name, old_run.settings.games, old_run.settings.bot,
      old_run.settings.seed);
  md += fmt::format(
      "- Red's score: OLD {:.3f} [{:.3f}, {:.3f}], NEW {:.3f} [{:.3f}, {:.3f}]\n"
      "- Average rate ({} per 100 points): OLD {}, NEW {}\n\n",
      old_run.analysis.red_score, old_run.analysis.red_score_low, old_run.analysis.red_score_high,
      new_run.analysis.red_score, new_run.analysis.red_score_low, new_run.analysis.red_score_high,
      outcome_value_unit(new_run.analysis.outcome), side_rate_text(old_run.analysis),
      side_rate_text(new_run.analysis));
  md +=
      "| Unit | OLD points | OLD value / 100 pts | OLD suggested | NEW points | NEW value / 100 "
      "pts | NEW suggested |\n|---|---:|---:|---:|---:|---:|---:|\n";
  const auto old_units = by_id(old_run);
  const auto new_units = by_id(new_run);
  std::vector<std::string> ids;
  for (const UnitBalance& unit : new_run.analysis.units)
    ids.push_back(unit.id);
  for (const UnitBalance& unit : old_run.analysis.units)
    if (!new_units.contains(unit.id)) ids.push_back(unit.id);
  for (const std::string& id : ids) {
    const auto o = old_units.find(id);
    const auto n = new_units.find(id);
    const UnitBalance* old_unit = o == old_units.end() ? nullptr : o->second;
    const UnitBalance* new_unit = n == new_units.end() ? nullptr : n->second;
    md += fmt::format("| {} | {} | {} |\n", new_unit ? new_unit->name : old_unit->name,
                      cell(old_run.analysis, old_unit), cell(new_run.analysis, new_unit));
  }
  return md;
}

std::string compare_html(const BalanceRun& old_run, const BalanceRun& new_run,
                         const std::string& old_name, const std::string& new_name) {
  // The Markdown's own lines, each kind as its element: "# " a heading, "- " an item, "|" a row
  // of the table (the first its header, the "|---" line left out), anything else a paragraph.
  const std::string md = compare_markdown(old_run, new_run, old_name, new_name);
  std::string html =
      "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>Balance comparison</title>"
      "<style>body{font-family:sans-serif;margin:2em}table{border-collapse:collapse}"
      "td,th{border:1px solid #ccc;padding:3px 6px;text-align:right}td:first-child{text-align:"
      "left}</style></head><body>\n";
  bool in_list = false, in_table = false, header = true;
  std::size_t start = 0;
  while (start < md.size()) {
    const std::size_t end = std::min(md.find('\n', start), md.size());
    const std::string line = md.substr(start, end - start);
    start = end + 1;
    if (in_list && !line.starts_with("- ")) {
      html += "</ul>\n";
      in_list = false;
    }
    if (in_table && !line.starts_with("|")) {
      html += "</table>\n";
      in_table = false;
    }
    if (line.empty() || line.starts_with("|---")) continue;
    if (line.starts_with("# ")) {
      html += "<h1>" + escape_markup(line.substr(2)) + "</h1>\n";
    } else if (line.starts_with("- ")) {
      if (!in_list) html += "<ul>\n";
      in_list = true;
      html += "<li>" + html_text(line.substr(2)) + "</li>\n";
    } else if (line.starts_with("|")) {
      if (!in_table) html += "<table>\n";
      in_table = true;
      const char* cell = header ? "th" : "td";
      html += "<tr>";
      std::size_t from = 1;
      while (from < line.size()) {
        const std::size_t bar = std::min(line.find('|', from), line.size());
        std::string text = line.substr(from, bar - from);
        while (!text.empty() && text.front() == ' ')
          text.erase(0, 1);
        while (!text.empty() && text.back() == ' ')
          text.pop_back();
        if (bar < line.size()) html += fmt::format("<{0}>{1}</{0}>", cell, escape_markup(text));
        from = bar + 1;
      }
      html += "</tr>\n";
      header = false;
    } else {
      html += "<p>" + html_text(line) + "</p>\n";
    }
  }
  if (in_list) html += "</ul>\n";
  if (in_table) html += "</table>\n";
  return html + "</body></html>\n";
}

nlohmann::json compare_json(const BalanceRun& old_run, const BalanceRun& new_run,
                            const std::string& old_name, const std::string& new_name) {
  return {{"old", {{"content", old_name}, {"report", report_json(old_run, {})}}},
          {"new", {{"content", new_name}, {"report", report_json(new_run, {})}}}};
}

}  // namespace warband::balance
