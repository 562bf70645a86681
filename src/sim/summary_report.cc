#include "sim/summary_report.h"

#include <fmt/format.h>

#include <algorithm>

#include "core/game_record.h"

namespace warband::sim {
namespace {

std::string percent(double rate) {
  return fmt::format("{:.1f}%", 100 * rate);
}

std::string result_line(const std::string& label, std::int64_t count, std::int64_t games) {
  const Proportion p = wilson_interval(count, games);
  return fmt::format("  {:<11}{:>8}  {:>6}  [{}, {}]\n", label, count, percent(p.rate),
                     percent(p.low), percent(p.high));
}

std::string length_line(const std::string& label, const IntegerTotals& totals) {
  return fmt::format("  {:<11}mean {:.1f} ± {:.1f}, min {}, max {}\n", label, totals.mean(),
                     totals.mean_half_interval(), totals.min, totals.max);
}

// A CSV field: quoted when it holds a comma, a quote or a line break.
std::string csv_field(const std::string& text) {
  if (text.find_first_of(",\"\n") == std::string::npos) return text;
  std::string quoted = "\"";
  for (const char c : text) {
    if (c == '"') quoted += '"';  // a quote is doubled
    quoted += c;
  }
  quoted += '"';
  return quoted;
}

// The setup as `warband play` options where it has a flag for each key, else --setup.
std::string setup_flags(const nlohmann::json& setup) {
  std::string flags;
  for (const auto& [key, value] : setup.items()) {
    if (key == "map" && value.is_string()) {
      flags += " --map " + value.get<std::string>();
    } else if (key == "content_dir" && value.is_string()) {
      flags += " --content " + value.get<std::string>();
    } else if (key == "warbands" && value.is_array() && value.size() == 2 && value[0].is_string() &&
               value[1].is_string()) {
      flags += " --warbands " + value[0].get<std::string>() + " " + value[1].get<std::string>();
    } else {
      return " --setup <a file holding " + setup.dump() + ">";
    }
  }
  return flags;
}

}  // namespace

std::string summary_text(const Summary& summary) {
  const SweepIdentity& sweep = summary.sweep();
  const GameTotals totals = summary.totals();
  std::string text = fmt::format("Sweep: {}, Red {} vs Blue {}, seed {}, setup {}\n", sweep.ruleset,
                                 sweep.bots[0], sweep.bots[1], sweep.seed, sweep.setup.dump());
  text += fmt::format("Games: {} of {} (games {})\n", totals.games, sweep.games,
                      summary.covered().empty() ? "none" : ranges_text(summary.covered()));
  if (const auto missing = summary.missing(); !missing.empty() && totals.games > 0)
    text += fmt::format("Not covered: games {}\n", ranges_text(missing));
  text += "\nResults (95% Wilson intervals):\n";
  text += result_line("Red wins", totals.red_wins, totals.games);
  text += result_line("Blue wins", totals.blue_wins, totals.games);
  text += result_line("Draws", totals.draws, totals.games);
  if (totals.unfinished > 0) text += result_line("Unfinished", totals.unfinished, totals.games);
  text += "\nGame length (mean ± 95% interval):\n";
  text += length_line("Applies", totals.applies);
  text += length_line("Decisions", totals.decisions);
  text += endings_text(summary.endings(), totals);

  if (!summary.units().empty()) {
    text +=
        "\nUnits (Fielded = how many took the field over all games; the figures are per unit "
        "fielded;\n"
        "traded = points killed - points lost):\n";
    std::size_t width = 4;
    for (const auto& [key, unit] : summary.units())
      width = std::max(width, key.first.size());
    text += fmt::format(
        "  {:<{}}  {:<4}  {:>7}  {:>5}  {:>8}  {:>6}  {:>6}  {:>5}  {:>6}  {:>6}  {:>8}\n", "Unit",
        width, "Side", "Fielded", "Cost", "Survived", "Dealt", "Taken", "Kills", "PtsKld", "Traded",
        "SideWins");
    for (const auto& [key, unit] : summary.units()) {
      const std::int64_t n = unit.appearances;
      text += fmt::format(
          "  {:<{}}  {:<4}  {:>7}  {:>5.0f}  {:>8}  {:>6.2f}  {:>6.2f}  {:>5.2f}  {:>6.1f}  "
          "{:>+6.1f}  {:>8}\n",
          key.first, width, key.second == 0 ? "Red" : "Blue", n, per(unit.points, n),
          percent(per(unit.survived, n)), per(unit.damage_dealt, n), per(unit.damage_taken, n),
          per(unit.kills, n), per(unit.points_killed, n),
          per(unit.points_killed - unit.points_lost, n), percent(per(unit.side_wins, n)));
    }
  }
  text += fmt::format(
      "\nGame I replays with `warband replay --sim SUMMARY.json --index I`, or as\n"
      "`warband play {} --red {} --blue {}{} --seed <its seed>` (seeds: --csv or --json).\n",
      sweep.ruleset, sweep.bots[0], sweep.bots[1], setup_flags(sweep.setup));
  return text;
}

std::string endings_text(const std::vector<std::string>& endings, const GameTotals& totals) {
  if (endings.empty()) return "";
  std::size_t width = 6;
  for (const std::string& name : endings)
    width = std::max(width, name.size());
  std::string text =
      "\nHow the games ended (share of games with its 95% Wilson interval; who won):\n";
  text += fmt::format("  {:<{}}  {:>7}  {:>6}  {:<15}  {:>7}  {:>7}  {:>7}\n", "Ending", width,
                      "Games", "Share", "[95%]", "Red won", "Blue won", "Draws");
  for (std::size_t i = 0; i < endings.size(); ++i) {
    const EndingTotals& ending = totals.endings[i];
    const Proportion share = wilson_interval(ending.games, totals.games);
    text += fmt::format("  {:<{}}  {:>7}  {:>6}  {:<15}  {:>7}  {:>8}  {:>7}\n", endings[i], width,
                        ending.games, percent(share.rate),
                        fmt::format("[{}, {}]", percent(share.low), percent(share.high)),
                        ending.red_wins, ending.blue_wins, ending.draws);
  }
  return text;
}

std::string summary_csv(const Summary& summary) {
  const std::vector<std::string>& endings = summary.endings();
  std::string csv = "index,seed,winner,applies,decisions,final_hash";
  csv += endings.empty() ? "\n" : ",ending\n";
  for (const auto& [index, row] : summary.rows()) {
    const char* winner = !row.finished     ? "unfinished"
                         : row.winner == 0 ? "red"
                         : row.winner == 1 ? "blue"
                                           : "draw";
    csv += fmt::format("{},{},{},{},{},{}", row.index, row.seed, winner, row.applies, row.decisions,
                       hash_to_hex(row.final_hash));
    if (!endings.empty()) {
      csv += ',';
      if (row.ending >= 0) csv += csv_field(endings[row.ending]);
    }
    csv += "\n";
  }
  return csv;
}

}  // namespace warband::sim
