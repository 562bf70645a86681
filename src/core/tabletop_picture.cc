// The tabletop's character map (tabletop_picture.h).
#include "core/tabletop_picture.h"

#include <algorithm>

namespace warband::tabletop {

std::vector<std::string> table_picture(const Table& table, std::span<const PictureMark> marks,
                                       int column_inches, int row_inches, PieceMask hidden) {
  const int columns = (table.width + 99) / 100 / column_inches;
  const int rows = (table.depth + 99) / 100 / row_inches;
  std::vector<std::string> map(rows, std::string(columns, '.'));
  // Only the pieces whose box meets a row are tried on its cells (a game's text is drawn often).
  std::vector<int> in_row;
  in_row.reserve(static_cast<std::size_t>(table.piece_count));
  for (int r = 0; r < rows; ++r) {
    const int row_low = (rows - 1 - r) * 100 * row_inches;
    const int row_high = row_low + 100 * row_inches;
    in_row.clear();
    for (int i = 0; i < table.piece_count; ++i)
      if (table.pieces[i].low.y <= row_high && table.pieces[i].high.y >= row_low &&
          !(hidden >> i & 1))
        in_row.push_back(i);
    if (in_row.empty()) continue;
    for (int c = 0; c < columns; ++c)
      for (int sample = 0; sample < 8 && map[r][c] == '.'; ++sample) {
        const Point p{c * 100 * column_inches + (25 + 50 * (sample % 2)) * column_inches,
                      row_low + (25 + 50 * (sample / 2)) * row_inches / 2};
        int piece = -1;
        for (const int i : in_row) {  // the first piece holding p, as Table::piece_at
          const Piece& pc = table.pieces[i];
          if (p.x < pc.low.x || p.x > pc.high.x || p.y < pc.low.y || p.y > pc.high.y) continue;
          if (piece_contains(pc, p)) {
            piece = i;
            break;
          }
        }
        if (piece < 0) continue;
        const Piece& pc = table.pieces[piece];
        map[r][c] = (pc.flags & kImpassable) ? '~' : static_cast<char>('0' + pc.size % 10);
      }
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
