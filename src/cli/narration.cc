#include "cli/narration.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>

namespace warband::cli {

std::string player_name(int player) {
  switch (player) {
    case 0:
      return "Red";
    case 1:
      return "Blue";
    case kChancePlayer:
      return "chance";
    default:
      return fmt::format("Player {}", player);
  }
}

std::string action_line(const State& state, Action action, int viewer) {
  return fmt::format("{}: {}", player_name(state.current_player()),
                     viewer == kSeesEverything ? state.action_to_string(action)
                                               : state.action_to_string_for(viewer, action));
}

std::optional<int> winner(const std::vector<double>& returns) {
  if (returns.empty()) return std::nullopt;
  const auto best = std::max_element(returns.begin(), returns.end());
  if (std::count(returns.begin(), returns.end(), *best) != 1) return std::nullopt;
  return static_cast<int>(best - returns.begin());
}

std::string result_text(const State& state) {
  if (!state.is_terminal()) return "Unfinished";
  const std::optional<int> player = winner(state.returns());
  const std::string result = player ? player_name(*player) + " wins" : "Draw";
  const std::string reason = state.end_reason();
  return reason.empty() ? result : result + ": " + reason;
}

nlohmann::json winner_json(const State& state) {
  if (!state.is_terminal()) return nullptr;
  const std::optional<int> player = winner(state.returns());
  if (!player) return "draw";
  std::string name = player_name(*player);
  std::transform(name.begin(), name.end(), name.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return name;
}

}  // namespace warband::cli
