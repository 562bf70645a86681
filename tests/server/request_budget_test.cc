// Every request that searches or samples runs within a budget (issue 14, defect 5): bots in games
// and /api/replays/sim, odds sampling; work stops when the client hangs up and when the server
// stops. Bounds on time are generous: the tests assert that the work stopped, not how fast.
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "tests/support/raw_connection.h"
#include "tests/support/test_server.h"

namespace warband::server {
namespace {

using namespace std::chrono_literals;
using testing::RawConnection;
using testing::Reply;
using testing::TestServer;

const nlohmann::json kHugeSearches = {"greedy:depth=8,nodes=10000000",
                                      "mcts:rollout=full,iterations=100000"};

nlohmann::json huge_replay() {
  return {{"ruleset", "atomspast"},
          {"seed", 5},
          {"index", 0},
          {"bots", {"greedy:depth=8,nodes=10000000", "greedy:depth=8,nodes=10000000"}},
          {"setup", {{"map", "training_ground"}}}};
}

// Ruled: a bot in a game request that runs out of budget plays the best action it found, and the
// game goes on; the answer comes.
TEST(RequestBudget, AGameBotOutOfBudgetStillMoves) {
  TestServer server([](ServerOptions& options) { options.limits.request_budget = 300ms; });
  const auto start = std::chrono::steady_clock::now();
  const Reply reply = server.client().post("/api/games", {{"ruleset", "atomspast"},
                                                          {"players", kHugeSearches},
                                                          {"seed", 3},
                                                          {"setup", {{"map", "training_ground"}}}});
  EXPECT_LT(std::chrono::steady_clock::now() - start, 60s);
  ASSERT_EQ(reply.status, 200) << reply.body;
  EXPECT_GT(reply.json["length"].get<int>(), 0) << reply.body;
}

// A replayed sweep game cut short would not be the sweep's game: it is refused, nothing stored.
TEST(RequestBudget, AReplayOutOfBudgetIs503AndNotStored) {
  TestServer server([](ServerOptions& options) { options.limits.request_budget = 300ms; });
  const auto start = std::chrono::steady_clock::now();
  const Reply reply = server.client().post("/api/replays/sim", huge_replay());
  EXPECT_LT(std::chrono::steady_clock::now() - start, 60s);
  EXPECT_EQ(reply.status, 503) << reply.body;
  EXPECT_EQ(reply.json["error"]["where"], "request") << reply.body;
  EXPECT_NE(reply.json["error"]["what"].get<std::string>().find("time limit"), std::string::npos)
      << reply.body;
  EXPECT_EQ(server.client().get("/api/games").json.size(), 0u);
}

TEST(RequestBudget, OddsSamplingOutOfBudgetIs503) {
  TestServer server([](ServerOptions& options) { options.limits.request_budget = 50ms; });
  const Reply reply = server.client().post(
      "/api/odds/toy", {{"args", {{"dice", 200}}}, {"samples", 1000000}, {"seed", 1}});
  EXPECT_EQ(reply.status, 503) << reply.body;
  EXPECT_NE(reply.json["error"]["what"].get<std::string>().find("sampling"), std::string::npos)
      << reply.body;
}

// A client that hangs up frees its work slot: the next request is served, not queued behind
// minutes of search nobody will read.
TEST(RequestBudget, WorkStopsWhenTheClientHangsUp) {
  TestServer server([](ServerOptions& options) {
    options.threads = 1;  // one work slot
    options.limits.request_budget = 1h;
  });
  {
    RawConnection raw(server.port());
    const std::string body = huge_replay().dump();
    raw.send(
        "POST /api/replays/sim HTTP/1.1\r\nHost: localhost\r\nContent-Type: "
        "application/json\r\nContent-Length: " +
        std::to_string(body.size()) + "\r\n\r\n" + body);
    std::this_thread::sleep_for(500ms);  // the search has started
  }                                      // hung up
  const auto start = std::chrono::steady_clock::now();
  const Reply next = server.client().post("/api/odds/toy",
                                          {{"args", {{"dice", 2}}}, {"samples", 100}, {"seed", 1}});
  EXPECT_EQ(next.status, 200) << next.body;
  EXPECT_LT(std::chrono::steady_clock::now() - start, 60s);
}

// Issue 14: SIGTERM did not stop the server within 15 s. stop() (what SIGTERM calls) cancels the
// running requests' budgets.
TEST(RequestBudget, StopCancelsRunningRequests) {
  auto server = std::make_unique<TestServer>(
      [](ServerOptions& options) { options.limits.request_budget = 1h; });
  Reply reply;
  std::thread request([&] { reply = server->client().post("/api/replays/sim", huge_replay()); });
  std::this_thread::sleep_for(500ms);
  const auto start = std::chrono::steady_clock::now();
  server->server().stop();
  EXPECT_LT(std::chrono::steady_clock::now() - start, 30s);
  request.join();
  EXPECT_NE(reply.status, 200) << reply.body;
}

}  // namespace
}  // namespace warband::server
