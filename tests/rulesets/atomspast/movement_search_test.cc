// AtomsPast's movement searches on its four maps against the search grid::compute_reach replaced
// (issue 20, kept in tests/support/reference_reach.cc): every unit's Move, Run and Charge reach
// in positions of random games, and random placements of every base on each map's board.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <string>
#include <utility>

#include "core/grid.h"
#include "core/rng.h"
#include "tests/rulesets/atomspast/atomspast_fixture.h"
#include "tests/rulesets/atomspast/move_query_of.h"
#include "tests/support/grid_cells.h"
#include "tests/support/reference_reach.h"

namespace warband::atomspast {
namespace {

bool same_reach_of(const grid::Reach& a, const grid::Reach& b) {
  return a.cost == b.cost && a.hazard == b.hazard && a.paid == b.paid &&
         a.destinations == b.destinations;
}

TEST(AtomsPastMovementSearch, TheFourMapsAreAllSearched) {
  EXPECT_EQ(testing::sample_map_ids().size(), 4u);
}

// Random games on each map; every few decisions, each unit's Move (scale 1), Run (twice the Move,
// scale 2) and Charge (Move + 1) searched by both, and the first-destination check too.
TEST(AtomsPastMovementSearch, MatchesTheOldSearchInPlayedGamesOnEveryMap) {
  auto got = std::make_unique<grid::Reach>();
  auto expected = std::make_unique<grid::Reach>();
  int compared = 0;
  for (const std::string& id : testing::sample_map_ids()) {
    SCOPED_TRACE(id);
    const auto game = testing::sample_game({{"map", id}});
    for (std::uint64_t seed = 1; seed <= 2; ++seed) {
      Rng rng(seed);
      auto state = game->new_initial_state();
      for (int decision = 0; !state->is_terminal(); ++decision) {
        if (state->is_chance()) {
          state->apply(rng.sample(state->chance_outcomes()));
          continue;
        }
        const auto& atomspast = static_cast<const AtomsPastState&>(*state);
        if (decision % 7 == 0) {
          for (int unit = 0; unit < atomspast.data().num_units; ++unit) {
            if (!atomspast.on_board(unit)) continue;
            const int move = std::max(1, atomspast.stat(unit, Stat::kMove));
            for (const auto& [budget, scale] :
                 {std::pair{move, 1}, std::pair{2 * move, 2}, std::pair{move + 1, 1}}) {
              grid::MoveQuery query = testing::move_query_of(atomspast, unit, budget, scale);
              grid::compute_reach(game->board(), query, *got);
              grid::reference_search::reference_compute_reach(game->board(), query, *expected);
              ASSERT_TRUE(same_reach_of(*got, *expected))
                  << "seed " << seed << " decision " << decision << " unit " << unit << " budget "
                  << budget;
              query.first_destination_only = true;
              grid::compute_reach(game->board(), query, *got);
              grid::reference_search::reference_compute_reach(game->board(), query, *expected);
              ASSERT_EQ(got->destinations, expected->destinations);
              ++compared;
            }
          }
        }
        state->apply(rng.pick(state->legal_actions()));
      }
    }
  }
  EXPECT_GT(compared, 2000);
}

// Every base the catalog uses (and the long ones turned), anywhere it can stand on each map, with
// random units about and budgets up to a long Run.
TEST(AtomsPastMovementSearch, MatchesTheOldSearchFromRandomPlacementsOnEveryMap) {
  const grid::Footprint bases[] = {{1, 1}, {1, 2}, {2, 1}, {2, 2}, {1, 3}, {3, 1}};
  auto got = std::make_unique<grid::Reach>();
  auto expected = std::make_unique<grid::Reach>();
  Rng rng(20);
  int compared = 0;
  for (const std::string& id : testing::sample_map_ids()) {
    SCOPED_TRACE(id);
    const auto game = testing::sample_game({{"map", id}});
    const grid::Board& board = game->board();
    for (int trial = 0; trial < 150; ++trial) {
      grid::MoveQuery query;
      query.footprint = bases[rng.below(std::size(bases))];
      query.start =
          grid::Placement{warband::testing::C(static_cast<int>(rng.below(board.width() - 2)),
                                              static_cast<int>(rng.below(board.height() - 2))),
                          !query.footprint.square() && rng.below(2) == 1};
      query.budget = 1 + static_cast<int>(rng.below(16));
      query.move_cost_scale = 1 + static_cast<int>(rng.below(2));
      for (int i = 0; i < 20; ++i) {
        const int index =
            grid::cell_index(warband::testing::C(static_cast<int>(rng.below(board.width())),
                                                 static_cast<int>(rng.below(board.height()))));
        query.occupied.set(index);
        if (rng.below(2) == 0) query.blocked.set(index);
      }
      grid::FootprintCells own;
      grid::covered_cells(query.footprint, query.start, own);
      for (int i = 0; i < own.count; ++i) {
        query.blocked.reset(grid::cell_index(own.cells[i]));
        query.occupied.reset(grid::cell_index(own.cells[i]));
      }
      if (!grid::can_stand(board, query.footprint, query.start, grid::CellSet{})) continue;
      grid::compute_reach(board, query, *got);
      grid::reference_search::reference_compute_reach(board, query, *expected);
      ASSERT_TRUE(same_reach_of(*got, *expected)) << "trial " << trial;
      ++compared;
    }
  }
  EXPECT_GT(compared, 400);
}

}  // namespace
}  // namespace warband::atomspast
