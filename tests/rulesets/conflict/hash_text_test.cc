// ConflictState::hash() writes the text of to_json().dump() straight into the digest
// (state_hash.cc) instead of building it: the text must be that dump byte for byte, and the hash
// State::hash()'s, or every saved replay's and summary's final_hash would change. Checked after
// every apply of random games on the three shipped tables.
#include <gtest/gtest.h>

#include <string>

#include "core/registry.h"
#include "core/rng.h"
#include "rulesets/conflict/conflict_state.h"

namespace warband::conflict {
namespace {

TEST(ConflictHashText, IsTheJsonDumpAfterEveryApplyOfRandomGames) {
  // What the states checked held, so that a part of the text the games never reached is seen
  // here rather than trusted: deployment, cards being flipped, an attack's targets, an attack on
  // a piece, destroyed and wounded pieces, objectives on the table, conditions, exhaustion,
  // focus, models knocked out, facings of three digits and negative numbers. What random games
  // rarely reach (a thrown piece's impact, objectives held and carried, aid, a model on a piece)
  // the next test sets by hand.
  int checked = 0, deploying = 0, flipping = 0, targeting = 0, piece_attack = 0, destroyed = 0,
      piece_wounded = 0, objectives = 0, conditions = 0, exhausted = 0, focused = 0, out = 0,
      wide_facing = 0, negative = 0;
  for (const char* map : {"open_ground", "ruined_town", "hill_and_river"}) {
    const auto game = make_game("conflict", {{"map", map}});
    Rng rng(2026);
    for (int game_index = 0; game_index < 8; ++game_index) {
      std::unique_ptr<State> state = game->new_initial_state();
      while (true) {
        const auto& conflict = static_cast<const ConflictState&>(*state);
        ASSERT_EQ(conflict.hash_text(), state->to_json().dump()) << map << " game " << game_index;
        ASSERT_EQ(conflict.hash(), state->State::hash()) << map << " game " << game_index;
        ++checked;
        const StateData& d = conflict.data();
        const ConflictGame& g = conflict.conflict();
        deploying += d.stage == Stage::kDeploy;
        flipping += d.card_count > 0;
        targeting += d.target_count > 0;
        piece_attack += d.target_piece >= 0;
        destroyed += d.destroyed != 0;
        for (int p = 0; p < g.table().piece_count; ++p)
          piece_wounded +=
              d.piece_wounds[p] > 0 && d.piece_wounds[p] < conflict.piece_max_wounds(p);
        objectives += g.objective_count() > 0;
        negative += d.active < 0 && d.last_damage < 0;
        for (int m = 0; m < g.model_count(); ++m) {
          const ModelState& s = d.models[m];
          for (const auto c : s.conditions)
            conditions += c > 0;
          for (const auto e : s.exhaust)
            exhausted += e > 0;
          focused += s.focus > 0;
          out += s.out;
          wide_facing += s.facing >= 100;
        }
        if (state->is_terminal()) break;
        state->apply(state->is_chance() ? rng.sample(state->chance_outcomes())
                                        : rng.pick(state->legal_actions()));
      }
    }
  }
  EXPECT_GT(checked, 3000);
  EXPECT_GT(deploying, 0);
  EXPECT_GT(flipping, 0);
  EXPECT_GT(targeting, 0);
  EXPECT_GT(piece_attack, 0);
  EXPECT_GT(destroyed, 0);
  EXPECT_GT(piece_wounded, 0);
  EXPECT_GT(objectives, 0);
  EXPECT_GT(conditions, 0);
  EXPECT_GT(exhausted, 0);
  EXPECT_GT(focused, 0);
  EXPECT_GT(out, 0);
  EXPECT_GT(wide_facing, 0);
  EXPECT_GT(negative, 0);
}

// What random games rarely reach, set by hand on a state of a random game in the ruined town
// (three objectives, reinforced pieces): objectives held and carried, a thrown piece's impact,
// aid, a model on a piece, every condition and exhaustion at once, two-digit numbers.
TEST(ConflictHashText, IsTheJsonDumpForFieldsRandomGamesRarelyReach) {
  const auto game = make_game("conflict", {{"map", "ruined_town"}});
  Rng rng(7);
  std::unique_ptr<State> state = game->new_initial_state();
  for (int step = 0; step < 80 && !state->is_terminal(); ++step)
    state->apply(state->is_chance() ? rng.sample(state->chance_outcomes())
                                    : rng.pick(state->legal_actions()));
  auto& conflict = static_cast<ConflictState&>(*state);
  ASSERT_EQ(conflict.conflict().objective_count(), 3);
  StateData& d = conflict.mutable_data();
  d.objective_owner = {0, 1, -1};
  d.objective_carrier = {3, -1, -1};
  d.objective_at[2] = {1234, 56};
  d.impact = 12;
  d.target_piece = 2;
  d.destroyed = 0b101;
  ModelState& m = d.models[1];
  m.aid_target = 4;
  m.aid_bonus = 11;
  m.on_piece = 3;
  m.focus = 2;
  m.exhaust = {1, 2, 1};
  m.conditions = {1, 2, 3, 4, 5, 6, 7};
  m.braced = m.charging = m.ran = m.took_cover = m.prone = true;
  EXPECT_EQ(conflict.hash_text(), conflict.to_json().dump());
  EXPECT_EQ(conflict.hash(), conflict.State::hash());
}

}  // namespace
}  // namespace warband::conflict
