// Spellweavers battlefields (seed 002: "grid-based tactical combat"): maps as data,
// content/spellweavers/maps/*.toml, each drawn as rows of legend characters (schema:
// docs/content/spellweavers.md; board size ruling: docs/rulings/spellweavers.md, "Battlefields").
//
//   name = "Walls and Pillars"
//   description = "..."
//   terrain = [
//     "....RRRR....",   # row 1, the north edge; columns A.. west to east
//     "...#....#...",
//     ...
//   ]
//   [legend]
//   "." = []                   # open ground
//   "#" = ["stone"]            # permanent stone: blocks movement and sight for the whole battle
//   "R" = ["red"]              # a Red start square
//   "f" = ["fortified"]        # a square that starts with the Fortified terrain condition
//
// Legend words: stone, red, blue, and the five terrain conditions burning, rough, dark,
// fortified, wall (at most one per square; a start square may not be stone or a Wall).
#pragma once

#include <array>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/grid.h"
#include "rulesets/spellweavers/parameters.h"
#include "rulesets/spellweavers/spell.h"

namespace warband::spellweavers {

// Board size ruling: a map is as large as its rows draw it, within grid::kMaxWidth x
// kMaxHeight; the shipped maps (and any map without a reason to differ) are 16 x 16.
inline constexpr int kDefaultMapWidth = 16;
inline constexpr int kDefaultMapHeight = 16;
// Every map has at least kMaxWizardsPerSide (parameters.h) start squares a side.

struct BattleMap {
  std::string id;    // the file name without .toml: "walls_and_pillars"
  std::string name;  // "Walls and Pillars"
  std::string description;
  // Finalized; Geometry{kEight, kChebyshev}; permanent stone = kBlocksMove|kBlocksSight. The
  // terrain conditions are not in the board's flags: they change during the battle.
  grid::Board board;
  // Terrain conditions already on the field when the battle starts (seed "TERRAIN CONDITIONS"),
  // in reading order (rows north to south, each west to east).
  std::vector<std::pair<grid::Cell, TerrainCondition>> conditions;
  // Each side's start squares (side 0 = Red, 1 = Blue), in the order its wizards take them:
  // reading order.
  std::array<std::vector<grid::Cell>, 2> deployment;
};

// The board geometry every Spellweavers map has ("moving diagonally only counts as 1 square").
grid::Geometry battle_map_geometry();

// Throws InputError naming the file, the line and what is wrong.
BattleMap parse_battle_map(std::string_view toml_text, const std::string& file_name);
// Reads one map file (read_text_file's errors, then parse_battle_map's).
BattleMap load_battle_map(const std::string& path);
// Every map in <content_dir>/spellweavers/maps/*.toml, sorted by id.
std::vector<BattleMap> load_battle_maps(const std::string& content_dir);

}  // namespace warband::spellweavers
