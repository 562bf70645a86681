// The players the HTTP API takes are the command line's: "bot" names the greedy bot as
// `warband play --red bot` does, and an mcts budget out of the API's bounds is refused with the
// bounds the API keeps, whichever side of them it falls.
#include <gtest/gtest.h>

#include "server/game_session.h"
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

TEST(BotPlayers, BotIsTheGreedyBotAsOnTheCommandLine) {
  TestServer server;
  const Reply named = server.client().post("/api/games", with_players({"bot", "bot"}));
  ASSERT_EQ(named.status, 200) << named.body;
  EXPECT_EQ(named.json["players"], nlohmann::json({"greedy", "greedy"}));
  const Reply greedy = server.client().post("/api/games", with_players({"greedy", "greedy"}));
  ASSERT_EQ(greedy.status, 200) << greedy.body;
  EXPECT_EQ(named.json["log"], greedy.json["log"]);
  EXPECT_EQ(named.json["length"], greedy.json["length"]);

  const Reply human = server.client().post("/api/games", with_players({"human", "bot"}));
  ASSERT_EQ(human.status, 200) << human.body;
  EXPECT_EQ(human.json["players"], nlohmann::json({"human", "greedy"}));

  nlohmann::json sweep_game = kToyGame;
  sweep_game["index"] = 1;
  sweep_game["bots"] = {"bot", "random"};
  const Reply replayed = server.client().post("/api/replays/sim", sweep_game);
  ASSERT_EQ(replayed.status, 200) << replayed.body;
  sweep_game["bots"] = {"greedy", "random"};
  const Reply same = server.client().post("/api/replays/sim", sweep_game);
  ASSERT_EQ(same.status, 200) << same.body;
  const auto log_of = [&](const Reply& stored) {
    return server.client().get("/api/games/" + stored.json["id"].get<std::string>() + "/log").json;
  };
  EXPECT_EQ(log_of(replayed)["actions"], log_of(same)["actions"]);
  EXPECT_FALSE(log_of(same)["actions"].empty());
}

// main said "[1, 3600000]" below the API's bounds and above an hour, "[0, 10000]" between.
TEST(BotPlayers, AnMctsBudgetOutOfTheApisBoundsSaysThem) {
  TestServer server;
  for (const std::string ms : {"0", "20000", "5000000"}) {
    const Reply refused =
        server.client().post("/api/games", with_players({"human", "mcts:ms=" + ms}));
    EXPECT_EQ(refused.status, 400);
    EXPECT_EQ(refused.json["error"]["where"], "body.players[1]");
    EXPECT_EQ(refused.json["error"]["what"], "bot option ms=" + ms + " is out of range [1, 10000]");
  }
  for (const std::string iterations : {"0", "100001", "200000000"}) {
    nlohmann::json sweep_game = kToyGame;
    sweep_game["index"] = 0;
    sweep_game["bots"] = {"random", "mcts:iterations=" + iterations};
    const Reply refused = server.client().post("/api/replays/sim", sweep_game);
    EXPECT_EQ(refused.status, 400);
    EXPECT_EQ(refused.json["error"]["what"],
              "bot option iterations=" + iterations + " is out of range [1, 100000]");
  }
  for (const char* bounds :
       {"mcts:ms=1", "mcts:ms=10000", "mcts:iterations=1", "mcts:iterations=100000"})
    EXPECT_NO_THROW(check_web_player(bounds, "body.players[1]", true)) << bounds;
}

}  // namespace
}  // namespace warband::server
