// Points typed in the terminal on a tabletop (issue 18): at a Conflict model's leg, "12.3 7" or
// "(12.3, 7)" lists the nearest destination offered, to be confirmed; a point where no action
// has one is not a point answer.
#include <gtest/gtest.h>

#include <string>

#include "cli/choice_menu.h"
#include "core/registry.h"
#include "rulesets/conflict/conflict_state.h"

namespace warband::cli {
namespace {

// Red's first model (the Ironclad Golem at (18, 2) on Open ground) about to take a leg.
std::unique_ptr<State> golem_moving() {
  auto state = make_game("conflict",
                         {{"map", "open_ground"}, {"parameters", {{"automatic_deployment", true}}}})
                   ->new_initial_state();
  while (state->is_chance())
    state->apply(state->chance_outcomes().front().action);
  const int player = state->current_player();
  for (conflict::ActionKind kind : {conflict::ActionKind::kActivate, conflict::ActionKind::kMove})
    for (const Action action : state->legal_actions())
      if (conflict::kind_of(action) == kind) {
        state->apply(action);
        break;
      }
  EXPECT_EQ(state->current_player(), player);
  return state;
}

TEST(TypedPoint, APointListsTheNearestDestinationToConfirm) {
  const auto state = golem_moving();
  ChoiceMenu menu(*state, state->current_player());
  const MenuAnswer answer = menu.answer("(18.3, 6.8)");
  ASSERT_EQ(answer.kind, MenuAnswer::Kind::kListed) << answer.text;
  EXPECT_NE(answer.text.find("moves to (18, 7)"), std::string::npos) << answer.text;
  EXPECT_NE(answer.text.find("(18.3, 6.8) is nearest"), std::string::npos) << answer.text;
  const MenuAnswer confirmed = menu.answer("1");
  ASSERT_EQ(confirmed.kind, MenuAnswer::Kind::kChosen) << confirmed.text;
  ASSERT_EQ(confirmed.actions.size(), 1u);
  EXPECT_EQ(conflict::unpack_point(conflict::payload_of(confirmed.actions[0])),
            (tabletop::Point{1800, 700}));
}

// Far off the reach, the nearest point offered is still the answer: it is shown, not applied.
TEST(TypedPoint, AFarPointSnapsToTheReachsEdge) {
  const auto state = golem_moving();
  ChoiceMenu menu(*state, state->current_player());
  const MenuAnswer answer = menu.answer("18 30");
  ASSERT_EQ(answer.kind, MenuAnswer::Kind::kListed) << answer.text;
  EXPECT_NE(answer.text.find("moves to (18, 10)"), std::string::npos) << answer.text;
}

// Deployment by the players: the first decision places Red's Golem (a 4" base) in its 6" zone;
// a typed point lists the nearest place offered.
TEST(TypedPoint, DeploymentTakesATypedPoint) {
  const auto state = make_game("conflict", {{"map", "open_ground"}})->new_initial_state();
  ASSERT_FALSE(state->is_chance());
  ChoiceMenu menu(*state, state->current_player());
  const MenuAnswer answer = menu.answer("18.3 0.4");
  ASSERT_EQ(answer.kind, MenuAnswer::Kind::kListed) << answer.text;
  EXPECT_NE(answer.text.find("deploys at (18, 2)"), std::string::npos) << answer.text;
}

// A point off the table is said to be off it, with the table's corners, before the nearest place
// offered is listed to confirm: a typo is never moved onto the table unsaid.
TEST(TypedPoint, APointOffTheTableSaysSoAndOffersTheNearest) {
  const auto state = make_game("conflict", {{"map", "open_ground"}})->new_initial_state();
  for (const char* typed : {"-5 2", "-5, 2", "(-5, 2)"}) {
    ChoiceMenu menu(*state, state->current_player());
    const MenuAnswer answer = menu.answer(typed);
    ASSERT_EQ(answer.kind, MenuAnswer::Kind::kListed) << typed << ": " << answer.text;
    EXPECT_NE(answer.text.find("(-5, 2) is off the table (it runs from (0, 0) to ("),
              std::string::npos)
        << answer.text;
    EXPECT_NE(answer.text.find("the nearest place offered is R1 Ironclad Golem deploys at (2, 2)"),
              std::string::npos)
        << answer.text;
    EXPECT_EQ(menu.answer("1").kind, MenuAnswer::Kind::kChosen);
  }
  ChoiceMenu menu(*state, state->current_player());
  EXPECT_EQ(menu.answer("18.3 0.4").text.find("off the table"), std::string::npos);
}

// What starts like a point but is not one says how a point is typed.
TEST(TypedPoint, AHalfTypedPointSaysHowToTypeOne) {
  const auto state = make_game("conflict", {{"map", "open_ground"}})->new_initial_state();
  ChoiceMenu menu(*state, state->current_player());
  for (const char* typed : {"-5", "5 2 3", "-5 2 3", "(-5, 2"}) {
    const MenuAnswer answer = menu.answer(typed);
    ASSERT_EQ(answer.kind, MenuAnswer::Kind::kInvalid) << typed;
    EXPECT_TRUE(answer.text.starts_with("Expected a point as two numbers of inches"))
        << typed << ": " << answer.text;
  }
}

// Where no action goes to a point (choosing a card, a model), a point is not an answer: said so.
TEST(TypedPoint, APointWhereNoActionTakesOneIsRefusedSayingSo) {
  auto state = make_game("agame", nlohmann::json::object())->new_initial_state();
  while (state->is_chance())
    state->apply(state->chance_outcomes().front().action);
  ChoiceMenu menu(*state, state->current_player());
  const MenuAnswer answer = menu.answer("12 3");
  ASSERT_EQ(answer.kind, MenuAnswer::Kind::kInvalid) << answer.text;
  EXPECT_TRUE(
      answer.text.starts_with("No choice here goes to a point, so (12, 3) is not an "
                              "answer"))
      << answer.text;
}

}  // namespace
}  // namespace warband::cli
