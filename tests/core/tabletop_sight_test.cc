// Areas, wide lines and lines of sight on a tabletop, counted by hand (src/core/tabletop_sight.h).
#include "core/tabletop_sight.h"
#include "tests/support/tabletop_models.h"

#include <gtest/gtest.h>

#include <vector>

namespace warband::tabletop {
namespace {

int add_piece(Table& table, const Piece& piece) {
  table.pieces[table.piece_count] = piece;
  return table.piece_count++;
}

std::vector<int> hits(const LineHits& line) {
  return std::vector<int>(line.models.begin(), line.models.begin() + line.count);
}

TEST(TabletopArea, ACircleTouchesABaseByItsEdge) {
  std::vector<Model> models;
  const int near = add_model(models, 1250, 1000);  // centre 2.5" from the area's, gap 2"
  const int far = add_model(models, 1000, 1251);   // gap 2.01"
  const ModelMask in = models_in_area(models, Point{1000, 1000}, 200);
  EXPECT_TRUE(in >> near & 1);
  EXPECT_FALSE(in >> far & 1);
  EXPECT_TRUE(models_in_area(models, Point{1000, 1000}, 201) >> far & 1);
}

TEST(TabletopWideLine, TouchesBasesJustInsideItsHalfWidthInOrderAlongIt) {
  std::vector<Model> models;
  // A 1" wide line along y = 1000 from x = 0 to x = 2000: its edges at y = 950 and 1050.
  const int edge_above = add_model(models, 1500, 1100);  // its base touches the edge y = 1050
  const int just_out = add_model(models, 600, 1101);     // 0.01" short of it
  const int first = add_model(models, 500, 900);         // touches the edge y = 950
  const int on_line = add_model(models, 1000, 1000);
  const int past_end = add_model(models, 2050, 1000);  // touches the far end x = 2000
  const int beyond = add_model(models, 2051, 1200);
  LineHits line;
  models_on_wide_line(models, Point{0, 1000}, Point{2000, 1000}, 100, 0, line);
  EXPECT_EQ(hits(line), (std::vector<int>{first, on_line, edge_above, past_end}));
  (void)just_out;
  (void)beyond;
  // Ignoring a model (the attacker itself) leaves it out.
  models_on_wide_line(models, Point{0, 1000}, Point{2000, 1000}, 100, ModelMask{1} << on_line,
                      line);
  EXPECT_EQ(hits(line), (std::vector<int>{first, edge_above, past_end}));
  // A 2" line reaches the one just outside the 1" line.
  models_on_wide_line(models, Point{0, 1000}, Point{2000, 1000}, 200, 0, line);
  EXPECT_EQ(hits(line), (std::vector<int>{first, just_out, on_line, edge_above, past_end}));
}

TEST(TabletopSight, APieceBlocksTheCentreLineOrNot) {
  Table table = empty_table();
  std::vector<Model> models;
  const int viewer = add_model(models, 500, 1000);
  const int target = add_model(models, 2500, 1000);
  const int wall = add_piece(table, make_rectangle(Point{1500, 1000}, 100, 400, 0, 2, 200));
  SightLine line = centre_line(table, models, viewer, target);
  EXPECT_EQ(line.pieces, PieceMask{1} << wall);
  EXPECT_EQ(line.models, 0u);
  EXPECT_EQ(largest_size(table, line.pieces), 2);
  // Moved so that its edge lies on the line: grazing it does not cross it.
  table.pieces[wall] = make_rectangle(Point{1500, 1200}, 100, 400, 0, 2, 200);
  EXPECT_EQ(centre_line(table, models, viewer, target).pieces, 0u);
  table.pieces[wall] = make_rectangle(Point{1500, 1199}, 100, 400, 0, 2, 200);
  EXPECT_EQ(centre_line(table, models, viewer, target).pieces, PieceMask{1} << wall);
  // A round piece: tangent to the line it is not crossed; a unit closer it is.
  table.pieces[wall] = make_circle(Point{1500, 1200}, 400, 3, 300);
  EXPECT_EQ(centre_line(table, models, viewer, target).pieces, 0u);
  table.pieces[wall] = make_circle(Point{1500, 1199}, 400, 3, 300);
  EXPECT_EQ(centre_line(table, models, viewer, target).pieces, PieceMask{1} << wall);
}

TEST(TabletopSight, ModelsOnTheLineButNotTheViewerOrTarget) {
  Table table = empty_table();
  std::vector<Model> models;
  const int viewer = add_model(models, 500, 1000);
  const int target = add_model(models, 2500, 1000);
  const int tangent = add_model(models, 1500, 1050);  // its edge on the line
  const int across = add_model(models, 1800, 1049);
  EXPECT_EQ(centre_line(table, models, viewer, target).models, ModelMask{1} << across);
  (void)tangent;
}

TEST(TabletopSight, HowMuchOfTheTargetBaseIsSeen) {
  Table table = empty_table();
  std::vector<Model> models;
  const int viewer = add_model(models, 500, 1000);
  const int target = add_model(models, 2500, 1000);
  // A wall whose lower edge is at y = 1020, halfway: only the line to the target's upper edge
  // (y = 1049 at the target, 1024.5 at the wall) passes through it.
  const int wall = add_piece(table, make_rectangle(Point{1500, 1220}, 100, 400, 0, 4, 400));
  Sight s;
  sight(table, models, viewer, target, s);
  EXPECT_EQ(s.lines[2].to, (Point{2500, 1000}));
  EXPECT_EQ(s.lines[4].to, (Point{2500, 1049}));
  EXPECT_EQ(s.lines[0].to, (Point{2500, 951}));
  EXPECT_EQ(s.lines[3].to, (Point{2500, 1025}));  // 24.5 rounded away from zero
  for (int i = 0; i < kSightLines; ++i)
    EXPECT_EQ(s.lines[i].pieces, i == 4 ? PieceMask{1} << wall : 0u) << "line " << i;
  EXPECT_EQ(s.clear_lines(pieces_at_least(table, 1), 0), 4);
  // A ruleset where only pieces at least the target's size (here 5) hide sees it all.
  EXPECT_EQ(s.clear_lines(pieces_at_least(table, 5), 0), 5);
}

TEST(TabletopSight, PieceMasks) {
  Table table = empty_table();
  add_piece(table, make_circle(Point{500, 500}, 200, 1, 0, kDestructible));
  add_piece(table, make_circle(Point{1500, 500}, 200, 3, 0, kImpassable | kReinforced));
  add_piece(table, make_circle(Point{2500, 500}, 200, 4, 0, kReinforced));
  EXPECT_EQ(pieces_at_least(table, 3), 0b110u);
  EXPECT_EQ(pieces_with(table, kReinforced), 0b110u);
  EXPECT_EQ(pieces_with(table, kImpassable | kReinforced), 0b010u);
  EXPECT_EQ(largest_size(table, 0b011), 3);
  EXPECT_EQ(largest_size(table, 0), -1);
}

}  // namespace
}  // namespace warband::tabletop
