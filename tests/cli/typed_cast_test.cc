// Casts typed in the terminal (issue 17): at the top list a spell's name chooses the spell (a
// square and a rotation after it, the placement too); at the placement step a square and an
// optional rotation ("g4", "g4 r1") choose where it lands. Brother Thorn stands on G2 on Open
// Field, Red to act.
#include <gtest/gtest.h>

#include <string>

#include "cli/choice_menu.h"
#include "core/registry.h"
#include "rulesets/spellweavers/spellweavers_state.h"

namespace warband::cli {
namespace {

std::unique_ptr<State> cast_first_decision() {
  auto game = make_game("spellweavers",
                        {{"map", "open_field"},
                         {"warbands", nlohmann::json::array({"brother_thorn", "ember_the_red"})}});
  return game->new_initial_state();
}

// The state after the top-level choice of `spell` with `actions` actions.
std::unique_ptr<State> placing(const std::string& spell, int actions) {
  auto state = cast_first_decision();
  for (const Action action : state->legal_actions())
    if (spellweavers::kind_of(action) == spellweavers::ActionKind::kCastSpell &&
        spellweavers::arg_b(action) == actions && state->action_view(action)["spell"] == spell) {
      state->apply(action);
      return state;
    }
  return nullptr;
}

nlohmann::json view_of(const State& state, const std::vector<Action>& path, std::size_t step) {
  std::unique_ptr<State> at = state.clone();
  for (std::size_t i = 0; i < step; ++i)
    at->apply(path[i]);
  return at->action_view(path[step]);
}

// The spell's name alone opens its entry: its action counts, to choose from.
TEST(TypedCast, ASpellsNameOpensItsEntry) {
  const auto state = cast_first_decision();
  ChoiceMenu menu(*state, 0);
  const MenuAnswer answer = menu.answer("mending light");
  ASSERT_EQ(answer.kind, MenuAnswer::Kind::kListed) << answer.text;
  EXPECT_NE(answer.text.find("(1 action, "), std::string::npos) << answer.text;
  EXPECT_NE(answer.text.find("(2 actions, "), std::string::npos) << answer.text;
  EXPECT_EQ(answer.text.find("moves"), std::string::npos) << answer.text;
}

// The name, the action count and a square: the spell and where it lands, in one line.
TEST(TypedCast, ASpellsNameActionsAndSquareChooseBothSteps) {
  const auto state = cast_first_decision();
  ChoiceMenu menu(*state, 0);
  const MenuAnswer answer = menu.answer("mending light 1 action g4");
  ASSERT_EQ(answer.kind, MenuAnswer::Kind::kChosen) << answer.text;
  ASSERT_EQ(answer.actions.size(), 2u);
  EXPECT_EQ(view_of(*state, answer.actions, 0)["spell"], "Mending Light");
  EXPECT_EQ(view_of(*state, answer.actions, 0)["actions"], 1);
  EXPECT_EQ(view_of(*state, answer.actions, 1)["anchor"], nlohmann::json::array({6, 3}));
}

// "mending light g2" names the square Brother Thorn stands on: still the casts there (one for
// each action count), not his own entry (End turn, Defend), as the word matcher once read it.
TEST(TypedCast, ASquareUnderTheWizardIsWhereTheSpellLands) {
  const auto state = cast_first_decision();
  ChoiceMenu menu(*state, 0);
  const MenuAnswer answer = menu.answer("mending light g2");
  ASSERT_EQ(answer.kind, MenuAnswer::Kind::kListed) << answer.text;
  EXPECT_NE(answer.text.find("could be any of these"), std::string::npos) << answer.text;
  EXPECT_NE(answer.text.find("(1 action, "), std::string::npos) << answer.text;
  EXPECT_NE(answer.text.find("(2 actions, "), std::string::npos) << answer.text;
  EXPECT_NE(answer.text.find("places Mending Light at G2"), std::string::npos) << answer.text;
  EXPECT_EQ(answer.text.find("ends its turn"), std::string::npos) << answer.text;
}

// At the placement step a square chooses the unturned placement there; "r1" after it, the turned
// one (Cleansing Rain's 4x2 area lies across or along).
TEST(TypedCast, ASquareAndARotationChooseThePlacement) {
  const auto state = placing("Cleansing Rain", 1);
  ASSERT_NE(state, nullptr);
  ChoiceMenu menu(*state, 0);
  const MenuAnswer plain = menu.answer("g4");
  ASSERT_EQ(plain.kind, MenuAnswer::Kind::kChosen) << plain.text;
  ASSERT_EQ(plain.actions.size(), 1u);
  EXPECT_EQ(state->action_view(plain.actions[0])["anchor"], nlohmann::json::array({6, 3}));
  EXPECT_EQ(state->action_view(plain.actions[0])["orientation"], 0);
  ChoiceMenu again(*state, 0);
  const MenuAnswer turned = again.answer("G4 r1");
  ASSERT_EQ(turned.kind, MenuAnswer::Kind::kChosen) << turned.text;
  EXPECT_EQ(state->action_view(turned.actions[0])["anchor"], nlohmann::json::array({6, 3}));
  EXPECT_EQ(state->action_view(turned.actions[0])["orientation"], 1);
}

// A rotation no placement at that square has is refused with the usual sentence.
TEST(TypedCast, ARotationNotOfferedIsRefused) {
  const auto state = placing("Mending Light", 1);  // a single square: only r0 is listed
  ASSERT_NE(state, nullptr);
  ChoiceMenu menu(*state, 0);
  const MenuAnswer answer = menu.answer("g4 r2");
  EXPECT_EQ(answer.kind, MenuAnswer::Kind::kInvalid);
  EXPECT_NE(answer.text.find("No legal action matches 'g4 r2'"), std::string::npos) << answer.text;
}

}  // namespace
}  // namespace warband::cli
