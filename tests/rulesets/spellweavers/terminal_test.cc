// Spellweavers in the terminal: a cast is two choices, the spell (one entry a spell, its action
// counts inside: the action view's "group") and then where it lands, listed by square.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "cli/choice_menu.h"
#include "core/registry.h"
#include "tests/support/play_loop_run.h"

namespace warband::cli {
namespace {

std::unique_ptr<State> first_decision() {
  auto game = make_game("spellweavers",
                        {{"map", "open_field"},
                         {"warbands", nlohmann::json::array({"brother_thorn", "ember_the_red"})}});
  return game->new_initial_state();
}

// The number of the listed entry whose line holds `text`.
std::string entry_number(const std::string& listing, const std::string& text) {
  const std::size_t at = listing.find(text);
  if (at == std::string::npos) return "";
  const std::size_t line_start = listing.rfind('\n', at) + 1;
  std::string number = listing.substr(line_start, listing.find('.', line_start) - line_start);
  number.erase(0, number.find_first_not_of(' '));
  return number;
}

TEST(SpellweaversTerminal, CastsAreListedOneEntryASpell) {
  const auto state = first_decision();
  // The spells, not their placements: tens of choices, not a thousand.
  ASSERT_LT(state->legal_actions().size(), 100u);
  const std::string listing = ChoiceMenu(*state, 0).listing();
  EXPECT_NE(listing.find("R1 Brother Thorn casts Mending Light"), std::string::npos) << listing;
  EXPECT_NE(listing.find("R1 Brother Thorn moves ("), std::string::npos) << listing;
  EXPECT_LT(std::count(listing.begin(), listing.end(), '\n'), 12) << listing;
}

// A spell's entry lists its action counts; choosing one commits the spell, and the next decision
// lists where it lands, by square.
TEST(SpellweaversTerminal, ASpellsEntryListsItsCostsThenItsSquares) {
  const auto state = first_decision();
  ChoiceMenu menu(*state, 0);
  const std::string number = entry_number(menu.listing(), "casts Mending Light");
  ASSERT_FALSE(number.empty()) << menu.listing();
  const MenuAnswer opened = menu.answer(number);
  ASSERT_EQ(opened.kind, MenuAnswer::Kind::kListed) << opened.text;
  EXPECT_NE(opened.text.find("(1 action, "), std::string::npos) << opened.text;
  EXPECT_NE(opened.text.find("(2 actions, "), std::string::npos) << opened.text;
  const MenuAnswer spell = menu.answer(entry_number(opened.text, "(1 action, "));
  ASSERT_EQ(spell.kind, MenuAnswer::Kind::kChosen) << spell.text;
  auto placing = state->clone();
  placing->apply(spell.actions.front());
  const std::string squares = ChoiceMenu(*placing, 0).listing();
  EXPECT_NE(squares.find("R1 Brother Thorn places Mending Light at …"), std::string::npos)
      << squares;
  EXPECT_NE(squares.find(". G4 "), std::string::npos) << squares;
}

// "R1 to E4" where one move reaches E4: that move, not a list of every way there in two actions
// (two moves through another square, a Defend then the move, a spell placed on E4), as it once
// was: 27 entries.
TEST(SpellweaversTerminal, AUnitAndASquareOneMoveReachesChooseThatMove) {
  const auto state = first_decision();
  const MenuAnswer answer = ChoiceMenu(*state, 0).answer("R1 to E4");
  ASSERT_EQ(answer.kind, MenuAnswer::Kind::kChosen) << answer.text;
  ASSERT_EQ(answer.actions.size(), 1u);
  EXPECT_EQ(state->action_to_string(answer.actions.front()), "R1 Brother Thorn moves G2→E4");
  // Out of one move's reach (G2 to G9), the ways there in two moves are listed to choose from.
  const MenuAnswer farther = ChoiceMenu(*state, 0).answer("R1 to G7");
  ASSERT_EQ(farther.kind, MenuAnswer::Kind::kListed) << farther.text;
  EXPECT_NE(farther.text.find("G2→G5, then R1 Brother Thorn moves G5→G7"), std::string::npos)
      << farther.text;
}

// A word no action of the unit at that square has ("ot" for "to") is named as what is wrong: it
// once said "No legal move takes R1 to E4", though one does.
TEST(SpellweaversTerminal, AMistypedWordIsNamedNotTheSquare) {
  const auto state = first_decision();
  const MenuAnswer answer = ChoiceMenu(*state, 0).answer("R1 ot E4");
  ASSERT_EQ(answer.kind, MenuAnswer::Kind::kInvalid);
  EXPECT_EQ(answer.text,
            "R1 can reach E4, but no action of it there has the word 'ot'; type 'R1 to E4' "
            "without it, a number, or 'help'.");
}

// A game stopped after one action says "1 action" (it once said "1 actions"), whether the player
// quits or the input ends; the move typed as "R1 to E4" is that one action.
TEST(SpellweaversTerminal, AGameStoppedAfterOneActionSaysOneAction) {
  PlaySettings settings;
  settings.players = {"human", "bot"};
  settings.seed = 3;
  const nlohmann::json setup = {
      {"map", "open_field"},
      {"warbands", nlohmann::json::array({"brother_thorn", "ember_the_red"})}};
  const Played quit = play_loop("spellweavers", settings, "R1 to E4\nquit\n", setup);
  EXPECT_EQ(quit.end, PlayEnd::kQuit);
  EXPECT_NE(quit.out.find("Red quits after 1 action.\n"), std::string::npos) << quit.out;
  const Played closed = play_loop("spellweavers", settings, "R1 to E4\n", setup);
  EXPECT_EQ(closed.end, PlayEnd::kInputClosed);
  EXPECT_NE(closed.err.find("the game stops after 1 action.\n"), std::string::npos) << closed.err;
}

// Back before any choice of the player's says there is none; after the other side has moved, it
// says why the last choice stays.
TEST(SpellweaversTerminal, BackSaysWhyNothingIsTakenBack) {
  PlaySettings settings;
  settings.players = {"human", "bot"};
  settings.seed = 3;
  const nlohmann::json setup = {
      {"map", "open_field"},
      {"warbands", nlohmann::json::array({"brother_thorn", "ember_the_red"})}};
  const Played played =
      play_loop("spellweavers", settings, "back\nR1 to E4\nend\nback\nquit\n", setup);
  EXPECT_EQ(played.end, PlayEnd::kQuit);
  const std::size_t none = played.out.find("Nothing to take back: you have made no choice yet.");
  const std::size_t moved = played.out.find("Red: R1 Brother Thorn moves G2→E4");
  const std::size_t kept = played.out.find(
      "Nothing to take back: dice were rolled, a card drawn or the other side\nmoved since your "
      "last choice.");
  ASSERT_NE(none, std::string::npos) << played.out;
  ASSERT_NE(moved, std::string::npos) << played.out;
  ASSERT_NE(kept, std::string::npos) << played.out;
  EXPECT_LT(none, moved);
  EXPECT_LT(moved, kept);
}

}  // namespace
}  // namespace warband::cli
