// AtomsPast's terrain on the grid: Higher Ground in range, Obscuring and Cover on the best line
// of sight (moved here from the core grid tests, which no longer know these meanings).
#include "rulesets/atomspast/terrain.h"

#include <gtest/gtest.h>

#include "tests/support/grid_cells.h"

namespace warband::atomspast {
namespace {

using warband::testing::C;
using warband::testing::cells_set;
using warband::testing::unit_at;

using grid::Board;
using grid::Cell;
using grid::CellSet;
using grid::FootprintCells;

// Replaces the space's terrain kinds (its height stays).
void put(grid::Space& space, std::uint8_t flags) {
  space = grid::Space{space.height};
  add_terrain(space, flags);
}

TEST(AtomsPastTerrain, KindsSetWhatTheGridNeeds) {
  grid::Space space;
  add_terrain(space, kWall);
  EXPECT_EQ(space.flags, grid::kBlocksMove | grid::kBlocksSight);
  EXPECT_EQ(space.move_cost, 0);
  put(space, kBlocksSight);
  EXPECT_EQ(space.flags, grid::kBlocksSight);
  put(space, kDifficult | kObscuring);
  EXPECT_EQ(space.flags, 0);
  EXPECT_EQ(space.move_cost, 1);
  add_terrain(space, kLightCover);  // adding keeps what was there
  EXPECT_EQ(space.terrain, kDifficult | kObscuring | kLightCover);
  EXPECT_EQ(space.move_cost, 1);
  set_dangerous(space, 3);
  EXPECT_EQ(dangerous(space), 3);
  EXPECT_EQ(space.hazard, 3);
  const grid::Geometry geometry = board_geometry();
  EXPECT_EQ(geometry.neighbourhood, grid::Neighbourhood::kFour);
  EXPECT_EQ(geometry.distance, grid::Distance::kManhattan);
}

TEST(AtomsPastTerrain, SeedSoldierAndArcherOnHigherGround) {
  Board board(28, 18, board_geometry());
  const Cell soldier = C(5, 5);
  const Cell archer = C(6, 5);
  // Archer on Higher Ground 1: 1 + 1/2 = 1, within the soldier's Melee Range 1.
  board.at(archer).height = 1;
  EXPECT_EQ(range(board, soldier, archer), 1);
  EXPECT_EQ(range(board, archer, soldier), 1);
  // Higher Ground 2: 1 + 2/2 = 2, so the soldier needs Melee Range 2.
  board.at(archer).height = 2;
  EXPECT_EQ(range(board, soldier, archer), 2);
  EXPECT_EQ(range_between(board, unit_at({soldier}), unit_at({archer})), 2);
}

TEST(AtomsPastTerrain, SeedHelmsDeep) {
  // Archers on Higher Ground 6 shooting 6 spaces across: "Their Range is 9".
  Board board(28, 18, board_geometry());
  const Cell archers = C(10, 2);
  board.at(archers).height = 6;
  EXPECT_EQ(range(board, archers, C(4, 2)), 9);
  EXPECT_EQ(range(board, archers, C(10, 8)), 9);
}

TEST(AtomsPastTerrain, PrefersFewerObscuringThenLessCover) {
  Board board(12, 12, board_geometry());
  put(board.at(C(4, 3)), kObscuring);   // on side 0 only
  put(board.at(C(4, 5)), kLightCover);  // on side 1 only, next to the target
  board.finalize();
  const FootprintCells shooter = unit_at({C(3, 3)});
  const FootprintCells target = unit_at({C(5, 5)});
  Sight s = line_of_sight(board, shooter, target, CellSet{});
  ASSERT_TRUE(s.clear);
  EXPECT_EQ(s.side, 1);  // obscuring outranks cover
  EXPECT_EQ(s.obscuring, 0);
  EXPECT_EQ(s.cover, 1);
  // Without the obscuring space, side 0 has no cover and wins.
  put(board.at(C(4, 3)), 0);
  board.finalize();
  s = line_of_sight(board, shooter, target, CellSet{});
  ASSERT_TRUE(s.clear);
  EXPECT_EQ(s.side, 0);
  EXPECT_EQ(s.cover, 0);
  // Terrain that blocks sight on side 0 forces side 1.
  put(board.at(C(5, 4)), kBlocksSight);
  board.finalize();
  s = line_of_sight(board, shooter, target, CellSet{});
  ASSERT_TRUE(s.clear);
  EXPECT_EQ(s.side, 1);
  EXPECT_EQ(s.cover, 1);
}

// Lines compare by the Skill they cost the attack: one Obscuring space (-1) beats heavy cover (-2),
// whatever the count of Obscuring spaces (issue 15: the side is the attacker's; this is the line
// the attacker is given, and the better side offered first).
TEST(AtomsPastTerrain, PrefersTheLeastSkillLost) {
  Board board(12, 12, board_geometry());
  put(board.at(C(4, 3)), kObscuring);   // on side 0 only
  put(board.at(C(4, 5)), kHeavyCover);  // on side 1 only, next to the target
  board.finalize();
  const FootprintCells shooter = unit_at({C(3, 3)});
  const FootprintCells target = unit_at({C(5, 5)});
  Sight s = line_of_sight(board, shooter, target, CellSet{});
  ASSERT_TRUE(s.clear);
  EXPECT_EQ(s.side, 0);
  EXPECT_EQ(s.obscuring, 1);
  EXPECT_EQ(s.cover, 0);
  EXPECT_EQ(s.penalty, 1);
  // Obscuring dearer than heavy cover (obscuring_penalty 3): the other side.
  LineWeights dear;
  dear.obscuring = 3;
  s = line_of_sight(board, shooter, target, CellSet{}, dear);
  EXPECT_EQ(s.side, 1);
  EXPECT_EQ(s.cover, 2);
  EXPECT_EQ(s.penalty, 2);
  // Each side judged on its own.
  Sight other;
  ASSERT_TRUE(judge_sight_line(board, shooter, target, C(3, 3), C(5, 5), 1, CellSet{},
                               LineWeights{}, other));
  EXPECT_EQ(other.penalty, 2);
  EXPECT_EQ(other.range, 4);
}

TEST(AtomsPastTerrain, CoverCountsOnlyNextToTheTarget) {
  Board board(12, 12, board_geometry());
  put(board.at(C(3, 5)), kHeavyCover | kObscuring);  // 3 spaces from the target
  put(board.at(C(5, 5)), kLightCover);               // next to the target
  put(board.at(C(6, 4)), kHeavyCover);               // next to it but not crossed
  board.finalize();
  const FootprintCells shooter = unit_at({C(0, 5)});
  const FootprintCells target = unit_at({C(6, 5)});
  Sight s = line_of_sight(board, shooter, target, CellSet{});
  ASSERT_TRUE(s.clear);
  EXPECT_EQ(s.range, 6);
  EXPECT_EQ(s.obscuring, 1);
  EXPECT_EQ(s.cover, 1);
  put(board.at(C(5, 5)), kHeavyCover);
  s = line_of_sight(board, shooter, target, CellSet{});
  EXPECT_EQ(s.cover, 2);
  put(board.at(C(5, 5)), 0);
  s = line_of_sight(board, shooter, target, CellSet{});
  EXPECT_EQ(s.cover, 0);
}

TEST(AtomsPastTerrain, CoverNextToAnySpaceOfTheTarget) {
  Board board(12, 12, board_geometry());
  put(board.at(C(5, 5)), kLightCover);
  board.finalize();
  // Target (6,4)-(6,5). From (3,7) the line to (6,5) is blocked at (4,7); to (6,4) side 0
  // crosses (3,6) (4,6) (4,5) (5,5) (5,4): (5,5) is 2 from (6,4) but next to (6,5).
  const FootprintCells shooter = unit_at({C(3, 7)});
  const CellSet blockers = cells_set({C(4, 7)});
  Sight s = line_of_sight(board, shooter, unit_at({C(6, 4), C(6, 5)}), blockers);
  ASSERT_TRUE(s.clear);
  EXPECT_EQ(s.to, C(6, 4));
  EXPECT_EQ(s.side, 0);
  EXPECT_EQ(s.range, 6);
  EXPECT_EQ(s.cover, 1);
  // The same line to a lone target at (6,4) passes the cover 2 away from it.
  s = line_of_sight(board, shooter, unit_at({C(6, 4)}), blockers);
  ASSERT_TRUE(s.clear);
  EXPECT_EQ(s.side, 0);
  EXPECT_EQ(s.cover, 0);
}

}  // namespace
}  // namespace warband::atomspast
