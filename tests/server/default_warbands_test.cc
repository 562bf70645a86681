// The warbands a new-game form starts on are those `warband play RULESET` plays without
// --warbands: a ruleset's default_warbands in GET /api/rulesets, else the first two it lists
// (web/lib/default_sides.js). The form put AtomsPast's Elves as Red where the game plays the Orcs.
#include <gtest/gtest.h>

#include "core/registry.h"
#include "tests/support/test_server.h"

namespace warband::server {
namespace {

using testing::Reply;
using testing::TestServer;

TEST(DefaultWarbands, TheFormsFirstSidesAreTheGamesDefault) {
  TestServer server;
  const Reply rulesets = server.client().get("/api/rulesets");
  ASSERT_EQ(rulesets.status, 200);
  int checked = 0;
  for (const nlohmann::json& ruleset : rulesets.json) {
    if (!ruleset["playable"].get<bool>() || !ruleset.contains("warbands") ||
        ruleset["warbands"].size() < 2)
      continue;
    const std::string name = ruleset["name"];
    nlohmann::json sides = ruleset["default_warbands"];
    if (sides.is_null()) sides = {ruleset["warbands"][0]["id"], ruleset["warbands"][1]["id"]};
    const nlohmann::json played =
        make_game(name, nlohmann::json::object())->new_initial_state()->to_json();
    const nlohmann::json offered =
        make_game(name, {{"warbands", sides}})->new_initial_state()->to_json();
    EXPECT_EQ(offered, played) << name << " offers " << sides;
    ++checked;
  }
  EXPECT_GE(checked, 4);
}

TEST(DefaultWarbands, AtomsPastStartsOnTheOrcsAsRed) {
  TestServer server;
  for (const nlohmann::json& ruleset : server.client().get("/api/rulesets").json) {
    if (ruleset["name"] == "atomspast") {
      EXPECT_EQ(ruleset["default_warbands"], nlohmann::json({"toms_orcs", "jerrys_elves"}));
    }
  }
}

}  // namespace
}  // namespace warband::server
