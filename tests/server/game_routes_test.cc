// The "Games (play)" and "Replays" endpoints over HTTP on a real server: a human against the
// greedy bot on AtomsPast, stale and illegal moves, undo, a restart on the same database, logs
// that `warband replay` plays to the same end, a sweep's game replayed, imports, hidden cards.
#include <gtest/gtest.h>

#include <array>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "core/game.h"
#include "core/registry.h"
#include "server/game_session.h"
#include "tests/support/test_files.h"
#include "tests/support/test_server.h"

namespace warband::server {
namespace {

using testing::Client;
using testing::Reply;
using testing::TempDir;
using testing::TestServer;

// A light greedy bot keeps these games fast under AddressSanitizer too.
const nlohmann::json kAtomsPastGame = {{"ruleset", "atomspast"},
                                       {"setup", {{"map", "training_ground"}}},
                                       {"players", {"human", "greedy:depth=1,nodes=20"}},
                                       {"seed", 42}};
const nlohmann::json kToySetup = {{"parameters", {{"target", 12}, {"max_turns", 8}}}};

// `warband ARGS > out`: the real binary, in its own process, with no database.
nlohmann::json warband_json(const std::string& args, const TempDir& dir) {
  const std::string out = dir.file("warband.out");
  const std::string command = std::string(WARBAND_BINARY) + " " + args + " > " + out + " 2>&1";
  const int code = std::system(command.c_str());
  EXPECT_EQ(code, 0) << command << "\n" << read_file_text(out);
  return nlohmann::json::parse(read_file_text(out), nullptr, false);
}

std::string write_json(const TempDir& dir, const std::string& name, const nlohmann::json& json) {
  const std::string path = dir.file(name);
  std::ofstream(path) << json.dump(2);
  return path;
}

// Bots may outlast one request (kMaxTimePerRequest): each GET plays on, as the browser polls.
nlohmann::json played_out(Client& client, nlohmann::json view) {
  for (int poll = 0; poll < 200 && view["pending"].get<bool>(); ++poll)
    view = client.get("/api/games/" + view["id"].get<std::string>()).json;
  EXPECT_FALSE(view["pending"].get<bool>());
  return view;
}

// Plays a human's action, then polls until a human must decide again.
Reply act(Client& client, const nlohmann::json& view, Action action) {
  Reply reply = client.post("/api/games/" + view["id"].get<std::string>() + "/actions",
                            {{"action", action}, {"length", view["length"]}});
  if (reply.status == 200) reply.json = played_out(client, reply.json);
  return reply;
}

nlohmann::json new_game(Client& client, const nlohmann::json& body) {
  const Reply reply = client.post("/api/games", body);
  EXPECT_EQ(reply.status, 200) << reply.body;
  return played_out(client, reply.json);
}

TEST(GameRoutes, AHumanPlaysLegalMovesAgainstGreedy) {
  TestServer server;
  Client& client = server.client();
  nlohmann::json view = new_game(client, kAtomsPastGame);
  EXPECT_EQ(view["kind"], "game");
  EXPECT_EQ(view["seed"], 42);
  EXPECT_EQ(view["players"], kAtomsPastGame["players"]);
  EXPECT_TRUE(view["table"].is_object());
  for (int move = 0; move < 15 && !view["terminal"].get<bool>(); ++move) {
    ASSERT_EQ(view["current_player"], 0) << view.dump();
    ASSERT_EQ(view["seat"], 0);
    ASSERT_FALSE(view["legal"].empty());
    const std::int64_t before = view["length"];
    const Reply reply = act(client, view, view["legal"].back()["action"]);
    ASSERT_EQ(reply.status, 200) << reply.body;
    view = reply.json;
    EXPECT_GT(view["length"].get<std::int64_t>(), before);
    ASSERT_EQ(view["log"].size(), view["length"].get<std::size_t>());
  }
  // The listing and the stored game agree with the last view.
  const Reply listed = client.get("/api/games");
  ASSERT_EQ(listed.status, 200);
  ASSERT_EQ(listed.json.size(), 1u);
  EXPECT_EQ(listed.json[0]["id"], view["id"]);
  EXPECT_EQ(listed.json[0]["length"], view["length"]);
  EXPECT_EQ(listed.json[0]["kind"], "game");
  const Reply again = client.get("/api/games/" + view["id"].get<std::string>());
  ASSERT_EQ(again.status, 200);
  EXPECT_EQ(again.json, view);
}

TEST(GameRoutes, StaleIllegalAndMalformedMovesAreRefused) {
  TestServer server;
  Client& client = server.client();
  const nlohmann::json view = new_game(client, kAtomsPastGame);
  const std::string path = "/api/games/" + view["id"].get<std::string>() + "/actions";
  const Action legal = view["legal"][0]["action"];
  const std::int64_t length = view["length"];

  Reply reply = client.post(path, {{"action", legal}, {"length", length - 1}});
  EXPECT_EQ(reply.status, 409) << reply.body;
  EXPECT_EQ(reply.json["error"]["where"], "body.length");
  EXPECT_EQ(reply.json["error"]["message"], "The game has moved on since this page loaded.");
  reply = client.post(path, {{"action", std::int64_t{1} << 50}, {"length", length}});
  EXPECT_EQ(reply.status, 400) << reply.body;
  EXPECT_EQ(reply.json["error"]["where"], "body.action");
  EXPECT_EQ(client.post(path, {{"action", "4"}, {"length", length}}).status, 400);
  EXPECT_EQ(client.post(path, {{"action", -1}, {"length", length}}).status, 400);
  EXPECT_EQ(client.post(path, {{"action", legal}}).status, 400);
  EXPECT_EQ(client.post_raw(path, "{\"action\": ", "application/json").status, 400);
  EXPECT_EQ(client.post("/api/games/999/actions", {{"action", legal}, {"length", length}}).status,
            404);
  // Nothing of that moved the game; the legal move still plays.
  EXPECT_EQ(client.post(path, {{"action", legal}, {"length", length}}).status, 200);
  // The same request again is stale now.
  EXPECT_EQ(client.post(path, {{"action", legal}, {"length", length}}).status, 409);
}

TEST(GameRoutes, UndoTakesBackUntilADieWasRolled) {
  TestServer server;
  Client& client = server.client();
  nlohmann::json view = new_game(client, kAtomsPastGame);
  const std::string undo = "/api/games/" + view["id"].get<std::string>() + "/undo";
  int undone = 0, refused = 0;
  for (int move = 0; move < 40 && !view["terminal"].get<bool>(); ++move) {
    const nlohmann::json before = view;
    const Action action = view["legal"][move % view["legal"].size()]["action"];
    const Reply played = act(client, view, action);
    ASSERT_EQ(played.status, 200) << played.body;
    view = played.json;
    const Reply taken_back = client.post(undo, {{"length", view["length"]}});
    if (!view["can_undo"].get<bool>()) {
      EXPECT_EQ(taken_back.status, 409) << taken_back.body;
      ++refused;
      continue;
    }
    ASSERT_EQ(taken_back.status, 200) << taken_back.body;
    ++undone;
    // Back where the human decided, with the same choices; playing it again replays the bots'
    // moves exactly.
    EXPECT_EQ(taken_back.json["length"], before["length"]);
    EXPECT_EQ(taken_back.json["legal"], before["legal"]);
    const Reply replayed = act(client, taken_back.json, action);
    ASSERT_EQ(replayed.status, 200);
    EXPECT_EQ(replayed.json["log"], view["log"]);
    view = replayed.json;
  }
  EXPECT_GT(undone, 0);
  EXPECT_GT(refused, 0);
  EXPECT_EQ(client.post(undo, {{"length", -3}}).status, 400);
}

TEST(GameRoutes, ARestartedServerResumesTheGameWithTheSameNextRoll) {
  TempDir dir;
  const auto on = [&](const std::string& db) {
    return [db](ServerOptions& options) { options.db_path = db; };
  };
  // One game played straight on...
  nlohmann::json straight;
  {
    TestServer server(on(dir.file("straight.db")));
    const nlohmann::json view = new_game(server.client(), kAtomsPastGame);
    straight = act(server.client(), view, view["legal"].back()["action"]).json;
  }
  // ...and the same game with a restart before the move.
  std::string id;
  nlohmann::json created;
  {
    TestServer server(on(dir.file("restarted.db")));
    created = new_game(server.client(), kAtomsPastGame);
    id = created["id"];
  }
  TestServer server(on(dir.file("restarted.db")));
  const Reply resumed = server.client().get("/api/games/" + id);
  ASSERT_EQ(resumed.status, 200) << resumed.body;
  EXPECT_EQ(resumed.json, created);
  const Reply moved = act(server.client(), resumed.json, resumed.json["legal"].back()["action"]);
  ASSERT_EQ(moved.status, 200);
  EXPECT_EQ(moved.json["log"], straight["log"]);
  EXPECT_EQ(moved.json["length"], straight["length"]);
  EXPECT_EQ(moved.json["table"], straight["table"]);
}

TEST(GameRoutes, TheLogReplaysWithTheCommandLineToTheSameEnd) {
  TestServer server;
  const nlohmann::json view =
      played_out(server.client(), server.client()
                                      .post("/api/games", {{"ruleset", "atomspast"},
                                                           {"setup", {{"map", "training_ground"}}},
                                                           {"players", {"random", "random"}},
                                                           {"seed", 7}})
                                      .json);
  ASSERT_TRUE(view["terminal"].get<bool>());
  EXPECT_EQ(view["seat"], -1);
  // Why it ended, in AtomsPast's words: a Kon destroyed, or the turn limit reached.
  ASSERT_TRUE(view["end_reason"].is_string()) << view["end_reason"];
  const std::string reason = view["end_reason"];
  EXPECT_TRUE(reason.find("(Kon) destroyed by") != std::string::npos ||
              reason.find("(the turn limit)") != std::string::npos)
      << reason;
  const Reply log = server.client().get("/api/games/" + view["id"].get<std::string>() + "/log");
  ASSERT_EQ(log.status, 200);
  EXPECT_EQ(log.json["format"], "warband-log");
  EXPECT_EQ(log.json["actions"].size(), view["length"].get<std::size_t>());
  const nlohmann::json replayed = warband_json(
      "replay --json " + write_json(server.dir(), "game.json", log.json), server.dir());
  EXPECT_EQ(replayed["final_hash"], log.json["final_hash"]);
  EXPECT_EQ(replayed["actions"], view["length"]);
  EXPECT_EQ(replayed["terminal"], true);
  EXPECT_EQ(replayed["returns"], view["returns"]);
}

TEST(GameRoutes, ASimReplayIsTheSweepsGame) {
  TestServer server;
  const nlohmann::json summary_file = warband_json(
      "sim atomspast --games 3 --seed 5 --map training_ground --no-progress --json --out " +
          server.dir().file("summary.json"),
      server.dir());
  const nlohmann::json sweep_game = warband_json(
      "replay --sim " + server.dir().file("summary.json") + " --index 2 --json", server.dir());
  const Reply stored =
      server.client().post("/api/replays/sim", {{"ruleset", "atomspast"},
                                                {"seed", 5},
                                                {"index", 2},
                                                {"bots", {"random", "random"}},
                                                {"setup", {{"map", "training_ground"}}}});
  ASSERT_EQ(stored.status, 200) << stored.body;
  EXPECT_EQ(stored.json["length"], sweep_game["actions"]);
  const std::string id = stored.json["id"];
  const Reply log = server.client().get("/api/games/" + id + "/log");
  EXPECT_EQ(log.json["final_hash"], sweep_game["final_hash"]);
  EXPECT_EQ(log.json["seed"], sweep_game["seed"]);
  // A replay steps through the game, and is not played on.
  const Reply first = server.client().get("/api/games/" + id + "/replay?step=0");
  ASSERT_EQ(first.status, 200) << first.body;
  EXPECT_EQ(first.json["step"], 0);
  EXPECT_TRUE(first.json["log"].empty());
  const Reply tenth = server.client().get("/api/games/" + id + "/replay?step=10");
  EXPECT_EQ(tenth.json["log"].size(), 10u);
  EXPECT_TRUE(tenth.json["end_reason"].is_null()) << "the game goes on at step 10";
  // At its last step a replay says why the game ended, as the game's own view does (it said
  // only who won).
  const Reply last = server.client().get("/api/games/" + id + "/replay");
  ASSERT_TRUE(last.json["terminal"].get<bool>()) << last.body;
  const Reply view = server.client().get("/api/games/" + id);
  ASSERT_TRUE(view.json["end_reason"].is_string()) << view.body;
  EXPECT_EQ(last.json["end_reason"], view.json["end_reason"]);
  EXPECT_EQ(server.client().get("/api/games/" + id + "/replay?step=100000").status, 400);
  EXPECT_EQ(server.client().get("/api/games/" + id + "/replay?step=x").status, 400);
  const Reply whole = server.client().get("/api/games/" + id);
  EXPECT_EQ(whole.json["kind"], "replay");
  EXPECT_EQ(
      server.client().post("/api/games/" + id + "/undo", {{"length", whole.json["length"]}}).status,
      409);
  // A time-budget bot cannot replay a game; nor can a human play in a sweep.
  EXPECT_EQ(server.client()
                .post("/api/replays/sim", {{"ruleset", "atomspast"},
                                           {"seed", 5},
                                           {"index", 2},
                                           {"bots", {"mcts:ms=5", "random"}}})
                .status,
            400);
  EXPECT_EQ(
      server.client()
          .post(
              "/api/replays/sim",
              {{"ruleset", "atomspast"}, {"seed", 5}, {"index", 2}, {"bots", {"human", "random"}}})
          .status,
      400);
}

TEST(GameRoutes, ImportsAGoodLogAndRefusesABadOne) {
  TestServer server;
  Client& client = server.client();
  const nlohmann::json view = client
                                  .post("/api/games", {{"ruleset", "toy"},
                                                       {"setup", kToySetup},
                                                       {"players", {"random", "greedy"}},
                                                       {"seed", 3}})
                                  .json;
  const nlohmann::json log =
      client.get("/api/games/" + view["id"].get<std::string>() + "/log").json;
  const Reply imported = client.post("/api/replays/import", {{"log", log}});
  ASSERT_EQ(imported.status, 200) << imported.body;
  EXPECT_EQ(imported.json["length"], view["length"]);
  EXPECT_EQ(client.get("/api/games/" + imported.json["id"].get<std::string>() + "/log").json, log);

  nlohmann::json edited = log;
  edited["actions"][3] = 40;
  Reply refused = client.post("/api/replays/import", {{"log", edited}});
  EXPECT_EQ(refused.status, 400) << refused.body;
  EXPECT_NE(refused.json["error"]["what"].get<std::string>().find("action #3"), std::string::npos)
      << refused.body;
  edited = log;
  edited["final_hash"] = "0123456789abcdef";
  EXPECT_EQ(client.post("/api/replays/import", {{"log", edited}}).status, 400);
  EXPECT_EQ(client.post("/api/replays/import", {{"log", "text"}}).status, 400);
  EXPECT_EQ(client.post("/api/replays/import", nlohmann::json::object()).status, 400);
  // A CLI log may name files on its machine: none is read here.
  nlohmann::json atoms = {{"format", "warband-log"},
                          {"version", 1},
                          {"ruleset", "atomspast"},
                          {"setup", {{"warbands", {"/etc/passwd", "jerrys_elves"}}}},
                          {"actions", nlohmann::json::array()}};
  refused = client.post("/api/replays/import", {{"log", atoms}});
  EXPECT_EQ(refused.status, 400);
  EXPECT_EQ(refused.json["error"]["where"], "body.log.setup.warbands[0]");
  atoms["setup"] = {{"content_dir", "/tmp"}};
  EXPECT_EQ(client.post("/api/replays/import", {{"log", atoms}}).status, 400);
}

TEST(GameRoutes, EachSeatSeesItsOwnCardOnly) {
  TestServer server;
  Client& client = server.client();
  const Reply created = client.post(
      "/api/games",
      {{"ruleset", "toy"}, {"setup", kToySetup}, {"players", {"human", "human"}}, {"seed", 12}});
  ASSERT_EQ(created.status, 200) << created.body;
  const std::string id = created.json["id"];
  const nlohmann::json red = client.get("/api/games/" + id + "?seat=0").json;
  const nlohmann::json blue = client.get("/api/games/" + id + "?seat=1").json;
  EXPECT_EQ(created.json["seat"], 0);  // the human to move
  EXPECT_EQ(red["log"][1]["text"], "(hidden)");
  EXPECT_NE(red["log"][0]["text"], "(hidden)");
  EXPECT_EQ(blue["log"][0]["text"], "(hidden)");
  EXPECT_FALSE(blue["log"][0].contains("action"));
  EXPECT_TRUE(blue["legal"].empty());
  EXPECT_NE(red["table"]["text"].get<std::string>().find("card ?"), std::string::npos);
  // Stepping through a game in play hides the same things.
  const nlohmann::json replay = client.get("/api/games/" + id + "/replay?step=2&seat=1").json;
  EXPECT_EQ(replay["log"][0]["text"], "(hidden)");
  EXPECT_EQ(client.get("/api/games/" + id + "?seat=2").status, 400);
}

TEST(GameRoutes, AtomsPastHidesTheOtherSidesHandAndDraws) {
  TestServer server;
  Client& client = server.client();
  nlohmann::json body = kAtomsPastGame;
  body["players"] = {"human", "human"};
  nlohmann::json view = new_game(client, body);
  const std::string id = view["id"];
  // Each side draws its hand and places two spells before deploying: play until both have drawn.
  for (int move = 0; move < 3; ++move)
    view = act(client, view, view["legal"][0]["action"]).json;
  const std::array<nlohmann::json, 2> seen = {client.get("/api/games/" + id + "?seat=0").json,
                                              client.get("/api/games/" + id + "?seat=1").json};
  int hidden[2] = {0, 0};
  for (int seat = 0; seat < 2; ++seat) {
    const nlohmann::json& log = seen[seat]["log"];
    ASSERT_EQ(log.size(), seen[1 - seat]["log"].size());
    for (std::size_t i = 0; i < log.size(); ++i) {
      const nlohmann::json& entry = log[i];
      const nlohmann::json& other = seen[1 - seat]["log"][i];
      if (entry["text"] != "(hidden)") continue;
      ++hidden[seat];
      // What this seat may not read, the other side drew: that side reads the card.
      EXPECT_EQ(entry.size(), 4u) << entry.dump();  // index, player, text, hidden: no action
      EXPECT_EQ(other["kind"], "draw_card");
      EXPECT_EQ(other["private_to"], 1 - seat);
    }
    const nlohmann::json& players = seen[seat]["table"]["players"];
    ASSERT_EQ(players.size(), 2u);
    EXPECT_TRUE(players[seat]["hand"].is_array());
    EXPECT_TRUE(players[1 - seat]["hand"].is_null()) << "seat " << seat;
    EXPECT_GT(players[1 - seat]["hand_size"].get<int>(), 0);
  }
  EXPECT_GT(hidden[0], 0);
  EXPECT_GT(hidden[1], 0);
}

TEST(GameRoutes, ASavedWarbandPlaysAndItsLogReplaysWithoutTheDatabase) {
  TestServer server;
  const std::string text =
      read_file_text(warband::default_content_dir() + "/atomspast/warbands/toms_orcs.toml");
  const DocumentRow document = server.store().create_document("atomspast", "warband", "Mine", text);
  const Reply created = server.client().post(
      "/api/games",
      {{"ruleset", "atomspast"},
       {"setup",
        {{"map", "training_ground"}, {"warbands", {{{"document", document.id}}, "jerrys_elves"}}}},
       {"players", {"random", "random"}},
       {"seed", 1}});
  ASSERT_EQ(created.status, 200) << created.body;
  const nlohmann::json view = played_out(server.client(), created.json);
  const nlohmann::json log =
      server.client().get("/api/games/" + view["id"].get<std::string>() + "/log").json;
  EXPECT_TRUE(log["setup"]["warbands"][0].is_object());
  EXPECT_EQ(log["setup"]["warbands"][0]["id"], "toms_orcs");
  const nlohmann::json replayed =
      warband_json("replay --json " + write_json(server.dir(), "mine.json", log), server.dir());
  EXPECT_EQ(replayed["final_hash"], log["final_hash"]);

  const Reply missing = server.client().post(
      "/api/games", {{"ruleset", "atomspast"},
                     {"setup", {{"warbands", {{{"document", "999"}}, "jerrys_elves"}}}}});
  EXPECT_EQ(missing.status, 404) << missing.body;
}

// A saved wizard is a Spellweavers side (its kind plays as a side, as GET /api/rulesets says);
// a document of a kind that is no side (an AtomsPast collection) is refused by kind.
TEST(GameRoutes, ASavedWizardPlaysAsASideAndACollectionIsRefused) {
  TestServer server;
  const std::string text = read_file_text(warband::default_content_dir() +
                                          "/spellweavers/wizards/ember_the_red.wizard.toml");
  const DocumentRow wizard = server.store().create_document("spellweavers", "wizard", "Mine", text);
  const Reply created = server.client().post(
      "/api/games", {{"ruleset", "spellweavers"},
                     {"setup", {{"warbands", {{{"document", wizard.id}}, "brother_thorn"}}}},
                     {"players", {"random", "random"}},
                     {"seed", 1}});
  ASSERT_EQ(created.status, 200) << created.body;
  const nlohmann::json log =
      server.client().get("/api/games/" + created.json["id"].get<std::string>() + "/log").json;
  EXPECT_EQ(log["setup"]["warbands"][0]["name"], "Ember the Red");

  const nlohmann::json rulesets = server.client().get("/api/rulesets").json;
  for (const nlohmann::json& ruleset : rulesets)
    if (ruleset["name"] == "spellweavers") {
      ASSERT_EQ(ruleset["documents"].size(), 1u);
      EXPECT_EQ(ruleset["documents"][0]["plays_as_side"], true);
    }

  const DocumentRow collection = server.store().create_document(
      "atomspast", "collection", "Shelf", "[[models]]\nname = \"Orc\"\nbase = 25\n");
  const Reply refused = server.client().post(
      "/api/games", {{"ruleset", "atomspast"},
                     {"setup", {{"warbands", {{{"document", collection.id}}, "jerrys_elves"}}}}});
  EXPECT_EQ(refused.status, 400) << refused.body;
  EXPECT_NE(refused.body.find("is a atomspast collection, not a atomspast warband"),
            std::string::npos)
      << refused.body;
}

// A Conflict warband saved by the builder names shipped characters by file: it plays (once a
// 400 "Character of the characters #1 is missing"); a file that is not shipped is named.
TEST(GameRoutes, AConflictSavedWarbandOfShippedCharactersPlays) {
  TestServer server;
  const std::string text =
      read_file_text(warband::default_content_dir() + "/conflict/warbands/iron_pact.warband.toml");
  const DocumentRow document = server.store().create_document("conflict", "warband", "Mine", text);
  const Reply created = server.client().post(
      "/api/games", {{"ruleset", "conflict"},
                     {"setup", {{"warbands", {{{"document", document.id}}, "wild_hunt"}}}},
                     {"players", {"random", "random"}},
                     {"seed", 1}});
  ASSERT_EQ(created.status, 200) << created.body;

  const DocumentRow bad = server.store().create_document(
      "conflict", "warband", "Gone",
      "name = 'Gone'\npoints_limit = 550\n[[characters]]\nfile = 'nobody.character.toml'\n");
  const Reply refused = server.client().post(
      "/api/games",
      {{"ruleset", "conflict"}, {"setup", {{"warbands", {"wild_hunt", {{"document", bad.id}}}}}}});
  EXPECT_EQ(refused.status, 400) << refused.body;
  EXPECT_NE(refused.body.find("no shipped character \\\"nobody.character.toml\\\""),
            std::string::npos)
      << refused.body;
}

// A Game's saved warband (a builder document) plays as its file would; one over its points limit
// is refused, the error naming the side and the problem.
TEST(GameRoutes, AnAGameSavedWarbandPlaysAndABadOneIsRefused) {
  TestServer server;
  const std::string text =
      read_file_text(warband::default_content_dir() + "/agame/warbands/iron_hold.warband.toml");
  const DocumentRow document = server.store().create_document("agame", "warband", "Mine", text);
  const Reply created = server.client().post(
      "/api/games", {{"ruleset", "agame"},
                     {"setup", {{"warbands", {{{"document", document.id}}, "night_court"}}}},
                     {"players", {"random", "random"}},
                     {"seed", 1}});
  ASSERT_EQ(created.status, 200) << created.body;
  const nlohmann::json log =
      server.client().get("/api/games/" + created.json["id"].get<std::string>() + "/log").json;
  EXPECT_EQ(log["setup"]["warbands"][0]["name"], "Iron Hold");

  std::string over = text;
  over.replace(over.find("points_limit = 300"), 18, "points_limit = 50");
  const DocumentRow bad = server.store().create_document("agame", "warband", "Over", over);
  const Reply refused = server.client().post(
      "/api/games",
      {{"ruleset", "agame"}, {"setup", {{"warbands", {"night_court", {{"document", bad.id}}}}}}});
  EXPECT_EQ(refused.status, 400) << refused.body;
  EXPECT_NE(refused.body.find("breaks the builder's rules"), std::string::npos) << refused.body;
  EXPECT_NE(refused.body.find("over the limit of 50"), std::string::npos) << refused.body;
}

// A Game's points in play: a side over the game's points limit is a 400 naming the side.
TEST(GameRoutes, AnAGameSideOverThePointsLimitIsRefused) {
  TestServer server;
  const Reply refused =
      server.client().post("/api/games", {{"ruleset", "agame"},
                                          {"setup",
                                           {{"warbands", {"shamborga_host", "holdfast_of_dolion"}},
                                            {"parameters", {{"points_limit", 100}}}}}});
  EXPECT_EQ(refused.status, 400) << refused.body;
  EXPECT_EQ(refused.json["error"]["where"], "body.setup.warbands[0]") << refused.body;
  EXPECT_NE(refused.body.find("over the game's points limit of 100"), std::string::npos)
      << refused.body;
}

TEST(GameRoutes, BadNewGamesSayWhatIsWrong) {
  TestServer server;
  Client& client = server.client();
  const auto status_where = [&](const nlohmann::json& body) {
    const Reply reply = client.post("/api/games", body);
    return std::make_pair(reply.status, reply.json.is_object() && reply.json.contains("error")
                                            ? reply.json["error"]["where"].get<std::string>()
                                            : std::string("(no error)"));
  };
  using Answer = std::pair<int, std::string>;
  nlohmann::json body = kAtomsPastGame;
  body["ruleset"] = "chess";
  EXPECT_EQ(status_where(body), Answer(404, "body.ruleset"));
  body = kAtomsPastGame;
  body["players"] = {"human"};
  EXPECT_EQ(status_where(body), Answer(400, "body.players"));
  body["players"] = {"human", "cheater"};
  EXPECT_EQ(status_where(body), Answer(400, "body.players[1]"));
  body = kAtomsPastGame;
  body["seed"] = -1;
  EXPECT_EQ(status_where(body).first, 400);
  body["seed"] = std::uint64_t{1} << 53;
  EXPECT_EQ(status_where(body), Answer(400, "body.seed"));
  body = kAtomsPastGame;
  body["setup"] = {{"content_dir", "/etc"}};
  EXPECT_EQ(status_where(body), Answer(400, "body.setup.content_dir"));
  body["setup"] = {{"warbands", {"../../etc/passwd", "jerrys_elves"}}};
  EXPECT_EQ(status_where(body), Answer(400, "body.setup.warbands[0]"));
  body["setup"] = {{"warbands", {"toms_orcs.toml", "jerrys_elves"}}};
  EXPECT_EQ(status_where(body), Answer(400, "body.setup.warbands[0]"));
  body["setup"] = {{"map", "nowhere"}};
  EXPECT_EQ(status_where(body), Answer(400, "body.setup.map"));
  body["setup"] = {{"colour", "red"}};
  EXPECT_EQ(status_where(body), Answer(400, "body.setup.colour"));
  body["setup"] = "training_ground";
  EXPECT_EQ(status_where(body), Answer(400, "body.setup"));
  // A content override is named by its path in the body, and its sentence reads as one: it said
  // "Wounds) of the troll" at "body.setup (--set units.troll.wounds)".
  body["setup"] = {{"content_overrides", {{"units.troll.wounds", -5}}}};
  EXPECT_EQ(status_where(body), Answer(400, "body.setup.content_overrides.units.troll.wounds"));
  const Reply wounds = client.post("/api/games", body);
  EXPECT_EQ(wounds.json["error"]["message"],
            "Wounds of the troll must be a whole number from 1 to 100 (you typed -5).");
  body["setup"] = {{"content_overrides", {{"garbage", 1}}}};
  EXPECT_EQ(status_where(body), Answer(400, "body.setup.content_overrides.garbage"));
  EXPECT_EQ(client.post_raw("/api/games", "[1, 2", "application/json").status, 400);
  EXPECT_EQ(client.get("/api/games/12345").status, 404);
  EXPECT_EQ(client.del("/api/games/12345").status, 404);
  EXPECT_TRUE(client.get("/api/games").json.empty());  // nothing was stored
}

// A field a route does not read is a 400 naming it (and the field meant, when it is a near miss):
// a typo ran with the default before ("sed": a random seed).
TEST(GameRoutes, UnknownFieldsAreRefusedByName) {
  TestServer server;
  Client& client = server.client();
  const auto error_of = [](const Reply& reply) {
    EXPECT_EQ(reply.status, 400) << reply.body;
    return reply.json.is_object() ? reply.json["error"] : nlohmann::json();
  };
  nlohmann::json body = kAtomsPastGame;
  body.erase("seed");
  body["sed"] = 42;
  const nlohmann::json seed = error_of(client.post("/api/games", body));
  EXPECT_EQ(seed["where"], "body.sed");
  EXPECT_EQ(seed["what"], "unknown field `sed`; did you mean `seed`?");
  EXPECT_EQ(seed["message"], "Unknown field `sed` in the request: did you mean `seed`?");
  body = kAtomsPastGame;
  body["colour"] = "red";  // nothing near: the known fields are listed
  const nlohmann::json colour = error_of(client.post("/api/games", body));
  EXPECT_EQ(colour["where"], "body.colour");
  EXPECT_EQ(colour["message"],
            "Unknown field `colour` in the request: it takes ruleset, setup, players, seed, "
            "remote.");
  body = kAtomsPastGame;
  body["players"] = {"human", "human"};
  body["remote"] = {{"seat", {1}}};
  EXPECT_EQ(error_of(client.post("/api/games", body))["message"],
            "Unknown field `seat` in body.remote: did you mean `seats`?");
  // A key of any length or bytes is quoted cut short.
  body = kAtomsPastGame;
  body[std::string(5000, 'k')] = 1;
  EXPECT_EQ(error_of(client.post("/api/games", body))["where"],
            "body." + std::string(37, 'k') + "...");
  EXPECT_TRUE(client.get("/api/games").json.empty());  // nothing was stored

  const Reply created = client.post("/api/games", kAtomsPastGame);
  ASSERT_EQ(created.status, 200) << created.body;
  const std::string game = "/api/games/" + created.json["id"].get<std::string>();
  const nlohmann::json length = created.json["length"];
  const nlohmann::json action = created.json["legal"][0]["action"];
  EXPECT_EQ(
      error_of(client.post(game + "/actions", {{"action", action}, {"lenght", length}}))["where"],
      "body.lenght");
  EXPECT_EQ(error_of(client.post(game + "/undo", {{"length", length}, {"force", true}}))["where"],
            "body.force");
  EXPECT_EQ(error_of(client.post(game + "/resign", {{"lenght", length}}))["where"], "body.lenght");
  EXPECT_EQ(client.get(game).json["length"], length);  // nothing moved
  EXPECT_EQ(
      error_of(client.post("/api/replays/sim", {{"ruleset", "atomspast"},
                                                {"seed", 1},
                                                {"indx", 0},
                                                {"setup", {{"map", "training_ground"}}}}))["what"],
      "unknown field `indx`; did you mean `index`?");
  EXPECT_EQ(
      error_of(client.post("/api/replays/import", {{"logs", nlohmann::json::object()}}))["where"],
      "body.logs");
  EXPECT_EQ(client.get("/api/games").json.size(), 1u);
}

TEST(GameRoutes, DeletesAGame) {
  TestServer server;
  const nlohmann::json view = new_game(server.client(), kAtomsPastGame);
  const std::string id = view["id"];
  const Reply deleted = server.client().del("/api/games/" + id);
  ASSERT_EQ(deleted.status, 200);
  EXPECT_EQ(deleted.json, nlohmann::json({{"deleted", id}}));
  EXPECT_EQ(server.client().get("/api/games/" + id).status, 404);
}

// The game view's end_reason is null while the game goes on (and the State's own words once it is
// over: TheLogReplaysWithTheCommandLineToTheSameEnd).
TEST(GameView, TheEndReasonIsTheStatesOwnOnceTheGameIsOver) {
  TestServer server;
  const nlohmann::json view = new_game(server.client(), kAtomsPastGame);
  ASSERT_TRUE(view.contains("end_reason"));
  EXPECT_TRUE(view["end_reason"].is_null()) << "no reason while the game goes on";
}

}  // namespace
}  // namespace warband::server
