// The tabletop's character map (tabletop_picture.h).
#include "core/tabletop_picture.h"

#include <algorithm>
#include <string>

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
  // Every label whole and apart: one at the right edge starts early enough to fit, and one whose
  // cells (or a cell beside them) another label holds moves to the nearest free cells, by inches,
  // so that no model is hidden and "R4" beside "R2" does not read "R4R2".
  std::vector<std::string> labelled(rows, std::string(columns, ' '));
  const auto fits = [&](int row, int start, int length, bool apart) {
    const int from = apart ? std::max(0, start - 1) : start;
    const int to = apart ? std::min(columns, start + length + 1) : start + length;
    for (int c = from; c < to; ++c)
      if (labelled[row][c] != ' ') return false;
    return true;
  };
  for (const PictureMark& mark : marks) {
    if (rows == 0 || columns == 0) break;
    const int length = std::min(static_cast<int>(mark.label.size()), columns);
    const int x = std::clamp(mark.at.x / (100 * column_inches), 0, columns - length);
    const int y = std::clamp(rows - 1 - mark.at.y / (100 * row_inches), 0, rows - 1);
    int best_row = y;
    int best_start = x;
    // Apart if there is room anywhere, else at least not over another label (else over it).
    for (const bool apart : {true, false}) {
      if (fits(y, x, length, apart)) break;
      long best_distance = -1;
      for (int row = 0; row < rows; ++row)
        for (int start = 0; start + length <= columns; ++start) {
          const long across = static_cast<long>(start - x) * column_inches;
          const long down = static_cast<long>(row - y) * row_inches;
          const long distance = across * across + down * down;
          if ((best_distance < 0 || distance < best_distance) && fits(row, start, length, apart)) {
            best_distance = distance;
            best_row = row;
            best_start = start;
          }
        }
      if (best_distance >= 0) break;
    }
    for (int i = 0; i < length; ++i) {
      map[best_row][best_start + i] = mark.label[i];
      labelled[best_row][best_start + i] = mark.label[i];
    }
  }
  return map;
}

std::string table_picture_key(const Table& table, PieceMask hidden) {
  bool sizes[10] = {};
  bool impassable = false;
  for (int i = 0; i < table.piece_count; ++i) {
    if (hidden >> i & 1) continue;
    const Piece& piece = table.pieces[i];
    if (piece.flags & kImpassable)
      impassable = true;
    else
      sizes[piece.size % 10] = true;
  }
  std::string digits;
  for (int size = 0; size < 10; ++size)
    if (sizes[size]) digits += (digits.empty() ? "" : ", ") + std::to_string(size);
  std::string key;
  if (!digits.empty()) key = "a digit is terrain of that size (" + digits + ")";
  if (impassable) key += std::string(key.empty() ? "" : ", ") + "~ impassable terrain";
  return key.empty() ? key : "Key: " + key + ", . open ground";
}

}  // namespace warband::tabletop
