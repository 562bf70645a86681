#include "core/grid.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <queue>
#include <set>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "core/rng.h"
#include "tests/support/grid_cells.h"
#include "tests/support/test_scale.h"

namespace warband::grid {
namespace {

using warband::testing::C;
using warband::testing::cells_set;
using warband::testing::unit_at;

// Heights add half their difference to range and a footprint spans at most 1 of height: the
// settings these tests exercise the height rules with.
constexpr Geometry kHills{Neighbourhood::kFour, Distance::kManhattan, 2, 1};
// A wall: neither crossed nor seen through.
constexpr std::uint8_t kWall = kBlocksMove | kBlocksSight;

Cell named(const std::string& name) {
  Cell c;
  EXPECT_TRUE(parse_cell_name(name, c)) << name;
  return c;
}

std::vector<std::pair<int, int>> trace(Cell a, Cell b, int side) {
  LineTrace t;
  trace_line(a, b, side, t);
  std::vector<std::pair<int, int>> cells;
  for (int i = 0; i < t.count; ++i)
    cells.emplace_back(t.cells[i].x, t.cells[i].y);
  return cells;
}

using Path = std::vector<std::pair<int, int>>;

int cost_at(const Reach& r, Cell anchor, bool rotated = false) {
  return r.cost[placement_index(Placement{anchor, rotated})];
}
int danger_at(const Reach& r, Cell anchor, bool rotated = false) {  // the hazard there
  return r.hazard[placement_index(Placement{anchor, rotated})];
}
bool is_destination(const Reach& r, Cell anchor, bool rotated = false) {
  const int index = placement_index(Placement{anchor, rotated});
  return std::binary_search(r.destinations.begin(), r.destinations.end(), index);
}

MoveQuery move_query(Footprint f, Cell anchor, int budget, bool rotated = false) {
  MoveQuery q;
  q.footprint = f;
  q.start = Placement{anchor, rotated};
  q.budget = budget;
  return q;
}

constexpr int kUnreachable = Reach::kUnreachable;

// ------------------------------------------------------------------------------------------
// Cell names

TEST(GridCellName, KnownNames) {
  EXPECT_EQ(cell_name(C(2, 3)), "C4");
  EXPECT_EQ(cell_name(C(27, 17)), "AB18");
  EXPECT_EQ(cell_name(C(0, 0)), "A1");
  EXPECT_EQ(cell_name(C(25, 9)), "Z10");
  EXPECT_EQ(cell_name(C(26, 0)), "AA1");
  EXPECT_EQ(cell_name(C(31, 23)), "AF24");
  EXPECT_EQ(named("C4"), C(2, 3));
  EXPECT_EQ(named("AB18"), C(27, 17));
  EXPECT_EQ(named("ab18"), C(27, 17));
}

TEST(GridCellName, RoundTripsEveryCell) {
  for (int y = 0; y < kMaxHeight; ++y) {
    for (int x = 0; x < kMaxWidth; ++x) {
      Cell parsed;
      ASSERT_TRUE(parse_cell_name(cell_name(C(x, y)), parsed)) << cell_name(C(x, y));
      EXPECT_EQ(parsed, C(x, y));
    }
  }
}

TEST(GridCellName, RejectsNonNames) {
  Cell c = C(7, 7);
  for (const char* bad : {"", "A", "4", "A0", "A01", "C4x", "4C", "C-4", "AG1", "A25", "C 4"})
    EXPECT_FALSE(parse_cell_name(bad, c)) << bad;
  EXPECT_EQ(c, C(7, 7));  // untouched on failure
}

// ------------------------------------------------------------------------------------------
// Range

TEST(GridRange, BetweenUnitsTakesClosestPair) {
  Board board(28, 18, kHills);
  const FootprintCells dragon = unit_at({C(3, 3), C(3, 4), C(3, 5)});
  const FootprintCells archer = unit_at({C(7, 6)});
  EXPECT_EQ(range_between(board, dragon, archer), 5);  // (3,5) -> (7,6)
  // With (3,5) on Higher Ground 4 it is 5 + 2 = 7 away, so (3,4) at 4 + 2 = 6 is closest.
  board.at(C(3, 5)).height = 4;
  EXPECT_EQ(range_between(board, dragon, archer), 6);
}

// ------------------------------------------------------------------------------------------
// Lines

TEST(GridLine, Horizontal) {
  EXPECT_EQ(trace(C(1, 2), C(5, 2), 0), (Path{{2, 2}, {3, 2}, {4, 2}}));
  EXPECT_EQ(trace(C(1, 2), C(5, 2), 1), (Path{{2, 2}, {3, 2}, {4, 2}}));
  EXPECT_EQ(trace(C(5, 2), C(1, 2), 0), (Path{{4, 2}, {3, 2}, {2, 2}}));
  EXPECT_FALSE(passes_corner(C(1, 2), C(5, 2)));
  EXPECT_EQ(trace(C(1, 2), C(2, 2), 0), Path{});  // neighbours cross nothing between
  EXPECT_EQ(trace(C(1, 2), C(1, 2), 0), Path{});
}

TEST(GridLine, Vertical) {
  EXPECT_EQ(trace(C(3, 6), C(3, 2), 0), (Path{{3, 5}, {3, 4}, {3, 3}}));
  EXPECT_EQ(trace(C(3, 6), C(3, 2), 1), (Path{{3, 5}, {3, 4}, {3, 3}}));
  EXPECT_FALSE(passes_corner(C(3, 6), C(3, 2)));
}

TEST(GridLine, PerfectDiagonalBothSides) {
  // Heading south-east (rows grow south): the left side is the north-east one.
  EXPECT_TRUE(passes_corner(C(0, 0), C(2, 2)));
  EXPECT_EQ(trace(C(0, 0), C(2, 2), 0), (Path{{1, 0}, {1, 1}, {2, 1}}));
  EXPECT_EQ(trace(C(0, 0), C(2, 2), 1), (Path{{0, 1}, {1, 1}, {1, 2}}));
  // Heading north-east from (0,2): the left side is the north-west one.
  EXPECT_EQ(trace(C(0, 2), C(2, 0), 0), (Path{{0, 1}, {1, 1}, {1, 0}}));
  EXPECT_EQ(trace(C(0, 2), C(2, 0), 1), (Path{{1, 2}, {1, 1}, {2, 1}}));
  // Reversed, left and right swap.
  EXPECT_EQ(trace(C(2, 2), C(0, 0), 0), (Path{{1, 2}, {1, 1}, {0, 1}}));
  EXPECT_EQ(trace(C(2, 2), C(0, 0), 1), (Path{{2, 1}, {1, 1}, {1, 0}}));
  // Adjacent diagonals: only the corner space.
  EXPECT_EQ(trace(C(4, 4), C(5, 5), 0), (Path{{5, 4}}));
  EXPECT_EQ(trace(C(4, 4), C(5, 5), 1), (Path{{4, 5}}));
}

TEST(GridLine, ThreeByOnePassesOneCorner) {
  // Centre (0.5,0.5) to (3.5,1.5): y = 0.5 + (x - 0.5) / 3 is exactly 1 at x = 2.
  EXPECT_TRUE(passes_corner(C(0, 0), C(3, 1)));
  EXPECT_EQ(trace(C(0, 0), C(3, 1), 0), (Path{{1, 0}, {2, 0}, {2, 1}}));
  EXPECT_EQ(trace(C(0, 0), C(3, 1), 1), (Path{{1, 0}, {1, 1}, {2, 1}}));
}

TEST(GridLine, TwoByOnePassesNoCorner) {
  // Centre (0.5,0.5) to (2.5,1.5) crosses row boundary y = 1 at x = 1.5, mid-space.
  EXPECT_FALSE(passes_corner(C(0, 0), C(2, 1)));
  EXPECT_EQ(trace(C(0, 0), C(2, 1), 0), (Path{{1, 0}, {1, 1}}));
  EXPECT_EQ(trace(C(0, 0), C(2, 1), 1), (Path{{1, 0}, {1, 1}}));
  // (0,0) -> (4,2) goes through the centre of (2,1), not a corner.
  EXPECT_FALSE(passes_corner(C(0, 0), C(4, 2)));
  EXPECT_TRUE(passes_corner(C(0, 0), C(6, 2)));  // 2 * (3,1)
}

// The spaces whose interior the segment passes through, found by sampling it finely enough
// (exact integers) that every crossed space holds a sample strictly inside it.
std::set<std::pair<int, int>> interior_crossed(Cell a, Cell b) {
  const int dx = b.x - a.x, dy = b.y - a.y;
  // In doubled coordinates the breakpoints of t have denominators dividing 2|dx| and 2|dy|;
  // midpoints of any open interval between them are multiples of 1 / (8 |dx| |dy|).
  const long n = 8L * std::max(1, std::abs(dx)) * std::max(1, std::abs(dy));
  std::set<std::pair<int, int>> cells;
  for (long k = 0; k <= n; ++k) {
    // Point (in units of 1 / (2n) of a space): (2a + 1) n + k * 2d.
    const long px = (2L * a.x + 1) * n + k * 2L * dx;
    const long py = (2L * a.y + 1) * n + k * 2L * dy;
    if (px % (2 * n) == 0 || py % (2 * n) == 0) continue;  // on a boundary
    cells.insert({static_cast<int>(px / (2 * n)), static_cast<int>(py / (2 * n))});
  }
  cells.erase({a.x, a.y});
  cells.erase({b.x, b.y});
  return cells;
}

TEST(GridLine, RandomPairsCrossManhattanSpacesAsAFourConnectedPath) {
  Rng rng(20240601);
  for (int trial = 0; trial < 3000; ++trial) {
    const Cell a =
        C(static_cast<int>(rng.below(kMaxWidth)), static_cast<int>(rng.below(kMaxHeight)));
    const Cell b =
        C(static_cast<int>(rng.below(kMaxWidth)), static_cast<int>(rng.below(kMaxHeight)));
    const int distance = manhattan(a, b);
    for (int side = 0; side < 2; ++side) {
      LineTrace t;
      trace_line(a, b, side, t);
      // Excluding a, including b: exactly the Manhattan distance.
      ASSERT_EQ(t.count + (a == b ? 0 : 1), distance) << cell_name(a) << "->" << cell_name(b);
      Cell previous = a;
      for (int i = 0; i <= t.count; ++i) {
        const Cell next = i < t.count ? t.cells[i] : b;
        if (a == b) break;
        ASSERT_EQ(manhattan(previous, next), 1) << cell_name(a) << "->" << cell_name(b);
        previous = next;
      }
      // Reversing the line swaps the sides.
      EXPECT_EQ(trace(b, a, 1 - side), [&] {
        auto cells = trace(a, b, side);
        std::reverse(cells.begin(), cells.end());
        return cells;
      }());
    }
    const auto left = trace(a, b, 0);
    const auto right = trace(a, b, 1);
    EXPECT_EQ(passes_corner(a, b), left != right);
    // The spaces common to both sides are exactly those whose interior the segment crosses.
    std::set<std::pair<int, int>> common;
    for (const auto& c : left)
      if (std::find(right.begin(), right.end(), c) != right.end()) common.insert(c);
    ASSERT_EQ(common, interior_crossed(a, b)) << cell_name(a) << "->" << cell_name(b);
  }
}

// ------------------------------------------------------------------------------------------
// Terrain sight

TEST(GridTerrainSight, WallsAndSightBlockersBlockButNotAtTheEnds) {
  Board board(10, 10, kHills);
  board.at(C(3, 2)).flags = kWall;
  board.at(C(3, 6)).flags = kBlocksSight;
  board.at(C(0, 8)).flags = kBlocksSight;
  board.at(C(5, 8)).terrain = 0xFF;  // the ruleset's own bits never block
  board.finalize();
  for (int side = 0; side < 2; ++side) {
    EXPECT_FALSE(board.terrain_clear(C(0, 2), C(6, 2), side));
    EXPECT_FALSE(board.terrain_clear(C(6, 2), C(0, 2), side));
    EXPECT_FALSE(board.terrain_clear(C(1, 6), C(5, 6), side));
    EXPECT_TRUE(board.terrain_clear(C(0, 3), C(6, 3), side));
    EXPECT_TRUE(board.terrain_clear(C(3, 6), C(7, 6), side));  // starting on a blocker
    EXPECT_TRUE(board.terrain_clear(C(3, 0), C(3, 2), side));  // ending on a wall
    EXPECT_TRUE(board.terrain_clear(C(0, 8), C(9, 8), side));
    EXPECT_TRUE(board.terrain_clear(C(4, 4), C(4, 4), side));
  }
  // Corners beside the wall: (2,2) -> (4,0) heading north-east crosses (2,1) (3,1) (3,0) on
  // its left (side 0) and (3,2) (3,1) (4,1) on its right, so only side 1 meets the wall.
  EXPECT_TRUE(board.terrain_clear(C(2, 2), C(4, 0), 0));
  EXPECT_FALSE(board.terrain_clear(C(2, 2), C(4, 0), 1));
  EXPECT_FALSE(board.terrain_clear(C(4, 0), C(2, 2), 0));  // reversed, the sides swap
  EXPECT_TRUE(board.terrain_clear(C(4, 0), C(2, 2), 1));
}

TEST(GridTerrainSight, FinalizeTableAgreesWithTracing) {
  Rng rng(77);
  Board board(28, 18, kHills);
  const std::uint8_t kinds[] = {kWall, kBlocksSight, kBlocksMove};
  for (int i = 0; i < 60; ++i) {
    const Cell c = C(static_cast<int>(rng.below(28)), static_cast<int>(rng.below(18)));
    board.at(c).flags |= kinds[i % 3];
  }
  board.finalize();
  for (int trial = 0; trial < 4000; ++trial) {
    const Cell a = C(static_cast<int>(rng.below(28)), static_cast<int>(rng.below(18)));
    const Cell b = C(static_cast<int>(rng.below(28)), static_cast<int>(rng.below(18)));
    for (int side = 0; side < 2; ++side) {
      bool clear = true;
      for (const auto& [x, y] : trace(a, b, side))
        clear = clear && !(board.at(C(x, y)).flags & kBlocksSight);
      ASSERT_EQ(board.terrain_clear(a, b, side), clear)
          << cell_name(a) << "->" << cell_name(b) << " side " << side;
    }
  }
}

// ------------------------------------------------------------------------------------------
// Standing

TEST(GridStand, SeedFourSpaceUnitOnUnevenGround) {
  Board board(28, 18, kHills);
  const Footprint monster{2, 2};
  const Placement p{C(4, 4), false};
  // Top left 1, top right 2, bottom left 2, bottom right 1: allowed.
  board.at(C(4, 4)).height = 1;
  board.at(C(5, 4)).height = 2;
  board.at(C(4, 5)).height = 2;
  board.at(C(5, 5)).height = 1;
  EXPECT_TRUE(can_stand(board, monster, p, CellSet{}));
  // Top left 0: a difference of 2, refused.
  board.at(C(4, 4)).height = 0;
  EXPECT_FALSE(can_stand(board, monster, p, CellSet{}));
  // "each grid spaces Higher Ground value can't be more than 1 difference than those around
  // it ... then it could cascade down": a slope 0, 1 / 1, 2 stands (its corners are 2 apart,
  // but no two neighbours are).
  board.at(C(4, 4)).height = 0;
  board.at(C(5, 4)).height = 1;
  board.at(C(4, 5)).height = 1;
  board.at(C(5, 5)).height = 2;
  EXPECT_TRUE(can_stand(board, monster, p, CellSet{}));
}

// A 1x3 base along a slope of 1, 2, 3 stands and moves along it; a step of 2 under it does not.
TEST(GridStand, ALongBaseLiesAlongASlope) {
  Board board(28, 18, kHills);
  const Footprint wyvern{1, 3};
  for (int x = 0; x < 28; ++x)
    for (int y = 0; y < 18; ++y)
      board.at(C(x, y)).height = static_cast<std::uint8_t>(x < 8 ? 0 : std::min(x - 7, 5));
  EXPECT_TRUE(can_stand(board, wyvern, {C(8, 4), true}, CellSet{}));  // 1, 2, 3
  EXPECT_TRUE(can_stand(board, wyvern, {C(6, 4), true}, CellSet{}));  // 0, 0, 1
  board.at(C(9, 4)).height = 3;
  EXPECT_FALSE(can_stand(board, wyvern, {C(8, 4), true}, CellSet{}));  // 1, 3, 3
  board.at(C(9, 4)).height = 2;
  // Up the slope, one step at a time: each step climbs 1.
  Reach reach;
  compute_reach(board, move_query(wyvern, C(6, 4), 3, true), reach);
  EXPECT_EQ(cost_at(reach, C(8, 4), true), 2);
  EXPECT_EQ(cost_at(reach, C(9, 4), true), 3);
}

TEST(GridStand, BoardWallsAndOccupied) {
  Board board(28, 18, kHills);
  const Footprint cavalry{1, 2};
  EXPECT_TRUE(can_stand(board, cavalry, {C(27, 16), false}, CellSet{}));
  EXPECT_FALSE(can_stand(board, cavalry, {C(27, 17), false}, CellSet{}));  // off the south edge
  EXPECT_TRUE(can_stand(board, cavalry, {C(26, 17), true}, CellSet{}));    // turned: 2 x 1
  EXPECT_FALSE(can_stand(board, cavalry, {C(27, 17), true}, CellSet{}));
  board.at(C(5, 6)).flags = kWall;
  EXPECT_FALSE(can_stand(board, cavalry, {C(5, 5), false}, CellSet{}));
  EXPECT_FALSE(can_stand(board, cavalry, {C(8, 8), false}, cells_set({C(8, 9)})));
  EXPECT_TRUE(can_stand(board, cavalry, {C(8, 8), false}, cells_set({C(9, 9)})));
}

TEST(GridStand, CoveredCellsFollowRotation) {
  FootprintCells cells;
  covered_cells(Footprint{1, 3}, Placement{C(2, 3), false}, cells);
  ASSERT_EQ(cells.count, 3);
  EXPECT_EQ(cells.cells[0], C(2, 3));
  EXPECT_EQ(cells.cells[2], C(2, 5));
  covered_cells(Footprint{1, 3}, Placement{C(2, 3), true}, cells);
  ASSERT_EQ(cells.count, 3);
  EXPECT_EQ(cells.cells[2], C(4, 3));
}

// ------------------------------------------------------------------------------------------
// Movement

TEST(GridMove, OpenGroundReachIsTheDiamond) {
  Board board(28, 18, kHills);
  Reach reach;
  compute_reach(board, move_query(Footprint{1, 1}, C(10, 8), 3), reach);
  EXPECT_EQ(reach.destinations.size(), 24u);  // 1 + 4 + 8 + 12 spaces within 3, start excluded
  EXPECT_TRUE(std::is_sorted(reach.destinations.begin(), reach.destinations.end()));
  EXPECT_EQ(cost_at(reach, C(10, 8)), 0);
  EXPECT_EQ(cost_at(reach, C(13, 8)), 3);
  EXPECT_EQ(cost_at(reach, C(11, 6)), 3);
  EXPECT_EQ(cost_at(reach, C(12, 7)), 3);
  EXPECT_EQ(cost_at(reach, C(14, 8)), kUnreachable);
  EXPECT_FALSE(is_destination(reach, C(10, 8)));
  // Square footprints never turn.
  EXPECT_EQ(cost_at(reach, C(11, 8), true), kUnreachable);
  // In a corner the board edge cuts the diamond: (0..3,0), (0..2,1), (0..1,2), (0,3).
  compute_reach(board, move_query(Footprint{1, 1}, C(0, 0), 3), reach);
  EXPECT_EQ(reach.destinations.size(), 9u);
}

TEST(GridMove, WallsBlockMovement) {
  Board board(28, 18, kHills);
  // A wall across column 6 from row 0 to row 6, with the way round below it.
  for (int y = 0; y <= 6; ++y)
    board.at(C(6, y)).flags = kWall;
  Reach reach;
  compute_reach(board, move_query(Footprint{1, 1}, C(5, 5), 6), reach);
  EXPECT_EQ(cost_at(reach, C(6, 5)), kUnreachable);
  // (5,5) -> (5,7) -> (7,7) -> (7,5): 2 + 2 + 2.
  EXPECT_EQ(cost_at(reach, C(7, 5)), 6);
  EXPECT_EQ(cost_at(reach, C(7, 4)), kUnreachable);
}

TEST(GridMove, DifficultTerrainCostsOneMore) {
  Board board(28, 18, kHills);
  board.at(C(6, 5)).move_cost = 1;
  Reach reach;
  compute_reach(board, move_query(Footprint{1, 1}, C(5, 5), 4), reach);
  EXPECT_EQ(cost_at(reach, C(6, 5)), 2);
  EXPECT_EQ(cost_at(reach, C(7, 5)), 3);  // through it: 2 + 1; round it: 4
  EXPECT_EQ(cost_at(reach, C(4, 5)), 1);  // leaving the start costs nothing extra
  // A band of difficult ground: (5,5) to (9,5) across a difficult column costs 4 + 1.
  board.at(C(6, 5)).move_cost = 0;
  for (int y = 0; y < 18; ++y)
    board.at(C(7, y)).move_cost = 1;
  compute_reach(board, move_query(Footprint{1, 1}, C(5, 5), 5), reach);
  EXPECT_EQ(cost_at(reach, C(9, 5)), 5);
  // A 1x2 unit crossing the column sideways covers two difficult spaces at once: 1 + 2.
  compute_reach(board, move_query(Footprint{1, 2}, C(6, 9), 5), reach);
  EXPECT_EQ(cost_at(reach, C(7, 9)), 3);
  // Lengthwise it pays once per space it newly covers: from (7,0)-(7,1) to (7,2)-(7,3) two
  // steps each cover one new difficult space: 2 + 2.
  compute_reach(board, move_query(Footprint{1, 2}, C(7, 0), 5), reach);
  EXPECT_EQ(cost_at(reach, C(7, 2)), 4);
}

TEST(GridMove, DangerousCountsOncePerSpaceForALongUnit) {
  Board board(28, 18, kHills);
  board.at(C(5, 5)).hazard = 2;
  Reach reach;
  const Footprint cavalry{1, 2};
  compute_reach(board, move_query(cavalry, C(5, 2), 6), reach);
  // The head enters (5,5) stepping to anchor (5,4); the tail's later entry is not new.
  EXPECT_EQ(danger_at(reach, C(5, 3)), 0);
  EXPECT_EQ(danger_at(reach, C(5, 4)), 2);
  EXPECT_EQ(danger_at(reach, C(5, 5)), 2);
  // (5,6)-(5,7) is 4 straight through the danger, or 6 round it (east, south, west): the Move of
  // 6 allows the detour, so it is offered safe (issue 15: never forced through danger).
  EXPECT_EQ(danger_at(reach, C(5, 6)), 0);
  EXPECT_EQ(cost_at(reach, C(5, 6)), 6);
  // Same cost, less danger wins: (6,4) can be reached for 3 either way; round is safe.
  EXPECT_EQ(cost_at(reach, C(6, 4)), 3);
  EXPECT_EQ(danger_at(reach, C(6, 4)), 0);
  // A single model: straight through to (5,7) costs 4 with danger 2; round costs 6. With Move 5
  // only the dangerous path fits; with Move 6 the safe one does.
  compute_reach(board, move_query(Footprint{1, 1}, C(5, 3), 5), reach);
  EXPECT_EQ(cost_at(reach, C(5, 7)), 4);
  EXPECT_EQ(danger_at(reach, C(5, 7)), 2);
  EXPECT_EQ(cost_at(reach, C(6, 7)), 5);
  EXPECT_EQ(danger_at(reach, C(6, 7)), 0);
  compute_reach(board, move_query(Footprint{1, 1}, C(5, 3), 6), reach);
  EXPECT_EQ(cost_at(reach, C(5, 7)), 6);
  EXPECT_EQ(danger_at(reach, C(5, 7)), 0);
  // Two levels: a safer path through Dangerous 1 beats the cheapest through Dangerous 3.
  board.at(C(5, 5)).hazard = 3;
  board.at(C(6, 5)).hazard = 1;
  board.at(C(4, 5)).hazard = 3;
  compute_reach(board, move_query(Footprint{1, 1}, C(5, 3), 6), reach);
  EXPECT_EQ(danger_at(reach, C(5, 7)), 1);
  EXPECT_EQ(cost_at(reach, C(5, 7)), 6);
}

// route_to: the path a move's mark is drawn along (issue 16), the one compute_reach priced.
std::vector<std::string> route_names(const Board& board, const MoveQuery& query, Cell to) {
  std::vector<Placement> route;
  route_to(board, query, placement_index(Placement{to, false}), route);
  std::vector<std::string> names;
  for (const Placement& p : route)
    names.push_back(cell_name(p.anchor) + (p.rotated ? "'" : ""));
  return names;
}

TEST(GridRoute, GoesRoundAWallTheWayItWasPriced) {
  Board board(28, 18, kHills);
  for (int y = 0; y <= 6; ++y)
    board.at(C(6, y)).flags = kWall;  // column G, rows 1-7
  // (5,5) F6 -> (7,5) H6 costs 6, only round the wall's foot.
  EXPECT_EQ(route_names(board, move_query(Footprint{1, 1}, C(5, 5), 6), C(7, 5)),
            (std::vector<std::string>{"F6", "F7", "F8", "G8", "H8", "H7", "H6"}));
  // Not a destination (beyond the Move, or the start itself): no route.
  EXPECT_TRUE(route_names(board, move_query(Footprint{1, 1}, C(5, 5), 5), C(7, 5)).empty());
  EXPECT_TRUE(route_names(board, move_query(Footprint{1, 1}, C(5, 5), 6), C(5, 5)).empty());
}

TEST(GridRoute, TakesTheSaferDetourTheReachOffered) {
  Board board(28, 18, kHills);
  board.at(C(5, 5)).hazard = 2;  // F6
  // Move 5: only straight through the danger reaches (5,7); Move 6: round it, safe.
  EXPECT_EQ(route_names(board, move_query(Footprint{1, 1}, C(5, 3), 5), C(5, 7)),
            (std::vector<std::string>{"F4", "F5", "F6", "F7", "F8"}));
  const auto safe = route_names(board, move_query(Footprint{1, 1}, C(5, 3), 6), C(5, 7));
  ASSERT_EQ(safe.size(), 7u);
  EXPECT_EQ(std::count(safe.begin(), safe.end(), "F6"), 0);
  EXPECT_EQ(safe.front(), "F4");
  EXPECT_EQ(safe.back(), "F8");
}

TEST(GridRoute, EveryStepIsANeighbourAndTheCostsAddUp) {
  // Eight-way, diagonals costing 1, difficult ground on the way: each route's steps pay exactly
  // the destination's cost.
  Board board(16, 16, Geometry{Neighbourhood::kEight, Distance::kChebyshev});
  for (int y = 3; y < 12; ++y)
    board.at(C(7, y)).move_cost = 1;
  board.at(C(4, 9)).flags = kWall;
  const MoveQuery query = move_query(Footprint{1, 1}, C(3, 7), 6);
  Reach reach;
  compute_reach(board, query, reach);
  ASSERT_FALSE(reach.destinations.empty());
  for (int destination : reach.destinations) {
    std::vector<Placement> route;
    route_to(board, query, destination, route);
    ASSERT_GE(route.size(), 2u);
    EXPECT_EQ(route.front(), query.start);
    EXPECT_EQ(placement_index(route.back()), destination);
    int cost = 0;
    for (std::size_t i = 1; i < route.size(); ++i) {
      const Cell a = route[i - 1].anchor, b = route[i].anchor;
      ASSERT_EQ(chebyshev(a, b), 1) << cell_name(a) << " to " << cell_name(b);
      ASSERT_FALSE(board.at(b).flags & kBlocksMove);
      cost += 1 + board.at(b).move_cost;
    }
    EXPECT_EQ(cost, reach.cost[destination]) << cell_name(placement_at(destination).anchor);
  }
}

// Seed, Terrain: "if a Unit moved through two grid spaces of Dangerous Terrain 2, that Unit would
// take S6 D2 damage": one roll per Action at the highest X entered, not one per space.
TEST(GridMove, TwoSpacesOfDangerousTwoMakeOneD2Roll) {
  Board board(28, 18, kHills);
  board.at(C(5, 5)).hazard = 2;
  board.at(C(5, 6)).hazard = 2;
  board.at(C(9, 5)).hazard = 1;
  board.at(C(9, 6)).hazard = 3;
  Reach reach;
  compute_reach(board, move_query(Footprint{1, 1}, C(5, 4), 4), reach);
  EXPECT_EQ(cost_at(reach, C(5, 7)), 3);
  EXPECT_EQ(danger_at(reach, C(5, 7)), 2);
  compute_reach(board, move_query(Footprint{1, 1}, C(9, 4), 3), reach);
  EXPECT_EQ(danger_at(reach, C(9, 7)), 3);  // the highest X entered, not 1 + 3
}

TEST(GridMove, PassesThroughFriendsButDoesNotEndOnThem) {
  Board board(28, 18, kHills);
  MoveQuery q = move_query(Footprint{1, 1}, C(5, 5), 3);
  q.occupied = cells_set({C(6, 5)});
  Reach reach;
  compute_reach(board, q, reach);
  EXPECT_EQ(cost_at(reach, C(6, 5)), 1);
  EXPECT_FALSE(is_destination(reach, C(6, 5)));
  EXPECT_EQ(cost_at(reach, C(7, 5)), 2);
  EXPECT_TRUE(is_destination(reach, C(7, 5)));
  EXPECT_EQ(reach.destinations.size(), 23u);  // the diamond of 24, less the friend's space
  // A 1x2 unit may not end half on a friend either.
  MoveQuery cav = move_query(Footprint{1, 2}, C(5, 5), 3);
  cav.occupied = cells_set({C(5, 8)});
  compute_reach(board, cav, reach);
  EXPECT_EQ(cost_at(reach, C(5, 7)), 2);
  EXPECT_FALSE(is_destination(reach, C(5, 7)));
  EXPECT_EQ(cost_at(reach, C(5, 8)), 3);
  EXPECT_FALSE(is_destination(reach, C(5, 8)));
  EXPECT_TRUE(is_destination(reach, C(5, 6)));
}

TEST(GridMove, CannotPassBlocked) {
  Board board(28, 18, kHills);
  MoveQuery q = move_query(Footprint{1, 1}, C(5, 5), 4);
  q.blocked = cells_set({C(6, 5)});
  q.occupied = q.blocked;
  Reach reach;
  compute_reach(board, q, reach);
  EXPECT_EQ(cost_at(reach, C(6, 5)), kUnreachable);
  EXPECT_EQ(cost_at(reach, C(7, 5)), 4);  // round: (5,4) (6,4) (7,4) (7,5)
  // No part of a 1x2 unit may cover an enemy on the way: (5,5)-(5,6) to (5,9)-(5,10) past an
  // enemy on (5,8) sidesteps: 1 + 4 + 1, not 4.
  MoveQuery cav = move_query(Footprint{1, 2}, C(5, 5), 6);
  cav.blocked = cells_set({C(5, 8)});
  cav.occupied = cav.blocked;
  compute_reach(board, cav, reach);
  EXPECT_EQ(cost_at(reach, C(5, 7)), kUnreachable);
  EXPECT_EQ(cost_at(reach, C(5, 8)), kUnreachable);
  EXPECT_EQ(cost_at(reach, C(5, 6)), 1);
  EXPECT_EQ(cost_at(reach, C(5, 9)), 6);
}

TEST(GridMove, ClimbingCostsTheHeightDifference) {
  Board board(28, 18, kHills);
  // Seed: "flat ground (0) next to Higher Ground 4 ... would have to Move 4".
  board.at(C(6, 5)).height = 4;
  board.at(C(7, 5)).height = 4;
  board.at(C(8, 5)).height = 3;
  board.at(C(5, 6)).height = 1;
  Reach reach;
  compute_reach(board, move_query(Footprint{1, 1}, C(5, 5), 8), reach);
  EXPECT_EQ(cost_at(reach, C(6, 5)), 4);
  EXPECT_EQ(cost_at(reach, C(7, 5)), 5);
  EXPECT_EQ(cost_at(reach, C(8, 5)), 6);  // descending 1 costs 1
  EXPECT_EQ(cost_at(reach, C(5, 6)), 1);  // a difference of 1 costs the usual 1
  compute_reach(board, move_query(Footprint{1, 1}, C(5, 5), 3), reach);
  EXPECT_EQ(cost_at(reach, C(6, 5)), kUnreachable);
  compute_reach(board, move_query(Footprint{1, 1}, C(6, 5), 4), reach);
  EXPECT_EQ(cost_at(reach, C(6, 4)), 4);  // coming down costs the same
}

// Seed 000: "Units can't move through different height terrain or terrain they can't stand on,
// unless they have enough movement to get completely through it. No horse knight models with the
// butt on Ground 0 and the head on Ground 4 on a successful charge." A long base may hang over a
// ledge between steps (each part pays its climb) but never ends there.
TEST(GridMove, LongUnitClimbsALedgeWhenItsMoveTakesItCompletelyThrough) {
  Board board(28, 18, kHills);
  // Rows 7 and below are Higher Ground 2; row 6 is flat.
  for (int y = 7; y < 18; ++y)
    for (int x = 0; x < 28; ++x)
      board.at(C(x, y)).height = 2;
  const Footprint cavalry{1, 2};
  const auto ends_at = [](const Reach& reach, Cell anchor, bool rotated = false) {
    return std::binary_search(reach.destinations.begin(), reach.destinations.end(),
                              placement_index(Placement{anchor, rotated}));
  };
  Reach reach;
  compute_reach(board, move_query(cavalry, C(5, 4), 10), reach);
  // Lengthwise: a step (1), the head climbs 2 while the tail is still below (2), the tail
  // climbs 2 (2). Half-way it hangs over the ledge: passed, never a place to stop.
  EXPECT_EQ(cost_at(reach, C(5, 5)), 1);
  EXPECT_EQ(cost_at(reach, C(5, 6)), 3);
  EXPECT_FALSE(ends_at(reach, C(5, 6)));
  EXPECT_EQ(cost_at(reach, C(5, 7)), 5);
  EXPECT_TRUE(ends_at(reach, C(5, 7)));
  EXPECT_EQ(cost_at(reach, C(5, 7), true), 5);  // or turned sideways on the top: also 5
  // With Move 4 it cannot get completely through: it may not stop half-way up.
  compute_reach(board, move_query(cavalry, C(5, 4), 4), reach);
  EXPECT_EQ(cost_at(reach, C(5, 7)), kUnreachable);
  EXPECT_FALSE(ends_at(reach, C(5, 6)));
  EXPECT_TRUE(ends_at(reach, C(5, 5)));
  // A ramp at (5,6) of height 1: each part rises 1 per step.
  board.at(C(5, 6)).height = 1;
  compute_reach(board, move_query(cavalry, C(5, 4), 10), reach);
  EXPECT_EQ(cost_at(reach, C(5, 5)), 1);
  EXPECT_EQ(cost_at(reach, C(5, 6)), 2);
  EXPECT_TRUE(ends_at(reach, C(5, 6)));
  EXPECT_EQ(cost_at(reach, C(5, 7)), 3);
  EXPECT_FALSE(ends_at(reach, C(6, 6)));  // (6,6) is 0, (6,7) is 2
}

// The seed's dragon: "to pivot 90 degrees would take this Unit's entire Move of 4 because that
// is how far the tail section would have to move": a quarter turn about an end costs 4. About its
// centre, each end travels 2 (issue 15: "the Wyvern pivoting on its centre should cost 2").
TEST(GridMove, SeedDragonPivotCostsItsWholeMoveAboutAnEndAndHalfAboutItsCentre) {
  Board board(28, 18, kHills);
  const Footprint dragon{1, 3};  // upright: (10,5), (10,6), (10,7)
  Reach reach;
  compute_reach(board, move_query(dragon, C(10, 5), 4), reach);
  // About (10,5): (8..10,5) or (10..12,5); about (10,7): (8..10,7) or (10..12,7).
  for (const Cell end_turn : {C(8, 5), C(10, 5), C(8, 7), C(10, 7)})
    EXPECT_EQ(cost_at(reach, end_turn, true), 4);
  // About (10,6): (9..11,6), then one step more with the Move left.
  EXPECT_EQ(cost_at(reach, C(9, 6), true), 2);
  EXPECT_EQ(cost_at(reach, C(9, 5), true), 3);
  EXPECT_EQ(cost_at(reach, C(8, 6), true), 3);
  // An end turn leaves nothing to step with, and the centre turn reaches only two steps on.
  EXPECT_EQ(cost_at(reach, C(11, 5), true), kUnreachable);
  EXPECT_EQ(cost_at(reach, C(10, 4), true), kUnreachable);
  // With Move 5 it can.
  compute_reach(board, move_query(dragon, C(10, 5), 5), reach);
  EXPECT_EQ(cost_at(reach, C(11, 5), true), 5);
  EXPECT_EQ(cost_at(reach, C(10, 4), true), 5);
  // With Move 1 it cannot turn at all; with Move 2 only about its centre.
  compute_reach(board, move_query(dragon, C(10, 5), 1), reach);
  for (int i = kMaxCells; i < kMaxPlacements; ++i)
    EXPECT_EQ(reach.cost[i], kUnreachable) << i;
  EXPECT_EQ(cost_at(reach, C(10, 6)), 1);  // stepping still works
  compute_reach(board, move_query(dragon, C(10, 5), 2), reach);
  std::vector<std::pair<int, int>> turned;
  for (int i = kMaxCells; i < kMaxPlacements; ++i)
    if (reach.cost[i] != kUnreachable)
      turned.emplace_back(placement_at(i).anchor.x, placement_at(i).anchor.y);
  EXPECT_EQ(turned, (Path{{9, 6}}));
}

TEST(GridMove, PivotSweepsItsBoundingBox) {
  Board board(28, 18, kHills);
  board.at(C(9, 6)).flags = kWall;  // inside the box of both westward end turns, and the centre's
  const Footprint dragon{1, 3};
  Reach reach;
  compute_reach(board, move_query(dragon, C(10, 5), 2), reach);
  for (int i = kMaxCells; i < kMaxPlacements; ++i)
    EXPECT_EQ(reach.cost[i], kUnreachable) << i;  // the centre turn's box holds the wall
  compute_reach(board, move_query(dragon, C(10, 5), 4), reach);
  EXPECT_EQ(cost_at(reach, C(10, 5), true), 4);  // eastward end turns stay open
  EXPECT_EQ(cost_at(reach, C(10, 7), true), 4);
  EXPECT_EQ(cost_at(reach, C(8, 5), true), kUnreachable);
  EXPECT_EQ(cost_at(reach, C(8, 7), true), kUnreachable);
  // With Move 2 the centre turn is the only one: an enemy in its box (9..11, 5..7) stops it, one
  // beside the box does not.
  board.at(C(9, 6)).flags = 0;
  MoveQuery q = move_query(dragon, C(10, 5), 2);
  q.blocked = cells_set({C(11, 7)});
  q.occupied = q.blocked;
  compute_reach(board, q, reach);
  EXPECT_EQ(cost_at(reach, C(9, 6), true), kUnreachable);
  q.blocked = cells_set({C(12, 6)});
  q.occupied = q.blocked;
  compute_reach(board, q, reach);
  EXPECT_EQ(cost_at(reach, C(9, 6), true), 2);
}

TEST(GridMove, CavalryPivotAndTurnedSteps) {
  Board board(28, 18, kHills);
  const Footprint cavalry{1, 2};
  Reach reach;
  compute_reach(board, move_query(cavalry, C(5, 5), 3), reach);
  // About (5,5): east (5..6,5) or west (4..5,5); about (5,6): (5..6,6) or (4..5,6). Cost 2.
  EXPECT_EQ(cost_at(reach, C(5, 5), true), 2);
  EXPECT_EQ(cost_at(reach, C(4, 5), true), 2);
  EXPECT_EQ(cost_at(reach, C(5, 6), true), 2);
  EXPECT_EQ(cost_at(reach, C(4, 6), true), 2);
  EXPECT_EQ(cost_at(reach, C(6, 5), true), 3);  // turn, then a step east
  EXPECT_EQ(cost_at(reach, C(3, 6), true), 3);
  EXPECT_EQ(cost_at(reach, C(7, 5), true), kUnreachable);
  EXPECT_TRUE(is_destination(reach, C(5, 5), true));
  // A turned start turns back the same way.
  compute_reach(board, move_query(cavalry, C(5, 5), 2, true), reach);
  EXPECT_EQ(cost_at(reach, C(5, 5), false), 2);
  EXPECT_EQ(cost_at(reach, C(6, 4), false), 2);
  // Difficult ground newly covered by the turn costs 1 more.
  board.at(C(6, 5)).move_cost = 1;
  compute_reach(board, move_query(cavalry, C(5, 5), 3), reach);
  EXPECT_EQ(cost_at(reach, C(5, 5), true), 3);
  EXPECT_EQ(cost_at(reach, C(4, 5), true), 2);
  // The pivot space stays covered, so its own Difficult / Dangerous is not paid again.
  board.at(C(6, 5)).move_cost = 0;
  board.at(C(5, 5)).move_cost = 1;
  board.at(C(5, 5)).hazard = 3;
  compute_reach(board, move_query(cavalry, C(5, 5), 3), reach);
  EXPECT_EQ(cost_at(reach, C(5, 5), true), 2);
  EXPECT_EQ(danger_at(reach, C(5, 5), true), 0);
  // Stepping north keeps it covered too: (5,4) is the only new space.
  EXPECT_EQ(cost_at(reach, C(5, 4), false), 1);
  EXPECT_EQ(danger_at(reach, C(5, 4), false), 0);
}

TEST(GridMove, DestinationsAreSortedAndAllowedToStand) {
  Rng rng(5);
  Board board(28, 18, kHills);
  for (int i = 0; i < 120; ++i) {
    const Cell c = C(static_cast<int>(rng.below(28)), static_cast<int>(rng.below(18)));
    if (i % 4 == 0) board.at(c).flags |= kWall;
    if (i % 4 == 1) board.at(c).move_cost = 1;
    if (i % 4 == 2) board.at(c).height = static_cast<std::uint8_t>(rng.below(3));
    if (i % 4 == 3) board.at(c).hazard = 1;
  }
  Reach reach;
  for (const Footprint f : {Footprint{1, 1}, Footprint{1, 2}, Footprint{2, 2}, Footprint{2, 3}}) {
    MoveQuery q = move_query(f, C(12, 8), 8);
    if (!can_stand(board, f, q.start, CellSet{})) continue;
    q.occupied = cells_set({C(14, 8), C(12, 11)});
    compute_reach(board, q, reach);
    EXPECT_TRUE(std::is_sorted(reach.destinations.begin(), reach.destinations.end()));
    int reached = 0;
    for (int i = 0; i < kMaxPlacements; ++i) {
      if (reach.cost[i] == kUnreachable) continue;
      ++reached;
      EXPECT_LE(reach.cost[i], 8);
      const bool stands = can_stand(board, f, placement_at(i), q.occupied);
      const bool listed =
          std::binary_search(reach.destinations.begin(), reach.destinations.end(), i);
      EXPECT_EQ(listed, stands && i != placement_index(q.start)) << i;
    }
    EXPECT_GT(reached, 10);
  }
}

// An independent, slow reference for compute_reach: Dijkstra with a priority queue over
// placements, stepping and turning by geometry on covered_cells() rather than tables.
struct ReferenceReach {
  std::vector<int> cost, hazard, paid, destinations;
};

// `max_hazard`: moves that newly cover a space of more hazard are not taken.
ReferenceReach reference_reach(const Board& board, const MoveQuery& q, int max_hazard) {
  const Footprint f = q.footprint;
  const auto cells_of = [&](Placement p) {
    FootprintCells fc;
    covered_cells(f, p, fc);
    return std::vector<Cell>(fc.cells.begin(), fc.cells.begin() + fc.count);
  };
  const auto covers = [](const std::vector<Cell>& cells, Cell c) {
    return std::find(cells.begin(), cells.end(), c) != cells.end();
  };
  const auto height_of = [&](Cell c) { return static_cast<int>(board.at(c).height); };
  // Moving part k from old[k] to moved[k]: the worst part's max(travel, climb), then terrain
  // of the spaces newly covered.
  const auto move_cost = [&](const std::vector<Cell>& old, const std::vector<Cell>& moved,
                             int& cost, int& danger, int& terrain) {
    cost = 0;
    danger = 0;
    terrain = 0;
    for (std::size_t k = 0; k < old.size(); ++k)
      cost = std::max({cost, distance(board.geometry().distance, old[k], moved[k]),
                       std::abs(height_of(moved[k]) - height_of(old[k]))});
    for (Cell c : moved) {
      if (covers(old, c)) continue;
      terrain += board.at(c).move_cost * q.move_cost_scale;
      danger = std::max<int>(danger, board.at(c).hazard);
    }
    cost += terrain;
  };
  // On the way a placement needs only to be on the board, clear of Walls and enemies: a long
  // base may hang over a ledge between steps (it must stand where it ends).
  const auto passable = [&](Placement p) {
    for (Cell c : cells_of(p))
      if (!board.contains(c) || (board.at(c).flags & kBlocksMove) || q.blocked[cell_index(c)])
        return false;
    return true;
  };
  ReferenceReach r;
  r.cost.assign(kMaxPlacements, Reach::kUnreachable);
  r.hazard.assign(kMaxPlacements, 0);
  r.paid.assign(kMaxPlacements, 0);
  using Entry = std::tuple<int, int, int, int>;  // cost, danger, terrain paid, placement
  std::priority_queue<Entry, std::vector<Entry>, std::greater<>> queue;
  const int start = placement_index(q.start);
  r.cost[start] = 0;
  queue.emplace(0, 0, 0, start);
  while (!queue.empty()) {
    const auto [cost, danger, paid, node] = queue.top();
    queue.pop();
    if (cost != r.cost[node] || danger != r.hazard[node] || paid != r.paid[node]) continue;
    const Placement at = placement_at(node);
    const std::vector<Cell> old = cells_of(at);
    std::vector<std::pair<Placement, std::vector<Cell>>> moves;  // placement, where parts land
    std::vector<std::pair<int, int>> steps = {{1, 0}, {0, 1}, {-1, 0}, {0, -1}};
    if (board.geometry().neighbourhood == Neighbourhood::kEight)
      steps.insert(steps.end(), {{1, 1}, {-1, 1}, {-1, -1}, {1, -1}});
    for (const auto& [dx, dy] : steps) {
      std::vector<Cell> moved;
      for (Cell c : old)
        moved.push_back(C(c.x + dx, c.y + dy));
      moves.push_back({Placement{C(at.anchor.x + dx, at.anchor.y + dy), at.rotated}, moved});
    }
    if (!f.square()) {
      int x0 = 99, y0 = 99, x1 = -1, y1 = -1;
      for (Cell c : old) {
        x0 = std::min<int>(x0, c.x), y0 = std::min<int>(y0, c.y);
        x1 = std::max<int>(x1, c.x), y1 = std::max<int>(y1, c.y);
      }
      std::set<std::pair<int, int>> pivots;  // a quarter turn about any space it covers
      for (Cell c : old)
        pivots.insert({c.x, c.y});
      for (const auto& [px, py] : pivots) {
        for (int turn = 0; turn < 2; ++turn) {
          std::vector<Cell> moved;
          int nx0 = 99, ny0 = 99;
          for (Cell c : old) {
            const int u = c.x - px, v = c.y - py;
            const Cell n = turn == 0 ? C(px - v, py + u) : C(px + v, py - u);
            moved.push_back(n);
            nx0 = std::min<int>(nx0, n.x), ny0 = std::min<int>(ny0, n.y);
          }
          const Placement np{C(nx0, ny0), !at.rotated};
          // The swept box must be clear of Walls and enemies.
          bool swept_clear = true;
          for (int y = std::min(y0, ny0); y <= std::max(y1, ny0 + x1 - x0); ++y)
            for (int x = std::min(x0, nx0); x <= std::max(x1, nx0 + y1 - y0); ++x)
              if (!board.contains(C(x, y)) || (board.at(C(x, y)).flags & kBlocksMove) ||
                  q.blocked[cell_index(C(x, y))])
                swept_clear = false;
          if (swept_clear) moves.push_back({np, moved});
        }
      }
    }
    for (const auto& [np, moved] : moves) {
      if (!passable(np)) continue;
      std::vector<Cell> sorted_moved = moved, sorted_cells = cells_of(np);
      const auto by_index = [](Cell a, Cell b) { return cell_index(a) < cell_index(b); };
      std::sort(sorted_moved.begin(), sorted_moved.end(), by_index);
      std::sort(sorted_cells.begin(), sorted_cells.end(), by_index);
      EXPECT_EQ(sorted_moved, sorted_cells);
      int step_cost, step_danger, step_terrain;
      move_cost(old, moved, step_cost, step_danger, step_terrain);
      const int nc = cost + std::max(1, step_cost);
      const int nd = std::max(danger, step_danger);  // the highest X entered
      const int np_paid = paid + step_terrain;
      const int ni = placement_index(np);
      if (nc > std::min(q.budget, 254) || nd > max_hazard) continue;
      if (std::tuple{nc, nd, np_paid} < std::tuple{r.cost[ni], r.hazard[ni], r.paid[ni]}) {
        r.cost[ni] = nc;
        r.hazard[ni] = nd;
        r.paid[ni] = np_paid;
        queue.emplace(nc, nd, np_paid, ni);
      }
    }
  }
  for (int i = 0; i < kMaxPlacements; ++i)
    if (r.cost[i] != Reach::kUnreachable && i != start &&
        can_stand(board, f, placement_at(i), q.occupied))
      r.destinations.push_back(i);
  return r;
}

// What compute_reach promises, by brute force: each destination with the least hazard of any
// path within the budget (one reference search per hazard limit), at that path's cheapest cost.
ReferenceReach reference_least_hazard(const Board& board, const MoveQuery& q) {
  ReferenceReach r = reference_reach(board, q, 255);
  for (int limit = 0; limit < 8; ++limit) {
    const ReferenceReach safer = reference_reach(board, q, limit);
    for (int i : safer.destinations) {
      if (safer.hazard[i] >= r.hazard[i]) continue;
      r.hazard[i] = safer.hazard[i];
      r.cost[i] = safer.cost[i];
      r.paid[i] = safer.paid[i];
    }
  }
  return r;
}

// Compares compute_reach with the reference on 160 random boards of the given geometry; counts
// in `compared` how many had a legal start (the others are skipped).
void compare_with_reference(Geometry geometry, int& compared, int trials = 160) {
  Rng rng(99);
  Reach reach;
  const Footprint footprints[] = {{1, 1}, {1, 2}, {2, 1}, {2, 2}, {1, 3}, {2, 3}, {3, 2}, {1, 4}};
  compared = 0;
  for (int trial = 0; trial < trials; ++trial) {
    Board board(12 + static_cast<int>(rng.below(17)), 8 + static_cast<int>(rng.below(11)),
                geometry);
    const int cells = board.width() * board.height();
    for (int i = 0; i < cells / 5; ++i) {
      const Cell c = C(static_cast<int>(rng.below(board.width())),
                       static_cast<int>(rng.below(board.height())));
      switch (rng.below(5)) {
        case 0:
          board.at(c).flags |= kWall;
          break;
        case 1:
          board.at(c).move_cost = 1;
          break;
        case 2:
          board.at(c).hazard = static_cast<std::uint8_t>(1 + rng.below(3));
          break;
        default:
          board.at(c).height = static_cast<std::uint8_t>(rng.below(trial % 2 ? 2 : 4));
      }
    }
    MoveQuery q;
    q.footprint = footprints[trial % 8];
    q.start = Placement{C(static_cast<int>(rng.below(board.width() - 3)),
                          static_cast<int>(rng.below(board.height() - 3))),
                        !q.footprint.square() && rng.below(2) == 1};
    q.budget = static_cast<int>(rng.below(11));
    q.move_cost_scale = 1 + static_cast<int>(rng.below(2));
    for (int i = 0; i < 4; ++i)
      q.blocked.set(cell_index(C(static_cast<int>(rng.below(board.width())),
                                 static_cast<int>(rng.below(board.height())))));
    q.occupied = q.blocked;
    for (int i = 0; i < 4; ++i)
      q.occupied.set(cell_index(C(static_cast<int>(rng.below(board.width())),
                                  static_cast<int>(rng.below(board.height())))));
    FootprintCells own;
    covered_cells(q.footprint, q.start, own);
    bool start_ok = can_stand(board, q.footprint, q.start, CellSet{});
    for (int i = 0; i < own.count; ++i)
      start_ok = start_ok && !q.occupied[cell_index(own.cells[i])];
    if (!start_ok) continue;
    compute_reach(board, q, reach);
    const ReferenceReach expected = reference_least_hazard(board, q);
    for (int i = 0; i < kMaxPlacements; ++i) {
      ASSERT_EQ(reach.cost[i], expected.cost[i]) << "trial " << trial << " placement " << i;
      ASSERT_EQ(reach.hazard[i], expected.hazard[i]) << "trial " << trial << " placement " << i;
      if (reach.cost[i] != Reach::kUnreachable) {
        ASSERT_EQ(reach.paid[i], expected.paid[i]) << "trial " << trial << " placement " << i;
      }
    }
    ASSERT_EQ(reach.destinations, expected.destinations) << "trial " << trial;
    // Stopping at the first destination finds one exactly when there is one, and the cheapest.
    MoveQuery first = q;
    first.first_destination_only = true;
    Reach early;
    compute_reach(board, first, early);
    ASSERT_EQ(early.destinations.empty(), expected.destinations.empty()) << "trial " << trial;
    if (!early.destinations.empty()) {
      const int found = early.destinations.front();
      ASSERT_NE(std::find(expected.destinations.begin(), expected.destinations.end(), found),
                expected.destinations.end());
      const ReferenceReach cheapest = reference_reach(board, q, 255);  // by cost alone
      for (int destination : cheapest.destinations)
        ASSERT_LE(cheapest.cost[found], cheapest.cost[destination]) << "trial " << trial;
    }
    // A single step is enough for has_adjacent_destination only when one really exists.
    if (has_adjacent_destination(board, q)) {
      ASSERT_FALSE(expected.destinations.empty()) << "trial " << trial;
    }
    ++compared;
  }
}

TEST(GridMove, MatchesASlowReferenceOnRandomBoards) {
  int compared = 0;
  compare_with_reference(kHills, compared);
  EXPECT_GT(compared, 60);
}

TEST(GridMove, MatchesASlowReferenceInEveryGeometry) {
  for (const Neighbourhood neighbourhood : {Neighbourhood::kFour, Neighbourhood::kEight}) {
    for (const Distance distance : {Distance::kManhattan, Distance::kChebyshev}) {
      Geometry geometry = kHills;
      geometry.neighbourhood = neighbourhood;
      geometry.distance = distance;
      SCOPED_TRACE(::testing::Message() << "eight " << (neighbourhood == Neighbourhood::kEight)
                                        << " chebyshev " << (distance == Distance::kChebyshev));
      // 160 random boards in release, 16 under the sanitizers (test_scale.h).
      const int trials = scaled_count(160);
      int compared = 0;
      compare_with_reference(geometry, compared, trials);
      EXPECT_GT(compared, trials * 60 / 160);
    }
  }
}

// ------------------------------------------------------------------------------------------
// Neighbourhoods and distances

constexpr Geometry kEightChebyshev{Neighbourhood::kEight, Distance::kChebyshev};
constexpr Geometry kEightManhattan{Neighbourhood::kEight, Distance::kManhattan};

TEST(GridGeometry, DistancesCountDiagonalsTheirOwnWay) {
  EXPECT_EQ(manhattan(C(2, 2), C(7, 4)), 7);
  EXPECT_EQ(chebyshev(C(2, 2), C(7, 4)), 5);
  EXPECT_EQ(chebyshev(C(7, 4), C(2, 2)), 5);
  EXPECT_EQ(chebyshev(C(3, 3), C(3, 3)), 0);
  EXPECT_EQ(distance(Distance::kChebyshev, C(0, 9), C(4, 0)), 9);
  // Range is the board's distance; heights add nothing unless the board sets a divisor.
  Board chebyshev_board(12, 12, kEightChebyshev);
  chebyshev_board.at(C(7, 4)).height = 6;
  EXPECT_EQ(range(chebyshev_board, C(2, 2), C(7, 4)), 5);
  Board manhattan_board(12, 12);
  manhattan_board.at(C(7, 4)).height = 6;
  EXPECT_EQ(range(manhattan_board, C(2, 2), C(7, 4)), 7);
  Geometry hills = kEightChebyshev;
  hills.range_height_divisor = 3;
  Board hill_board(12, 12, hills);
  hill_board.at(C(7, 4)).height = 6;
  EXPECT_EQ(range(hill_board, C(2, 2), C(7, 4)), 5 + 2);
  EXPECT_EQ(range_between(hill_board, unit_at({C(2, 2)}), unit_at({C(7, 4), C(7, 3)})), 5);
  // Sight reports the board's range too.
  chebyshev_board.finalize();
  const Sight s = sight_between(chebyshev_board, unit_at({C(0, 0)}), unit_at({C(3, 3)}), {});
  ASSERT_TRUE(s.clear);
  EXPECT_EQ(s.range, 3);
}

TEST(GridGeometry, EightWaysChebyshevReachIsTheSquare) {
  Board board(28, 18, kEightChebyshev);
  Reach reach;
  compute_reach(board, move_query(Footprint{1, 1}, C(10, 8), 2), reach);
  EXPECT_EQ(reach.destinations.size(), 24u);  // the 5 x 5 square, start excluded
  EXPECT_EQ(cost_at(reach, C(11, 9)), 1);     // moving diagonally only counts as 1
  EXPECT_EQ(cost_at(reach, C(12, 6)), 2);
  EXPECT_EQ(cost_at(reach, C(12, 7)), 2);
  EXPECT_EQ(cost_at(reach, C(13, 8)), kUnreachable);
  // In a corner: (0..2, 0..2) but the start.
  compute_reach(board, move_query(Footprint{1, 1}, C(0, 0), 2), reach);
  EXPECT_EQ(reach.destinations.size(), 8u);
}

TEST(GridGeometry, EightWaysManhattanDiagonalCostsTwo) {
  Board board(28, 18, kEightManhattan);
  Reach reach;
  compute_reach(board, move_query(Footprint{1, 1}, C(10, 8), 3), reach);
  EXPECT_EQ(reach.destinations.size(), 24u);  // the same diamond as four ways
  EXPECT_EQ(cost_at(reach, C(11, 9)), 2);
  EXPECT_EQ(cost_at(reach, C(12, 9)), 3);
  EXPECT_EQ(cost_at(reach, C(12, 10)), kUnreachable);
}

TEST(GridGeometry, PathAroundAWall) {
  // A wall down column 6 from row 0 to row 8; the way round is through (6,9) .. (6,11).
  const auto walled = [](Geometry geometry) {
    Board board(12, 12, geometry);
    for (int y = 0; y <= 8; ++y)
      board.at(C(6, y)).flags = kWall;
    return board;
  };
  Reach reach;
  // Four ways: (5,5) down to (5,9), across to (7,9), up to (7,5): 4 + 2 + 4 = 10.
  compute_reach(walled(Geometry{}), move_query(Footprint{1, 1}, C(5, 5), 12), reach);
  EXPECT_EQ(cost_at(reach, C(7, 5)), 10);
  EXPECT_EQ(cost_at(reach, C(6, 9)), 5);
  // Eight ways, Chebyshev: (5,5) to (6,9) is 4 steps, (6,9) to (7,5) 4 more.
  compute_reach(walled(kEightChebyshev), move_query(Footprint{1, 1}, C(5, 5), 12), reach);
  EXPECT_EQ(cost_at(reach, C(7, 5)), 8);
  EXPECT_EQ(cost_at(reach, C(6, 9)), 4);
  EXPECT_EQ(cost_at(reach, C(6, 4)), kUnreachable);  // the wall itself
  // Eight ways, Manhattan: a diagonal step costs 2, no cheaper than going round the corner.
  compute_reach(walled(kEightManhattan), move_query(Footprint{1, 1}, C(5, 5), 12), reach);
  EXPECT_EQ(cost_at(reach, C(7, 5)), 10);
  // With 7 Move, Chebyshev gets past the wall's end but not back up to (7,5).
  compute_reach(walled(kEightChebyshev), move_query(Footprint{1, 1}, C(5, 5), 7), reach);
  EXPECT_EQ(cost_at(reach, C(7, 6)), 7);
  EXPECT_FALSE(is_destination(reach, C(7, 5)));
}

TEST(GridGeometry, DiagonalStepSlipsBetweenCorners) {
  // Walls on all four orthogonal sides: only a diagonal step leaves the space.
  const auto boxed = [](Geometry geometry) {
    Board board(9, 9, geometry);
    for (Cell c : {C(3, 4), C(5, 4), C(4, 3), C(4, 5)})
      board.at(c).flags = kWall;
    return board;
  };
  const MoveQuery q = move_query(Footprint{1, 1}, C(4, 4), 1);
  Reach reach;
  compute_reach(boxed(Geometry{}), q, reach);
  EXPECT_TRUE(reach.destinations.empty());
  EXPECT_FALSE(has_adjacent_destination(boxed(Geometry{}), q));
  compute_reach(boxed(kEightChebyshev), q, reach);
  EXPECT_EQ(reach.destinations.size(), 4u);  // (3,3) (5,3) (3,5) (5,5)
  EXPECT_TRUE(is_destination(reach, C(5, 5)));
  EXPECT_TRUE(has_adjacent_destination(boxed(kEightChebyshev), q));
  // Under Manhattan the diagonal step costs 2, more than the 1 Move there is.
  EXPECT_FALSE(has_adjacent_destination(boxed(kEightManhattan), q));
  compute_reach(boxed(kEightManhattan), q, reach);
  EXPECT_TRUE(reach.destinations.empty());
}

TEST(GridGeometry, LongUnitPaysEachNewlyCoveredSpaceOnADiagonal) {
  // A 1x2 unit on (5,5)-(5,6); rough ground (1 extra) on (6,6) and (6,7).
  Board board(12, 12, kEightChebyshev);
  board.at(C(6, 6)).move_cost = 1;
  board.at(C(6, 7)).move_cost = 1;
  board.at(C(6, 7)).hazard = 2;
  Reach reach;
  compute_reach(board, move_query(Footprint{1, 2}, C(5, 5), 6), reach);
  // South-east at once: 1 for the step and 1 for each of the two rough spaces it newly covers.
  // East then south, or south then east, pays 4.
  EXPECT_EQ(cost_at(reach, C(6, 6)), 3);
  EXPECT_EQ(danger_at(reach, C(6, 6)), 2);
  EXPECT_EQ(cost_at(reach, C(6, 5)), 2);  // east: (6,5) and (6,6) newly covered
  EXPECT_EQ(danger_at(reach, C(6, 5)), 0);
  EXPECT_EQ(cost_at(reach, C(4, 4)), 1);  // north-west, plain ground
}

// ------------------------------------------------------------------------------------------
// Sight between units

TEST(GridSight, PicksTheOpenSideAroundACornerBlocker) {
  Board board(12, 12, kHills);
  board.finalize();
  const FootprintCells shooter = unit_at({C(3, 3)});
  const FootprintCells target = unit_at({C(5, 5)});
  // Side 0 crosses (4,3) (4,4) (5,4); side 1 crosses (3,4) (4,4) (4,5).
  Sight s = sight_between(board, shooter, target, cells_set({C(4, 3)}));
  EXPECT_TRUE(s.clear);
  EXPECT_EQ(s.side, 1);
  EXPECT_EQ(s.range, 4);
  s = sight_between(board, shooter, target, cells_set({C(5, 4)}));
  EXPECT_TRUE(s.clear);
  EXPECT_EQ(s.side, 1);
  s = sight_between(board, shooter, target, cells_set({C(3, 4)}));
  EXPECT_TRUE(s.clear);
  EXPECT_EQ(s.side, 0);
  s = sight_between(board, shooter, target, cells_set({C(4, 3), C(4, 5)}));
  EXPECT_FALSE(s.clear);
  s = sight_between(board, shooter, target, cells_set({C(4, 4)}));
  EXPECT_FALSE(s.clear);
}

TEST(GridSight, MultiSpaceUnitsUseTheBestClearPair) {
  Board board(12, 12, kHills);
  board.finalize();
  const FootprintCells shooter = unit_at({C(0, 1)});
  const FootprintCells target = unit_at({C(5, 0), C(5, 1)});
  // (0,1) -> (5,1) is range 5 but blocked at (3,1); (0,1) -> (5,0) passes the corner at (3,1):
  // side 0 crosses (1,1) (2,1) (2,0) (3,0) (4,0), side 1 crosses (3,1).
  Sight s = sight_between(board, shooter, target, cells_set({C(3, 1)}));
  ASSERT_TRUE(s.clear);
  EXPECT_EQ(s.from, C(0, 1));
  EXPECT_EQ(s.to, C(5, 0));
  EXPECT_EQ(s.side, 0);
  EXPECT_EQ(s.range, 6);
  s = sight_between(board, shooter, target, CellSet{});
  EXPECT_EQ(s.to, C(5, 1));
  EXPECT_EQ(s.range, 5);
  // The units' own spaces never block, even if listed among the blockers: with (3,1) blocked,
  // from (0,1)-(1,1) the only clear line is (0,1) -> (5,0) on side 0, across its own (1,1).
  s = sight_between(board, unit_at({C(0, 1), C(1, 1)}), target, cells_set({C(1, 1), C(3, 1)}));
  ASSERT_TRUE(s.clear);
  EXPECT_EQ(s.from, C(0, 1));
  EXPECT_EQ(s.to, C(5, 0));
  EXPECT_EQ(s.side, 0);
  EXPECT_EQ(s.range, 6);
  // Higher ground adds to the sight's range.
  board.at(C(5, 1)).height = 4;
  board.at(C(5, 0)).height = 4;
  s = sight_between(board, shooter, target, CellSet{});
  EXPECT_EQ(s.range, 7);
}

// A judge with ends(): what a line's two end spaces are worth (here, shooting from a height) joins
// the score its crossed spaces make; judge_line judges one line, clear or not.
struct HeightJudge {
  struct Score {
    int value = 0;
    friend auto operator<=>(Score, Score) = default;
  };
  void ends(Cell, const Space& from, Cell, const Space& to, Score& score) const {
    if (from.height > to.height) score.value -= 1;
  }
  void cross(Cell, const Space& space, Score& score) const { score.value += space.move_cost; }
};

TEST(GridSight, AJudgeMayScoreTheEndsOfALine) {
  Board board(12, 12, kHills);
  board.at(C(0, 1)).height = 1;  // the shooter's lower space is the second one
  board.finalize();
  const FootprintCells shooter = unit_at({C(0, 0), C(0, 1)});
  const FootprintCells target = unit_at({C(3, 0), C(3, 1)});
  // Two lines at Range 3; only the one from (0,1) starts higher than it ends.
  const auto s = judged_sight_between(board, shooter, target, CellSet{}, HeightJudge{});
  ASSERT_TRUE(s.clear);
  EXPECT_EQ(s.from, C(0, 1));
  EXPECT_EQ(s.to, C(3, 1));
  EXPECT_EQ(s.score.value, -1);
  // The same line judged alone, then blocked by a unit standing on it.
  HeightJudge::Score score;
  EXPECT_TRUE(
      judge_line(board, shooter, target, C(0, 1), C(3, 1), 0, CellSet{}, HeightJudge{}, score));
  EXPECT_EQ(score.value, -1);
  EXPECT_FALSE(judge_line(board, shooter, target, C(0, 1), C(3, 1), 0, cells_set({C(2, 1)}),
                          HeightJudge{}, score));
  // A diagonal's sides are judged apart: (0,1) -> (2,3) crosses (1,1) on side 0, (0,2) on side 1.
  board.at(C(1, 1)).move_cost = 2;
  EXPECT_TRUE(judge_line(board, unit_at({C(0, 1)}), unit_at({C(2, 3)}), C(0, 1), C(2, 3), 0,
                         CellSet{}, HeightJudge{}, score));
  EXPECT_EQ(score.value, 2 - 1);
  EXPECT_TRUE(judge_line(board, unit_at({C(0, 1)}), unit_at({C(2, 3)}), C(0, 1), C(2, 3), 1,
                         CellSet{}, HeightJudge{}, score));
  EXPECT_EQ(score.value, -1);
}

TEST(GridSight, WallsBlockSight) {
  Board board(12, 12, kHills);
  for (int y = 0; y < 12; ++y)
    board.at(C(6, y)).flags = kWall;
  board.finalize();
  const Sight s = sight_between(board, unit_at({C(2, 2)}), unit_at({C(9, 7)}), CellSet{});
  EXPECT_FALSE(s.clear);
  EXPECT_TRUE(sight_between(board, unit_at({C(2, 2)}), unit_at({C(5, 9)}), CellSet{}).clear);
}

}  // namespace
}  // namespace warband::grid
