// A saved game whose content folder changed since it began (content_versions.h): the server kept
// the folder as it began, so the game goes on with its old stats while a new game gets the new
// ones; a game stored before versions were kept replays on the live folder and stops with a 409
// that says so, and its log, left as it was, replays again once the file is put back.
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <filesystem>
#include <map>

#include "core/registry.h"
#include "server/api.h"
#include "server/content_versions.h"
#include "server/game_session.h"
#include "tests/support/in_process_cli.h"
#include "tests/support/test_files.h"
#include "tests/support/test_server.h"

namespace warband::server {
namespace {

namespace fs = std::filesystem;

// content/atomspast/units.toml: "Orc Warrior ... wounds = 10", edited to 14 while a game goes on
// (with Tom's Orcs' points_limit raised from 1500 to 2000: the tougher warriors cost more, and his
// warband would no longer be legal).
constexpr int kOrcWarriorWounds = 10;
constexpr int kEditedOrcWarriorWounds = 14;

// The wounds of Red's first Orc Warrior as the view's table shows them.
int orc_warrior_wounds(const nlohmann::json& view) {
  for (const nlohmann::json& unit : view["table"]["units"])
    if (unit["name"] == "Orc Warrior") return unit["max_wounds"].get<int>();
  ADD_FAILURE() << "no Orc Warrior in the view";
  return -1;
}

const nlohmann::json kTwoHumans = {{"ruleset", "atomspast"},
                                   {"setup", {{"map", "training_ground"}}},
                                   {"players", {"human", "human"}},
                                   {"seed", 3}};

// A server reading its content from a copy of the built-in AtomsPast folder.
class ContentVersions : public ::testing::Test {
 protected:
  ContentVersions()
      : copied_(copy_of_content(scratch_)),
        server_([&](ServerOptions& options) { options.content_dir = scratch_.root(); }) {}

  static bool copy_of_content(const ScratchFolder& scratch) {
    scratch.copy_folder(default_content_dir() + "/atomspast", "atomspast");
    return true;
  }

  nlohmann::json new_game() {
    const testing::Reply created = server_.client().post("/api/games", kTwoHumans);
    EXPECT_EQ(created.status, 200) << created.body;
    return created.json;
  }
  testing::Reply game(const nlohmann::json& view) {
    return server_.client().get("/api/games/" + view["id"].get<std::string>());
  }
  void toughen_orc_warriors() {
    replace_in_file(scratch_.file("atomspast/units.toml"), "weapons = [\"cleaver\"]\nwounds = 10",
                    "weapons = [\"cleaver\"]\nwounds = 14");
    replace_in_file(scratch_.file("atomspast/warbands/toms_orcs.toml"), "points_limit = 1500",
                    "points_limit = 2000");
  }
  testing::Reply play_first_legal(const nlohmann::json& view) {
    return server_.client().post(
        "/api/games/" + view["id"].get<std::string>() + "/actions",
        {{"action", view["legal"][0]["action"]}, {"length", view["length"]}});
  }
  // The cached folder of version `hash` beside the database.
  fs::path cached_version(const std::string& hash) {
    return fs::path(server_.store().path() + ".content") / hash / "atomspast";
  }

  ScratchFolder scratch_;
  bool copied_;
  testing::TestServer server_;
};

TEST_F(ContentVersions, AGameGoesOnWithTheStatsItBeganOnAndANewGameGetsTheEditedOnes) {
  const nlohmann::json first = new_game();
  EXPECT_EQ(orc_warrior_wounds(first), kOrcWarriorWounds);
  EXPECT_EQ(first["content"], "live");
  const testing::Reply moved = play_first_legal(first);
  ASSERT_EQ(moved.status, 200) << moved.body;

  toughen_orc_warriors();
  const testing::Reply resumed = game(first);
  ASSERT_EQ(resumed.status, 200) << resumed.body;
  EXPECT_EQ(resumed.json["length"], moved.json["length"]);
  EXPECT_EQ(orc_warrior_wounds(resumed.json), kOrcWarriorWounds);
  const std::optional<GameRow> row = server_.store().find_game(first["id"]);
  ASSERT_TRUE(row.has_value());
  EXPECT_EQ(resumed.json["content"],
            "as it began (version " + row->content_version.substr(0, 12) + ", 12 files)");
  // It goes on there: a move, then the same game again.
  const testing::Reply next = play_first_legal(resumed.json);
  ASSERT_EQ(next.status, 200) << next.body;
  EXPECT_EQ(next.json["length"].get<int>(), resumed.json["length"].get<int>() + 1);
  EXPECT_EQ(orc_warrior_wounds(next.json), kOrcWarriorWounds);
  // Its log is its own: the setup names the server's content folder, not the kept copy.
  const testing::Reply log =
      server_.client().get("/api/games/" + first["id"].get<std::string>() + "/log");
  ASSERT_EQ(log.status, 200) << log.body;
  EXPECT_EQ(log.json["setup"]["content_dir"], scratch_.root());
  EXPECT_EQ(log.json["actions"].size(), next.json["length"].get<std::size_t>());

  const nlohmann::json second = new_game();
  EXPECT_EQ(orc_warrior_wounds(second), kEditedOrcWarriorWounds);
  EXPECT_EQ(second["content"], "live");
  EXPECT_NE(server_.store().find_game(second["id"])->content_version, row->content_version);
  EXPECT_EQ(server_.store().content_version_count(), 2);
}

TEST_F(ContentVersions, GamesOnOneVersionStoreItOnceAndItGoesWithTheLastOfThem) {
  const nlohmann::json first = new_game();
  const nlohmann::json second = new_game();
  const std::string version = server_.store().find_game(first["id"])->content_version;
  EXPECT_EQ(version.size(), 64u);
  EXPECT_EQ(server_.store().find_game(second["id"])->content_version, version);
  EXPECT_EQ(server_.store().content_version_count(), 1);
  const std::optional<ContentVersion> stored = server_.store().find_content_version(version);
  ASSERT_TRUE(stored.has_value());
  EXPECT_EQ(stored->files.size(), 12u);
  EXPECT_EQ(stored->files.at("parameters.toml"),
            read_file_text(scratch_.file("atomspast/parameters.toml")));
  EXPECT_EQ(content_hash(stored->files), version);

  ASSERT_EQ(server_.client().del("/api/games/" + first["id"].get<std::string>()).status, 200);
  EXPECT_EQ(server_.store().content_version_count(), 1);  // the second game still began on it
  ASSERT_EQ(server_.client().del("/api/games/" + second["id"].get<std::string>()).status, 200);
  EXPECT_EQ(server_.store().content_version_count(), 0);
}

TEST_F(ContentVersions, AGameOnItsLiveVersionWritesNoCopy) {
  const nlohmann::json first = new_game();
  ASSERT_EQ(game(first).status, 200);
  const std::string version = server_.store().find_game(first["id"])->content_version;
  EXPECT_FALSE(fs::exists(fs::path(server_.store().path() + ".content") / version));
}

TEST_F(ContentVersions, AMissingOrChangedCopyIsWrittenAgainFromTheDatabase) {
  const nlohmann::json first = new_game();
  const std::string version = server_.store().find_game(first["id"])->content_version;
  toughen_orc_warriors();
  ASSERT_EQ(orc_warrior_wounds(game(first).json), kOrcWarriorWounds);
  const fs::path copy = cached_version(version);
  const std::string kept = read_file_text(copy / "units.toml");
  ASSERT_TRUE(contains_text(kept, "wounds = 10"));

  // Someone edits the copy: it no longer matches its hash and is written again.
  replace_in_file(copy / "units.toml", "wounds = 10", "wounds = 14");
  EXPECT_EQ(orc_warrior_wounds(game(first).json), kOrcWarriorWounds);
  EXPECT_EQ(read_file_text(copy / "units.toml"), kept);

  // Someone removes it.
  fs::remove_all(copy.parent_path());
  EXPECT_EQ(orc_warrior_wounds(game(first).json), kOrcWarriorWounds);
  EXPECT_EQ(read_file_text(copy / "units.toml"), kept);
  // No half-written folder is left beside it.
  int entries = 0;
  for ([[maybe_unused]] const auto& entry :
       fs::directory_iterator(fs::path(server_.store().path() + ".content")))
    ++entries;
  EXPECT_EQ(entries, 1);
}

// The replay view and the list of games say what content a game plays, as its game view does.
// Schema 6 keeps each game's content root beside its log, so that GET /api/games reads no log. A
// server opening a database of schema 5 fills it in from the logs: its games are listed with their
// content as before (the one whose folder changed since "as it began").
TEST(ContentVersionsSchema5, AnOldDatabaseListsItsGamesWithTheirContent) {
  ScratchFolder content;
  content.copy_folder(default_content_dir() + "/atomspast", "atomspast");
  const testing::TempDir dir;
  const std::string db = dir.file("v5.db");
  const auto options = [&](ServerOptions& server) {
    server.content_dir = content.root();
    server.db_path = db;
  };
  std::string old;
  std::string version;
  {
    testing::TestServer server(options);
    const testing::Reply created = server.client().post("/api/games", kTwoHumans);
    ASSERT_EQ(created.status, 200) << created.body;
    old = created.json["id"];
    version = server.store().find_game(old)->content_version;
  }
  {
    // Back to schema 5 as it shipped.
    sqlite3* database = nullptr;
    ASSERT_EQ(sqlite3_open(db.c_str(), &database), SQLITE_OK);
    const int rewound = sqlite3_exec(
        database, "ALTER TABLE games DROP COLUMN content_dir; PRAGMA user_version = 5;", nullptr,
        nullptr, nullptr);
    sqlite3_close(database);
    ASSERT_EQ(rewound, SQLITE_OK);
  }
  testing::TestServer server(options);
  EXPECT_EQ(server.store().schema_version(), Store::kSchemaVersion);
  const auto listed = [&] {
    std::map<std::string, nlohmann::json> by_id;
    for (const nlohmann::json& entry : server.client().get("/api/games").json)
      by_id[entry["id"]] = entry["content"];
    return by_id;
  };
  // Its folder found again from its log: the live one, unchanged.
  EXPECT_EQ(listed(), (std::map<std::string, nlohmann::json>{{old, "live"}}));

  replace_in_file(content.file("atomspast/units.toml"), "weapons = [\"cleaver\"]\nwounds = 10",
                  "weapons = [\"cleaver\"]\nwounds = 14");
  replace_in_file(content.file("atomspast/warbands/toms_orcs.toml"), "points_limit = 1500",
                  "points_limit = 2000");
  const testing::Reply made = server.client().post("/api/games", kTwoHumans);
  ASSERT_EQ(made.status, 200) << made.body;
  const std::string fresh = made.json["id"];
  EXPECT_EQ(listed(), (std::map<std::string, nlohmann::json>{
                          {old, "as it began (version " + version.substr(0, 12) + ", 12 files)"},
                          {fresh, "live"}}));
  // The old game still goes on, on the content it began on.
  EXPECT_EQ(orc_warrior_wounds(server.client().get("/api/games/" + old).json), kOrcWarriorWounds);
}

TEST_F(ContentVersions, TheReplayViewAndTheListSayWhatContentAGamePlays) {
  const nlohmann::json first = new_game();
  ASSERT_EQ(play_first_legal(first).status, 200);
  const std::string id = first["id"];
  const auto listed = [&](const std::string& game_id) {
    for (const nlohmann::json& entry : server_.client().get("/api/games").json)
      if (entry["id"] == game_id) return entry["content"];
    ADD_FAILURE() << "game " << game_id << " is not listed";
    return nlohmann::json();
  };
  EXPECT_EQ(server_.client().get("/api/games/" + id + "/replay").json["content"], "live");
  EXPECT_EQ(listed(id), "live");

  toughen_orc_warriors();
  const std::string began_on = "as it began (version " +
                               server_.store().find_game(id)->content_version.substr(0, 12) +
                               ", 12 files)";
  const testing::Reply replay = server_.client().get("/api/games/" + id + "/replay?step=1");
  ASSERT_EQ(replay.status, 200) << replay.body;
  EXPECT_EQ(replay.json["content"], began_on);
  EXPECT_EQ(listed(id), began_on);
  EXPECT_EQ(game(first).json["content"], began_on);
  EXPECT_EQ(listed(new_game()["id"]), "live");
}

// A log exported from this server names the version its game began on: imported again, its
// replay plays that version even after the content changed. A log naming a version this server
// does not hold (or none) replays on the live content, and says so.
TEST_F(ContentVersions, AnExportedLogImportsOnTheVersionItBeganOn) {
  const nlohmann::json first = new_game();
  ASSERT_EQ(play_first_legal(first).status, 200);
  const std::string id = first["id"];
  const std::string version = server_.store().find_game(id)->content_version;
  const nlohmann::json log = server_.client().get("/api/games/" + id + "/log").json;
  EXPECT_EQ(log["content_version"], version);
  // `warband replay` reads past the field.
  scratch_.write("exported.json", log.dump());
  const cli::Ran replayed = cli::warband({"replay", scratch_.file("exported.json")});
  EXPECT_EQ(replayed.code, 0) << replayed.err;

  nlohmann::json unknown = log;
  unknown["content_version"] = std::string(64, 'a');
  const testing::Reply live_import =
      server_.client().post("/api/replays/import", {{"log", unknown}});
  ASSERT_EQ(live_import.status, 200) << live_import.body;
  EXPECT_EQ(server_.client()
                .get("/api/games/" + live_import.json["id"].get<std::string>() + "/replay")
                .json["content"],
            "live");

  toughen_orc_warriors();
  const testing::Reply imported = server_.client().post("/api/replays/import", {{"log", log}});
  ASSERT_EQ(imported.status, 200) << imported.body;
  const std::string replay_id = imported.json["id"];
  const testing::Reply view = server_.client().get("/api/games/" + replay_id + "/replay");
  ASSERT_EQ(view.status, 200) << view.body;
  EXPECT_EQ(view.json["content"], "as it began (version " + version.substr(0, 12) + ", 12 files)");
  EXPECT_EQ(orc_warrior_wounds(view.json), kOrcWarriorWounds);
  EXPECT_EQ(server_.store().find_game(replay_id)->content_version, version);
  // Without the version, the edited content is what it would replay on: the log no longer does.
  nlohmann::json bare = log;
  bare.erase("content_version");
  EXPECT_EQ(server_.client().post("/api/replays/import", {{"log", bare}}).status, 400);
}

// The copy of a version beside the database goes with the version's last game; the start of a
// server sweeps what a crash left (a copy of a version no longer stored, half-written folders).
TEST_F(ContentVersions, ACopyGoesWithItsLastGameAndTheStartSweepsLeftovers) {
  const nlohmann::json first = new_game();
  const nlohmann::json second = new_game();
  const std::string version = server_.store().find_game(first["id"])->content_version;
  toughen_orc_warriors();
  ASSERT_EQ(game(first).status, 200);
  const fs::path copy = cached_version(version).parent_path();
  ASSERT_TRUE(fs::exists(copy));
  ASSERT_EQ(server_.client().del("/api/games/" + first["id"].get<std::string>()).status, 200);
  EXPECT_TRUE(fs::exists(copy));  // the second game began on it too
  ASSERT_EQ(server_.client().del("/api/games/" + second["id"].get<std::string>()).status, 200);
  EXPECT_FALSE(fs::exists(copy));
  EXPECT_EQ(server_.store().content_version_count(), 0);

  // A game on the first version again (its copy written), and what a crash could leave.
  replace_in_file(scratch_.file("atomspast/units.toml"), "wounds = 14", "wounds = 10");
  replace_in_file(scratch_.file("atomspast/warbands/toms_orcs.toml"), "points_limit = 2000",
                  "points_limit = 1500");
  const nlohmann::json third = new_game();
  ASSERT_EQ(server_.store().find_game(third["id"])->content_version, version);
  toughen_orc_warriors();
  ASSERT_EQ(game(third).status, 200);
  ASSERT_TRUE(fs::exists(copy));
  const fs::path copies = copy.parent_path();
  const std::string orphan(64, 'b');
  fs::create_directories(copies / orphan / "atomspast");
  fs::create_directories(copies / (version + ".partial.1.0") / "atomspast");
  fs::create_directories(copies / (orphan + ".stale.1.0"));
  fs::create_directories(copies / "notes");
  EXPECT_EQ(sweep_version_copies(server_.store()), 3);
  EXPECT_TRUE(fs::exists(copy));
  EXPECT_FALSE(fs::exists(copies / orphan));
  EXPECT_FALSE(fs::exists(copies / (version + ".partial.1.0")));
  EXPECT_FALSE(fs::exists(copies / (orphan + ".stale.1.0")));
  EXPECT_TRUE(fs::exists(copies / "notes"));  // not a copy: left alone
  // A copy the sweep or anyone removed is written again when the game is read.
  fs::remove_all(copy);
  EXPECT_EQ(orc_warrior_wounds(game(third).json), kOrcWarriorWounds);
  EXPECT_TRUE(fs::exists(copy));
}

// A version is named by the files alone: a copy of the folder elsewhere is the same version, and
// one changed byte is another.
TEST(ContentVersion, IsNamedByItsFilesWhereverTheyAre) {
  const ScratchFolder first;
  const ScratchFolder second;
  first.copy_folder(default_content_dir() + "/atomspast", "atomspast");
  second.copy_folder(default_content_dir() + "/atomspast", "atomspast");
  const auto original = folder_version(first.file("atomspast"));
  ASSERT_NE(original, nullptr);
  EXPECT_EQ(folder_version(second.file("atomspast"))->hash, original->hash);
  EXPECT_EQ(original->files.size(), 12u);
  EXPECT_EQ(original->files.at("warbands/toms_orcs.toml"),
            read_file_text(first.file("atomspast/warbands/toms_orcs.toml")));
  replace_in_file(second.file("atomspast/units.toml"), "wounds = 10", "wounds = 11");
  EXPECT_NE(folder_version(second.file("atomspast"))->hash, original->hash);
  EXPECT_EQ(folder_version(first.file("missing")), nullptr);
}

// A folder of more files than a version keeps is not kept: its games are stored without a version
// and play the live folder, as games stored before versions were kept do.
TEST_F(ContentVersions, AFolderOverTheLimitIsNotKept) {
  fs::create_directories(scratch_.path() / "atomspast" / "notes");
  for (std::size_t i = 0; i < kMaxContentVersionFiles; ++i)
    scratch_.write("atomspast/notes/" + std::to_string(i) + ".txt", "a note\n");
  const nlohmann::json view = new_game();
  EXPECT_EQ(view["content"], "live");
  EXPECT_EQ(server_.store().find_game(view["id"])->content_version, "");
  EXPECT_EQ(server_.store().content_version_count(), 0);
  ASSERT_EQ(game(view).status, 200);
}

// A game stored before versions were kept (its content_version NULL) replays on the live folder:
// a change to what its moves did stops it with a 409 that says so, and the log, left as it was,
// replays again once the file is put back.
TEST(SavedGameContentChange, AGameWithoutAVersionStopsWithA409AndItsLogStays) {
  const ScratchFolder scratch;
  scratch.copy_folder(default_content_dir() + "/atomspast", "atomspast");
  testing::TestServer server([&](ServerOptions& options) { options.content_dir = scratch.root(); });
  const nlohmann::json setup = {{"map", "training_ground"}, {"content_dir", scratch.root()}};
  GameSession session("atomspast", make_game("atomspast", setup), {"random", "random"}, 3);
  session.advance(80);  // past both deployments
  GameRow row = row_of(session, "game");
  ASSERT_NE(row.content, nullptr);
  row.content = nullptr;  // as stored before schema 5
  row.players = {"human", "human"};
  const std::string id = server.store().create_game(row);
  ASSERT_EQ(server.store().find_game(id)->content_version, "");
  const testing::Reply before = server.client().get("/api/games/" + id);
  ASSERT_EQ(before.status, 200) << before.body;
  EXPECT_EQ(before.json["content"], "live");
  const nlohmann::json log = server.client().get("/api/games/" + id + "/log").json;

  // Deployment "within Range 3 of your edge" cut to 1: the units deployed further in no longer
  // stood where the content now allows.
  const std::string parameters = scratch.file("atomspast/parameters.toml");
  replace_in_file(parameters, "deploy_depth = 3", "deploy_depth = 1");
  const testing::Reply refused = server.client().get("/api/games/" + id);
  EXPECT_EQ(refused.status, 409);
  EXPECT_TRUE(contains_text(refused.body, "content file changed")) << refused.body;
  EXPECT_EQ(server.client().get("/api/games/" + id + "/log").json, log);

  replace_in_file(parameters, "deploy_depth = 1", "deploy_depth = 3");
  const testing::Reply again = server.client().get("/api/games/" + id);
  ASSERT_EQ(again.status, 200) << again.body;
  EXPECT_EQ(again.json["length"], before.json["length"]);
}

}  // namespace
}  // namespace warband::server
