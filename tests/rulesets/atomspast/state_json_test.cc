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
}

}  // namespace
}  // namespace warband::atomspast
