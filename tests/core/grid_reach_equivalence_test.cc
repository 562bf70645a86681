// compute_reach (issue 20: the moves of each placement priced once per board and footprint;
// the searches below a hazard level only where they can differ)
// against the search it replaced, kept in tests/support/reference_reach.cc: the same costs,
// hazards, terrain paid, destinations in the same order, and the same first destination, on
// random boards of every geometry and footprint.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <vector>

#include "core/grid.h"
#include "core/grid_find.h"
#include "core/rng.h"
#include "tests/support/grid_cells.h"
#include "tests/support/reference_reach.h"

namespace warband::grid {
namespace {

using testing::C;

// Every field of the two searches' results, reporting the first difference.
::testing::AssertionResult same_reach(const Reach& got, const Reach& expected) {
  for (int i = 0; i < kMaxPlacements; ++i) {
    if (got.cost[i] != expected.cost[i] || got.hazard[i] != expected.hazard[i] ||
        got.paid[i] != expected.paid[i])
      return ::testing::AssertionFailure()
             << "placement " << i << ": cost " << int{got.cost[i]} << " / " << int{expected.cost[i]}
             << ", hazard " << int{got.hazard[i]} << " / " << int{expected.hazard[i]} << ", paid "
             << int{got.paid[i]} << " / " << int{expected.paid[i]};
  }
  if (got.destinations != expected.destinations)
    return ::testing::AssertionFailure() << "destinations differ: " << got.destinations.size()
                                         << " / " << expected.destinations.size();
  return ::testing::AssertionSuccess();
}

// A random board: walls, difficult ground (move_cost up to 3), hazards of several levels,
// heights up to `max_height` (climbs and ledges), on up to the largest board.
Board random_board(Rng& rng, Geometry geometry, int max_height) {
  Board board(8 + static_cast<int>(rng.below(kMaxWidth - 7)),
              6 + static_cast<int>(rng.below(kMaxHeight - 5)), geometry);
  const int cells = board.width() * board.height();
  for (int i = 0; i < cells / 4; ++i) {
    const Cell c =
        C(static_cast<int>(rng.below(board.width())), static_cast<int>(rng.below(board.height())));
    switch (rng.below(5)) {
      case 0:
        board.at(c).flags |= kBlocksMove;
        break;
      case 1:
        board.at(c).move_cost = static_cast<std::uint8_t>(1 + rng.below(3));
        break;
      case 2:
        board.at(c).hazard = static_cast<std::uint8_t>(1 + rng.below(4));
        break;
      default:
        board.at(c).height = static_cast<std::uint8_t>(rng.below(max_height + 1));
    }
  }
  return board;
}

// Searches `trials` random queries on random boards of `geometry` with both searches; returns how
// many had a legal start (the others are skipped).
// `units` random spaces of `board` taken by units (half of them blocking the way too), the
// query's own unit's spaces left free: the contract is that it stands on its start.
void scatter_units(const Board& board, int units, Rng& rng, MoveQuery& q) {
  for (int i = 0; i < units; ++i) {
    const int index = cell_index(
        C(static_cast<int>(rng.below(board.width())), static_cast<int>(rng.below(board.height()))));
    q.occupied.set(index);
    if (rng.below(2) == 0) q.blocked.set(index);
  }
  FootprintCells own;
  covered_cells(q.footprint, q.start, own);
  for (int i = 0; i < own.count; ++i) {
    q.blocked.reset(cell_index(own.cells[i]));
    q.occupied.reset(cell_index(own.cells[i]));
  }
}

int compare_searches(Geometry geometry, int trials, std::uint64_t seed) {
  Rng rng(seed);
  const Footprint footprints[] = {{1, 1}, {1, 2}, {2, 1}, {2, 2}, {1, 3}, {3, 1},
                                  {2, 3}, {1, 4}, {3, 4}, {4, 4}, {4, 1}, {2, 4}};
  auto got = std::make_unique<Reach>();
  auto expected = std::make_unique<Reach>();
  int compared = 0;
  for (int trial = 0; trial < trials; ++trial) {
    Geometry g = geometry;
    g.max_height_spread = static_cast<std::uint8_t>(rng.below(3));
    const Board board = random_board(rng, g, 1 + static_cast<int>(rng.below(5)));
    // Several queries on each board: its move graphs are built once and searched again.
    for (int query_index = 0; query_index < 6; ++query_index) {
      MoveQuery q;
      q.footprint = footprints[rng.below(std::size(footprints))];
      const int w = q.footprint.w, h = q.footprint.h;
      q.start.rotated = !q.footprint.square() && rng.below(2) == 1;
      const int placed_w = q.start.rotated ? h : w, placed_h = q.start.rotated ? w : h;
      if (placed_w > board.width() || placed_h > board.height()) continue;
      q.start.anchor = C(static_cast<int>(rng.below(board.width() - placed_w + 1)),
                         static_cast<int>(rng.below(board.height() - placed_h + 1)));
      q.budget = static_cast<int>(rng.below(rng.below(4) == 0 ? 40 : 14));
      q.move_cost_scale = static_cast<int>(rng.below(3));
      scatter_units(board, static_cast<int>(rng.below(12)), rng, q);
      if (!can_stand(board, q.footprint, q.start, CellSet{})) continue;
      ++compared;
      compute_reach(board, q, *got);
      reference_search::reference_compute_reach(board, q, *expected);
      EXPECT_TRUE(same_reach(*got, *expected)) << "trial " << trial << " query " << query_index;
      // Stopping at the first destination: the very one the old search stopped at.
      q.first_destination_only = true;
      compute_reach(board, q, *got);
      reference_search::reference_compute_reach(board, q, *expected);
      EXPECT_EQ(got->destinations, expected->destinations)
          << "trial " << trial << " query " << query_index;
      if (::testing::Test::HasFailure()) return compared;
    }
  }
  return compared;
}

TEST(GridReachEquivalence, MatchesTheOldSearchFourWaysManhattan) {
  EXPECT_GT(compare_searches(Geometry{Neighbourhood::kFour, Distance::kManhattan, 2, 1}, 150, 1),
            300);
}

TEST(GridReachEquivalence, MatchesTheOldSearchInEveryOtherGeometry) {
  const Geometry geometries[] = {{Neighbourhood::kFour, Distance::kChebyshev, 0, 1},
                                 {Neighbourhood::kEight, Distance::kManhattan, 0, 1},
                                 {Neighbourhood::kEight, Distance::kChebyshev, 2, 1}};
  std::uint64_t seed = 10;
  for (const Geometry& geometry : geometries)
    EXPECT_GT(compare_searches(geometry, 60, ++seed), 100);
}

// A search raises its labels' costs by 254 - budget, so that every budget ends at one label, and
// turns a closed move away by what its target's entry holds, which at the board's edges lies in
// padding around the table. The budgets at the ends (none, one, the largest a byte holds, and
// more, clamped to it), with every footprint standing in each corner of a full-size board, its
// moves pointing off it every way.
TEST(GridReachEquivalence, BudgetsAtTheirEndsAndStartsInTheCornersMatchTheOldSearch) {
  Rng rng(2026);
  const Footprint footprints[] = {{1, 1}, {1, 2}, {2, 1}, {1, 3}, {2, 2}, {4, 4}};
  auto got = std::make_unique<Reach>();
  auto expected = std::make_unique<Reach>();
  int compared = 0;
  for (int trial = 0; trial < 8; ++trial) {
    Board board = random_board(rng, Geometry{Neighbourhood::kFour, Distance::kManhattan, 2, 1}, 3);
    if (trial % 2 == 1)
      board = random_board(rng, Geometry{Neighbourhood::kEight, Distance::kChebyshev, 0, 1}, 3);
    for (const Footprint footprint : footprints) {
      for (const bool rotated : {false, true}) {
        if (rotated && footprint.square()) continue;
        const int placed_w = rotated ? footprint.h : footprint.w;
        const int placed_h = rotated ? footprint.w : footprint.h;
        for (const Cell corner :
             {C(0, 0), C(board.width() - placed_w, 0), C(0, board.height() - placed_h),
              C(board.width() - placed_w, board.height() - placed_h)}) {
          for (const int budget : {0, 1, 7, 253, 254, 300}) {
            MoveQuery q;
            q.footprint = footprint;
            q.start = Placement{corner, rotated};
            q.budget = budget;
            q.move_cost_scale = 1 + static_cast<int>(rng.below(2));
            scatter_units(board, static_cast<int>(rng.below(6)), rng, q);
            if (!can_stand(board, q.footprint, q.start, CellSet{})) continue;
            ++compared;
            compute_reach(board, q, *got);
            reference_search::reference_compute_reach(board, q, *expected);
            ASSERT_TRUE(same_reach(*got, *expected))
                << "trial " << trial << " footprint " << int{footprint.w} << "x" << int{footprint.h}
                << " budget " << budget;
            q.first_destination_only = true;
            compute_reach(board, q, *got);
            reference_search::reference_compute_reach(board, q, *expected);
            ASSERT_EQ(got->destinations, expected->destinations) << "budget " << budget;
          }
        }
      }
    }
  }
  EXPECT_GT(compared, 400);
}

// The searches below a hazard level redo only the placements whose cheapest label met more
// hazard (search_tainted). Boards thick with hazards of four levels, so that many destinations
// are offered a longer, safer path than their cheapest: each of those is a placement the first
// search alone would have got wrong, and every one must match the old search.
TEST(GridReachEquivalence, SaferPathsBelowEachHazardLevelMatchTheOldSearch) {
  Rng rng(77);
  const Footprint footprints[] = {{1, 1}, {1, 2}, {2, 2}, {1, 3}, {2, 3}};
  auto got = std::make_unique<Reach>();
  auto expected = std::make_unique<Reach>();
  auto cheapest = std::make_unique<Reach>();
  int safer_than_cheapest = 0;
  for (int trial = 0; trial < 80; ++trial) {
    Geometry g{trial % 2 == 0 ? Neighbourhood::kFour : Neighbourhood::kEight,
               trial % 3 == 0 ? Distance::kChebyshev : Distance::kManhattan, 0,
               static_cast<std::uint8_t>(1 + rng.below(2))};
    Board board = random_board(rng, g, 2);
    for (int i = 0; i < board.width() * board.height() / 3; ++i)
      board
          .at(C(static_cast<int>(rng.below(board.width())),
                static_cast<int>(rng.below(board.height()))))
          .hazard = static_cast<std::uint8_t>(1 + rng.below(4));
    for (int query_index = 0; query_index < 4; ++query_index) {
      MoveQuery q;
      q.footprint = footprints[rng.below(std::size(footprints))];
      q.start.rotated = !q.footprint.square() && rng.below(2) == 1;
      const int placed_w = q.start.rotated ? q.footprint.h : q.footprint.w;
      const int placed_h = q.start.rotated ? q.footprint.w : q.footprint.h;
      q.start.anchor = C(static_cast<int>(rng.below(board.width() - placed_w + 1)),
                         static_cast<int>(rng.below(board.height() - placed_h + 1)));
      q.budget = 4 + static_cast<int>(rng.below(12));
      q.move_cost_scale = static_cast<int>(rng.below(3));
      scatter_units(board, 6, rng, q);
      if (!can_stand(board, q.footprint, q.start, CellSet{})) continue;
      compute_reach(board, q, *got);
      reference_search::reference_compute_reach(board, q, *expected);
      ASSERT_TRUE(same_reach(*got, *expected)) << "trial " << trial << " query " << query_index;
      // The cheapest paths, on the same board without its hazards: a destination offered at a
      // dearer cost took a safer path, found by a search below a hazard level.
      Board fearless = board;
      for (int y = 0; y < fearless.height(); ++y)
        for (int x = 0; x < fearless.width(); ++x)
          fearless.at(C(x, y)).hazard = 0;
      compute_reach(fearless, q, *cheapest);
      for (int node : got->destinations)
        if (got->cost[node] > cheapest->cost[node]) ++safer_than_cheapest;
    }
  }
  // Enough such destinations that the test cannot pass without the searches below a level.
  EXPECT_GT(safer_than_cheapest, 2000);  // 5,521 at this seed
}

// The thread keeps the move graphs it built; a board changed since must not be served a graph
// of its old terrain.
TEST(GridReachEquivalence, AChangedBoardIsSearchedOnItsNewTerrain) {
  Board board(10, 6, Geometry{Neighbourhood::kFour, Distance::kManhattan, 2, 1});
  MoveQuery q;
  q.footprint = Footprint{1, 2};
  q.start = Placement{C(0, 0), false};
  q.budget = 6;
  Reach before, after;
  compute_reach(board, q, before);
  const int three_east = placement_index(Placement{C(3, 0), false});
  EXPECT_EQ(before.cost[three_east], 3);
  // A wall across the top row's fourth and fifth columns: going round costs more.
  board.at(C(3, 0)).flags |= kBlocksMove;
  board.at(C(4, 0)).flags |= kBlocksMove;
  compute_reach(board, q, after);
  EXPECT_EQ(after.cost[three_east], Reach::kUnreachable);
  const int under_wall = placement_index(Placement{C(3, 1), false});
  EXPECT_EQ(after.cost[under_wall], 4);  // one south, three east
  Reach expected;
  reference_search::reference_compute_reach(board, q, expected);
  EXPECT_TRUE(same_reach(after, expected));
}

// A finalized board's move graphs are found by its terrain_id: a copy shares it, a space written
// through at() drops it (so the changed board is searched on its new terrain), and finalizing
// again names the board anew.
TEST(GridReachEquivalence, AFinalizedBoardIsKnownByItsTerrainIdUntilASpaceIsWritten) {
  Board board(10, 6, Geometry{Neighbourhood::kFour, Distance::kManhattan, 2, 1});
  EXPECT_EQ(board.terrain_id(), 0u);
  board.finalize();
  const std::uint64_t first_id = board.terrain_id();
  EXPECT_NE(first_id, 0u);
  const Board copy = board;
  EXPECT_EQ(copy.terrain_id(), first_id);
  MoveQuery q;
  q.footprint = Footprint{1, 2};
  q.start = Placement{C(0, 0), false};
  q.budget = 6;
  Reach reach, expected;
  const int three_east = placement_index(Placement{C(3, 0), false});
  compute_reach(copy, q, reach);
  EXPECT_EQ(reach.cost[three_east], 3);
  // The wall of AChangedBoardIsSearchedOnItsNewTerrain, written into the finalized board.
  board.at(C(3, 0)).flags |= kBlocksMove;
  board.at(C(4, 0)).flags |= kBlocksMove;
  EXPECT_EQ(board.terrain_id(), 0u);
  compute_reach(board, q, reach);
  EXPECT_EQ(reach.cost[three_east], Reach::kUnreachable);
  reference_search::reference_compute_reach(board, q, expected);
  EXPECT_TRUE(same_reach(reach, expected));
  board.finalize();
  EXPECT_NE(board.terrain_id(), 0u);
  EXPECT_NE(board.terrain_id(), first_id);
  compute_reach(board, q, reach);
  EXPECT_TRUE(same_reach(reach, expected));
  // The copy still has the old terrain and its name: its graph is the open one.
  compute_reach(copy, q, reach);
  EXPECT_EQ(reach.cost[three_east], 3);
  reference_search::reference_compute_reach(copy, q, expected);
  EXPECT_TRUE(same_reach(reach, expected));
}

// One Reach reused across searches of different sizes (it resets only what the last search
// wrote) holds what a new Reach would, entry for entry.
TEST(GridReachEquivalence, AReusedReachHoldsWhatANewOneWould) {
  Rng rng(11);
  const Board board =
      random_board(rng, Geometry{Neighbourhood::kFour, Distance::kManhattan, 2, 1}, 3);
  auto reused = std::make_unique<Reach>();
  int compared = 0;
  for (int trial = 0; trial < 40; ++trial) {
    MoveQuery q;
    q.footprint = trial % 2 == 0 ? Footprint{1, 1} : Footprint{1, 2};
    q.start.anchor = C(static_cast<int>(rng.below(board.width() - 1)),
                       static_cast<int>(rng.below(board.height() - 1)));
    q.budget = static_cast<int>(rng.below(16));
    q.move_cost_scale = 1 + static_cast<int>(rng.below(2));
    q.first_destination_only = trial % 5 == 4;
    if (!can_stand(board, q.footprint, q.start, CellSet{})) continue;
    ++compared;
    auto fresh = std::make_unique<Reach>();
    compute_reach(board, q, *fresh);
    compute_reach(board, q, *reused);
    ASSERT_TRUE(same_reach(*reused, *fresh)) << "trial " << trial;
  }
  EXPECT_GT(compared, 20);
}

// find_destination (issue 20: the Charge's search, stopped at the first destination a test takes
// and going on only from where one may still be reached) against compute_reach's whole list
// gone through with the same test, on random boards of every geometry and footprint. The test
// takes placements whose box comes within `reach` of a random target box along both axes, and
// of those about two in three; its bound is the larger gap less `reach`.
struct NearBox {
  Footprint footprint;
  int x0, y0, x1, y1;  // the target box
  int reach;
  int gap(int placement) const {
    const Placement at = placement_at(placement);
    const int w = at.rotated ? footprint.h : footprint.w,
              h = at.rotated ? footprint.w : footprint.h;
    const int gap_x = std::max({0, x0 - (at.anchor.x + w - 1), at.anchor.x - x1});
    const int gap_y = std::max({0, y0 - (at.anchor.y + h - 1), at.anchor.y - y1});
    return std::max(gap_x, gap_y);
  }
  bool takes(int placement) const {
    return gap(placement) <= reach && (placement * 2654435761u >> 7) % 3 != 0;
  }
};

int compare_found_destinations(Geometry geometry, int trials, std::uint64_t seed, int& found) {
  Rng rng(seed);
  const Footprint footprints[] = {{1, 1}, {1, 2}, {2, 1}, {2, 2}, {1, 3}, {2, 3}};
  auto whole = std::make_unique<Reach>();
  auto scratch = std::make_unique<Reach>();
  int compared = 0;
  for (int trial = 0; trial < trials; ++trial) {
    Geometry g = geometry;
    g.max_height_spread = static_cast<std::uint8_t>(rng.below(3));
    const Board board = random_board(rng, g, 1 + static_cast<int>(rng.below(5)));
    for (int query_index = 0; query_index < 6; ++query_index) {
      MoveQuery q;
      q.footprint = footprints[rng.below(std::size(footprints))];
      q.start.rotated = !q.footprint.square() && rng.below(2) == 1;
      const int placed_w = q.start.rotated ? q.footprint.h : q.footprint.w;
      const int placed_h = q.start.rotated ? q.footprint.w : q.footprint.h;
      q.start.anchor = C(static_cast<int>(rng.below(board.width() - placed_w + 1)),
                         static_cast<int>(rng.below(board.height() - placed_h + 1)));
      q.budget = static_cast<int>(rng.below(16));
      q.move_cost_scale = static_cast<int>(rng.below(3));
      scatter_units(board, static_cast<int>(rng.below(12)), rng, q);
      if (!can_stand(board, q.footprint, q.start, CellSet{})) continue;
      const int tx = static_cast<int>(rng.below(board.width()));
      const int ty = static_cast<int>(rng.below(board.height()));
      NearBox near{q.footprint,
                   tx,
                   ty,
                   tx + static_cast<int>(rng.below(2)),
                   ty + static_cast<int>(rng.below(2)),
                   static_cast<int>(rng.below(3))};
      compute_reach(board, q, *whole);
      const bool expected = std::any_of(whole->destinations.begin(), whole->destinations.end(),
                                        [&](int placement) { return near.takes(placement); });
      DestinationTest test{[](void* context, int placement) {
                             return static_cast<const NearBox*>(context)->takes(placement);
                           },
                           nullptr, &near};
      EXPECT_EQ(find_destination(board, q, test, *scratch), expected)
          << "trial " << trial << " query " << query_index << ", without a bound";
      test.at_least = [](void* context, int placement) {
        const auto& box = *static_cast<const NearBox*>(context);
        return box.gap(placement) - box.reach;
      };
      EXPECT_EQ(find_destination(board, q, test, *scratch), expected)
          << "trial " << trial << " query " << query_index << ", with the bound";
      ++compared;
      found += expected;
      if (::testing::Test::HasFailure()) return compared;
    }
  }
  return compared;
}

TEST(GridFindDestination, AnswersAsTheWholeListDoesInEveryGeometry) {
  const Geometry geometries[] = {{Neighbourhood::kFour, Distance::kManhattan, 2, 1},
                                 {Neighbourhood::kFour, Distance::kChebyshev, 0, 1},
                                 {Neighbourhood::kEight, Distance::kManhattan, 0, 1},
                                 {Neighbourhood::kEight, Distance::kChebyshev, 2, 1}};
  std::uint64_t seed = 40;
  for (const Geometry& geometry : geometries) {
    int found = 0;
    const int compared = compare_found_destinations(geometry, 80, ++seed, found);
    EXPECT_GT(compared, 200);
    // Both answers, many times.
    EXPECT_GT(found, 20);
    EXPECT_GT(compared - found, 20);
  }
}

}  // namespace
}  // namespace warband::grid
