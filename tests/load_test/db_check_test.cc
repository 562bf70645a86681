// The load test's database check against a database the real Store wrote: it passes when every
// confirmed save is there, and names each loss once the file is doctored behind the Store's back.
#include "tools/load_test/db_check.h"

#include <gtest/gtest.h>
#include <sqlite3.h>

#include <filesystem>

#include "core/error.h"
#include "core/file_io.h"
#include "server/store.h"

namespace warband::load {
namespace {

namespace fs = std::filesystem;

struct SavedDatabase {
  std::string path;
  std::string document_id;
  std::string other_document_id;
  std::string game_id;
  Ledger ledger;
};

// A database with two documents (one saved twice) and a game, and the ledger a client would
// hold after the server confirmed those saves.
SavedDatabase saved_database(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / ("warband_load_db_check_" + name);
  fs::remove_all(dir);
  fs::create_directories(dir);
  SavedDatabase saved;
  saved.path = (dir / "warband.db").string();
  server::Store store(saved.path);
  const server::DocumentRow first =
      store.create_document("atomspast", "warband", "Orcs", "name = \"Orcs\"\n");
  const auto second =
      store.update_document(first.id, "name = \"Orcs\"\npoints_limit = 500\n", "", first.revision);
  EXPECT_TRUE(second.has_value());
  const server::DocumentRow other =
      store.create_document("atomspast", "warband", "Elves", "name = \"Elves\"\n");
  server::GameRow game;
  game.ruleset = "atomspast";
  game.players = {"human", "random"};
  game.seed = 42;
  game.log = {{"ruleset", "atomspast"}, {"actions", {1, 2, 3}}};
  game.length = 3;
  saved.game_id = store.create_game(game);
  saved.document_id = first.id;
  saved.other_document_id = other.id;
  saved.ledger.confirm_document(first.id, first.revision, first.text);
  saved.ledger.confirm_document(second->id, second->revision, second->text);
  saved.ledger.confirm_document(other.id, other.revision, other.text);
  saved.ledger.confirm_game(saved.game_id, 3);
  return saved;
}

// Runs SQL on the file directly, as a crash or a bug could leave it.
void doctor(const std::string& path, const std::string& sql) {
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
  char* error = nullptr;
  const int result = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &error);
  const std::string message = error ? error : "";
  sqlite3_free(error);
  sqlite3_close(db);
  ASSERT_EQ(result, SQLITE_OK) << message;
}

std::string joined(const std::vector<std::string>& lines) {
  std::string all;
  for (const std::string& line : lines)
    all += line + "\n";
  return all;
}

TEST(LoadDbCheck, EveryConfirmedSaveFound) {
  const SavedDatabase saved = saved_database("sound");
  const DbCheck check = check_database(saved.path, saved.ledger);
  EXPECT_EQ(check.integrity, "ok");
  EXPECT_EQ(check.documents_checked, 2);
  EXPECT_EQ(check.games_checked, 1);
  EXPECT_TRUE(check.problems.empty()) << joined(check.problems);
  EXPECT_TRUE(check.ok());
}

TEST(LoadDbCheck, FindsAMissingDocumentAndAnOlderOne) {
  const SavedDatabase saved = saved_database("lost");
  doctor(saved.path, "DELETE FROM documents WHERE id = " + saved.other_document_id);
  doctor(saved.path, "UPDATE documents SET revision = 1 WHERE id = " + saved.document_id);
  const DbCheck check = check_database(saved.path, saved.ledger);
  EXPECT_EQ(check.integrity, "ok");
  EXPECT_FALSE(check.ok());
  ASSERT_EQ(check.problems.size(), 2u) << joined(check.problems);
  const std::string all = joined(check.problems);
  EXPECT_NE(all.find("document " + saved.other_document_id + ": missing"), std::string::npos)
      << all;
  EXPECT_NE(all.find("document " + saved.document_id +
                     ": revision 1 in the database, but revision 2 was confirmed"),
            std::string::npos)
      << all;
}

TEST(LoadDbCheck, FindsAnotherTextAtTheConfirmedRevision) {
  const SavedDatabase saved = saved_database("text");
  doctor(saved.path,
         "UPDATE documents SET text = 'name = \"Orks\"' WHERE id = " + saved.other_document_id);
  const DbCheck check = check_database(saved.path, saved.ledger);
  ASSERT_EQ(check.problems.size(), 1u) << joined(check.problems);
  EXPECT_NE(check.problems[0].find("holds another text than the one confirmed: first difference "
                                   "at byte 8"),
            std::string::npos)
      << check.problems[0];
}

TEST(LoadDbCheck, ALaterRevisionIsNotALoss) {
  // The server was killed after saving revision 3 but before answering: revision 2 (confirmed)
  // is superseded, not lost, and its text is not compared.
  const SavedDatabase saved = saved_database("later");
  doctor(saved.path,
         "UPDATE documents SET revision = 3, text = 'x' WHERE id = " + saved.document_id);
  doctor(saved.path, "UPDATE games SET length = 4 WHERE id = " + saved.game_id);
  const DbCheck check = check_database(saved.path, saved.ledger);
  EXPECT_TRUE(check.ok()) << joined(check.problems);
}

TEST(LoadDbCheck, FindsAShorterGameAMissingOneAndATornLog) {
  SavedDatabase saved = saved_database("games");
  doctor(saved.path,
         "UPDATE games SET length = 2, log = '{\"ruleset\": \"atom' WHERE id = " + saved.game_id);
  saved.ledger.confirm_game("999", 7);
  const DbCheck check = check_database(saved.path, saved.ledger);
  const std::string all = joined(check.problems);
  ASSERT_EQ(check.problems.size(), 3u) << all;
  EXPECT_NE(
      all.find("game " + saved.game_id + ": length 2 in the database, but length 3 was confirmed"),
      std::string::npos)
      << all;
  EXPECT_NE(all.find("game " + saved.game_id + ": its stored log is not whole JSON"),
            std::string::npos)
      << all;
  EXPECT_NE(all.find("game 999: missing (length 7 was confirmed)"), std::string::npos) << all;
}

TEST(LoadDbCheck, NotADatabaseIsAnInputError) {
  const fs::path path = fs::temp_directory_path() / "warband_load_db_check_not_a_db.db";
  write_file_atomically(path.string(), std::string(8192, 'x'));
  try {
    check_database(path.string(), Ledger());
    FAIL() << "a file of x's was read as a database";
  } catch (const InputError& error) {
    EXPECT_EQ(error.where(), "--db");
    EXPECT_NE(std::string(error.what()).find("not a database"), std::string::npos) << error.what();
  }
  EXPECT_THROW(check_database("/nonexistent/folder/warband.db", Ledger()), InputError);
}

}  // namespace
}  // namespace warband::load
