// The tabletop's character map (src/core/tabletop_picture.h): every model's label drawn whole on a
// crowded table, and the key line saying what the terrain characters mean.
#include "core/tabletop_picture.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <set>
#include <string>
#include <vector>

namespace warband::tabletop {
namespace {

Table open_table(int width_inches, int depth_inches) {
  Table table;
  table.width = width_inches * 100;
  table.depth = depth_inches * 100;
  return table;
}

// The words of an open table's picture (runs of other characters than '.'), sorted: each label
// drawn whole and apart is one word.
std::multiset<std::string> words(const std::vector<std::string>& picture) {
  std::multiset<std::string> found;
  for (const std::string& row : picture) {
    std::size_t at = 0;
    while ((at = row.find_first_not_of('.', at)) != std::string::npos) {
      const std::size_t end = std::min(row.find('.', at), row.size());
      found.insert(row.substr(at, end - at));
      at = end;
    }
  }
  return found;
}

std::multiset<std::string> labels(const std::vector<PictureMark>& marks) {
  std::multiset<std::string> found;
  for (const PictureMark& mark : marks)
    found.insert(mark.label);
  return found;
}

TEST(TabletopPicture, CrowdedLabelsAreEachDrawnWhole) {
  const Table table = open_table(36, 36);
  // Four models within an inch of each other (the probe saw "R42R1R3"), three more at one point.
  const std::vector<PictureMark> marks = {
      {{1000, 1000}, "R4"}, {{1050, 1000}, "R42"}, {{1100, 1000}, "R1"}, {{1150, 1020}, "R3"},
      {{2000, 600}, "B1"},  {{2000, 600}, "B2"},   {{2000, 600}, "B3"}};
  const std::vector<std::string> picture = table_picture(table, marks);
  ASSERT_EQ(picture.size(), 18u);
  EXPECT_EQ(words(picture), labels(marks)) << ::testing::PrintToString(picture);
  // The first stays where it stands; the others are near it, not across the table.
  EXPECT_EQ(picture[17 - 1000 / 200].substr(10, 2), "R4");
  EXPECT_EQ(picture[17 - 600 / 200].substr(20, 2), "B1");
  const int blue_row = 17 - 600 / 200;
  for (int row = 0; row < static_cast<int>(picture.size()); ++row)
    if (picture[row].find('B') != std::string::npos) {
      EXPECT_LE(std::abs(row - blue_row), 1) << row;
    }
}

TEST(TabletopPicture, ALabelAtTheRightEdgeIsDrawnWhole) {
  const Table table = open_table(36, 36);
  const std::vector<PictureMark> marks = {{{3590, 1800}, "B12"}, {{3590, 1800}, "R7"}};
  const std::vector<std::string> picture = table_picture(table, marks);
  EXPECT_EQ(picture[17 - 1800 / 200].substr(33), "B12");
  EXPECT_EQ(words(picture), labels(marks)) << ::testing::PrintToString(picture);
  for (const std::string& row : picture)
    EXPECT_EQ(row.size(), 36u);
}

TEST(TabletopPicture, TheKeySaysWhatTheTerrainCharactersMean) {
  Table table = open_table(36, 36);
  EXPECT_EQ(table_picture_key(table), "");
  table.pieces[table.piece_count++] = make_circle({1000, 1000}, 400, 3, 300);
  table.pieces[table.piece_count++] = make_circle({2000, 1000}, 400, 1, 100);
  table.pieces[table.piece_count++] = make_circle({3000, 3000}, 400, 2, 100, kImpassable);
  EXPECT_EQ(table_picture_key(table),
            "Key: a digit is terrain of that size (1, 3), ~ impassable terrain, . open ground");
  // A piece not drawn (destroyed in play) is not in the key.
  EXPECT_EQ(table_picture_key(table, PieceMask{0b101}),
            "Key: a digit is terrain of that size (1), . open ground");
  const std::vector<std::string> picture = table_picture(table, {});
  std::set<char> drawn;
  for (const std::string& row : picture)
    drawn.insert(row.begin(), row.end());
  EXPECT_EQ(drawn, (std::set<char>{'.', '1', '3', '~'}));
}

}  // namespace
}  // namespace warband::tabletop
