#include "balance/report_endings.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <set>

#include "balance/report_table.h"
#include "sim/summary.h"

namespace warband::balance {
namespace {

struct RoleFallen {
  std::string role;
  std::int64_t games = 0;  // games in which a unit in this role was destroyed
};

struct EndingCounts {
  std::vector<std::string> names;          // the games' Game::endings()
  std::vector<sim::EndingTotals> endings;  // one per name
  std::int64_t games = 0;                  // every game of the run, finished or not
  std::vector<RoleFallen> roles;           // by role name
};

EndingCounts count_endings(const std::vector<sim::GameResult>& games) {
  EndingCounts counts;
  for (const sim::GameResult& game : games)
    if (!game.endings.empty()) {
      counts.names.assign(game.endings.begin(), game.endings.end());
      break;
    }
  if (counts.names.empty()) return counts;
  counts.endings.resize(counts.names.size());
  std::set<std::string> role_names;
  for (const sim::GameResult& game : games)
    for (const sim::UnitResult& unit : game.units)
      if (!unit.role.empty()) role_names.insert(unit.role);
  for (const std::string& role : role_names)
    counts.roles.push_back({.role = role});
  for (const sim::GameResult& game : games) {
    ++counts.games;
    if (game.ending >= 0 && game.ending < static_cast<int>(counts.endings.size())) {
      sim::EndingTotals& ending = counts.endings[game.ending];
      ++ending.games;
      ++(game.winner == 0 ? ending.red_wins : game.winner == 1 ? ending.blue_wins : ending.draws);
    }
    for (RoleFallen& role : counts.roles)
      if (std::any_of(game.units.begin(), game.units.end(), [&](const sim::UnitResult& unit) {
            return unit.role == role.role && !unit.survived;
          }))
        ++role.games;
  }
  return counts;
}

std::string share_cell(std::int64_t count, std::int64_t games) {
  const sim::Proportion share = sim::wilson_interval(count, games);
  return fmt::format("{:.1f}% [{:.1f}%, {:.1f}%]", 100 * share.rate, 100 * share.low,
                     100 * share.high);
}

const std::vector<std::string> kEndingHeaders = {"Ending",  "Games",    "Share [95%]",
                                                 "Red won", "Blue won", "Drawn"};

std::vector<std::vector<std::string>> ending_rows(const EndingCounts& counts) {
  std::vector<std::vector<std::string>> rows;
  for (std::size_t i = 0; i < counts.names.size(); ++i) {
    const sim::EndingTotals& ending = counts.endings[i];
    rows.push_back({counts.names[i], std::to_string(ending.games),
                    share_cell(ending.games, counts.games), std::to_string(ending.red_wins),
                    std::to_string(ending.blue_wins), std::to_string(ending.draws)});
  }
  return rows;
}

// The prose before the table: what it shows, and each role's fall.
std::string endings_intro(const EndingCounts& counts) {
  std::string text = fmt::format(
      "How the {} games ended: each ending's share with its 95% Wilson interval, and who won.",
      counts.games);
  for (const RoleFallen& role : counts.roles)
    text += fmt::format(" A {} fell in {} games ({}), whichever side won.", role.role, role.games,
                        share_cell(role.games, counts.games));
  return text;
}

}  // namespace

std::string endings_markdown(const std::vector<sim::GameResult>& games) {
  const EndingCounts counts = count_endings(games);
  if (counts.names.empty()) return "";
  return "## How the games ended\n\n" + endings_intro(counts) + "\n\n" +
         markdown_table(kEndingHeaders, ending_rows(counts)) + "\n";
}

std::string endings_html(const std::vector<sim::GameResult>& games) {
  const EndingCounts counts = count_endings(games);
  if (counts.names.empty()) return "";
  return "<h2>How the games ended</h2>\n<p>" + html_text(endings_intro(counts)) + "</p>\n" +
         html_table(kEndingHeaders, ending_rows(counts));
}

nlohmann::json endings_json(const std::vector<sim::GameResult>& games) {
  const EndingCounts counts = count_endings(games);
  if (counts.names.empty()) return nullptr;
  const auto share_json = [&](std::int64_t count) {
    const sim::Proportion share = sim::wilson_interval(count, counts.games);
    return nlohmann::json{{"rate", share.rate}, {"low", share.low}, {"high", share.high}};
  };
  nlohmann::json endings = nlohmann::json::array();
  for (std::size_t i = 0; i < counts.names.size(); ++i) {
    const sim::EndingTotals& ending = counts.endings[i];
    endings.push_back({{"ending", counts.names[i]},
                       {"games", ending.games},
                       {"red_wins", ending.red_wins},
                       {"blue_wins", ending.blue_wins},
                       {"draws", ending.draws},
                       {"share", share_json(ending.games)}});
  }
  nlohmann::json roles = nlohmann::json::array();
  for (const RoleFallen& role : counts.roles)
    roles.push_back(
        {{"role", role.role}, {"games", role.games}, {"share", share_json(role.games)}});
  return {{"games", counts.games}, {"endings", endings}, {"roles_fallen", roles}};
}

}  // namespace warband::balance
