// may_be_within_range_halves, the bases' boxes bound that spell targets and Charge destinations
// ask before listing any space (issue 20): it never turns away a pair within_range_halves accepts.
#include <gtest/gtest.h>

#include <iterator>

#include "core/grid.h"
#include "core/rng.h"
#include "rulesets/atomspast/half_ranges.h"
#include "tests/rulesets/atomspast/atomspast_fixture.h"

namespace warband::atomspast {
namespace {

grid::Placement placed_at(int x, int y, bool rotated) {
  return grid::Placement{grid::Cell{static_cast<std::int8_t>(x), static_cast<std::int8_t>(y)},
                         rotated};
}

TEST(AtomsPastHalfRanges, TheBoxesBoundTurnsAwayOnlyPairsOutOfRange) {
  const auto game = testing::sample_game();
  const grid::Board& board = game->board();
  const grid::Footprint one{1, 1}, cavalry{1, 2};
  // One space each, (0,0) and (2,1): a diagonal step (3 halves) and a straight one (2), 5 halves
  // apart: not within Range 1.5 (3 halves), within Range 2.5 (5).
  EXPECT_FALSE(may_be_within_range_halves(board, one, placed_at(0, 0, false), one,
                                          placed_at(2, 1, false), 3));
  EXPECT_TRUE(may_be_within_range_halves(board, one, placed_at(0, 0, false), one,
                                         placed_at(2, 1, false), 5));
  // (0,0) and (4,4): Range 8 at least, so not within Range 4 (8 halves); within Range 8.
  EXPECT_FALSE(may_be_within_range_halves(board, one, placed_at(0, 0, false), one,
                                          placed_at(4, 4, false), 8));
  EXPECT_TRUE(may_be_within_range_halves(board, one, placed_at(0, 0, false), one,
                                         placed_at(4, 4, false), 16));
  // A cavalry base turned at (1,0) covers (1,0) and (2,0): beside (3,0), within Range 1.
  EXPECT_TRUE(may_be_within_range_halves(board, cavalry, placed_at(1, 0, true), one,
                                         placed_at(3, 0, false), 2));
  // Unturned it covers (1,0) and (1,1): two spaces from (3,0), not within Range 1.
  EXPECT_FALSE(may_be_within_range_halves(board, cavalry, placed_at(1, 0, false), one,
                                          placed_at(3, 0, false), 2));

  const grid::Footprint bases[] = {{1, 1}, {1, 2}, {2, 2}, {1, 3}};
  Rng rng(20);
  int within = 0, turned_away = 0;
  for (int trial = 0; trial < 20000; ++trial) {
    const grid::Footprint a = bases[rng.below(std::size(bases))];
    const grid::Footprint b = bases[rng.below(std::size(bases))];
    const grid::Placement pa = placed_at(static_cast<int>(rng.below(board.width() - 3)),
                                         static_cast<int>(rng.below(board.height() - 3)),
                                         !a.square() && rng.below(2) == 1);
    const grid::Placement pb = placed_at(static_cast<int>(rng.below(board.width() - 3)),
                                         static_cast<int>(rng.below(board.height() - 3)),
                                         !b.square() && rng.below(2) == 1);
    const int halves = 1 + static_cast<int>(rng.below(16));
    grid::FootprintCells cells_a, cells_b;
    grid::covered_cells(a, pa, cells_a);
    grid::covered_cells(b, pb, cells_b);
    const bool exact = within_range_halves(board, cells_a, cells_b, halves);
    const bool may_be = may_be_within_range_halves(board, a, pa, b, pb, halves);
    if (exact) {
      ++within;
      ASSERT_TRUE(may_be) << "trial " << trial;
    }
    if (!may_be) ++turned_away;
  }
  EXPECT_GT(within, 500);
  EXPECT_GT(turned_away, 10000);
}

}  // namespace
}  // namespace warband::atomspast
