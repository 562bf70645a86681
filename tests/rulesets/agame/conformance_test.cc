// The shared conformance suite on random A Game games over the two shipped tables, and a
// fixed-seed game whose final state hash is pinned: a rules change that alters play must update
// it on purpose.
#include <gtest/gtest.h>

#include <algorithm>

#include "../../support/conformance.h"
#include "core/game.h"
#include "core/game_record.h"

namespace warband {
namespace {

// Half of conformance_games() per table: 1,000 games in the release suite (issue 19), about 77
// CPU-ms a game (each a few hundred applies, sampled states through JSON and back), 100 under
// the sanitizers.
int agame_games_per_table() {
  return std::max(1, conformance_games() / 2);
}

TEST(AGameConformance, RandomGamesOnTheOpenField) {
  run_conformance("agame", {{"map", "open_field"}}, agame_games_per_table(), /*seed=*/2026);
}

TEST(AGameConformance, RandomGamesInTheRuinedShrine) {
  run_conformance("agame",
                  {{"map", "ruined_shrine"}, {"warbands", {"vampire_court", "shamborga_host"}}},
                  agame_games_per_table(), /*seed=*/17);
}

// A browser's JSON numbers are exact to 2^53: every code of a game, decisions and dice, fits.
TEST(AGameConformance, ActionCodesFitABrowsersNumbers) {
  const GameRecord record = random_bot_game("agame", {{"map", "ruined_shrine"}}, 3);
  ASSERT_GT(record.actions().size(), 100u);
  for (const Action action : record.actions()) {
    EXPECT_GE(action, 0);
    EXPECT_LT(action, Action{1} << 53);
  }
}

// The same game as `warband play agame --red bot --blue bot --seed 42`, its draft and cards
// included.
TEST(AGamePinned, FixedSeedGameEndsInThePinnedState) {
  const GameRecord record = random_bot_game("agame", nlohmann::json::object(), 42);
  EXPECT_TRUE(record.state().is_terminal());
  EXPECT_EQ(hash_to_hex(record.state().hash()), "f53e91a9bd387eaf");
  EXPECT_EQ(record.actions().size(), 371u);
}

}  // namespace
}  // namespace warband
