// The table document (src/core/tabletop_file.h): the example table, a round trip, and errors
// that name the file, the line and what is wrong.
#include "core/tabletop_file.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "core/registry.h"
#include "tests/support/input_error.h"

namespace warband::tabletop {
namespace {

const std::string kExample = (std::filesystem::path(default_content_dir()).parent_path() / "tests" /
                              "core" / "tabletop_data" / "crossroads.table.toml")
                                 .string();

std::string error_of(const std::string& text) {
  return warband::testing::input_error([&] { parse_table_document(text, "t.table.toml"); });
}

const std::string kHead = "name = \"T\"\nwidth = 24\ndepth = 12\n";

TEST(TabletopFile, ReadsTheExampleTable) {
  const TableDocument doc = read_table_document(kExample);
  EXPECT_EQ(doc.name, "Crossroads");
  EXPECT_EQ(doc.table.width, 4800);
  EXPECT_EQ(doc.table.depth, 4800);
  ASSERT_EQ(doc.table.piece_count, 4);
  ASSERT_EQ(doc.piece_names.size(), 4u);
  EXPECT_EQ(doc.piece_names[1], "Boulder");
  const Piece& tower = doc.table.pieces[0];
  EXPECT_EQ(tower.shape, Shape::kRectangle);
  EXPECT_EQ(tower.rotation, 450);
  EXPECT_EQ(tower.size, 4);
  EXPECT_EQ(tower.height, 600);
  EXPECT_EQ(tower.flags, kReinforced | kImpassable);
  // A 4" square turned 45 degrees: its half sides are the vectors (1.41, 1.41) and (-1.41,
  // 1.41) rounded to the unit, so its corners lie 2.82" from the centre, on the axes.
  EXPECT_EQ(tower.low, (Point{2118, 2118}));
  EXPECT_EQ(tower.corners[0], (Point{2400, 2118}));
  const Piece& boulder = doc.table.pieces[1];
  EXPECT_EQ(boulder.centre, (Point{1000, 1250}));
  EXPECT_EQ(boulder.width, 300);
  EXPECT_EQ(boulder.height, 150);
  EXPECT_EQ(boulder.flags, kDestructible);
  EXPECT_EQ(doc.table.pieces[3].width, 425);
}

// Objectives: named points with the kind a ruleset reads, printed back; one off the table is an
// error at its line.
TEST(TabletopFile, ReadsObjectives) {
  const std::string text = kHead +
                           "[[objective]]\nname = \"Well\"\nx = 4\ny = 6.5\nkind = \"seize\"\n"
                           "[[objective]]\nx = 20\ny = 6\nkind = \"carry\"\npoints = 2\n";
  const TableDocument doc = parse_table_document(text, "t.table.toml");
  ASSERT_EQ(doc.objectives.size(), 2u);
  EXPECT_EQ(doc.objectives[0], (TableObjective{"Well", {400, 650}, "seize", 1}));
  EXPECT_EQ(doc.objectives[1], (TableObjective{"objective #2", {2000, 600}, "carry", 2}));
  EXPECT_EQ(parse_table_document(table_document_toml(doc), "again.table.toml").objectives,
            doc.objectives);
  const std::string off = error_of(kHead +
                                   "[[objective]]\nname = \"Far\"\nx = 30\ny = 1\nkind = "
                                   "\"seize\"\n");
  EXPECT_NE(off.find("t.table.toml:"), std::string::npos) << off;
  EXPECT_NE(off.find("objective 'Far'"), std::string::npos) << off;
  EXPECT_NE(off.find("'x'"), std::string::npos) << off;
}

TEST(TabletopFile, PrintsWhatItReadsBack) {
  const TableDocument doc = read_table_document(kExample);
  const std::string text = table_document_toml(doc);
  const TableDocument again = parse_table_document(text, "again.table.toml");
  EXPECT_EQ(table_document_toml(again), text);
  EXPECT_EQ(again.piece_names, doc.piece_names);
  for (int i = 0; i < doc.table.piece_count; ++i)
    EXPECT_EQ(again.table.pieces[i], doc.table.pieces[i]) << "piece " << i;
}

TEST(TabletopFile, APieceOffTheTableNamesItsLine) {
  const std::string text = kHead +
                           "\n[[piece]]\nname = \"Hut\"\nshape = \"rectangle\"\nx = 23\ny = 6\n"
                           "width = 4\ndepth = 2\nsize = 2\nheight = 2\n";
  EXPECT_EQ(error_of(text),
            "t.table.toml:5: piece 'Hut': lies off the table: its footprint reaches from (21, 5) "
            "to (25, 7) inches, beyond the table's 24 x 12");
}

TEST(TabletopFile, OverlappingPiecesAreRefusedTouchingOnesAreNot) {
  const std::string a =
      "\n[[piece]]\nname = \"A\"\nshape = \"circle\"\nx = 5\ny = 5\ndiameter = 2\nsize = 1\n"
      "height = 1\n";
  const std::string touching =
      "\n[[piece]]\nname = \"B\"\nshape = \"rectangle\"\nx = 7\ny = 5\nwidth = 2\ndepth = 2\n"
      "size = 1\nheight = 1\n";
  EXPECT_EQ(error_of(kHead + a + touching), "");
  const std::string over =
      "\n[[piece]]\nname = \"C\"\nshape = \"circle\"\nx = 6.4\ny = 5\ndiameter = 1\nsize = 1\n"
      "height = 1\n";
  EXPECT_EQ(error_of(kHead + a + over),
            "t.table.toml:14: piece 'C': overlaps 'A' (t.table.toml:5): pieces may touch but not "
            "overlap");
}

TEST(TabletopFile, BadNumbersSayWhatIsExpected) {
  const std::string piece = "\n[[piece]]\nname = \"R\"\nshape = \"circle\"\nx = 5\ny = 5\n";
  EXPECT_EQ(error_of(kHead + piece + "diameter = 2\nsize = -1\nheight = 1\n"),
            "t.table.toml:11: piece 'R': 'size' must be a whole number from 0 to 20, got -1");
  EXPECT_EQ(error_of(kHead + piece + "diameter = 2.125\nsize = 1\nheight = 1\n"),
            "t.table.toml:10: piece 'R': 'diameter' must be a number of inches from 0.1 to 200 "
            "with at most 2 decimals, got 2.125");
  EXPECT_EQ(error_of(kHead + piece + "diameter = -2\nsize = 1\nheight = 1\n"),
            "t.table.toml:10: piece 'R': 'diameter' must be a number of inches from 0.1 to 200 "
            "with at most 2 decimals, got -2");
  EXPECT_NE(error_of(kHead + piece + "diameter = 2\nsize = 1\nheight = 1\nrotation = 5\n")
                .find("unknown key 'rotation'"),
            std::string::npos);
  EXPECT_NE(error_of("name = \"T\"\nwidth = 0\ndepth = 12\n").find("t.table.toml:2: 'width'"),
            std::string::npos);
  EXPECT_NE(error_of("name = \"T\"\nwidth = 12\ndepth = 12\nwidht = 3\n").find("Did you mean"),
            std::string::npos);
}

}  // namespace
}  // namespace warband::tabletop
