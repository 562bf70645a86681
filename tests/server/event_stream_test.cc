// The games' event streams (issue 21): GET /api/games/{id}/events as Server-Sent Events. The
// waiting seat hears the other's move within a second, a reconnect with Last-Event-ID gets only
// what it missed, who is connected is told to both, and held streams never take the connection
// threads the API answers on.
#include <gtest/gtest.h>

#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include "tests/support/raw_connection.h"
#include "tests/support/remote_game.h"
#include "tests/support/test_server.h"

namespace warband::server {
namespace {

using testing::bearer;
using testing::Client;
using testing::create_remote_game;
using testing::raw_status;
using testing::RawConnection;
using testing::RemoteGame;
using testing::Reply;
using testing::TestServer;
using Clock = std::chrono::steady_clock;

// The toy game every stream test watches, both seats through links.
RemoteGame stream_create_remote(Client& client) {
  return create_remote_game(client, "toy", {{"parameters", {{"target", 12}, {"max_turns", 8}}}},
                            {0, 1}, "live", 12);
}

// A stream opened by hand: what it has received so far.
class Stream {
 public:
  Stream(int port, const std::string& path, const std::string& extra_headers = "") : raw_(port) {
    raw_.send("GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\n" + extra_headers + "\r\n");
  }
  // Reads until `needle` has arrived after what was already read, or `most` passed; true if it did.
  bool wait_for(const std::string& needle, std::chrono::milliseconds most) {
    const auto until = Clock::now() + most;
    while (Clock::now() < until) {
      if (text_.find(needle, consumed_) != std::string::npos) {
        consumed_ = text_.find(needle, consumed_) + needle.size();
        return true;
      }
      text_ += raw_.read_until_closed(std::chrono::milliseconds(50));
      if (raw_.closed_by_server() && text_.find(needle, consumed_) == std::string::npos)
        return false;
    }
    return false;
  }
  const std::string& text() const { return text_; }
  bool closed() {
    text_ += raw_.read_until_closed(std::chrono::milliseconds(2000));
    return raw_.closed_by_server();
  }

 private:
  RawConnection raw_;
  std::string text_;
  std::size_t consumed_ = 0;
};

TEST(EventStreams, TheWaitingSeatHearsTheMoveWithinASecond) {
  TestServer server;
  Client& client = server.client();
  const RemoteGame game = stream_create_remote(client);
  const nlohmann::json red = client.get("/api/games/" + game.id, bearer(game.tokens[0])).json;
  ASSERT_EQ(red["current_player"], 0);
  Stream blue(server.port(), "/api/games/" + game.id + "/events?token=" + game.tokens[1]);
  ASSERT_TRUE(blue.wait_for("\r\n\r\n", std::chrono::seconds(5)));
  EXPECT_EQ(raw_status(blue.text()), 200);
  EXPECT_NE(blue.text().find("Content-Type: text/event-stream"), std::string::npos);
  ASSERT_TRUE(blue.wait_for("event: game\nid: 1\n", std::chrono::seconds(2))) << blue.text();
  EXPECT_TRUE(blue.wait_for("\"connected\":[false,true]", std::chrono::seconds(2)));

  const auto moved = Clock::now();
  ASSERT_EQ(client
                .post("/api/games/" + game.id + "/actions",
                      {{"action", red["legal"][0]["action"]}, {"length", red["length"]}},
                      bearer(game.tokens[0]))
                .status,
            200);
  ASSERT_TRUE(blue.wait_for("event: game\nid: 2\n", std::chrono::seconds(1))) << blue.text();
  EXPECT_LT(Clock::now() - moved, std::chrono::seconds(1));
  // No hand, no action travels on the stream: only that the game moved.
  EXPECT_EQ(blue.text().find("legal"), std::string::npos);
  EXPECT_EQ(blue.text().find("card"), std::string::npos);
}

TEST(EventStreams, AReconnectWithTheLastEventIdGetsOnlyWhatItMissed) {
  TestServer server;
  const RemoteGame game = stream_create_remote(server.client());
  Stream current(server.port(), "/api/games/" + game.id + "/events", "Last-Event-ID: 1\r\n");
  ASSERT_TRUE(current.wait_for("event: presence", std::chrono::seconds(5))) << current.text();
  EXPECT_EQ(current.text().find("event: game"), std::string::npos);
  Stream behind(server.port(), "/api/games/" + game.id + "/events", "Last-Event-ID: 0\r\n");
  EXPECT_TRUE(behind.wait_for("event: game\nid: 1\n", std::chrono::seconds(5)));
  Stream bad(server.port(), "/api/games/" + game.id + "/events", "Last-Event-ID: soon\r\n");
  ASSERT_TRUE(bad.wait_for("\r\n\r\n", std::chrono::seconds(5)));
  EXPECT_EQ(raw_status(bad.text()), 400);
}

TEST(EventStreams, EachSideHearsWhenTheOtherConnectsAndLeaves) {
  TestServer server;
  const RemoteGame game = stream_create_remote(server.client());
  Stream blue(server.port(), "/api/games/" + game.id + "/events?token=" + game.tokens[1]);
  ASSERT_TRUE(blue.wait_for("\"connected\":[false,true]", std::chrono::seconds(5)));
  {
    Stream red(server.port(), "/api/games/" + game.id + "/events?token=" + game.tokens[0]);
    ASSERT_TRUE(blue.wait_for("\"connected\":[true,true]", std::chrono::seconds(5)));
  }
  EXPECT_TRUE(blue.wait_for("\"connected\":[false,true]", std::chrono::seconds(3)));
}

TEST(EventStreams, AStreamIsRefusedWithoutTheRightToken) {
  TestServer server;
  const RemoteGame game = stream_create_remote(server.client());
  Stream forged(server.port(), "/api/games/" + game.id + "/events?token=00ff");
  ASSERT_TRUE(forged.wait_for("\r\n\r\n", std::chrono::seconds(5)));
  EXPECT_EQ(raw_status(forged.text()), 403);
  Stream missing(server.port(), "/api/games/999/events");
  ASSERT_TRUE(missing.wait_for("\r\n\r\n", std::chrono::seconds(5)));
  EXPECT_EQ(raw_status(missing.text()), 404);
}

TEST(EventStreams, HeldStreamsLeaveTheApiItsConnections) {
  // Eight connection threads: eight held streams would have taken them all.
  TestServer server([](ServerOptions& options) {
    options.limits.connections = 8;
    options.limits.per_address = 8;
  });
  const RemoteGame game = stream_create_remote(server.client());
  std::vector<std::unique_ptr<Stream>> streams;
  for (int i = 0; i < 40; ++i) {
    streams.push_back(std::make_unique<Stream>(
        server.port(), "/api/games/" + game.id + "/events?token=" + game.tokens[i % 2]));
    ASSERT_TRUE(streams.back()->wait_for("event: presence", std::chrono::seconds(5))) << i;
  }
  for (int i = 0; i < 20; ++i) {
    Client fresh(server.port());
    const auto asked = Clock::now();
    EXPECT_EQ(fresh.get("/api/health").status, 200);
    EXPECT_LT(Clock::now() - asked, std::chrono::seconds(1));
  }
  // Stopping the server ends every stream: its clients reconnect to the next one.
  server.server().stop();
  EXPECT_TRUE(streams.front()->closed());
}

}  // namespace
}  // namespace warband::server
