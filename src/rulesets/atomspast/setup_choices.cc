// What a new-game form may offer for AtomsPast: the maps and warbands of a content folder.
#include <nlohmann/json.hpp>

#include <algorithm>

#include "rulesets/atomspast/atomspast_game.h"

namespace warband::atomspast {

nlohmann::json setup_choices(const std::string& content_dir) {
  // The same content a game built with this folder plays with (loaded once, then cached).
  nlohmann::json setup = nlohmann::json::object();
  if (!content_dir.empty()) setup["content_dir"] = content_dir;
  const std::shared_ptr<const Content> content = setup_content(setup);
  nlohmann::json maps = nlohmann::json::array();
  for (const MapDef& map : content->maps)
    maps.push_back({{"id", map.id},
                    {"name", map.name},
                    {"description", map.description},
                    {"width", map.board.width()},
                    {"height", map.board.height()}});
  nlohmann::json warbands = nlohmann::json::array();
  int defaults_held = 0;
  for (const WarbandDef& warband : content->warbands) {
    defaults_held += std::ranges::count(kDefaultWarbands, warband.id);
    // A content folder's list may be illegal (an edited points.toml): the menu marks it.
    const std::vector<std::string> problems = validate_warband(warband, *content);
    warbands.push_back({{"id", warband.id},
                        {"name", warband.name},
                        {"faction", warband.faction},
                        {"points", warband_points(warband, *content)},
                        {"points_limit", warband.points_limit},
                        {"legal", problems.empty()},
                        {"problems", problems}});
  }
  nlohmann::json choices = {{"maps", maps}, {"warbands", warbands}};
  if (defaults_held == 2) choices["default_warbands"] = kDefaultWarbands;
  return choices;
}

}  // namespace warband::atomspast
