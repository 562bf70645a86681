// The tabletop's character map (tabletop_picture.h).
#include "core/tabletop_picture.h"

#include <algorithm>

namespace warband::tabletop {

std::vector<std::string> table_picture(const Table& table, std::span<const PictureMark> marks,
                                       int column_inches, int row_inches) {
  const int columns = (table.width + 99) / 100 / column_inches;
  const int rows = (table.depth + 99) / 100 / row_inches;
  std::vector<std::string> map(rows, std::string(columns, '.'));
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < columns; ++c)
      for (int sample = 0; sample < 8 && map[r][c] == '.'; ++sample) {
        const Point p{
            c * 100 * column_inches + (25 + 50 * (sample % 2)) * column_inches,
            (rows - 1 - r) * 100 * row_inches + (25 + 50 * (sample / 2)) * row_inches / 2};
        const int piece = table.piece_at(p);
        if (piece < 0) continue;
        const Piece& pc = table.pieces[piece];
        map[r][c] = (pc.flags & kImpassable) ? '~' : static_cast<char>('0' + pc.size % 10);
      }
  for (const PictureMark& mark : marks) {
    const int x = std::clamp(mark.at.x / (100 * column_inches), 0, columns - 1);
    const int y = std::clamp(rows - 1 - mark.at.y / (100 * row_inches), 0, rows - 1);
    for (std::size_t i = 0; i < mark.label.size() && x + static_cast<int>(i) < columns; ++i)
      map[y][x + i] = mark.label[i];
  }
  return map;
}

}  // namespace warband::tabletop
