// The shared conformance suite on random Conflict games over the three shipped tables, and a
// fixed-seed game whose final state hash is pinned: a rules change that alters play must update
// it on purpose.
#include <gtest/gtest.h>

#include <algorithm>

#include "../../support/conformance.h"
#include "core/game.h"
#include "core/game_record.h"

namespace warband {
namespace {

// Half of conformance_games() per table: 1,500 games in the release suite, about 28 s of CPU
// (18 ms a game, most of it the suite's JSON round trips and replays; 26 November 2026), and 150
// under the sanitizers. 3,000 games (1,000 a table) passed when this was written.
int conflict_games_per_table() {
  return std::max(1, conformance_games() / 2);
}

TEST(ConflictConformance, RandomGamesOnOpenGround) {
  run_conformance("conflict", {{"map", "open_ground"}}, conflict_games_per_table(), /*seed=*/2026);
}

TEST(ConflictConformance, RandomGamesInTheRuinedTown) {
  run_conformance("conflict", {{"map", "ruined_town"}}, conflict_games_per_table(), /*seed=*/17);
}

TEST(ConflictConformance, RandomGamesAtTheRiverCrossing) {
  run_conformance("conflict", {{"map", "hill_and_river"}, {"parameters", {{"round_limit", 3}}}},
                  conflict_games_per_table(), /*seed=*/5);
}

// A browser's JSON numbers are exact to 2^53: every code of a game, decisions and cards, fits.
TEST(ConflictConformance, ActionCodesFitABrowsersNumbers) {
  const GameRecord record = random_bot_game("conflict", {{"map", "hill_and_river"}}, 3);
  ASSERT_GT(record.actions().size(), 100u);
  for (const Action action : record.actions()) {
    EXPECT_GE(action, 0);
    EXPECT_LT(action, Action{1} << 53);
  }
}

// The same game as `warband play conflict --red bot --blue bot --seed 42`.
TEST(ConflictPinned, FixedSeedGameEndsInThePinnedState) {
  const GameRecord record = random_bot_game("conflict", nlohmann::json::object(), 42);
  EXPECT_TRUE(record.state().is_terminal());
  EXPECT_EQ(hash_to_hex(record.state().hash()), "3f21d9ea9188485a");
  EXPECT_EQ(record.actions().size(), 407u);
}

}  // namespace
}  // namespace warband
