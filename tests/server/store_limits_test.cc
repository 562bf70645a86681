// What one client may make the server keep or read (server7): the store's caps on documents,
// games and jobs (StoreLimits, store.h), and the refusal of a request head longer than the HTTP
// library reads, each a clear 4xx over HTTP.
#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <vector>

#include "tests/support/raw_connection.h"
#include "tests/support/remote_game.h"
#include "tests/support/test_server.h"

namespace warband::server {
namespace {

using namespace std::chrono_literals;
using testing::bearer;
using testing::Client;
using testing::create_remote_game;
using testing::finished_job;
using testing::raw_status;
using testing::RawConnection;
using testing::Reply;
using testing::TestServer;

const nlohmann::json kTrainingGround = {{"map", "training_ground"}};

nlohmann::json a_document(int number) {
  return {{"ruleset", "atomspast"},
          {"kind", "warband"},
          {"name", "Orcs " + std::to_string(number)},
          {"text", "name = \"Orcs\"\n"}};
}

nlohmann::json a_game() {
  return {{"ruleset", "atomspast"}, {"setup", kTrainingGround}, {"players", {"human", "human"}}};
}

TEST(StoreLimits, DocumentsPastTheCapAre409UntilOneIsDeleted) {
  TestServer server([](ServerOptions& options) { options.store_limits.documents = 2; });
  Client& client = server.client();
  const Reply first = client.post("/api/documents", a_document(1));
  ASSERT_EQ(first.status, 200) << first.body;
  ASSERT_EQ(client.post("/api/documents", a_document(2)).status, 200);

  const Reply full = client.post("/api/documents", a_document(3));
  EXPECT_EQ(full.status, 409) << full.body;
  EXPECT_EQ(full.json["error"]["where"], "path");
  const std::string message = full.json["error"]["message"];
  EXPECT_NE(message.find("at most 2 documents and holds 2"), std::string::npos) << message;
  EXPECT_NE(message.find("DELETE /api/documents/ID"), std::string::npos) << message;
  // A builder operation that creates a document is refused the same way, and nothing is kept.
  const Reply built = client.post("/api/build/atomspast/new", {{"args", {{"name", "Elves"}}}});
  EXPECT_EQ(built.status, 409) << built.body;
  EXPECT_EQ(client.get("/api/documents").json.size(), 2u);
  // Editing what is kept goes on; a deletion makes room.
  const Reply edited = client.put("/api/documents/" + first.json["id"].get<std::string>(),
                                  {{"text", "name = \"Orcs!\"\n"}, {"revision", 1}});
  EXPECT_EQ(edited.status, 200) << edited.body;
  ASSERT_EQ(client.del("/api/documents/" + first.json["id"].get<std::string>()).status, 200);
  EXPECT_EQ(client.post("/api/documents", a_document(3)).status, 200);
}

TEST(StoreLimits, GamesReplaysAndRematchesPastTheCapAre409) {
  TestServer server([](ServerOptions& options) { options.store_limits.games = 2; });
  Client& client = server.client();
  const Reply open = client.post("/api/games", a_game());
  ASSERT_EQ(open.status, 200) << open.body;
  const auto [created, id, tokens, owner] =
      create_remote_game(client, "atomspast", kTrainingGround, {1});
  ASSERT_EQ(
      client
          .post("/api/games/" + id + "/resign", {{"length", created["length"]}}, bearer(tokens[1]))
          .status,
      200);

  const Reply full = client.post("/api/games", a_game());
  EXPECT_EQ(full.status, 409) << full.body;
  EXPECT_EQ(full.json["error"]["where"], "path");
  const std::string message = full.json["error"]["message"];
  EXPECT_NE(message.find("at most 2 games and holds 2"), std::string::npos) << message;
  EXPECT_NE(message.find("DELETE /api/games/ID"), std::string::npos) << message;
  nlohmann::json remote = a_game();
  remote["remote"] = {{"seats", {1}}};
  EXPECT_EQ(client.post("/api/games", remote).status, 409);
  EXPECT_EQ(
      client.post("/api/games/" + id + "/rematch", nlohmann::json::object(), bearer(tokens[1]))
          .status,
      409);
  const nlohmann::json log = client.get("/api/games/" + id + "/log").json;
  EXPECT_EQ(client.post("/api/replays/import", {{"log", log}}).status, 409);
  EXPECT_EQ(
      client
          .post("/api/replays/sim",
                {{"ruleset", "atomspast"}, {"seed", 1}, {"index", 0}, {"setup", kTrainingGround}})
          .status,
      409);
  EXPECT_EQ(client.get("/api/games").json.size(), 2u);
  // Playing on what is kept goes on; a deletion makes room.
  const nlohmann::json& move = open.json["legal"][0];
  EXPECT_EQ(client
                .post("/api/games/" + open.json["id"].get<std::string>() + "/actions",
                      {{"action", move["action"]}, {"length", open.json["length"]}})
                .status,
            200);
  ASSERT_EQ(client.del("/api/games/" + open.json["id"].get<std::string>()).status, 200);
  EXPECT_EQ(client.post("/api/replays/import", {{"log", log}}).status, 200);
}

TEST(StoreLimits, ANewJobDropsTheOldestFinishedPastTheCap) {
  TestServer server([](ServerOptions& options) { options.store_limits.jobs = 2; });
  Client& client = server.client();
  const nlohmann::json run = {{"ruleset", "atomspast"}, {"games", 2},   {"bot", "random"},
                              {"points", 400},          {"threads", 1}, {"setup", kTrainingGround}};
  std::vector<std::string> ids;
  for (int job = 0; job < 3; ++job) {
    const Reply started = client.post("/api/balance", run);
    ASSERT_EQ(started.status, 200) << started.body;
    ids.push_back(started.json["job"]);
    ASSERT_EQ(finished_job(client, ids.back())["state"], "done");
  }
  const Reply listed = client.get("/api/jobs");
  ASSERT_EQ(listed.json.size(), 2u) << listed.body;
  EXPECT_EQ(listed.json[0]["id"], ids[2]);
  EXPECT_EQ(listed.json[1]["id"], ids[1]);
  EXPECT_EQ(client.get("/api/jobs/" + ids[0]).status, 404);
}

// Each request on a game reads its tokens: re-issuing a link without end made every request
// slower. The newest revoked links of a seat are remembered (to say "revoked"), older ones go.
TEST(StoreLimits, ReissuedLinksKeepTheTokensAGameReadsBounded) {
  TestServer server;
  Client& client = server.client();
  const auto [created, id, tokens, owner] =
      create_remote_game(client, "atomspast", kTrainingGround, {1});
  const std::string relink = "/api/games/" + id + "/seats/1/link";
  std::vector<std::string> issued = {tokens[1]};
  for (int reissue = 0; reissue < 40; ++reissue) {
    const Reply answer = client.post(relink, nlohmann::json::object(), bearer(owner));
    ASSERT_EQ(answer.status, 200) << answer.body;
    issued.push_back(answer.json["token"]);
  }
  EXPECT_LE(server.store().find_game_access(id)->tokens.size(), 18u);  // owner, live, 16 revoked
  EXPECT_EQ(client.get("/api/games/" + id, bearer(issued.back())).status, 200);
  const Reply recent = client.get("/api/games/" + id, bearer(issued[issued.size() - 2]));
  EXPECT_EQ(recent.status, 403);
  EXPECT_NE(recent.json["error"]["what"].get<std::string>().find("revoked"), std::string::npos)
      << recent.body;
  const Reply oldest = client.get("/api/games/" + id, bearer(issued.front()));
  EXPECT_EQ(oldest.status, 403);
  EXPECT_EQ(oldest.json["error"]["where"], "header.Authorization");
  EXPECT_EQ(client.get("/api/games/" + id, bearer(owner)).status, 200);
}

// The library reads header lines of up to CPPHTTPLIB_HEADER_MAX_LENGTH (8,192) bytes and refuses
// a longer one with a bare 400; it is answered 431, saying what was too long.
TEST(RequestHead, AnOverLongHeaderLineIs431) {
  TestServer server;
  RawConnection raw(server.port());
  raw.send("GET /api/health HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer " +
           std::string(9000, 'a') + "\r\n\r\n");
  const std::string answer = raw.read_until_closed(10s);
  EXPECT_EQ(raw_status(answer), 431) << answer;
  EXPECT_NE(answer.find("\"where\":\"header\""), std::string::npos) << answer;
  EXPECT_NE(answer.find("\"message\":\"A header line is longer than the 8192 bytes this "
                        "server reads: send shorter headers.\""),
            std::string::npos)
      << answer;
  // Within the limit, the same request is served.
  RawConnection within(server.port());
  within.send("GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Padding: " +
              std::string(8000, 'a') + "\r\nConnection: close\r\n\r\n");
  EXPECT_EQ(raw_status(within.read_until_closed(10s)), 200);
}

TEST(RequestHead, AnOverLongRequestLineIs414AndABrokenOneStays400) {
  TestServer server;
  RawConnection long_line(server.port());
  long_line.send("GET /api/health?q=" + std::string(9000, 'a') +
                 " HTTP/1.1\r\nHost: localhost\r\n\r\n");
  const std::string answer = long_line.read_until_closed(10s);
  EXPECT_EQ(raw_status(answer), 414) << answer;
  EXPECT_NE(answer.find("the request line is longer than the 8192 bytes"), std::string::npos)
      << answer;

  RawConnection broken(server.port());
  broken.send("GET /api/health HTTP/9.9\r\nHost: localhost\r\n\r\n");
  EXPECT_EQ(raw_status(broken.read_until_closed(10s)), 400);
}

TEST(RequestHead, HeadersCutShortByTheDeadlineStay400) {
  TestServer server([](ServerOptions& options) { options.limits.header_deadline = 300ms; });
  RawConnection raw(server.port());
  raw.send("GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Slow: 1\r\n");
  const std::string answer = raw.read_until_closed(10s);
  // The deadline closes the connection; whatever is answered is not a 431.
  EXPECT_NE(raw_status(answer), 431) << answer;
}

}  // namespace
}  // namespace warband::server
