// A tabletop as a scaled character map for terminals and logs, the same for every ruleset:
// terrain by its size (a digit, '~' for impassable), models by their labels, the far edge
// (y = depth, Blue's) on top.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "core/tabletop.h"

namespace warband::tabletop {

// What to draw at a point: a model's label ("R2").
struct PictureMark {
  Point at;
  std::string label;
};

// One string per row, `column_inches` across and `row_inches` down per character (a 36" table
// at 1 and 2 is 36 columns by 18 rows). A cell shows a piece any of its sample points falls in,
// so that a thin wall still shows; marks are drawn last, each whole: one at the right edge starts
// early enough to fit, one on another's cells moves to the nearest free ones. The pieces of
// `hidden` are not drawn (a piece destroyed in play has left the table).
std::vector<std::string> table_picture(const Table& table, std::span<const PictureMark> marks,
                                       int column_inches = 1, int row_inches = 2,
                                       PieceMask hidden = 0);

// The line under a picture saying what its characters mean, from the pieces it draws: "Key: a
// digit is terrain of that size (1, 3), ~ impassable terrain, . open ground"; "" for a bare table.
std::string table_picture_key(const Table& table, PieceMask hidden = 0);

}  // namespace warband::tabletop
