// A server shared beyond this machine (issue 21): the warning and the network addresses it
// prints, --public-url, and the caps on game creation and on moves in a game with remote seats.
#include <gtest/gtest.h>

#include "core/error.h"
#include "server/exposure.h"
#include "server/rate_limiter.h"
#include "tests/support/test_server.h"

namespace warband::server {
namespace {

using testing::Client;
using testing::Reply;
using testing::TestServer;

TEST(Exposure, ListeningBeyondLoopbackWarnsAndNamesTheNetworkAddresses) {
  EXPECT_EQ(exposure_notice("127.0.0.1", 8080, {"192.168.1.20"}), "");
  EXPECT_EQ(exposure_notice("localhost", 8080, {"192.168.1.20"}), "");
  const std::string any = exposure_notice("0.0.0.0", 8080, {"192.168.1.20", "10.0.0.5"});
  EXPECT_EQ(any.rfind("WARNING: listening on 0.0.0.0", 0), 0u) << any;
  EXPECT_NE(any.find("On your network: http://192.168.1.20:8080/"), std::string::npos) << any;
  EXPECT_NE(any.find("On your network: http://10.0.0.5:8080/"), std::string::npos) << any;
  const std::string one = exposure_notice("192.168.1.20", 9000, {"192.168.1.20"});
  EXPECT_NE(one.find("Friends reach it at http://192.168.1.20:9000/"), std::string::npos) << one;
  EXPECT_NE(exposure_notice("0.0.0.0", 1, {}).find("no network address"), std::string::npos);
  for (const std::string& address : lan_addresses())
    EXPECT_NE(address.rfind("127.", 0), 0u) << address;
}

TEST(Exposure, APublicUrlIsAnHttpAddressWithoutItsTrailingSlash) {
  EXPECT_EQ(normalize_public_url("https://games.example.org/"), "https://games.example.org");
  EXPECT_EQ(normalize_public_url("http://10.0.0.5:8080/warband//"), "http://10.0.0.5:8080/warband");
  for (const char* bad : {"games.example.org", "ftp://x", "https://", "https://a b",
                          "https://x/?q=1", "https://user@x"}) {
    try {
      normalize_public_url(bad);
      ADD_FAILURE() << bad << " was accepted";
    } catch (const InputError& error) {
      EXPECT_EQ(error.where(), "--public-url");
    }
  }
}

TEST(RateLimiter, CountsEachKeyWithinItsWindow) {
  RateLimiter limiter(2, std::chrono::seconds(60));
  const auto start = RateLimiter::Clock::now();
  EXPECT_TRUE(limiter.allow("a", start));
  EXPECT_TRUE(limiter.allow("a", start + std::chrono::seconds(1)));
  EXPECT_FALSE(limiter.allow("a", start + std::chrono::seconds(2)));
  EXPECT_TRUE(limiter.allow("b", start + std::chrono::seconds(2)));
  // The first event leaves the window after a minute: one more is allowed, not two.
  const auto later = start + std::chrono::milliseconds(60'500);
  EXPECT_TRUE(limiter.allow("a", later));
  EXPECT_FALSE(limiter.allow("a", later));
  RateLimiter unlimited(0, std::chrono::seconds(60));
  for (int i = 0; i < 1000; ++i)
    ASSERT_TRUE(unlimited.allow("a", start));
}

const nlohmann::json kToyGame = {{"ruleset", "toy"},
                                 {"setup", {{"parameters", {{"target", 12}, {"max_turns", 8}}}}},
                                 {"players", {"human", "human"}}};

TEST(SharedServer, GameCreationIsCappedPerAddressAndPerToken) {
  TestServer server([](ServerOptions& options) { options.games_per_minute = 3; });
  Client& client = server.client();
  for (int i = 0; i < 3; ++i)
    ASSERT_EQ(client.post("/api/games", kToyGame).status, 200) << i;
  const Reply refused = client.post("/api/games", kToyGame);
  EXPECT_EQ(refused.status, 429);
  EXPECT_NE(refused.json["error"]["what"].get<std::string>().find("this address"),
            std::string::npos);
  // Other routes are not capped.
  EXPECT_EQ(client.get("/api/games").status, 200);
}

TEST(SharedServer, OnLoopbackGameCreationIsNotCappedByDefault) {
  TestServer server;
  for (int i = 0; i < 40; ++i)
    ASSERT_EQ(server.client().post("/api/games", kToyGame).status, 200) << i;
}

TEST(SharedServer, MovesInAGameWithRemoteSeatsAreCapped) {
  TestServer server([](ServerOptions& options) { options.remote_moves_per_minute = 1; });
  Client& client = server.client();
  nlohmann::json body = kToyGame;
  body["remote"] = {{"seats", {0, 1}}};
  const Reply created = client.post("/api/games", body);
  ASSERT_EQ(created.status, 200) << created.body;
  const std::string id = created.json["id"];
  std::string tokens[2];
  for (const nlohmann::json& link : created.json["invite"]["seats"])
    tokens[link["seat"].get<int>()] = link["token"];
  for (int move = 0; move < 2; ++move) {
    const int seat = client.get("/api/games/" + id).json["current_player"];
    const httplib::Headers auth = {{"Authorization", "Bearer " + tokens[seat]}};
    const nlohmann::json view = client.get("/api/games/" + id, auth).json;
    const Reply reply =
        client.post("/api/games/" + id + "/actions",
                    {{"action", view["legal"][0]["action"]}, {"length", view["length"]}}, auth);
    EXPECT_EQ(reply.status, move == 0 ? 200 : 429) << reply.body;
  }
}

}  // namespace
}  // namespace warband::server
