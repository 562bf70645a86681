// How a balance run's games ended (Game::endings(), counted from each game's result): each
// ending's share of the games with its 95% Wilson interval and who won, and for each special role
// (UnitStatus::role) the share of games in which a unit in that role fell, whichever side won.
// In Markdown, HTML and JSON, as one section of the report.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "sim/match.h"

namespace warband::balance {

// "" when no game says how it ended.
std::string endings_markdown(const std::vector<sim::GameResult>& games);
std::string endings_html(const std::vector<sim::GameResult>& games);
// {"games", "endings": [{ending, games, red_wins, blue_wins, draws, share: {rate, low, high}}],
//  "roles_fallen": [{role, games, share: {...}}]}; null when no game says how it ended.
nlohmann::json endings_json(const std::vector<sim::GameResult>& games);

}  // namespace warband::balance
