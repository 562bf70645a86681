// Spellweavers in the terminal: a wizard's hundreds of casts listed as one entry a spell (the
// action view's "group"), then by square.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "cli/choice_menu.h"
#include "core/registry.h"

namespace warband::cli {
namespace {

std::unique_ptr<State> first_decision() {
  auto game = make_game("spellweavers",
                        {{"map", "open_field"},
                         {"warbands", nlohmann::json::array({"brother_thorn", "ember_the_red"})}});
  return game->new_initial_state();
}

TEST(SpellweaversTerminal, CastsAreListedOneEntryASpell) {
  const auto state = first_decision();
  ASSERT_GT(state->legal_actions().size(), 1000u);
  const std::string listing = ChoiceMenu(*state, 0).listing();
  EXPECT_NE(listing.find("R1 Brother Thorn casts Mending Light"), std::string::npos) << listing;
  EXPECT_NE(listing.find("R1 Brother Thorn moves ("), std::string::npos) << listing;
  // A handful of lines, not one a placement.
  EXPECT_LT(std::count(listing.begin(), listing.end(), '\n'), 12) << listing;
}

// Inside a spell's entry the casts are listed by square (and rotation, actions).
TEST(SpellweaversTerminal, ASpellsEntryListsItsSquares) {
  const auto state = first_decision();
  ChoiceMenu menu(*state, 0);
  const std::string listing = menu.listing();
  const std::size_t at = listing.find("casts Mending Light");
  ASSERT_NE(at, std::string::npos) << listing;
  // The entry's number: the digits before ". R1 Brother Thorn casts Mending Light".
  const std::size_t line_start = listing.rfind('\n', at) + 1;
  const std::string number = listing.substr(line_start, listing.find('.', line_start) - line_start);
  const MenuAnswer opened = menu.answer(number);
  ASSERT_EQ(opened.kind, MenuAnswer::Kind::kListed) << opened.text;
  EXPECT_NE(opened.text.find("G4 (1 action, "), std::string::npos) << opened.text;
  EXPECT_NE(opened.text.find("G4 (2 actions, "), std::string::npos) << opened.text;
}

}  // namespace
}  // namespace warband::cli
