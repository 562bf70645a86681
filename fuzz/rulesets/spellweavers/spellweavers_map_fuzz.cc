// Spellweavers battlefields (battle_map.h): a map file's text. A map is refused with InputError,
// or it reads to a board within the grid's limits whose every start square and terrain condition
// lies on the board, off stone, where the parser promises (at least kMaxWizardsPerSide start
// squares a side, none on a Wall, one condition per square).
#include <fmt/format.h>

#include "fuzz/support/fuzz_support.h"
#include "rulesets/spellweavers/battle_map.h"

using namespace warband;
using namespace warband::spellweavers;

namespace {

bool on_open_board(const grid::Board& board, grid::Cell cell) {
  return board.contains(cell) && board.at(cell).flags == 0;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text = fuzz::input_text(data, size);
  const auto map = fuzz::read_or_refuse([&] { return parse_battle_map(text, "fuzz_map.toml"); });
  if (!map) return 0;
  const grid::Board& board = map->board;
  if (board.width() < 1 || board.width() > grid::kMaxWidth || board.height() < 1 ||
      board.height() > grid::kMaxHeight)
    fuzz::defect(fmt::format("a {}x{} board", board.width(), board.height()));
  grid::CellSet taken;
  for (const auto& [cell, condition] : map->conditions) {
    if (!on_open_board(board, cell) || taken[grid::cell_index(cell)])
      fuzz::defect("a terrain condition off the board, on stone or twice on one square");
    taken.set(grid::cell_index(cell));
  }
  grid::CellSet starts;
  for (const std::vector<grid::Cell>& side : map->deployment) {
    if (side.size() < static_cast<std::size_t>(kMaxWizardsPerSide))
      fuzz::defect("a side with too few start squares");
    for (const grid::Cell cell : side) {
      if (!on_open_board(board, cell) || starts[grid::cell_index(cell)])
        fuzz::defect("a start square off the board, on stone or of both sides");
      starts.set(grid::cell_index(cell));
    }
  }
  for (const auto& [cell, condition] : map->conditions)
    if (condition == TerrainCondition::kWall && starts[grid::cell_index(cell)])
      fuzz::defect("a start square on a Wall");
  return 0;
}
