// Seed 002's rules of combat, each checked through the engine: a rules comment quotes the seed.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <algorithm>
#include <memory>

#include "core/registry.h"
#include "rulesets/spellweavers/spellweavers_game.h"
#include "rulesets/spellweavers/spellweavers_state.h"
#include "tests/support/grid_cells.h"
#include "tests/support/legal_actions.h"

namespace warband::spellweavers {
namespace {

std::unique_ptr<SpellweaversState> new_state(
    const nlohmann::json& setup = nlohmann::json::object()) {
  auto game = std::static_pointer_cast<const SpellweaversGame>(make_game("spellweavers", setup));
  return std::unique_ptr<SpellweaversState>(
      static_cast<SpellweaversState*>(game->new_initial_state().release()));
}

// R1 (Red's wizard, to act) at `red`, B1 at `blue`.
void place_pair(SpellweaversState& state, grid::Cell red, grid::Cell blue) {
  state.mutable_data().combatants[0].cell = red;
  state.mutable_data().combatants[1].cell = blue;
  state.check_consistency();
}

// "You have the innate attack "Staff Strike", which deals 2d6 damage to an adjacent combatant."
TEST(SpellweaversSeed, StaffStrikeRolls2d6AsOneChanceNodeOfElevenTotals) {
  auto state = new_state();
  place_pair(*state, warband::testing::C(4, 4), warband::testing::C(5, 5));  // diagonal neighbours
  ASSERT_EQ(state->current_player(), 0);
  const Action strike = encode(ActionKind::kStrike, 1);
  ASSERT_TRUE(has_action(*state, strike));
  state->apply(strike);
  ASSERT_TRUE(state->is_chance());
  const std::vector<ChanceOutcome> outcomes = state->chance_outcomes();
  ASSERT_EQ(outcomes.size(), 11u);
  for (const ChanceOutcome& outcome : outcomes) {
    const int total = arg_a(outcome.action);
    const int ways = 6 - std::abs(total - 7);  // 2: 1 way, 7: 6 ways, 12: 1 way
    EXPECT_NEAR(outcome.probability, ways / 36.0, 1e-12) << total;
  }
  state->apply(encode(ActionKind::kRollTotal, 9));
  EXPECT_EQ(state->data().combatants[1].hp, 30 - 9);
  EXPECT_EQ(state->data().actions_left, 1);
}

TEST(SpellweaversSeed, StaffStrikeNeedsAnAdjacentEnemy) {
  auto state = new_state();
  place_pair(*state, warband::testing::C(4, 4), warband::testing::C(6, 4));  // two squares apart
  EXPECT_FALSE(has_action(*state, encode(ActionKind::kStrike, 1)));
}

// "When you defend, you take 4 less damage from all sources (but not less than 1) until your
// next turn."
TEST(SpellweaversSeed, DefendTakesFourOffEachDamageButNotBelowOne) {
  auto state = new_state();
  place_pair(*state, warband::testing::C(4, 4), warband::testing::C(4, 5));
  state->mutable_data().combatants[1].defending = true;
  state->apply(encode(ActionKind::kStrike, 1));
  state->apply(encode(ActionKind::kRollTotal, 10));
  EXPECT_EQ(state->data().combatants[1].hp, 30 - 6);
  state->apply(encode(ActionKind::kStrike, 1));
  state->apply(encode(ActionKind::kRollTotal, 3));
  EXPECT_EQ(state->data().combatants[1].hp, 30 - 6 - 1);  // 3 - 4 is floored at 1
}

TEST(SpellweaversSeed, DefendLastsUntilTheDefendersNextTurn) {
  auto state = new_state();
  place_pair(*state, warband::testing::C(4, 4), warband::testing::C(4, 6));
  state->apply(encode(ActionKind::kDefend));
  EXPECT_TRUE(state->data().combatants[0].defending);
  EXPECT_FALSE(has_action(*state, encode(ActionKind::kDefend)));  // once is enough
  state->apply(encode(ActionKind::kEndTurn));                     // Blue's turn
  EXPECT_EQ(state->data().actor, 1);
  EXPECT_TRUE(state->data().combatants[0].defending);
  state->apply(encode(ActionKind::kEndTurn));  // Red's next turn: the defence is over
  EXPECT_EQ(state->data().actor, 0);
  EXPECT_FALSE(state->data().combatants[0].defending);
}

// "Each combatant gets 2 actions per turn."
TEST(SpellweaversSeed, TwoActionsThenTheTurnPasses) {
  auto state = new_state();
  place_pair(*state, warband::testing::C(4, 4), warband::testing::C(4, 8));
  state->apply(encode(ActionKind::kMove, grid::cell_index(warband::testing::C(4, 5)), 0));
  EXPECT_EQ(state->data().actor, 0);
  state->apply(encode(ActionKind::kMove, grid::cell_index(warband::testing::C(4, 6)), 0));
  EXPECT_EQ(state->data().actor, 1);  // Blue's wizard
  EXPECT_EQ(state->data().actions_left, 2);
}

// "The default movement for a wizard is 3 squares, and moving diagonally only counts as 1
// square."
TEST(SpellweaversSeed, AMoveGoesThreeSquaresDiagonalsCountingOne) {
  auto state = new_state();
  place_pair(*state, warband::testing::C(0, 0), warband::testing::C(11, 9));
  EXPECT_TRUE(has_action(
      *state, encode(ActionKind::kMove, grid::cell_index(warband::testing::C(3, 3)), 0)));
  EXPECT_TRUE(has_action(
      *state, encode(ActionKind::kMove, grid::cell_index(warband::testing::C(3, 0)), 0)));
  EXPECT_FALSE(has_action(
      *state, encode(ActionKind::kMove, grid::cell_index(warband::testing::C(4, 4)), 0)));
  EXPECT_FALSE(has_action(
      *state, encode(ActionKind::kMove, grid::cell_index(warband::testing::C(4, 0)), 0)));
}

void put_wall(SpellweaversState& state, grid::Cell cell) {
  state.mutable_data().terrain[grid::cell_index(cell)] =
      1 + static_cast<int>(TerrainCondition::kWall);
}

int move_count(const State& state) {
  const std::vector<Action> legal = state.legal_actions();
  return static_cast<int>(std::count_if(legal.begin(), legal.end(), [](Action action) {
    return kind_of(action) == ActionKind::kMove;
  }));
}

// "Each square can be occupied by only 1 combatant; you cannot move through an enemy's square. You
// can move through an ally's square, but if you stop there, you are pushed back to the square you
// came from." Ruling "Moving": the ally's square is never a destination; squares past it are.
// R1 stands in the corner A1 walled in on the south, with one way out: east, through B1.
TEST(SpellweaversSeed, AMovePassesAnAllyButNeverEndsOnIt) {
  auto state = new_state({{"warbands", {{"ember_the_red", "quadrata"}, "quadrata"}}});
  auto& d = state->mutable_data();
  d.combatants[0].cell = warband::testing::C(0, 0);
  d.combatants[1].cell = warband::testing::C(1, 0);  // R2, Red's ally, on the only way out
  d.combatants[2].cell = warband::testing::C(8, 8);  // B1
  put_wall(*state, warband::testing::C(0, 1));
  put_wall(*state, warband::testing::C(1, 1));
  state->check_consistency();
  ASSERT_EQ(state->current_player(), 0);
  EXPECT_FALSE(has_action(
      *state, encode(ActionKind::kMove, grid::cell_index(warband::testing::C(1, 0)), 0)));
  EXPECT_TRUE(has_action(
      *state, encode(ActionKind::kMove, grid::cell_index(warband::testing::C(2, 0)), 0)));
  EXPECT_TRUE(has_action(
      *state, encode(ActionKind::kMove, grid::cell_index(warband::testing::C(3, 2)), 0)));
}

TEST(SpellweaversSeed, AMoveNeverPassesAnEnemy) {
  auto state = new_state();
  place_pair(*state, warband::testing::C(0, 0),
             warband::testing::C(1, 0));  // the enemy on the only way out
  put_wall(*state, warband::testing::C(0, 1));
  put_wall(*state, warband::testing::C(1, 1));
  EXPECT_EQ(move_count(*state), 0);
}

// "when a combatant runs out of HP, they're knocked out and can't take actions"; victory by
// default: every wizard of the other side knocked out.
TEST(SpellweaversSeed, KnockingOutTheLastEnemyWizardWins) {
  auto state = new_state();
  place_pair(*state, warband::testing::C(4, 4), warband::testing::C(4, 5));
  state->mutable_data().combatants[1].hp = 5;
  state->apply(encode(ActionKind::kStrike, 1));
  state->apply(encode(ActionKind::kRollTotal, 5));
  ASSERT_TRUE(state->is_terminal());
  EXPECT_EQ(state->returns(), (std::vector<double>{1.0, -1.0}));
  EXPECT_FALSE(state->present(1));
  EXPECT_EQ(state->end_reason(), "every Blue wizard knocked out");
  ASSERT_EQ(state->ending(), 0);
  EXPECT_EQ(state->game().endings()[0], "every wizard of a side knocked out");
}

// The wizard to act sees what its spells see: a board draws it and its card counts it. It was
// always empty (the card said "sees 0"), though the board's key offers "What it sees".
TEST(SpellweaversTableView, TheWizardToActSeesWhatItsSpellsSee) {
  auto state = new_state();
  place_pair(*state, warband::testing::C(0, 0), warband::testing::C(8, 3));
  put_wall(*state, warband::testing::C(0, 2));
  const nlohmann::json table = state->table_view(kSeesPublic);
  const nlohmann::json& sight = table["units"][0]["sight"];
  const auto seen = [&](int x, int y) {
    return std::find(sight.begin(), sight.end(), nlohmann::json::array({x, y})) != sight.end();
  };
  EXPECT_TRUE(seen(1, 1));
  EXPECT_TRUE(seen(8, 3)) << "the enemy in the open";
  EXPECT_FALSE(seen(0, 4)) << "behind the wall";
  EXPECT_GT(sight.size(), 100u);
}

// What a board shows (the table view's rows in the seed's words, for the shared panels): HP and
// MP against their maxima, the move, the conditions, Defend while it lasts; each side's wizards in
// a summary, and no hand, deck or Casting Zone, which Spellweavers does not have.
TEST(SpellweaversTableView, CardsAndPanelsInTheSeedsWords) {
  auto state = new_state();
  place_pair(*state, warband::testing::C(4, 4), warband::testing::C(4, 5));
  state->apply(encode(ActionKind::kStrike, 1));
  state->apply(encode(ActionKind::kRollTotal, 10));
  state->apply(encode(ActionKind::kDefend));
  const nlohmann::json table = state->table_view(kSeesPublic);
  const auto row = [&](int unit, const std::string& name) {
    for (const auto& stat : table["units"][unit]["stats"])
      if (stat[0] == name) return stat[1].get<std::string>();
    return std::string("(no row)");
  };
  EXPECT_EQ(row(1, "HP"), "20 / 30");
  EXPECT_EQ(row(0, "HP"), "30 / 30");
  EXPECT_EQ(row(0, "MP"), fmt::format("{} / 60", state->data().combatants[0].mp));
  EXPECT_EQ(row(0, "Move"), "3 squares");
  EXPECT_EQ(row(0, "Conditions"), "none");
  EXPECT_EQ(row(0, "Defending"), "4 less damage until its next turn");
  EXPECT_EQ(row(1, "Defending"), "(no row)");
  EXPECT_FALSE(table["units"][0].contains("badge"));
  for (const auto& player : table["players"]) {
    EXPECT_FALSE(player.contains("hand") || player.contains("zone") || player.contains("deck"));
    EXPECT_EQ(player["summary"],
              "Wizard: " + state->spellweavers().wizard(player["side"].get<int>()).wizard.name);
  }
  EXPECT_NE(table["unit_key"].get<std::string>().find("HP left"), std::string::npos);
}

}  // namespace
}  // namespace warband::spellweavers
