// SpellweaversState::hash() writes the text of to_json().dump() straight into the digest
// (state_hash.cc) instead of building it: the text must be that dump byte for byte, and the hash
// State::hash()'s, or every saved replay's and summary's final_hash would change. Checked after
// every apply of random games, one and two wizards a side.
#include <gtest/gtest.h>

#include <string>

#include "core/registry.h"
#include "core/rng.h"
#include "rulesets/spellweavers/spellweavers_state.h"

namespace warband::spellweavers {
namespace {

TEST(SpellweaversHashText, IsTheJsonDumpAfterEveryApplyOfRandomGames) {
  // What the states checked held, so that a part of the text the games never reached is seen
  // here rather than trusted: terrain conditions, a spell's affected squares and its anchor off
  // the board, a roll pending, status conditions, defending, conjured bears
  // and imps, two-digit hit points and rounds, two wizards a side. A Shift under way (random games
  // rarely cast one) the next test sets by hand.
  int checked = 0, terrain = 0, affected = 0, anchor_off = 0, pending = 0, conditions = 0,
      defending = 0, bears = 0, imps = 0, two_digits = 0, two_wizards = 0;
  const nlohmann::json setups[] = {
      nlohmann::json::object(),
      {{"warbands", nlohmann::json::array({nlohmann::json::array({"ember_the_red", "quadrata"}),
                                           "quadrata,ember_the_red"})},
       {"parameters", {{"turn_order", 1}}}},
  };
  for (const nlohmann::json& setup : setups) {
    const auto game = make_game("spellweavers", setup);
    Rng rng(2026);
    for (int game_index = 0; game_index < 30; ++game_index) {
      std::unique_ptr<State> state = game->new_initial_state();
      while (true) {
        const auto& sw = static_cast<const SpellweaversState&>(*state);
        ASSERT_EQ(sw.hash_text(), state->to_json().dump())
            << setup.dump() << " game " << game_index;
        ASSERT_EQ(sw.hash(), state->State::hash()) << setup.dump() << " game " << game_index;
        ++checked;
        const StateData& d = sw.data();
        for (const auto square : d.terrain)
          terrain += square != 0;
        affected += d.cast.affected.any();
        anchor_off += d.cast.anchor.x < 0 || d.cast.anchor.y < 0;
        pending += d.pending.dice > 0;
        two_digits += d.round >= 10;
        two_wizards += d.num_wizards == 4;
        for (const Combatant& c : d.combatants) {
          conditions += c.conditions != 0;
          defending += c.defending;
          bears += c.kind == CombatantKind::kGrizzlyBear;
          imps += c.kind == CombatantKind::kAnnoyingImp;
          two_digits += c.hp >= 10;
        }
        if (state->is_terminal()) break;
        state->apply(state->is_chance() ? rng.sample(state->chance_outcomes())
                                        : rng.pick(state->legal_actions()));
      }
    }
  }
  EXPECT_GT(checked, 3000);
  EXPECT_GT(terrain, 0);
  EXPECT_GT(affected, 0);
  EXPECT_GT(anchor_off, 0);
  EXPECT_GT(pending, 0);
  EXPECT_GT(conditions, 0);
  EXPECT_GT(defending, 0);
  EXPECT_GT(bears, 0);
  EXPECT_GT(imps, 0);
  EXPECT_GT(two_digits, 0);
  EXPECT_GT(two_wizards, 0);
}

// What random games rarely reach, set by hand on a state of a random game: a Shift's placed
// combatants (every bit of the unsigned mask), negative and three-digit numbers, every status
// condition, a cast in progress with its affected squares.
TEST(SpellweaversHashText, IsTheJsonDumpForFieldsRandomGamesRarelyReach) {
  const auto game = make_game("spellweavers", nlohmann::json::object());
  Rng rng(7);
  std::unique_ptr<State> state = game->new_initial_state();
  for (int step = 0; step < 20 && !state->is_terminal(); ++step)
    state->apply(state->is_chance() ? rng.sample(state->chance_outcomes())
                                    : rng.pick(state->legal_actions()));
  auto& sw = static_cast<SpellweaversState&>(*state);
  StateData& d = sw.mutable_data();
  for (const std::uint32_t shifted : {0x1u, 0xffffffffu}) {
    d.cast.shifted = shifted;
    d.cast.caster = 1;
    d.cast.spell = 2;
    d.cast.anchor = grid::Cell{-3, 25};
    d.cast.affected.set(0);
    d.cast.affected.set(grid::kMaxCells - 1);
    d.pending.last_total = 123;
    d.combatants[0].hp = -4;
    d.combatants[0].mp = 250;
    d.combatants[0].conditions = 0x1f;
    d.terrain[grid::kMaxCells - 1] = 3;
    EXPECT_EQ(sw.hash_text(), sw.to_json().dump());
    EXPECT_EQ(sw.hash(), sw.State::hash());
  }
}

}  // namespace
}  // namespace warband::spellweavers
