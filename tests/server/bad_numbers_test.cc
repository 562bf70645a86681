// Issue 14, defects 6 and 7 over HTTP: a number beyond a double is 400 naming its field on every
// POST and PUT route (it was 500), a bot spec with NaN is refused, and a game stored with such a
// bot before the fix (a "poisoned" game) still opens, replays and is deleted instead of answering
// 500 forever.
#include <gtest/gtest.h>

#include "core/game_record.h"
#include "core/registry.h"
#include "tests/support/test_server.h"
#include "tests/test_rulesets/toy/toy_game.h"

namespace warband::server {
namespace {

using testing::Reply;
using testing::TestServer;

std::string where_of(const Reply& reply) {
  return reply.json.is_object() && reply.json.contains("error")
             ? reply.json["error"]["where"].get<std::string>()
             : "(no error: " + reply.body.substr(0, 200) + ")";
}

TEST(BadNumbers, ANumberBeyondADoubleIs400NamingTheFieldOnEveryRoute) {
  TestServer server;
  struct Case {
    const char* method;
    const char* path;
    const char* body;
    const char* where;
  };
  const Case cases[] = {
      {"POST", "/api/games", R"({"ruleset": "toy", "seed": 1e999})", "body.seed"},
      {"POST", "/api/games/1/actions", R"({"action": 1e400, "length": 0})", "body.action"},
      {"POST", "/api/games/1/undo", R"({"length": -1e999})", "body.length"},
      {"POST", "/api/replays/sim", R"({"ruleset": "toy", "seed": 1, "index": 1e400})",
       "body.index"},
      {"POST", "/api/replays/import", R"({"log": {"actions": [1, 2, 1e999]}})",
       "body.log.actions[2]"},
      {"POST", "/api/documents", R"({"ruleset": "atomspast", "kind": "warband", "x": 1e999})",
       "body.x"},
      {"PUT", "/api/documents/1", R"({"text": "", "revision": 1e999})", "body.revision"},
      {"POST", "/api/build/atomspast/points", R"({"args": {"count": 1e999}})", "body.args.count"},
      {"POST", "/api/balance", R"({"ruleset": "atomspast", "games": 1e999})", "body.games"},
      {"POST", "/api/odds/atomspast", R"({"samples": 1e400})", "body.samples"},
      {"POST", "/api/odds/atomspast", "1e999", "body"},
  };
  for (const Case& test : cases) {
    httplib::Client& raw = server.client().raw();
    const httplib::Result result = std::string(test.method) == "PUT"
                                       ? raw.Put(test.path, test.body, "application/json")
                                       : raw.Post(test.path, test.body, "application/json");
    ASSERT_TRUE(result) << test.path;
    Reply reply;
    reply.status = result->status;
    reply.body = result->body;
    reply.json = nlohmann::json::parse(result->body, nullptr, false);
    EXPECT_EQ(reply.status, 400) << test.method << " " << test.path << ": " << reply.body;
    EXPECT_EQ(where_of(reply), test.where) << test.method << " " << test.path;
    EXPECT_NE(reply.body.find("too large"), std::string::npos) << reply.body;
  }
}

TEST(BadNumbers, ABotSpecWithNanIsRefused) {
  TestServer server;
  for (const char* bot : {"mcts:c=nan", "mcts:c=inf", "greedy:nodes=nan"}) {
    const Reply reply = server.client().post(
        "/api/games", {{"ruleset", "toy"}, {"players", {"human", bot}}, {"seed", 3}});
    EXPECT_EQ(reply.status, 400) << bot << ": " << reply.body;
    EXPECT_EQ(where_of(reply), "body.players[1]") << bot;
  }
  EXPECT_TRUE(server.client().get("/api/games").json.empty());
}

// A game stored before mcts:c=nan was refused: every GET advanced it, failed a check and answered
// 500. Now it opens (saying why it does not go on), replays, gives its log and is deleted; a move
// on it is 409.
TEST(BadNumbers, APoisonedStoredGameStillOpensReplaysAndIsDeleted) {
  TestServer server;
  const GameRecord record("toy", make_game("toy", nlohmann::json::object()));
  GameRow row;
  row.ruleset = "toy";
  row.players = {"mcts:c=nan", "human"};
  row.seed = 5;
  row.log = record.to_json();
  const std::string id = server.store().create_game(row);
  const std::string game = "/api/games/" + id;

  const Reply opened = server.client().get(game);
  ASSERT_EQ(opened.status, 200) << opened.body;
  EXPECT_EQ(opened.json["pending"], false);
  ASSERT_TRUE(opened.json["blocked"].is_string()) << opened.body;
  EXPECT_NE(opened.json["blocked"].get<std::string>().find("c=nan"), std::string::npos);
  EXPECT_EQ(opened.json["length"], 0);

  EXPECT_EQ(server.client().get(game + "/replay").status, 200);
  EXPECT_EQ(server.client().get(game + "/log").status, 200);
  const Reply moved = server.client().post(game + "/actions", {{"action", 0}, {"length", 0}});
  EXPECT_TRUE(moved.status == 409) << moved.status << " " << moved.body;
  EXPECT_EQ(server.client().get("/api/games").json.size(), 1u);
  EXPECT_EQ(server.client().del(game).status, 200);
  EXPECT_EQ(server.client().get(game).status, 404);
}

}  // namespace
}  // namespace warband::server
