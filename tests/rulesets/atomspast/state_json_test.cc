// Saved AtomsPast states (Game::state_from_json): a save reads back to an equal state, and a
// malformed one is an InputError naming what is wrong, never another exception.
#include <gtest/gtest.h>

#include <string>

#include "core/error.h"
#include "rulesets/atomspast/atomspast_state.h"
#include "tests/rulesets/atomspast/atomspast_fixture.h"

namespace warband::atomspast {
namespace {

using testing::first_turn;
using testing::sample_game;

// The InputError's "where" for `json`, or what else happened.
std::string refusal(const AtomsPastGame& game, const nlohmann::json& json) {
  try {
    game.state_from_json(json);
  } catch (const InputError& error) {
    return error.where();
  } catch (const std::exception& error) {
    return std::string("not an InputError: ") + error.what();
  }
  return "read";
}

TEST(AtomsPastStateJson, ASaveReadsBackEqual) {
  auto game = sample_game();
  auto state = first_turn(game);
  const nlohmann::json saved = state->to_json();
  EXPECT_EQ(game->state_from_json(saved)->to_json(), saved);
}

// Found by the state_json fuzz target: a "format" that is not a string made nlohmann's
// json::value() throw its own type_error (exit 3 in the CLI), not InputError.
TEST(AtomsPastStateJson, AMalformedSaveIsRefusedWithWhere) {
  auto game = sample_game();
  EXPECT_EQ(refusal(*game, nlohmann::json::parse(R"({"r":0,"format":1})")), "state.format");
  EXPECT_EQ(refusal(*game, {{"format", "another-state"}}), "state.format");
  EXPECT_EQ(refusal(*game, nlohmann::json::array()), "state");
  EXPECT_EQ(refusal(*game, {{"format", "atomspast-state"}}), "state");  // fields missing
  nlohmann::json wrong_type = first_turn(game)->to_json();
  wrong_type["round"] = "first";
  EXPECT_EQ(refusal(*game, wrong_type), "state");
  // A number with a fraction, or too large for an integer (read as a double), is refused where it
  // is: cast to the state's small integers it was undefined (found by the state_json fuzz target).
  nlohmann::json huge = first_turn(game)->to_json();
  huge["setup_placed"] = nlohmann::json::parse("666666666666666666666666666666666666666666662");
  EXPECT_EQ(refusal(*game, huge), "state.setup_placed");
  nlohmann::json fraction = first_turn(game)->to_json();
  fraction["players"][1]["hand_size"] = 2.5;
  EXPECT_EQ(refusal(*game, fraction), "state.players[1].hand_size");
}

}  // namespace
}  // namespace warband::atomspast
