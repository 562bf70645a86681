// AtomsPast in words as one side may read it (State::to_string_for, action_to_string_for): a
// side's own hand by name, the other's as a count, the other's draws unnamed; everything in
// to_string() as before.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <string>

#include "atomspast_fixture.h"

namespace warband::atomspast::testing {
namespace {

// The "  Hand: ..." line of `side`'s part of a board drawn in words.
std::string hand_line(const std::string& text, const std::string& side) {
  const auto header = text.find("\n" + side + " — ");
  EXPECT_NE(header, std::string::npos) << text;
  const auto hand = text.find("\n  Hand:", header);
  EXPECT_NE(hand, std::string::npos) << text;
  return text.substr(hand + 1, text.find('\n', hand + 1) - hand - 1);
}

std::string hand_names(const AtomsPastState& state, int side) {
  const PlayerState& player = state.data().players[side];
  std::string text = "  Hand:";
  for (int i = 0; i < player.hand_size; ++i)
    text += std::string(i ? ", " : " ") + state.atomspast().spell(player.hand[i]).name;
  return text;
}

TEST(AtomsPastHiddenText, EachSideSeesItsOwnHandAndTheOthersAsACount) {
  const auto state = first_turn(sample_game());
  for (int side = 0; side < 2; ++side)
    ASSERT_GT(state->data().players[side].hand_size, 0) << "both sides hold cards";
  const auto hidden = [&](int side) {
    return fmt::format("  Hand: {} cards (hidden)", state->data().players[side].hand_size);
  };
  for (int viewer = 0; viewer < 2; ++viewer) {
    const std::string text = state->to_string_for(viewer);
    const int other = 1 - viewer;
    EXPECT_EQ(hand_line(text, viewer == 0 ? "Red" : "Blue"), hand_names(*state, viewer));
    EXPECT_EQ(hand_line(text, other == 0 ? "Red" : "Blue"), hidden(other));
  }
  // No side's hand for the table at large; the active side's for everything, as before.
  const std::string table = state->to_string_for(kSeesPublic);
  EXPECT_EQ(hand_line(table, "Red"), hidden(0));
  EXPECT_EQ(hand_line(table, "Blue"), hidden(1));
  EXPECT_EQ(state->to_string_for(kSeesEverything), state->to_string());
  const int active = state->data().active;
  EXPECT_EQ(hand_line(state->to_string(), active == 0 ? "Red" : "Blue"),
            hand_names(*state, active));
  EXPECT_EQ(hand_line(state->to_string(), active == 0 ? "Blue" : "Red"), hidden(1 - active));
}

TEST(AtomsPastHiddenText, ADrawIsNamedToTheDrawingSideAlone) {
  // The first chance nodes after the dice-off deal the opening hands.
  auto state = new_state(sample_game());
  int draws_seen = 0;
  while (!state->is_terminal() && draws_seen < 4) {
    if (!state->is_chance()) {
      state->apply(state->legal_actions().front());
      continue;
    }
    const Action action = state->chance_outcomes().front().action;
    if (kind_of(action) == ActionKind::kDrawCard) {
      const int drawer = state->data().active;
      const std::string side = drawer == 0 ? "Red" : "Blue";
      const std::string named =
          fmt::format("{} draws {}", side, state->atomspast().spell(arg_a(action)).name);
      EXPECT_EQ(state->action_to_string(action), named);
      EXPECT_EQ(state->action_to_string_for(kSeesEverything, action), named);
      EXPECT_EQ(state->action_to_string_for(drawer, action), named);
      EXPECT_EQ(state->action_to_string_for(1 - drawer, action), side + " draws a card");
      EXPECT_EQ(state->action_to_string_for(kSeesPublic, action), side + " draws a card");
      // The same rule as the browser's: the action view makes it private to the drawer.
      EXPECT_EQ(state->action_view(action)["private_to"], drawer);
      ++draws_seen;
    } else {
      // A die is public: everyone reads the same words.
      for (int viewer : {0, 1, kSeesPublic})
        EXPECT_EQ(state->action_to_string_for(viewer, action), state->action_to_string(action));
    }
    state->apply(action);
  }
  EXPECT_EQ(draws_seen, 4);
}

// Issue 16: the key under the board names where each side deploys, in square names, whoever
// reads it: the rows (or columns) nearest each side's edge, deploy_depth = 3 deep.
TEST(AtomsPastHiddenText, TheKeyNamesEachSidesDeploymentZone) {
  for (const auto& [map, zones] :
       {std::pair{"ruined_keep", "deployment: Red A1-AB3, Blue A16-AB18"},
        std::pair{"ashen_valley", "deployment: Red A1-C18, Blue Z1-AB18"}}) {
    const auto state = new_state(sample_game({{"map", map}}));
    for (const int viewer : {0, 1, kSeesPublic})
      EXPECT_NE(state->to_string_for(viewer).find(zones), std::string::npos)
          << map << ", viewer " << viewer << ":\n"
          << state->to_string_for(viewer);
  }
}

}  // namespace
}  // namespace warband::atomspast::testing
