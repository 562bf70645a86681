// Remote seats (issue 21): a game whose seats are played through secret links. Every game route
// is read as each seat, as the creator and as a stranger: a hand never reaches a reader who may
// not see it, and only a seat's own link moves it.
#include <gtest/gtest.h>

#include <array>
#include <fstream>
#include <iterator>
#include <regex>
#include <sstream>

#include "core/game.h"
#include "server/seat_tokens.h"
#include "tests/support/remote_game.h"
#include "tests/support/test_server.h"

namespace warband::server {
namespace {

using testing::bearer;
using testing::Client;
using testing::create_remote_game;
using testing::RemoteGame;
using testing::Reply;
using testing::TempDir;
using testing::TestServer;

const nlohmann::json kAtomsPastSetup = {{"map", "training_ground"}};
const nlohmann::json kRemoteToySetup = {{"parameters", {{"target", 12}, {"max_turns", 8}}}};

// Plays `moves` decisions, each by the link whose seat is to move (its view lists the actions).
void play_moves(Client& client, const std::string& id, const std::array<std::string, 2>& tokens,
                int moves) {
  for (int move = 0; move < moves; ++move) {
    bool moved = false;
    for (int seat = 0; seat < 2 && !moved; ++seat) {
      const nlohmann::json view = client.get("/api/games/" + id, bearer(tokens[seat])).json;
      if (view["legal"].empty()) continue;
      const Reply reply =
          client.post("/api/games/" + id + "/actions",
                      {{"action", view["legal"][0]["action"]}, {"length", view["length"]}},
                      bearer(tokens[seat]));
      ASSERT_EQ(reply.status, 200) << reply.body;
      moved = true;
    }
    ASSERT_TRUE(moved) << "neither seat had a move at decision " << move;
  }
}

std::string file_bytes(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(file), {});
}

TEST(SeatTokens, AreLongRandomAndHashedWithSha256) {
  const std::string first = new_token();
  EXPECT_TRUE(std::regex_match(first, std::regex("[0-9a-f]{64}"))) << first;
  EXPECT_NE(first, new_token());
  // The FIPS 180-2 test vector.
  EXPECT_EQ(token_hash("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}

TEST(RemoteSeats, CreatingAGameAnswersLinksOnceAndStoresOnlyTheirHashes) {
  TestServer server;
  const auto [created, id, tokens, owner] =
      create_remote_game(server.client(), "atomspast", kAtomsPastSetup, {0, 1});
  const nlohmann::json& invite = created["invite"];
  ASSERT_EQ(invite["seats"].size(), 2u);
  const std::string& red = tokens[0];
  const std::string& blue = tokens[1];
  EXPECT_NE(red, blue);
  EXPECT_EQ(invite["seats"][1]["link"], "http://127.0.0.1:" + std::to_string(server.port()) +
                                            "/#/play/" + id + "?token=" + blue);
  // The creator plays no seat here: the answer hides both hands and the seed.
  EXPECT_EQ(created["seat"], kSeesPublic);
  EXPECT_TRUE(created["seed"].is_null());
  EXPECT_EQ(created["access"]["owner"], true);
  // What the database holds: the hashes, never a token.
  const std::string db =
      file_bytes(server.store().path()) + file_bytes(server.store().path() + "-wal");
  for (const std::string& token : {red, blue, owner}) {
    EXPECT_EQ(db.find(token), std::string::npos);
    EXPECT_NE(db.find(token_hash(token)), std::string::npos);
  }
}

TEST(RemoteSeats, EveryAtomsPastRouteShowsEachSeatItsOwnHandAndAStrangerNone) {
  TestServer server;
  Client& client = server.client();
  const auto [created, id, tokens, owner] =
      create_remote_game(client, "atomspast", kAtomsPastSetup, {0, 1});
  // Both sides draw their hands and place spells before deploying.
  play_moves(client, id, tokens, 3);

  for (int seat = 0; seat < 2; ++seat) {
    for (const std::string& path : {"/api/games/" + id, "/api/games/" + id + "/replay"}) {
      const Reply reply = client.get(path, bearer(tokens[seat]));
      ASSERT_EQ(reply.status, 200) << path << reply.body;
      const nlohmann::json& players = reply.json["table"]["players"];
      EXPECT_TRUE(players[seat]["hand"].is_array()) << path << " seat " << seat;
      EXPECT_TRUE(players[1 - seat]["hand"].is_null()) << path << " seat " << seat;
      for (const nlohmann::json& entry : reply.json["log"]) {
        if (entry.value("private_to", -1) >= 0) {
          EXPECT_EQ(entry["private_to"], seat) << entry.dump();
        }
      }
    }
    // Another seat's view is refused, not served.
    EXPECT_EQ(
        client.get("/api/games/" + id + "?seat=" + std::to_string(1 - seat), bearer(tokens[seat]))
            .status,
        403);
    // The log holds every card and the seed: closed while the game goes on.
    EXPECT_EQ(client.get("/api/games/" + id + "/log", bearer(tokens[seat])).status, 403);
  }
  // A stranger (no token) sees what neither side hides, on every route.
  for (const std::string& path : {"/api/games/" + id, "/api/games/" + id + "/replay",
                                  "/api/games/" + id + "/replay?step=3"}) {
    const Reply reply = client.get(path);
    ASSERT_EQ(reply.status, 200) << path << reply.body;
    const nlohmann::json& players = reply.json["table"]["players"];
    EXPECT_TRUE(players[0]["hand"].is_null()) << path;
    EXPECT_TRUE(players[1]["hand"].is_null()) << path;
    if (path.find("step") == std::string::npos) {
      EXPECT_GT(players[0]["hand_size"].get<int>(), 0);
    }
    int hidden = 0;
    for (const nlohmann::json& entry : reply.json["log"]) {
      EXPECT_LT(entry.value("private_to", -1), 0) << path << entry.dump();
      hidden += entry.value("hidden", false) ? 1 : 0;
    }
    EXPECT_GT(hidden, 0) << path;
    if (reply.json.contains("seed")) {
      EXPECT_TRUE(reply.json["seed"].is_null());
    }
    EXPECT_TRUE(!reply.json.contains("legal") || reply.json["legal"].empty());
  }
  EXPECT_EQ(client.get("/api/games/" + id + "/log").status, 403);
  EXPECT_EQ(client.get("/api/games/" + id + "?seat=0").status, 403);
  // Listing games names them without anything hidden.
  const Reply listed = client.get("/api/games");
  ASSERT_EQ(listed.status, 200);
  EXPECT_FALSE(listed.json[0].contains("log"));
}

TEST(RemoteSeats, OnlyTheSeatToMoveMovesAndEveryOtherWriteIsRefused) {
  TestServer server;
  Client& client = server.client();
  const auto [created, id, tokens, owner] =
      create_remote_game(client, "atomspast", kAtomsPastSetup, {0, 1});
  const int to_move = created["current_player"];
  ASSERT_GE(to_move, 0);
  const nlohmann::json view = client.get("/api/games/" + id, bearer(tokens[to_move])).json;
  ASSERT_FALSE(view["legal"].empty());
  const nlohmann::json move = {{"action", view["legal"][0]["action"]}, {"length", view["length"]}};
  const std::string actions = "/api/games/" + id + "/actions";
  // A lambda may not name a structured binding before C++20's P1091 (clang 14, the ASan build).
  const auto& seat_tokens = tokens;
  const auto refused = [&](const Reply& reply, int status, const std::string& where) {
    EXPECT_EQ(reply.status, status) << reply.body;
    EXPECT_EQ(reply.json["error"]["where"], where) << reply.body;
    EXPECT_EQ(reply.body.find(seat_tokens[0]), std::string::npos);
    EXPECT_EQ(reply.body.find(seat_tokens[1]), std::string::npos);
  };
  refused(client.post(actions, move), 403, "header.Authorization");  // no token
  refused(client.post(actions, move, bearer(tokens[1 - to_move])), 403, "body.action");
  refused(client.post(actions, move, bearer(owner)), 403, "body.action");  // plays no seat here
  refused(client.post(actions, move, bearer(new_token())), 403, "header.Authorization");
  refused(client.post("/api/games/" + id + "/undo", {{"length", view["length"]}},
                      bearer(tokens[to_move])),
          403, "path");
  refused(client.del("/api/games/" + id, bearer(tokens[to_move])), 403, "header.Authorization");
  refused(client.post("/api/games/" + id + "/seats/1/link", nlohmann::json::object(),
                      bearer(tokens[to_move])),
          403, "header.Authorization");
  // A stale revision is 409 even for the right seat.
  refused(
      client.post(actions, {{"action", move["action"]}, {"length", 0}}, bearer(tokens[to_move])),
      409, "body.length");
  // Nothing above moved the game; the right link does.
  EXPECT_EQ(client.get("/api/games/" + id).json["length"], view["length"]);
  const Reply played = client.post(actions, move, bearer(tokens[to_move]));
  ASSERT_EQ(played.status, 200) << played.body;
  EXPECT_GT(played.json["length"].get<int>(), view["length"].get<int>());
}

TEST(RemoteSeats, TheCreatorRevokesAndReissuesASeatLink) {
  TestServer server;
  Client& client = server.client();
  const auto [created, id, tokens, owner] =
      create_remote_game(client, "atomspast", kAtomsPastSetup, {0, 1});
  const std::string& blue = tokens[1];
  ASSERT_EQ(client.get("/api/games/" + id, bearer(blue)).status, 200);

  const Reply revoked = client.del("/api/games/" + id + "/seats/1/link", bearer(owner));
  ASSERT_EQ(revoked.status, 200) << revoked.body;
  const Reply refused = client.get("/api/games/" + id, bearer(blue));
  EXPECT_EQ(refused.status, 403);
  EXPECT_NE(refused.json["error"]["what"].get<std::string>().find("revoked"), std::string::npos);

  const Reply reissued =
      client.post("/api/games/" + id + "/seats/1/link", nlohmann::json::object(), bearer(owner));
  ASSERT_EQ(reissued.status, 200) << reissued.body;
  const std::string fresh = reissued.json["token"];
  EXPECT_NE(fresh, blue);
  const Reply seen = client.get("/api/games/" + id, bearer(fresh));
  ASSERT_EQ(seen.status, 200) << seen.body;
  EXPECT_EQ(seen.json["seat"], 1);
  EXPECT_EQ(client.get("/api/games/" + id, bearer(blue)).status, 403);  // the old one stays dead
  EXPECT_EQ(
      client.post("/api/games/" + id + "/seats/2/link", nlohmann::json::object(), bearer(owner))
          .status,
      404);
  // Only the creator deletes a game with remote seats.
  EXPECT_EQ(client.del("/api/games/" + id).status, 403);
  EXPECT_EQ(client.del("/api/games/" + id, bearer(owner)).status, 200);
}

TEST(RemoteSeats, TheCreatorPlaysTheLocalSeatAndTheFriendTheirs) {
  // The toy ruleset deals each side a hidden card: one seat through a link, the other the
  // creator's.
  TestServer server([](ServerOptions& options) { options.public_url = "https://games.example"; });
  Client& client = server.client();
  const auto [created, id, tokens, owner] = create_remote_game(client, "toy", kRemoteToySetup, {1});
  const std::string& blue = tokens[1];
  EXPECT_EQ(created["invite"]["seats"][0]["link"],
            "https://games.example/#/play/" + id + "?token=" + blue);
  EXPECT_EQ(created["access"]["seats"], nlohmann::json::array({0}));
  const nlohmann::json red_view = client.get("/api/games/" + id, bearer(owner)).json;
  const nlohmann::json blue_view = client.get("/api/games/" + id, bearer(blue)).json;
  const nlohmann::json public_view = client.get("/api/games/" + id).json;
  EXPECT_EQ(red_view["seat"], 0);
  EXPECT_EQ(blue_view["seat"], 1);
  EXPECT_EQ(red_view["log"][1]["text"], "(hidden)");  // Blue's card
  EXPECT_NE(red_view["log"][0]["text"], "(hidden)");  // Red's own
  EXPECT_EQ(blue_view["log"][0]["text"], "(hidden)");
  EXPECT_NE(blue_view["log"][1]["text"], "(hidden)");
  EXPECT_EQ(public_view["log"][0]["text"], "(hidden)");
  EXPECT_EQ(public_view["log"][1]["text"], "(hidden)");
  // Red (the creator) moves; Blue's link cannot move for Red.
  ASSERT_EQ(red_view["current_player"], 0);
  const nlohmann::json move = {{"action", red_view["legal"][0]["action"]},
                               {"length", red_view["length"]}};
  EXPECT_EQ(client.post("/api/games/" + id + "/actions", move, bearer(blue)).status, 403);
  EXPECT_EQ(client.post("/api/games/" + id + "/actions", move, bearer(owner)).status, 200);
}

TEST(RemoteSeats, APlayerResignsAndTheOtherWins) {
  TestServer server;
  Client& client = server.client();
  const auto [created, id, tokens, owner] =
      create_remote_game(client, "atomspast", kAtomsPastSetup, {0, 1});
  const std::string resign = "/api/games/" + id + "/resign";
  const nlohmann::json length = {{"length", created["length"]}};
  EXPECT_EQ(client.post(resign, length).status, 403);                 // a spectator
  EXPECT_EQ(client.post(resign, length, bearer(owner)).status, 403);  // plays no seat here
  EXPECT_EQ(client.post(resign, {{"length", 0}}, bearer(tokens[1])).status, 409);  // stale
  const Reply resigned = client.post(resign, length, bearer(tokens[1]));
  ASSERT_EQ(resigned.status, 200) << resigned.body;
  EXPECT_EQ(resigned.json["terminal"], true);
  EXPECT_EQ(resigned.json["winner"], "Red");
  EXPECT_EQ(resigned.json["end_reason"], "Blue resigned: Red won");
  EXPECT_TRUE(resigned.json["legal"].empty());
  // Over for everyone: Red reads it, a stranger sees everything, the log opens, no more moves.
  const nlohmann::json red = client.get("/api/games/" + id, bearer(tokens[0])).json;
  EXPECT_EQ(red["terminal"], true);
  EXPECT_TRUE(red["legal"].empty());
  EXPECT_EQ(client.get("/api/games/" + id).json["seat"], kSeesEverything);
  EXPECT_EQ(client.get("/api/games/" + id + "/log").status, 200);
  EXPECT_EQ(client.post(resign, length, bearer(tokens[0])).status, 409);
  const Reply listed = client.get("/api/games");
  EXPECT_EQ(listed.json[0]["winner"], "Red");
  EXPECT_EQ(listed.json[0]["terminal"], true);
  // A game at one screen has no resignation.
  const Reply open = client.post(
      "/api/games",
      {{"ruleset", "toy"}, {"setup", kRemoteToySetup}, {"players", {"human", "human"}}});
  EXPECT_EQ(client
                .post("/api/games/" + open.json["id"].get<std::string>() + "/resign",
                      {{"length", open.json["length"]}})
                .status,
            409);
}

TEST(RemoteSeats, ARematchKeepsEachLinkOnItsSide) {
  TestServer server;
  Client& client = server.client();
  const auto [created, id, tokens, owner] =
      create_remote_game(client, "atomspast", kAtomsPastSetup, {0, 1});
  const std::string rematch = "/api/games/" + id + "/rematch";
  EXPECT_EQ(client.post(rematch, nlohmann::json::object(), bearer(tokens[0])).status, 409);
  ASSERT_EQ(
      client
          .post("/api/games/" + id + "/resign", {{"length", created["length"]}}, bearer(tokens[0]))
          .status,
      200);
  EXPECT_EQ(client.post(rematch, nlohmann::json::object()).status, 403);  // a spectator
  const Reply first = client.post(rematch, nlohmann::json::object(), bearer(tokens[0]));
  ASSERT_EQ(first.status, 200) << first.body;
  const std::string next = first.json["id"];
  EXPECT_NE(next, id);
  // Both press Rematch: one game.
  EXPECT_EQ(client.post(rematch, nlohmann::json::object(), bearer(tokens[1])).json["id"], next);
  for (int seat = 0; seat < 2; ++seat) {
    const Reply view = client.get("/api/games/" + next, bearer(tokens[seat]));
    ASSERT_EQ(view.status, 200) << view.body;
    EXPECT_EQ(view.json["seat"], seat);
    EXPECT_EQ(view.json["terminal"], false);
  }
  EXPECT_EQ(client.get("/api/games/" + id, bearer(tokens[0])).json["access"]["rematch"], next);
}

// Spellweavers hides nothing, yet its routes answer each reader as its seat: only the seat to
// move is offered moves, another seat's view and every stranger's write are refused.
TEST(RemoteSeats, EverySpellweaversRouteAnswersEachReaderAsItsSeat) {
  TestServer server;
  Client& client = server.client();
  const auto [created, id, tokens, owner] =
      create_remote_game(client, "spellweavers", nlohmann::json::object(), {0, 1});
  const int to_move = created["current_player"];
  ASSERT_GE(to_move, 0);
  for (int seat = 0; seat < 2; ++seat) {
    const Reply view = client.get("/api/games/" + id, bearer(tokens[seat]));
    ASSERT_EQ(view.status, 200) << view.body;
    EXPECT_EQ(view.json["seat"], seat);
    EXPECT_EQ(view.json["legal"].empty(), seat != to_move);
    EXPECT_EQ(client.get("/api/games/" + id + "/replay?step=0", bearer(tokens[seat])).status, 200);
    EXPECT_EQ(
        client.get("/api/games/" + id + "?seat=" + std::to_string(1 - seat), bearer(tokens[seat]))
            .status,
        403);
    EXPECT_EQ(client.get("/api/games/" + id + "/log", bearer(tokens[seat])).status, 403);
  }
  const Reply watched = client.get("/api/games/" + id);
  ASSERT_EQ(watched.status, 200);
  EXPECT_EQ(watched.json["seat"], kSeesPublic);
  EXPECT_TRUE(watched.json["legal"].empty());
  EXPECT_TRUE(watched.json["seed"].is_null());
  const nlohmann::json mover = client.get("/api/games/" + id, bearer(tokens[to_move])).json;
  const nlohmann::json move = {{"action", mover["legal"][0]["action"]},
                               {"length", mover["length"]}};
  EXPECT_EQ(client.post("/api/games/" + id + "/actions", move).status, 403);
  EXPECT_EQ(client.post("/api/games/" + id + "/actions", move, bearer(tokens[1 - to_move])).status,
            403);
  EXPECT_EQ(client.post("/api/games/" + id + "/actions", move, bearer(tokens[to_move])).status,
            200);
}

TEST(RemoteSeats, SpectatorsMayBeKeptOutUntilTheEnd) {
  TestServer server;
  Client& client = server.client();
  const auto [created, id, tokens, owner] =
      create_remote_game(client, "atomspast", kAtomsPastSetup, {0, 1}, "after_end");
  EXPECT_EQ(client.get("/api/games/" + id).status, 403);
  EXPECT_EQ(client.get("/api/games/" + id + "/replay").status, 403);
  EXPECT_EQ(client.get("/api/games/" + id, bearer(tokens[0])).status, 200);
}

TEST(RemoteSeats, LinksSurviveARestart) {
  TempDir dir;
  const auto on = [&](ServerOptions& options) { options.db_path = dir.file("games.db"); };
  RemoteGame game;
  {
    TestServer server(on);
    game = create_remote_game(server.client(), "atomspast", kAtomsPastSetup, {0, 1});
  }
  TestServer server(on);
  const std::string& id = game.id;
  const Reply red = server.client().get("/api/games/" + id, bearer(game.tokens[0]));
  ASSERT_EQ(red.status, 200) << red.body;
  EXPECT_EQ(red.json["seat"], 0);
  EXPECT_EQ(server.client().get("/api/games/" + id, bearer(new_token())).status, 403);
}

TEST(RemoteSeats, BadRemoteSettingsSayWhatIsWrong) {
  TestServer server;
  const auto error_at = [&](const nlohmann::json& remote, const nlohmann::json& players) {
    const Reply reply = server.client().post("/api/games", {{"ruleset", "atomspast"},
                                                            {"setup", kAtomsPastSetup},
                                                            {"players", players},
                                                            {"remote", remote}});
    EXPECT_EQ(reply.status, 400) << reply.body;
    return reply.json["error"]["where"].get<std::string>();
  };
  EXPECT_EQ(error_at({{"seats", {1}}}, {"human", "greedy"}), "body.remote.seats[0]");
  EXPECT_EQ(error_at({{"seats", {2}}}, {"human", "human"}), "body.remote.seats[0]");
  EXPECT_EQ(error_at({{"seats", {1, 1}}}, {"human", "human"}), "body.remote.seats[1]");
  EXPECT_EQ(error_at({{"seats", nlohmann::json::array()}}, {"human", "human"}),
            "body.remote.seats");
  EXPECT_EQ(error_at({{"seats", {1}}, {"spectators", "never"}}, {"human", "human"}),
            "body.remote.spectators");
}

TEST(RemoteSeats, AGameWithoutRemoteSeatsIsOpenAsBefore) {
  TestServer server;
  Client& client = server.client();
  const Reply created = client.post("/api/games", {{"ruleset", "toy"},
                                                   {"setup", kRemoteToySetup},
                                                   {"players", {"human", "human"}},
                                                   {"seed", 12}});
  ASSERT_EQ(created.status, 200);
  EXPECT_FALSE(created.json.contains("invite"));
  EXPECT_FALSE(created.json.contains("access"));
  EXPECT_EQ(created.json["seed"], 12);
  const std::string id = created.json["id"];
  EXPECT_EQ(client.get("/api/games/" + id + "?seat=1").json["seat"], 1);
  EXPECT_EQ(client.get("/api/games/" + id + "/log").status, 200);
  // A token sent to an open game changes nothing.
  EXPECT_EQ(client.get("/api/games/" + id, bearer(new_token())).status, 200);
}

}  // namespace
}  // namespace warband::server
