// The grid board in text: column names above (two lines past Z on a narrow board), row numbers
// to the left, labels too long for a space keyed under the board.
#include "core/grid_text.h"

#include <gtest/gtest.h>

namespace warband::grid {
namespace {

std::string open_ground(Cell) {
  return ".";
}

TEST(GridText, NarrowAndWideSpaces) {
  const auto label = [](Cell cell) { return cell.x == 1 && cell.y == 0 ? std::string("R1") : ""; };
  EXPECT_EQ(board_text(3, 2, {.space_columns = 2}, open_ground, label),
            "    A B C\n"
            "  1 . R1.\n"
            "  2 . . .\n");
  EXPECT_EQ(board_text(3, 2, {.space_columns = 3}, open_ground, label),
            "    A  B  C\n"
            "  1 .  R1 .\n"
            "  2 .  .  .\n");
}

TEST(GridText, ColumnsPastZWrittenDownwardsWhenNarrow) {
  const std::string text =
      board_text(28, 1, {.space_columns = 2}, open_ground, [](Cell) { return std::string(); });
  EXPECT_TRUE(text.starts_with("    A B C")) << text;
  const std::string first = text.substr(0, text.find('\n'));
  const std::string second =
      text.substr(first.size() + 1, text.find('\n', first.size() + 1) - first.size() - 1);
  EXPECT_TRUE(first.ends_with("Y Z A A")) << first;
  EXPECT_EQ(second, std::string(4 + 26 * 2, ' ') + "A B");
  EXPECT_EQ(first.size(), 4u + 27 * 2 + 1);
}

TEST(GridText, LongLabelsAreKeyed) {
  const auto label = [](Cell cell) {
    return cell.y != 0 ? std::string() : cell.x == 0 ? std::string("R10") : std::string("R11");
  };
  EXPECT_EQ(board_text(2, 1, {.space_columns = 2}, open_ground, label),
            "    A B\n"
            "  1 RaRb\n"
            "    on the board: Ra = R10 Rb = R11\n");
}

}  // namespace
}  // namespace warband::grid
