#include "server/store.h"

#include <gtest/gtest.h>
#include <sqlite3.h>

#include <algorithm>
#include <fstream>
#include <optional>
#include <thread>
#include <utility>
#include <vector>

#include "core/error.h"
#include "tests/support/test_server.h"

namespace warband::server {
namespace {

using testing::TempDir;

// Runs SQL on a database file directly, as another program would.
void run_sql(const std::string& path, const std::string& sql) {
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
  char* message = nullptr;
  const int result = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &message);
  const std::string error = message != nullptr ? message : "";
  sqlite3_free(message);
  sqlite3_close(db);
  ASSERT_EQ(result, SQLITE_OK) << error;
}

std::string pragma(const std::string& path, const std::string& name) {
  sqlite3* db = nullptr;
  EXPECT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
  sqlite3_stmt* statement = nullptr;
  const std::string sql = "PRAGMA " + name;
  sqlite3_prepare_v2(db, sql.c_str(), -1, &statement, nullptr);
  std::string value;
  if (sqlite3_step(statement) == SQLITE_ROW)
    value = reinterpret_cast<const char*>(sqlite3_column_text(statement, 0));
  sqlite3_finalize(statement);
  sqlite3_close(db);
  return value;
}

TEST(Store, CreatesItsFolderAndTheCurrentSchemaInWalMode) {
  TempDir dir;
  const std::string path = dir.file("nested/deeper/warband.db");
  {
    Store store(path);
    EXPECT_EQ(store.path(), path);
    EXPECT_EQ(store.schema_version(), Store::kSchemaVersion);
    EXPECT_EQ(store.integrity_check(), "ok");
  }
  EXPECT_TRUE(std::filesystem::exists(path));
  EXPECT_EQ(pragma(path, "journal_mode"), "wal");  // WAL is a property of the file
  EXPECT_EQ(pragma(path, "user_version"), std::to_string(Store::kSchemaVersion));
}

TEST(Store, DocumentsRoundTripAndSurviveReopening) {
  TempDir dir;
  const std::string path = dir.file("warband.db");
  std::string id;
  {
    Store store(path);
    const DocumentRow created =
        store.create_document("atomspast", "warband", "Orcs", "name = \"Orcs\"\n");
    id = created.id;
    EXPECT_FALSE(id.empty());
    EXPECT_EQ(created.revision, 1);
    EXPECT_EQ(created.text, "name = \"Orcs\"\n");
    EXPECT_EQ(created.updated.size(), std::string("2026-01-01T00:00:00.000Z").size());
    store.create_document("spellweavers", "wizard", "Merlin", "x = 1\n");
  }
  Store reopened(path);
  const std::optional<DocumentRow> found = reopened.find_document(id);
  ASSERT_TRUE(found);
  EXPECT_EQ(found->name, "Orcs");
  EXPECT_EQ(found->ruleset, "atomspast");
  EXPECT_EQ(found->kind, "warband");
  EXPECT_EQ(found->text, "name = \"Orcs\"\n");

  EXPECT_EQ(reopened.list_documents("", "").size(), 2u);
  const std::vector<DocumentRow> warbands = reopened.list_documents("atomspast", "warband");
  ASSERT_EQ(warbands.size(), 1u);
  EXPECT_EQ(warbands[0].id, id);
  EXPECT_EQ(warbands[0].text, "");  // listings leave the text out
  EXPECT_TRUE(reopened.list_documents("atomspast", "wizard").empty());
}

TEST(Store, UpdatesCheckTheRevision) {
  TempDir dir;
  Store store(dir.file("warband.db"));
  const DocumentRow created = store.create_document("atomspast", "warband", "Orcs", "a = 1\n");

  const std::optional<DocumentRow> saved = store.update_document(created.id, "a = 2\n", "", 1);
  ASSERT_TRUE(saved);
  EXPECT_EQ(saved->revision, 2);
  EXPECT_EQ(saved->text, "a = 2\n");
  EXPECT_EQ(saved->name, "Orcs");  // an empty name keeps the old one

  // A second writer that saw revision 1 is refused, and its text is not saved.
  EXPECT_FALSE(store.update_document(created.id, "a = 3\n", "Stale", 1));
  EXPECT_EQ(store.find_document(created.id)->text, "a = 2\n");
  EXPECT_EQ(store.find_document(created.id)->name, "Orcs");

  // No expected revision: a plain overwrite.
  const std::optional<DocumentRow> forced =
      store.update_document(created.id, "a = 4\n", "Renamed", std::nullopt);
  ASSERT_TRUE(forced);
  EXPECT_EQ(forced->revision, 3);
  EXPECT_EQ(forced->name, "Renamed");

  EXPECT_FALSE(store.update_document("999", "a = 5\n", "", std::nullopt));
  EXPECT_FALSE(store.update_document("not-an-id", "a = 5\n", "", std::nullopt));
}

TEST(Store, DeletesDocuments) {
  TempDir dir;
  Store store(dir.file("warband.db"));
  const DocumentRow created = store.create_document("atomspast", "warband", "Orcs", "a = 1\n");
  EXPECT_TRUE(store.delete_document(created.id));
  EXPECT_FALSE(store.find_document(created.id));
  EXPECT_FALSE(store.delete_document(created.id));
  EXPECT_FALSE(store.find_document("0"));
  EXPECT_FALSE(store.find_document("-1"));
  EXPECT_FALSE(store.find_document("1; DROP TABLE documents"));
}

// Since schema 2 the kinds are the rulesets' builders' to declare and the server's to check
// (build_routes_test.cc refuses "spaceship" with 400 body.kind): the store keeps any kind.
TEST(Store, KeepsTheKindItIsGiven) {
  TempDir dir;
  Store store(dir.file("warband.db"));
  EXPECT_EQ(store.create_document("agame", "deck", "X", "").kind, "deck");
  EXPECT_NO_THROW(store.create_document("atomspast", "warband", "Orcs", ""));
  EXPECT_EQ(store.list_documents("", "deck").size(), 1u);
  EXPECT_EQ(store.list_documents("", "").size(), 2u);
}

TEST(Store, GamesRoundTripWithRevisions) {
  TempDir dir;
  const std::string path = dir.file("warband.db");
  GameRow row;
  row.ruleset = "atomspast";
  row.players = {"human", "greedy"};
  row.seed = 0xFEDCBA9876543210ull;  // above 2^63: stored with the same bits
  row.log = {{"ruleset", "atomspast"}, {"actions", {1, 2, 3}}};
  row.length = 3;
  std::string id;
  {
    Store store(path);
    id = store.create_game(row);
    std::optional<GameRow> found = store.find_game(id);
    ASSERT_TRUE(found);
    EXPECT_EQ(found->revision, 1);
    EXPECT_EQ(found->seed, 0xFEDCBA9876543210ull);
    EXPECT_EQ(found->log, row.log);

    found->log["actions"].push_back(4);
    found->length = 4;
    found->terminal = true;
    found->winner = "Red";
    EXPECT_TRUE(store.update_game(*found, 1));
    EXPECT_FALSE(store.update_game(*found, 1));  // stale: revision is 2 now
  }
  Store reopened(path);
  const std::optional<GameRow> found = reopened.find_game(id);
  ASSERT_TRUE(found);
  EXPECT_EQ(found->revision, 2);
  EXPECT_EQ(found->length, 4);
  EXPECT_TRUE(found->terminal);
  EXPECT_EQ(found->winner, "Red");
  EXPECT_EQ(found->log["actions"].size(), 4u);
  EXPECT_EQ(found->players, nlohmann::json({"human", "greedy"}));

  const std::vector<GameRow> games = reopened.list_games();
  ASSERT_EQ(games.size(), 1u);
  EXPECT_TRUE(games[0].log.is_null());  // listings leave the log out
  EXPECT_TRUE(reopened.delete_game(id));
  EXPECT_FALSE(reopened.find_game(id));
}

TEST(Store, JobsRecordProgressAndReports) {
  TempDir dir;
  Store store(dir.file("warband.db"));
  const std::string first = store.create_job("balance", {{"games", 100}}, 100);
  const std::string second = store.create_job("balance", {{"games", 50}}, 50);
  store.update_job_progress(first, 40);
  std::optional<JobRow> job = store.find_job(first);
  ASSERT_TRUE(job);
  EXPECT_EQ(job->state, "running");
  EXPECT_EQ(job->done, 40);
  EXPECT_EQ(job->total, 100);
  EXPECT_TRUE(job->report.is_null());

  store.finish_job(first, "done", "", {{"markdown", "# Report"}});
  job = store.find_job(first);
  EXPECT_EQ(job->state, "done");
  EXPECT_EQ(job->report["markdown"], "# Report");
  store.finish_job(second, "failed", "boom", nullptr);
  EXPECT_EQ(store.find_job(second)->error, "boom");

  const std::vector<JobRow> jobs = store.list_jobs();
  ASSERT_EQ(jobs.size(), 2u);
  EXPECT_EQ(jobs[0].id, second);  // newest first
  EXPECT_TRUE(jobs[1].report.is_null());
  EXPECT_ANY_THROW(store.finish_job(first, "exploded", "", nullptr));  // not a state
}

TEST(Store, MigratesAnOlderSchema) {
  TempDir dir;
  const std::string path = dir.file("old.db");
  run_sql(path, "CREATE TABLE unrelated (x INTEGER); PRAGMA user_version = 0;");
  Store store(path);
  EXPECT_EQ(store.schema_version(), Store::kSchemaVersion);
  EXPECT_NO_THROW(store.create_document("atomspast", "warband", "Orcs", ""));
  EXPECT_EQ(store.integrity_check(), "ok");
}

// Version 1 listed the document kinds in a CHECK; version 2 leaves them to the rulesets' builders
// (core/builder.h). The documents and the id counter survive the step.
TEST(Store, MigratesDocumentsToKindsTheBuildersDeclare) {
  TempDir dir;
  const std::string path = dir.file("v1.db");
  std::string kept;
  std::string deleted;
  {
    Store store(path);
    kept = store.create_document("atomspast", "warband", "Orcs", "name = \"Orcs\"\n").id;
    deleted = store.create_document("atomspast", "collection", "Shelf", "").id;
    ASSERT_TRUE(store.delete_document(deleted));
  }
  // Back to version 1 as it shipped: the CHECK on kind.
  run_sql(path,
          "CREATE TABLE documents_v1 (id INTEGER PRIMARY KEY AUTOINCREMENT, ruleset TEXT NOT NULL, "
          "kind TEXT NOT NULL CHECK (kind IN ('warband', 'wizard', 'collection')), name TEXT NOT "
          "NULL, text TEXT NOT NULL, revision INTEGER NOT NULL DEFAULT 1, created TEXT NOT NULL, "
          "updated TEXT NOT NULL);"
          "INSERT INTO documents_v1 SELECT * FROM documents;"
          "DELETE FROM sqlite_sequence WHERE name = 'documents_v1';"
          "UPDATE sqlite_sequence SET name = 'documents_v1' WHERE name = 'documents';"
          "DROP TABLE documents; ALTER TABLE documents_v1 RENAME TO documents;"
          "CREATE INDEX documents_by_ruleset_kind ON documents (ruleset, kind);"
          "ALTER TABLE jobs DROP COLUMN cancel_requested;"   // version 3's
          "DROP TABLE game_tokens; DROP TABLE game_access;"  // version 4's
          "DROP INDEX games_by_content_version; ALTER TABLE games DROP COLUMN content_version;"
          "DROP TABLE content_version_files; DROP TABLE content_versions;"  // version 5's
          "ALTER TABLE games DROP COLUMN content_dir;"                      // version 6's
          "PRAGMA user_version = 1;");
  ASSERT_EQ(pragma(path, "user_version"), "1");

  Store store(path);
  EXPECT_EQ(store.schema_version(), Store::kSchemaVersion);
  const std::optional<DocumentRow> found = store.find_document(kept);
  ASSERT_TRUE(found.has_value());
  EXPECT_EQ(found->kind, "warband");
  EXPECT_EQ(found->text, "name = \"Orcs\"\n");
  // A kind the old CHECK refused, and an id never used before (not the deleted one's).
  const DocumentRow deck = store.create_document("agame", "deck", "Deck", "");
  EXPECT_EQ(deck.kind, "deck");
  EXPECT_GT(std::stoll(deck.id), std::stoll(deleted));
  EXPECT_EQ(store.list_documents("", "").size(), 2u);
  // Version 3's column is back, and a job's cancel is recorded in it.
  const std::string job = store.create_job("balance", {{"games", 1}}, 1);
  store.request_job_cancel(job);
  EXPECT_TRUE(store.find_job(job)->cancel_requested);
  EXPECT_EQ(store.integrity_check(), "ok");
}

// A content version is stored once however many games begin on it, with each file's exact bytes
// (a NUL, bytes that are no UTF-8), and goes with the last game that began on it.
TEST(Store, StoresAContentVersionOncePerHash) {
  TempDir dir;
  Store store(dir.file("warband.db"));
  auto version = std::make_shared<ContentVersion>();
  version->files = {{"units.toml", "wounds = 10\n"}, {"maps/a.bin", std::string("\0\xff\xfe", 3)}};
  version->bytes = 15;
  version->hash = std::string(64, 'a');
  GameRow row;
  row.ruleset = "atomspast";
  row.log = {{"ruleset", "atomspast"}, {"actions", nlohmann::json::array()}};
  row.content = version;
  const std::string first = store.create_game(row);
  const std::string second = store.create_game(row);
  EXPECT_EQ(store.content_version_count(), 1);
  EXPECT_EQ(store.find_game(first)->content_version, version->hash);
  EXPECT_EQ(store.list_games()[0].content_version, version->hash);
  const std::optional<ContentVersion> found = store.find_content_version(version->hash);
  ASSERT_TRUE(found.has_value());
  EXPECT_EQ(found->files, version->files);
  EXPECT_EQ(found->bytes, 15);
  EXPECT_FALSE(store.find_content_version(std::string(64, 'b')).has_value());
  row.content = nullptr;
  const std::string without = store.create_game(row);
  EXPECT_EQ(store.find_game(without)->content_version, "");

  EXPECT_TRUE(store.delete_game(first));
  EXPECT_EQ(store.content_version_count(), 1);
  EXPECT_TRUE(store.delete_game(second));
  EXPECT_EQ(store.content_version_count(), 0);
  EXPECT_TRUE(store.delete_game(without));
  EXPECT_EQ(store.integrity_check(), "ok");
}

// Version 5 added the games' content versions: a game stored before keeps its row, with no
// version (it replays on the live folder), and a new game stores one.
TEST(Store, MigratesGamesToContentVersionsKeepingTheirRows) {
  TempDir dir;
  const std::string path = dir.file("v4.db");
  GameRow row;
  row.ruleset = "atomspast";
  row.players = {"human", "greedy"};
  row.seed = 7;
  row.log = {{"ruleset", "atomspast"}, {"actions", {1, 2}}};
  row.length = 2;
  std::string old;
  {
    Store store(path);
    old = store.create_game(row);
  }
  // Back to version 4 as it shipped.
  run_sql(path,
          "ALTER TABLE games DROP COLUMN content_dir;"
          "DROP INDEX games_by_content_version; ALTER TABLE games DROP COLUMN content_version;"
          "DROP TABLE content_version_files; DROP TABLE content_versions;"
          "PRAGMA user_version = 4;");
  ASSERT_EQ(pragma(path, "user_version"), "4");

  Store store(path);
  EXPECT_EQ(store.schema_version(), Store::kSchemaVersion);
  const std::optional<GameRow> kept = store.find_game(old);
  ASSERT_TRUE(kept.has_value());
  EXPECT_EQ(kept->log, row.log);
  EXPECT_EQ(kept->players, row.players);
  EXPECT_EQ(kept->revision, 1);
  EXPECT_EQ(kept->content_version, "");
  auto version = std::make_shared<ContentVersion>();
  version->files = {{"units.toml", "wounds = 10\n"}};
  version->hash = std::string(64, 'c');
  row.content = version;
  EXPECT_EQ(store.find_game(store.create_game(row))->content_version, version->hash);
  EXPECT_EQ(store.integrity_check(), "ok");
}

// Version 6 keeps the content root each game's setup names beside its log, so that listing the
// games reads no log. A database of version 5 fills it from its logs as it opens, as
// setup_content_root reads them: every game keeps its row, and is listed with its root.
TEST(Store, MigratesGamesToTheirContentRootKeepingTheirRows) {
  TempDir dir;
  const std::string path = dir.file("v5.db");
  auto version = std::make_shared<ContentVersion>();
  version->files = {{"units.toml", "wounds = 10\n"}};
  version->hash = std::string(64, 'd');
  const auto game_with = [&](const nlohmann::json& log) {
    GameRow row;
    row.ruleset = "atomspast";
    row.log = log;
    row.length = 2;
    row.content = version;
    return row;
  };
  const nlohmann::json actions = {{"actions", {1, 2}}};
  // Each log, and the root it names: a folder, the built-in content (no content_dir, "", no
  // setup, a setup that is no object), none (a content_dir that is not a string).
  const std::vector<std::pair<nlohmann::json, std::optional<std::string>>> logs = {
      {{{"setup", {{"content_dir", "/srv/content"}, {"map", "m"}}}, {"actions", {1, 2}}},
       "/srv/content"},
      {{{"setup", {{"map", "m"}}}, {"actions", {1, 2}}}, ""},
      {{{"setup", {{"content_dir", ""}}}, {"actions", {1, 2}}}, ""},
      {actions, ""},
      {{{"setup", "m"}, {"actions", {1, 2}}}, ""},
      {{{"setup", {{"content_dir", 5}}}, {"actions", {1, 2}}}, std::nullopt},
      {{{"setup", {{"content_dir", nullptr}}}, {"actions", {1, 2}}}, std::nullopt}};
  std::vector<std::string> ids;
  {
    Store store(path);
    for (const auto& [log, root] : logs) {
      ids.push_back(store.create_game(game_with(log)));
      EXPECT_EQ(store.find_game(ids.back())->content_dir, root) << log;
    }
  }
  // Back to version 5 as it shipped, and a log a hand edit left no JSON (its game no longer
  // replays; listed with no root, as before).
  run_sql(path,
          "ALTER TABLE games DROP COLUMN content_dir;"
          "INSERT INTO games (ruleset, kind, players, seed, log, length, terminal, winner, "
          "created, updated, content_version) SELECT ruleset, kind, players, seed, '{\"setup\":', "
          "length, terminal, winner, created, updated, content_version FROM games LIMIT 1;"
          "PRAGMA user_version = 5;");
  ASSERT_EQ(pragma(path, "user_version"), "5");

  Store store(path);
  EXPECT_EQ(store.schema_version(), Store::kSchemaVersion);
  const std::vector<GameRow> listed = store.list_games();
  ASSERT_EQ(listed.size(), logs.size() + 1);
  for (std::size_t i = 0; i < logs.size(); ++i) {
    const auto row = std::find_if(listed.begin(), listed.end(),
                                  [&](const GameRow& game) { return game.id == ids[i]; });
    ASSERT_NE(row, listed.end());
    EXPECT_EQ(row->content_dir, logs[i].second) << logs[i].first;
    EXPECT_EQ(row->content_version, version->hash);
    EXPECT_EQ(row->content_files, 1);
    EXPECT_EQ(store.find_game(ids[i])->log, logs[i].first);
  }
  const auto broken = std::find_if(listed.begin(), listed.end(), [&](const GameRow& game) {
    return std::find(ids.begin(), ids.end(), game.id) == ids.end();
  });
  ASSERT_NE(broken, listed.end());
  EXPECT_EQ(broken->content_dir, std::nullopt);
  EXPECT_EQ(store.integrity_check(), "ok");
}

TEST(Store, RefusesASchemaNewerThanThisBuild) {
  TempDir dir;
  const std::string path = dir.file("newer.db");
  run_sql(path, "PRAGMA user_version = " + std::to_string(Store::kSchemaVersion + 1));
  try {
    Store store(path);
    FAIL() << "opened a newer schema";
  } catch (const InputError& error) {
    EXPECT_EQ(error.where(), "--db");
    EXPECT_NE(error.problem().find("newer than this build"), std::string::npos) << error.what();
  }
}

TEST(Store, SaysWhenTheFileIsNotADatabase) {
  TempDir dir;
  const std::string path = dir.file("notes.txt");
  std::ofstream(path) << "These are my notes, not a database. " << std::string(4096, 'x');
  try {
    Store store(path);
    FAIL() << "opened a text file";
  } catch (const InputError& error) {
    EXPECT_EQ(error.where(), "--db");
    EXPECT_NE(error.problem().find("is not a database"), std::string::npos) << error.what();
  }
}

TEST(Store, SaysWhenTheFolderCannotBeMade) {
  TempDir dir;
  std::ofstream(dir.file("file")) << "x";
  try {
    Store store(dir.file("file/warband.db"));
    FAIL() << "made a folder under a file";
  } catch (const InputError& error) {
    EXPECT_EQ(error.where(), "--db");
  }
}

TEST(Store, ConcurrentWritersAllLand) {
  TempDir dir;
  Store store(dir.file("warband.db"));
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&store, t] {
      for (int i = 0; i < 25; ++i)
        store.create_document("atomspast", "warband", fmt::format("{}-{}", t, i), "a = 1\n");
    });
  for (std::thread& thread : threads)
    thread.join();
  EXPECT_EQ(store.list_documents("", "").size(), 100u);
  EXPECT_EQ(store.integrity_check(), "ok");
}

TEST(Store, TwoConnectionsToOneFileSeeEachOthersWrites) {
  TempDir dir;
  const std::string path = dir.file("warband.db");
  Store first(path);
  Store second(path);
  const DocumentRow created = first.create_document("atomspast", "warband", "Orcs", "a = 1\n");
  ASSERT_TRUE(second.find_document(created.id));
  ASSERT_TRUE(second.update_document(created.id, "a = 2\n", "", 1));
  EXPECT_FALSE(first.update_document(created.id, "a = 3\n", "", 1));  // stale across connections
  EXPECT_EQ(first.find_document(created.id)->text, "a = 2\n");
}

}  // namespace
}  // namespace warband::server
