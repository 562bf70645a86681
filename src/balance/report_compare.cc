// Two content versions side by side: each unit's cost, value per point and suggestion in OLD and
// NEW, so a designer sees what a change did.
#include <fmt/format.h>

#include <map>

#include "balance/report.h"

namespace warband::balance {
namespace {

std::map<std::string, const UnitBalance*> by_id(const BalanceRun& run) {
  std::map<std::string, const UnitBalance*> units;
  for (const UnitBalance& unit : run.analysis.units)
    units[unit.id] = &unit;
  return units;
}

std::string cell(const UnitBalance* unit) {
  if (!unit) return "absent | - | -";
  if (!unit->estimable) return fmt::format("{} | not estimable | -", unit->points);
  return fmt::format("{} | {:.3f} ± {:.3f} | {:.0f} [{:.0f}, {:.0f}]{}", unit->points,
                     unit->value_per_point * 100,
                     kZ95 * unit->value_se / std::max(unit->points, 1) * 100, unit->suggested,
                     unit->suggested_low, unit->suggested_high, unit->solid ? " solid" : "");
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
      "- Average rate (log-odds per 100 points): OLD {:.4f}, NEW {:.4f}\n\n",
      old_run.analysis.red_score, old_run.analysis.red_score_low, old_run.analysis.red_score_high,
      new_run.analysis.red_score, new_run.analysis.red_score_low, new_run.analysis.red_score_high,
      old_run.analysis.rate * 100, new_run.analysis.rate * 100);
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
                      cell(old_unit), cell(new_unit));
  }
  return md;
}

nlohmann::json compare_json(const BalanceRun& old_run, const BalanceRun& new_run,
                            const std::string& old_name, const std::string& new_name) {
  return {{"old", {{"content", old_name}, {"report", report_json(old_run, {})}}},
          {"new", {{"content", new_name}, {"report", report_json(new_run, {})}}}};
}

}  // namespace warband::balance
