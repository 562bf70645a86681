// AtomsPastState::hash() writes the text of to_json().dump() straight into the digest
// (state_json.cc) instead of building it: the text must be that dump byte for byte, and the hash
// State::hash()'s, or every saved replay's and summary's final_hash would change. Checked after
// every apply of random games on every shipped map.
#include <gtest/gtest.h>

#include "core/rng.h"
#include "rulesets/atomspast/atomspast_state.h"
#include "tests/rulesets/atomspast/atomspast_fixture.h"

namespace warband::atomspast {
namespace {

using testing::sample_game;
using testing::sample_map_ids;

TEST(AtomsPastHashText, IsTheJsonDumpAfterEveryApplyOfRandomGames) {
  // What the states checked held, so that a part of the text the games never reached is seen
  // here rather than trusted: lasting effects, a spell and a roll under way, a unit action with
  // an actor, numbers of two and three digits, negative ones, dead units.
  int checked = 0, with_lasting = 0, with_spell = 0, with_roll = 0, with_actor = 0,
      three_digits = 0, negative_changes = 0, dead = 0;
  for (const std::string& map : sample_map_ids()) {
    const auto game = sample_game({{"map", map}});
    Rng rng(2026);
    for (int played = 0; played < 2; ++played) {
      std::unique_ptr<State> state = game->new_initial_state();
      while (true) {
        const auto& atomspast = static_cast<const AtomsPastState&>(*state);
        const std::string text = atomspast.hash_text();
        ASSERT_EQ(text, state->to_json().dump()) << map << " game " << played;
        ASSERT_EQ(atomspast.hash(), state->State::hash()) << map << " game " << played;
        ++checked;
        const StateData& d = atomspast.data();
        with_lasting += d.num_lasting > 0;
        with_spell += d.spell.active;
        with_roll += d.roll.rolled > 0;
        with_actor += d.action.actor >= 0;
        three_digits +=
            d.players[0].points_destroyed >= 100 || d.players[1].points_destroyed >= 100;
        for (int unit = 0; unit < d.num_units; ++unit) {
          dead += !d.units[unit].alive;
          for (const auto change : d.units[unit].stat_changes)
            negative_changes += change < 0;
        }
        if (state->is_terminal()) break;
        state->apply(state->is_chance() ? rng.sample(state->chance_outcomes())
                                        : rng.pick(state->legal_actions()));
      }
    }
  }
  EXPECT_GT(checked, 2000);
  EXPECT_GT(with_lasting, 0);
  EXPECT_GT(with_spell, 0);
  EXPECT_GT(with_roll, 0);
  EXPECT_GT(with_actor, 0);
  EXPECT_GT(three_digits, 0);
  EXPECT_GT(negative_changes, 0);
  EXPECT_GT(dead, 0);
}

// The chance outcomes into a reused buffer are the ones chance_outcomes() returns, and a decision
// or terminal node leaves the buffer empty.
TEST(AtomsPastHashText, ChanceOutcomesIntoABufferAreTheList) {
  const auto game = sample_game();
  Rng rng(7);
  std::vector<ChanceOutcome> buffer(3, ChanceOutcome{.action = 99, .probability = 1});
  int chance_nodes = 0;
  std::unique_ptr<State> state = game->new_initial_state();
  while (true) {
    state->chance_outcomes_into(buffer);
    const std::vector<ChanceOutcome> listed = state->chance_outcomes();
    ASSERT_EQ(buffer.size(), listed.size());
    for (std::size_t i = 0; i < listed.size(); ++i) {
      ASSERT_EQ(buffer[i].action, listed[i].action);
      ASSERT_EQ(buffer[i].probability, listed[i].probability);
    }
    if (state->is_terminal()) break;
    if (state->is_chance()) {
      ASSERT_FALSE(buffer.empty());
      ++chance_nodes;
    } else {
      ASSERT_TRUE(buffer.empty());
    }
    state->apply(state->is_chance() ? rng.sample(listed) : rng.pick(state->legal_actions()));
  }
  EXPECT_TRUE(buffer.empty());
  EXPECT_GT(chance_nodes, 50);
}

}  // namespace
}  // namespace warband::atomspast
