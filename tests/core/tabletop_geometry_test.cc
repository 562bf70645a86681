// Tabletop geometry counted by hand: distances between bases, contact, arcs at their edges,
// facings, place codes and terrain footprints (src/core/tabletop.h).
#include "core/tabletop.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

namespace warband::tabletop {
namespace {

constexpr int kInch = kUnitsPerInch;

Model model_at(int x, int y, int diameter = kInch, int facing = 0) {
  Model m;
  m.at = Point{x, y};
  m.diameter = diameter;
  m.facing = static_cast<std::int16_t>(facing);
  return m;
}

TEST(TabletopDistance, TwoOneInchBasesThreeInchesApartAreTwoInchesApartEdgeToEdge) {
  EXPECT_EQ(edge_distance(model_at(0, 0), model_at(3 * kInch, 0)), 2 * kInch);
  // A 1" and a 2" base, centres 5" apart (a 3-4-5 triangle): 5 - 0.5 - 1 = 3.5".
  EXPECT_EQ(edge_distance(model_at(0, 0), model_at(300, 400, 2 * kInch)), 350);
  EXPECT_EQ(distance(Point{0, 0}, Point{300, 400}), 500);
}

TEST(TabletopDistance, RoundsTheExactGapDown) {
  // Centres sqrt(2) inches apart: the gap is 41.42 hundredths, then 40.92 with a 1.01" base.
  EXPECT_EQ(edge_distance(model_at(0, 0), model_at(kInch, kInch)), 41);
  EXPECT_EQ(edge_distance(model_at(0, 0), model_at(kInch, kInch, 101)), 40);
  // Overlapping bases have a negative gap, rounded down too: -0.5" exactly, then -50.5 -> -51.
  EXPECT_EQ(edge_distance(model_at(0, 0), model_at(50, 0)), -50);
  EXPECT_EQ(edge_distance(model_at(0, 0), model_at(50, 0, 101)), -51);
}

TEST(TabletopDistance, WithinARangeIsExact) {
  const Model a = model_at(0, 0);
  const Model b = model_at(3 * kInch, 0);
  EXPECT_TRUE(within_edge(a, b, 200));
  EXPECT_FALSE(within_edge(a, b, 199));
  // sqrt(2) inches apart: the gap is 41.42, so within 42 but not within 41.
  EXPECT_TRUE(within_edge(a, model_at(kInch, kInch), 42));
  EXPECT_FALSE(within_edge(a, model_at(kInch, kInch), 41));
}

TEST(TabletopDistance, IntegerSquareRootIsExact) {
  EXPECT_EQ(isqrt(0), 0u);
  EXPECT_EQ(isqrt(15), 3u);
  EXPECT_EQ(isqrt(16), 4u);
  const std::uint64_t big = 3037000499ull;  // big^2 < 2^63 < (big+1)^2
  EXPECT_EQ(isqrt(big * big), big);
  EXPECT_EQ(isqrt(big * big - 1), big - 1);
  EXPECT_EQ(isqrt(~std::uint64_t{0}), 0xFFFFFFFFull);
}

TEST(TabletopContact, WithinTheToleranceEitherWay) {
  const Model a = model_at(0, 0);
  EXPECT_TRUE(in_contact(a, model_at(100, 0)));                      // edges touch exactly
  EXPECT_TRUE(in_contact(a, model_at(100 + kContactTolerance, 0)));  // a 0.02" gap
  EXPECT_FALSE(in_contact(a, model_at(101 + kContactTolerance, 0)));
  EXPECT_TRUE(in_contact(a, model_at(100 - kContactTolerance, 0)));  // a 0.02" overlap
  EXPECT_FALSE(in_contact(a, model_at(99 - kContactTolerance, 0)));
  EXPECT_FALSE(bases_overlap(Point{0, 0}, 100, Point{100, 0}, 100));
  EXPECT_TRUE(bases_overlap(Point{0, 0}, 100, Point{99, 0}, 100));
}

TEST(TabletopArcs, NinetyDegreeFrontArcAtItsEdges) {
  const Model m = model_at(0, 0, kInch, 0);             // facing +x
  EXPECT_TRUE(in_front_arc(m, 900, Point{100, 100}));   // on the 45-degree edge
  EXPECT_TRUE(in_front_arc(m, 900, Point{100, -100}));  // on the other edge
  EXPECT_FALSE(in_front_arc(m, 900, Point{100, 101}));  // just past it
  EXPECT_FALSE(in_front_arc(m, 900, Point{100, -101}));
  EXPECT_FALSE(in_front_arc(m, 900, Point{-1, 0}));
  EXPECT_TRUE(in_front_arc(m, 900, Point{0, 0}));  // the centre is in every arc
  // A zero-width arc is its centre ray alone, not the ray behind.
  EXPECT_TRUE(in_front_arc(m, 0, Point{500, 0}));
  EXPECT_FALSE(in_front_arc(m, 0, Point{-500, 0}));
  EXPECT_FALSE(in_front_arc(m, 0, Point{500, 1}));
}

TEST(TabletopArcs, HalfArcsShareTheirEdgeAndWideArcsHaveEdgesToo) {
  const Model m = model_at(1000, 1000, kInch, 900);       // facing +y
  EXPECT_TRUE(in_front_arc(m, 1800, Point{1200, 1000}));  // square to the facing: both halves
  EXPECT_TRUE(in_rear_arc(m, 1800, Point{1200, 1000}));
  EXPECT_TRUE(in_front_arc(m, 1800, Point{1200, 1001}));
  EXPECT_FALSE(in_rear_arc(m, 1800, Point{1200, 1001}));
  EXPECT_TRUE(in_rear_arc(m, 1800, Point{1000, 500}));
  // A 270-degree arc facing +x: its edges at +-135 degrees.
  const Model east = model_at(0, 0, kInch, 0);
  EXPECT_TRUE(in_front_arc(east, 2700, Point{-100, 100}));  // on the edge
  EXPECT_TRUE(in_front_arc(east, 2700, Point{-100, 101}));  // inside (134.7 degrees)
  EXPECT_FALSE(in_front_arc(east, 2700, Point{-100, 99}));  // outside (135.3 degrees)
  EXPECT_FALSE(in_front_arc(east, 2700, Point{-100, 0}));
  EXPECT_TRUE(in_front_arc(east, kTurn, Point{-100, 0}));
}

TEST(TabletopArcs, ABaseTouchesAnArcWithItsEdge) {
  // A 90-degree arc facing +x from the origin; its upper edge runs along y = x.
  // A 1" base at (200, 260): its centre is outside (52 degrees), 42.4 from the edge: it reaches in.
  EXPECT_FALSE(point_in_arc(Point{0, 0}, 0, 900, Point{200, 260}));
  EXPECT_TRUE(base_touches_arc(Point{0, 0}, 0, 900, Point{200, 260}, 100));
  EXPECT_FALSE(base_touches_arc(Point{0, 0}, 0, 900, Point{200, 260}, 84));  // 42 < 42.4
  EXPECT_TRUE(base_touches_arc(Point{0, 0}, 0, 900, Point{200, 260}, 85));
  EXPECT_FALSE(base_touches_arc(Point{0, 0}, 0, 900, Point{0, 300}, 100));
  // A base behind the apex reaches the wedge only if it covers the apex.
  EXPECT_TRUE(base_touches_arc(Point{0, 0}, 0, 900, Point{-40, 0}, 100));
  EXPECT_FALSE(base_touches_arc(Point{0, 0}, 0, 900, Point{-60, 0}, 100));
}

TEST(TabletopFacing, DirectionsAndTurningTowardsAPoint) {
  EXPECT_EQ(direction(0).x, kDirectionScale);
  EXPECT_EQ(direction(0).y, 0);
  EXPECT_EQ(direction(900).x, 0);
  EXPECT_EQ(direction(900).y, kDirectionScale);
  EXPECT_EQ(direction(450).x, direction(450).y);
  EXPECT_EQ(direction(-900).y, -kDirectionScale);
  EXPECT_EQ(turn_towards(Point{0, 0}, Point{100, 100}, 7), 450);
  EXPECT_EQ(turn_towards(Point{0, 0}, Point{-100, 0}, 7), 1800);
  EXPECT_EQ(turn_towards(Point{0, 0}, Point{0, -100}, 7), 2700);
  EXPECT_EQ(turn_towards(Point{0, 0}, Point{100, 1}, 7), 6);      // 0.573 degrees
  EXPECT_EQ(turn_towards(Point{0, 0}, Point{100, -1}, 7), 3594);  // -0.573 degrees
  EXPECT_EQ(turn_towards(Point{5, 5}, Point{5, 5}, 7), 7);
  EXPECT_EQ(point_towards(Point{0, 0}, 300, 1000), (Point{866, 500}));  // 30 degrees
}

TEST(TabletopFacing, PointsAlongALineForPushesAndThrows) {
  // 3-4-5: 1" from (0, 0) towards (300, 400) is (60, 80); pushed away 2" is (-120, -160).
  EXPECT_EQ(point_along(Point{0, 0}, Point{300, 400}, 100), (Point{60, 80}));
  EXPECT_EQ(point_along(Point{0, 0}, Point{300, 400}, -200), (Point{-120, -160}));
  // 1" along the diagonal: 70.71 each way, rounded to 71.
  EXPECT_EQ(point_along(Point{1000, 1000}, Point{1500, 1500}, 100), (Point{1071, 1071}));
  EXPECT_EQ(point_along(Point{5, 5}, Point{5, 5}, 100), (Point{5, 5}));
}

TEST(TabletopPlaceCode, PackAndUnpackRoundTripInFortyEightBits) {
  const std::vector<Place> places = {{Point{0, 0}, 0},
                                     {Point{4800, 4800}, 3599},
                                     {Point{1234, 17}, 450},
                                     {Point{262143, 262143}, 3599}};
  for (const Place& p : places) {
    ASSERT_TRUE(packable(p.at, p.facing));
    const std::uint64_t code = pack_place(p.at, p.facing);
    EXPECT_LT(code, std::uint64_t{1} << kPlaceBits);
    EXPECT_EQ(unpack_place(code), p);
  }
  EXPECT_FALSE(packable(Point{-1, 0}, 0));
  EXPECT_FALSE(packable(Point{0, 1 << 18}, 0));
  EXPECT_FALSE(packable(Point{0, 0}, kTurn));
  // Codes sort by x, then y, then facing.
  EXPECT_LT(pack_place(Point{1, 999}, 3599), pack_place(Point{2, 0}, 0));
  EXPECT_LT(pack_place(Point{1, 5}, 3599), pack_place(Point{1, 6}, 0));
}

TEST(TabletopPieces, RectangleCornersAndWhatTheyHold) {
  const Piece wall = make_rectangle(Point{1000, 1000}, 400, 200, 0, 2, 100);
  EXPECT_EQ(wall.corners[0], (Point{800, 900}));
  EXPECT_EQ(wall.corners[2], (Point{1200, 1100}));
  EXPECT_TRUE(piece_contains(wall, Point{1200, 1000}));
  EXPECT_FALSE(piece_contains(wall, Point{1201, 1000}));
  // A 1" base touching its east side does not overlap it; a unit closer does.
  EXPECT_FALSE(base_overlaps_piece(wall, Point{1250, 1000}, 100));
  EXPECT_TRUE(base_overlaps_piece(wall, Point{1249, 1000}, 100));
  // Turned a quarter, its width runs along y.
  const Piece turned = make_rectangle(Point{1000, 1000}, 400, 200, 900, 2, 100);
  EXPECT_TRUE(piece_contains(turned, Point{1000, 1200}));
  EXPECT_FALSE(piece_contains(turned, Point{1150, 1000}));
  // A 1" base stands on the 2"-deep wall only with its whole base on top.
  EXPECT_TRUE(base_within_piece(wall, Point{1000, 1000}, 100));
  EXPECT_TRUE(base_within_piece(wall, Point{1150, 1050}, 100));
  EXPECT_FALSE(base_within_piece(wall, Point{1151, 1050}, 100));
}

TEST(TabletopPieces, CirclesAndOverlaps) {
  const Piece rock = make_circle(Point{1000, 1000}, 400, 2, 100);
  EXPECT_TRUE(base_within_piece(rock, Point{1150, 1000}, 100));
  EXPECT_FALSE(base_within_piece(rock, Point{1151, 1000}, 100));
  const Piece a = make_rectangle(Point{1000, 1000}, 200, 200, 0, 1, 0);
  const Piece touching = make_rectangle(Point{1200, 1000}, 200, 200, 0, 1, 0);
  const Piece over = make_rectangle(Point{1199, 1000}, 200, 200, 0, 1, 0);
  EXPECT_FALSE(pieces_overlap(a, touching));
  EXPECT_TRUE(pieces_overlap(a, over));
  // A diamond (a square turned 45 degrees) beside a square: corner to corner they miss.
  const Piece diamond = make_rectangle(Point{1300, 1300}, 200, 200, 450, 1, 0);
  EXPECT_FALSE(pieces_overlap(a, diamond));
  EXPECT_TRUE(pieces_overlap(make_rectangle(Point{1150, 1150}, 200, 200, 450, 1, 0), a));
  EXPECT_FALSE(pieces_overlap(a, make_circle(Point{1150, 1000}, 100, 1, 0)));
  EXPECT_TRUE(pieces_overlap(a, make_circle(Point{1149, 1000}, 100, 1, 0)));
}

TEST(TabletopTable, ThePieceAModelStandsOn) {
  Table table;
  table.width = 4800;
  table.depth = 4800;
  table.pieces[0] = make_rectangle(Point{1000, 1000}, 400, 200, 0, 3, 300);
  table.pieces[1] = make_circle(Point{3000, 3000}, 400, 2, 100);
  table.piece_count = 2;
  EXPECT_EQ(table.piece_at(Point{1200, 1100}), 0);  // its corner
  EXPECT_EQ(table.piece_at(Point{1201, 1100}), -1);
  EXPECT_EQ(table.piece_at(Point{3000, 3200}), 1);
  EXPECT_EQ(table.piece_at(Point{3142, 3142}), -1);  // 2.008" from the centre of a 4" circle
}

TEST(TabletopTable, BasesAndPiecesOnTheTable) {
  Table table;
  table.width = 4800;
  table.depth = 2400;
  EXPECT_TRUE(table.base_on_table(Point{50, 50}, 100));
  EXPECT_FALSE(table.base_on_table(Point{49, 50}, 100));
  EXPECT_TRUE(table.base_on_table(Point{4750, 2350}, 100));
  EXPECT_FALSE(table.base_on_table(Point{4750, 2351}, 100));
  EXPECT_TRUE(table.piece_on_table(make_rectangle(Point{200, 100}, 400, 200, 0, 1, 0)));
  EXPECT_FALSE(table.piece_on_table(make_rectangle(Point{200, 100}, 400, 200, 900, 1, 0)));
}

}  // namespace
}  // namespace warband::tabletop
