// The shared conformance suite on random Spellweavers games, and a fixed-seed game whose final
// state hash is pinned: a rules change that alters play must update it on purpose.
#include <gtest/gtest.h>

#include "../../support/conformance.h"
#include "core/game_record.h"

namespace warband {
namespace {

// conformance_games() in all: four fifths one wizard a side, one fifth two.
TEST(SpellweaversConformance, RandomGamesKeepTheContract) {
  run_conformance("spellweavers", nlohmann::json::object(), conformance_games() * 4 / 5,
                  /*seed=*/2026);
}

// Two wizards a side, turn order by initiative.
TEST(SpellweaversConformance, TwoWizardsASideWithInitiative) {
  run_conformance(
      "spellweavers",
      {{"warbands", nlohmann::json::array({nlohmann::json::array({"ember_the_red", "quadrata"}),
                                           "quadrata,ember_the_red"})},
       {"parameters", {{"turn_order", 1}}}},
      std::max(1, conformance_games() / 5), /*seed=*/7);
}

// The same game as `warband play spellweavers --red bot --blue bot --seed 42`.
TEST(SpellweaversPinned, FixedSeedGameEndsInThePinnedState) {
  const GameRecord record = random_bot_game("spellweavers", nlohmann::json::object(), 42);
  EXPECT_TRUE(record.state().is_terminal());
  EXPECT_EQ(hash_to_hex(record.state().hash()), "5f3b5b865cb5be27");
  EXPECT_EQ(record.actions().size(), 110u);
}

}  // namespace
}  // namespace warband
