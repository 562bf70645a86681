// The shared conformance suite on random AtomsPast games, on every shipped map, and a fixed-seed
// game whose final state hash is pinned: a rules change that alters play must update it on purpose.
#include <gtest/gtest.h>

#include "../../support/conformance.h"
#include "core/game_record.h"

namespace warband {
namespace {

// conformance_games() in all, a quarter on each of the four maps.
int games_per_map() {
  return std::max(1, conformance_games() / 4);
}

class AtomsPastConformance : public ::testing::TestWithParam<const char*> {};

TEST_P(AtomsPastConformance, RandomGamesKeepTheContract) {
  run_conformance("atomspast", {{"map", GetParam()}}, games_per_map(), /*seed=*/2026);
}

INSTANTIATE_TEST_SUITE_P(Maps, AtomsPastConformance,
                         ::testing::Values("broken_hills", "ruined_keep", "ashen_valley",
                                           "training_ground"));

// The same game as `warband play atomspast --red bot --blue bot --seed 42 --map broken_hills`.
TEST(AtomsPastPinned, FixedSeedGameEndsInThePinnedState) {
  const GameRecord record = random_bot_game("atomspast", {{"map", "broken_hills"}}, 42);
  EXPECT_TRUE(record.state().is_terminal());
  EXPECT_EQ(hash_to_hex(record.state().hash()), "97e14409ae5b23f6");
  EXPECT_EQ(record.actions().size(), 885u);
}

}  // namespace
}  // namespace warband
