// A square-grid board drawn in text for the terminal, generic over grid games: column letters
// above, row numbers to the left, each space a terrain mark or the label of the unit on it. The
// ruleset says what a space and a unit look like; this piece lays them out to a width.
#pragma once

#include <functional>
#include <string>

#include "core/grid.h"

namespace warband::grid {

struct BoardTextStyle {
  // Characters per space: 2 fits a 28-column board and its row numbers in 80 columns; 3 is
  // roomier (`warband play --wide`).
  int space_columns = 2;
};

// Draws a width x height board, one line per row and a header of column names (two header lines
// when a narrow board has columns past Z: "AA" is written downwards). `space(cell)` is what an
// empty space shows (at most space_columns characters, padded); `label(cell)` the label of the
// unit on it, or "". A label longer than a space is written as its first character and a letter
// of its own ("Ra"), and a line under the board keys them ("Ra = R10").
std::string board_text(int width, int height, const BoardTextStyle& style,
                       const std::function<std::string(Cell)>& space,
                       const std::function<std::string(Cell)>& label);

}  // namespace warband::grid
