// A game with remote seats (docs/api.md "Remote seats") created over HTTP for the server's tests,
// with what each test reads first: its id, each seat's link token and the creator's.
//
//   TestServer server;
//   const auto [created, id, tokens, owner] =
//       create_remote_game(server.client(), "atomspast", {{"map", "training_ground"}}, {0, 1});
//   server.client().get("/api/games/" + id, bearer(tokens[0]));
#pragma once

#include <gtest/gtest.h>
#include <httplib.h>

#include <array>
#include <nlohmann/json.hpp>
#include <string>

#include "tests/support/test_server.h"

namespace warband::server::testing {

// The header a link's reader sends.
inline httplib::Headers bearer(const std::string& token) {
  return {{"Authorization", "Bearer " + token}};
}

struct RemoteGame {
  nlohmann::json created;  // POST /api/games's answer
  std::string id;
  std::array<std::string, 2> tokens;  // each seat's link token; "" for a seat at the screen
  std::string owner;                  // the creator's token
};

// Two human players, `seats` (a JSON list: [0, 1], [1]) through links. A refused game or a seat
// without its link is a test failure.
inline RemoteGame create_remote_game(Client& client, const std::string& ruleset,
                                     const nlohmann::json& setup, const nlohmann::json& seats,
                                     const std::string& spectators = "live", int seed = 42) {
  const Reply reply =
      client.post("/api/games", {{"ruleset", ruleset},
                                 {"setup", setup},
                                 {"players", {"human", "human"}},
                                 {"seed", seed},
                                 {"remote", {{"seats", seats}, {"spectators", spectators}}}});
  EXPECT_EQ(reply.status, 200) << reply.body;
  RemoteGame game{.created = reply.json};
  if (reply.status != 200) return game;
  game.id = reply.json["id"];
  game.owner = reply.json["invite"]["owner_token"];
  for (const nlohmann::json& link : reply.json["invite"]["seats"])
    game.tokens.at(link["seat"].get<int>()) = link["token"];
  for (const nlohmann::json& seat : seats)
    EXPECT_FALSE(game.tokens.at(seat.get<int>()).empty()) << "no link for seat " << seat;
  return game;
}

}  // namespace warband::server::testing
