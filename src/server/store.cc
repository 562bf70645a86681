#include "server/store.h"

#include <fmt/format.h>
#include <sqlite3.h>

#include <charconv>
#include <filesystem>
#include <functional>
#include <string_view>
#include <system_error>

#include "core/error.h"
#include "server/api.h"

namespace warband::server {
namespace {

// The schema, one step per version: kMigrations[i] takes a database from version i to i + 1.
// Never edit a step that has shipped; add the next one (and bump Store::kSchemaVersion).
const char* const kMigrations[] = {
    // 0 -> 1: documents, games, jobs.
    R"sql(
CREATE TABLE documents (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  ruleset TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('warband', 'wizard', 'collection')),
  name TEXT NOT NULL,
  text TEXT NOT NULL,
  revision INTEGER NOT NULL DEFAULT 1,
  created TEXT NOT NULL,
  updated TEXT NOT NULL
);
CREATE INDEX documents_by_ruleset_kind ON documents (ruleset, kind);
CREATE TABLE games (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  ruleset TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('game', 'replay')),
  players TEXT NOT NULL,
  seed INTEGER NOT NULL,
  log TEXT NOT NULL,
  length INTEGER NOT NULL,
  terminal INTEGER NOT NULL,
  winner TEXT NOT NULL,
  revision INTEGER NOT NULL DEFAULT 1,
  created TEXT NOT NULL,
  updated TEXT NOT NULL
);
CREATE TABLE jobs (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  kind TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('running', 'done', 'failed', 'cancelled')),
  settings TEXT NOT NULL,
  done INTEGER NOT NULL DEFAULT 0,
  total INTEGER NOT NULL,
  error TEXT NOT NULL DEFAULT '',
  report TEXT,
  created TEXT NOT NULL,
  updated TEXT NOT NULL
);
)sql",
    // 1 -> 2: a document's kind is any the rulesets' builders declare (core/builder.h), checked
    // by the server against them, not a fixed list here. SQLite cannot drop a CHECK: the table is
    // copied without it, keeping the ids and the id counter (AUTOINCREMENT never reuses an id).
    R"sql(
CREATE TABLE documents_new (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  ruleset TEXT NOT NULL,
  kind TEXT NOT NULL,
  name TEXT NOT NULL,
  text TEXT NOT NULL,
  revision INTEGER NOT NULL DEFAULT 1,
  created TEXT NOT NULL,
  updated TEXT NOT NULL
);
INSERT INTO documents_new (id, ruleset, kind, name, text, revision, created, updated)
  SELECT id, ruleset, kind, name, text, revision, created, updated FROM documents;
DELETE FROM sqlite_sequence WHERE name = 'documents_new';
UPDATE sqlite_sequence SET name = 'documents_new' WHERE name = 'documents';
DROP TABLE documents;
ALTER TABLE documents_new RENAME TO documents;
CREATE INDEX documents_by_ruleset_kind ON documents (ruleset, kind);
)sql",
    // 2 -> 3: a job's cancel is recorded when it is asked for, so that a job whose server stopped
    // before the run did ends "cancelled", not "failed".
    R"sql(
ALTER TABLE jobs ADD COLUMN cancel_requested INTEGER NOT NULL DEFAULT 0;
)sql",
    // 3 -> 4: remote seats (issue 21): who may play or watch a game, and the SHA-256 of each
    // token issued for it (role 0/1: a seat, 2: the creator). Deleted with their game.
    R"sql(
CREATE TABLE game_access (
  game_id INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
  remote_seats TEXT NOT NULL,
  spectators TEXT NOT NULL CHECK (spectators IN ('live', 'after_end')),
  resigned INTEGER NOT NULL DEFAULT -1,
  rematch INTEGER
);
CREATE TABLE game_tokens (
  game_id INTEGER NOT NULL REFERENCES game_access (game_id) ON DELETE CASCADE,
  role INTEGER NOT NULL CHECK (role IN (0, 1, 2)),
  token_hash TEXT NOT NULL,
  revoked INTEGER NOT NULL DEFAULT 0,
  created TEXT NOT NULL
);
CREATE UNIQUE INDEX game_tokens_by_game ON game_tokens (game_id, token_hash);
)sql",
    // 4 -> 5: the content folder each game began on (content_versions.h), stored once per
    // version, so that a content edit never stops a saved game replaying. Games stored before
    // keep NULL (they replay on the live folder, as before). A version goes when its last game
    // does (Store::delete_game), its files with it.
    R"sql(
CREATE TABLE content_versions (
  hash TEXT PRIMARY KEY,
  files INTEGER NOT NULL,
  bytes INTEGER NOT NULL,
  created TEXT NOT NULL
);
CREATE TABLE content_version_files (
  version TEXT NOT NULL REFERENCES content_versions (hash) ON DELETE CASCADE,
  path TEXT NOT NULL,
  data BLOB NOT NULL,
  PRIMARY KEY (version, path)
) WITHOUT ROWID;
ALTER TABLE games ADD COLUMN content_version TEXT;
CREATE INDEX games_by_content_version ON games (content_version);
)sql",
    // 5 -> 6: the content root each game's setup names (its "content_dir"; '' for the built-in
    // content; NULL when it names none that a game could read: not a string, or a log that is no
    // JSON), so that listing the games reads no log (GET /api/games read every versioned game's
    // whole log to find its folder). Filled here from the logs once, as setup_content_root reads
    // them; a new or saved game sets it from its log (setup_content_dir).
    R"sql(
ALTER TABLE games ADD COLUMN content_dir TEXT;
UPDATE games SET content_dir = CASE
  WHEN NOT json_valid(log) THEN NULL
  WHEN json_type(log, '$.setup.content_dir') IS NULL THEN ''
  WHEN json_type(log, '$.setup.content_dir') = 'text' THEN json_extract(log, '$.setup.content_dir')
  ELSE NULL END;
)sql",
};
static_assert(std::size(kMigrations) == Store::kSchemaVersion);

// ISO 8601 UTC with milliseconds, computed by SQLite so every row agrees on the clock.
constexpr const char* kNow = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

[[noreturn]] void fail(sqlite3* db, const std::string& path, const std::string& doing) {
  const int code = sqlite3_extended_errcode(db);
  const std::string message = sqlite3_errmsg(db);
  if ((code & 0xff) == SQLITE_NOTADB)
    throw InputError("--db", fmt::format("{} is not a database (SQLite says: {})", path, message));
  if ((code & 0xff) == SQLITE_CANTOPEN || (code & 0xff) == SQLITE_READONLY ||
      (code & 0xff) == SQLITE_PERM || (code & 0xff) == SQLITE_CORRUPT ||
      (code & 0xff) == SQLITE_FULL || (code & 0xff) == SQLITE_IOERR)
    throw InputError("--db", fmt::format("{}: cannot {}: {}", path, doing, message));
  throw std::runtime_error(fmt::format("database {}: {} failed: {}", path, doing, message));
}

// One prepared statement: bind by position (from 1), step, read columns (from 0).
class Statement {
 public:
  Statement(sqlite3* db, const std::string& path, const std::string& sql) : db_(db), path_(path) {
    if (sqlite3_prepare_v2(db, sql.c_str(), static_cast<int>(sql.size()), &stmt_, nullptr) !=
        SQLITE_OK)
      fail(db_, path_, "prepare \"" + sql + "\"");
  }
  ~Statement() { sqlite3_finalize(stmt_); }
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  Statement& bind(int index, const std::string& text) {
    check(sqlite3_bind_text(stmt_, index, text.data(), static_cast<int>(text.size()),
                            SQLITE_TRANSIENT));
    return *this;
  }
  Statement& bind(int index, std::int64_t number) {
    check(sqlite3_bind_int64(stmt_, index, number));
    return *this;
  }
  Statement& bind_blob(int index, const std::string& bytes) {
    check(sqlite3_bind_blob(stmt_, index, bytes.data(), static_cast<int>(bytes.size()),
                            SQLITE_TRANSIENT));
    return *this;
  }
  Statement& bind_null(int index) {
    check(sqlite3_bind_null(stmt_, index));
    return *this;
  }

  // True while there is a row to read; false when done.
  bool step() {
    const int result = sqlite3_step(stmt_);
    if (result == SQLITE_ROW) return true;
    if (result == SQLITE_DONE) return false;
    fail(db_, path_, "run \"" + std::string(sqlite3_sql(stmt_)) + "\"");
  }
  void run() {
    while (step()) {
    }
  }
  // Ready to run again with new bindings.
  void reset() { sqlite3_reset(stmt_); }

  std::string blob(int column) const {
    const void* bytes = sqlite3_column_blob(stmt_, column);
    if (bytes == nullptr) return "";
    return std::string(static_cast<const char*>(bytes),
                       static_cast<std::size_t>(sqlite3_column_bytes(stmt_, column)));
  }
  std::string text(int column) const {
    const auto* bytes = sqlite3_column_text(stmt_, column);
    if (bytes == nullptr) return "";
    return std::string(reinterpret_cast<const char*>(bytes),
                       static_cast<std::size_t>(sqlite3_column_bytes(stmt_, column)));
  }
  std::int64_t integer(int column) const { return sqlite3_column_int64(stmt_, column); }
  bool is_null(int column) const { return sqlite3_column_type(stmt_, column) == SQLITE_NULL; }

 private:
  void check(int result) {
    if (result != SQLITE_OK) fail(db_, path_, "bind a value");
  }

  sqlite3* db_;
  const std::string& path_;
  sqlite3_stmt* stmt_ = nullptr;
};

void execute(sqlite3* db, const std::string& path, const std::string& sql) {
  char* message = nullptr;
  if (sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &message) != SQLITE_OK) {
    sqlite3_free(message);
    fail(db, path, "run \"" + sql.substr(0, 60) + "\"");
  }
}

// BEGIN IMMEDIATE takes the write lock up front, so two writers never deadlock upgrading a read
// lock; the destructor rolls back whatever was not committed (an exception on the way).
class Transaction {
 public:
  Transaction(sqlite3* db, const std::string& path) : db_(db), path_(path) {
    execute(db_, path_, "BEGIN IMMEDIATE");
  }
  ~Transaction() {
    if (!done_) sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
  }
  Transaction(const Transaction&) = delete;
  Transaction& operator=(const Transaction&) = delete;
  void commit() {
    execute(db_, path_, "COMMIT");
    done_ = true;
  }

 private:
  sqlite3* db_;
  const std::string& path_;
  bool done_ = false;
};

// Ids are the rows' integer keys as decimal strings; anything else names no row.
std::optional<std::int64_t> parse_id(const std::string& id) {
  std::int64_t value = 0;
  const char* end = id.data() + id.size();
  const auto [ptr, error] = std::from_chars(id.data(), end, value);
  if (id.empty() || error != std::errc() || ptr != end || value <= 0) return std::nullopt;
  return value;
}

nlohmann::json parse_stored_json(const std::string& text) {
  if (text.empty()) return nullptr;
  return nlohmann::json::parse(text);
}

std::string dump(const nlohmann::json& value) {
  return value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

// A new row of `table` when it already holds `most` (StoreLimits) is a 409 saying how to make
// room.
void refuse_when_full(sqlite3* db, const std::string& path, const std::string& table,
                      std::int64_t most, std::string_view make_room) {
  Statement count(db, path, "SELECT COUNT(*) FROM " + table);
  count.step();
  const std::int64_t held = count.integer(0);
  if (held >= most)
    throw ApiError(409, "path",
                   fmt::format("this server keeps at most {} {} and holds {}: {}", most, table,
                               held, make_room));
}

// Revoked links of one seat remembered (Store::replace_token).
constexpr std::int64_t kKeptRevokedTokens = 16;

constexpr std::string_view kDeleteAGame =
    "delete a game or replay you no longer need (DELETE /api/games/ID; the Play page's Delete) "
    "first";

}  // namespace

Store::Store(const std::string& path, StoreLimits limits) : path_(path), limits_(limits) {
  namespace fs = std::filesystem;
  if (path.empty()) throw InputError("--db", "is empty; give a file path");
  const fs::path parent = fs::path(path).parent_path();
  if (!parent.empty()) {
    std::error_code error;
    fs::create_directories(parent, error);
    if (error)
      throw InputError(
          "--db", fmt::format("cannot create the folder {}: {}", parent.string(), error.message()));
  }
  if (sqlite3_open_v2(path.c_str(), &db_,
                      SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX,
                      nullptr) != SQLITE_OK) {
    const std::string message = db_ != nullptr ? sqlite3_errmsg(db_) : "out of memory";
    sqlite3_close(db_);
    db_ = nullptr;
    throw InputError("--db", fmt::format("cannot open {}: {}", path, message));
  }
  try {
    sqlite3_busy_timeout(db_, 5000);
    // The first read of the file: a file that is not a database fails here, with SQLITE_NOTADB.
    int version = 0;
    {
      Statement statement(db_, path_, "PRAGMA user_version");
      if (statement.step()) version = static_cast<int>(statement.integer(0));
    }
    if (version > kSchemaVersion)
      throw InputError("--db", fmt::format("{} has schema version {}, newer than this build's {}: "
                                           "it was written by a newer Warband; use that one or "
                                           "another --db",
                                           path, version, kSchemaVersion));
    execute(db_, path_, "PRAGMA journal_mode=WAL");
    execute(db_, path_, "PRAGMA synchronous=NORMAL");
    execute(db_, path_, "PRAGMA foreign_keys=ON");
    for (int step = version; step < kSchemaVersion; ++step) {
      Transaction transaction(db_, path_);
      // Re-read inside the write lock: another process may have migrated meanwhile.
      int now = 0;
      {
        // Finalized before the step runs: an open statement would lock a table it drops.
        Statement current(db_, path_, "PRAGMA user_version");
        now = current.step() ? static_cast<int>(current.integer(0)) : 0;
      }
      if (now > step) continue;
      execute(db_, path_, kMigrations[step]);
      execute(db_, path_, fmt::format("PRAGMA user_version={}", step + 1));
      transaction.commit();
    }
  } catch (...) {
    sqlite3_close(db_);
    db_ = nullptr;
    throw;
  }
}

Store::~Store() {
  if (db_ != nullptr) sqlite3_close(db_);
}

int Store::schema_version() {
  std::lock_guard lock(mutex_);
  Statement statement(db_, path_, "PRAGMA user_version");
  return statement.step() ? static_cast<int>(statement.integer(0)) : 0;
}

std::string Store::integrity_check() {
  std::lock_guard lock(mutex_);
  Statement statement(db_, path_, "PRAGMA integrity_check");
  std::string result;
  while (statement.step()) {
    if (!result.empty()) result += "\n";
    result += statement.text(0);
  }
  return result;
}

// Documents.

namespace {

DocumentRow read_document(const Statement& statement, bool with_text) {
  DocumentRow row;
  row.id = std::to_string(statement.integer(0));
  row.ruleset = statement.text(1);
  row.kind = statement.text(2);
  row.name = statement.text(3);
  if (with_text) row.text = statement.text(4);
  row.revision = statement.integer(5);
  row.updated = statement.text(6);
  return row;
}

constexpr const char* kDocumentColumns = "id, ruleset, kind, name, text, revision, updated";

std::optional<DocumentRow> select_document(sqlite3* db, const std::string& path, std::int64_t id) {
  Statement statement(db, path,
                      fmt::format("SELECT {} FROM documents WHERE id = ?", kDocumentColumns));
  statement.bind(1, id);
  if (!statement.step()) return std::nullopt;
  return read_document(statement, true);
}

}  // namespace

std::vector<DocumentRow> Store::list_documents(const std::string& ruleset,
                                               const std::string& kind) {
  std::lock_guard lock(mutex_);
  // Listings leave the text out: select '' so the column positions stay those of read_document.
  Statement statement(db_, path_,
                      "SELECT id, ruleset, kind, name, '', revision, updated FROM documents "
                      "WHERE (?1 = '' OR ruleset = ?1) AND (?2 = '' OR kind = ?2) "
                      "ORDER BY updated DESC, id DESC");
  statement.bind(1, ruleset).bind(2, kind);
  std::vector<DocumentRow> rows;
  while (statement.step())
    rows.push_back(read_document(statement, false));
  return rows;
}

std::optional<DocumentRow> Store::find_document(const std::string& id) {
  const std::optional<std::int64_t> key = parse_id(id);
  if (!key) return std::nullopt;
  std::lock_guard lock(mutex_);
  return select_document(db_, path_, *key);
}

DocumentRow Store::create_document(const std::string& ruleset, const std::string& kind,
                                   const std::string& name, const std::string& text) {
  std::lock_guard lock(mutex_);
  Transaction transaction(db_, path_);
  refuse_when_full(db_, path_, "documents", limits_.documents,
                   "delete one you no longer need (DELETE /api/documents/ID; the builder's "
                   "Delete) first");
  Statement insert(db_, path_,
                   fmt::format("INSERT INTO documents (ruleset, kind, name, text, revision, "
                               "created, updated) VALUES (?, ?, ?, ?, 1, {0}, {0})",
                               kNow));
  insert.bind(1, ruleset).bind(2, kind).bind(3, name).bind(4, text).run();
  std::optional<DocumentRow> row = select_document(db_, path_, sqlite3_last_insert_rowid(db_));
  transaction.commit();
  return *row;
}

std::optional<DocumentRow> Store::update_document(const std::string& id, const std::string& text,
                                                  const std::string& name,
                                                  std::optional<std::int64_t> expected_revision) {
  const std::optional<std::int64_t> key = parse_id(id);
  if (!key) return std::nullopt;
  std::lock_guard lock(mutex_);
  Transaction transaction(db_, path_);
  Statement update(db_, path_,
                   fmt::format("UPDATE documents SET text = ?1, name = CASE WHEN ?2 = '' THEN "
                               "name ELSE ?2 END, revision = revision + 1, updated = {} "
                               "WHERE id = ?3 AND (?4 IS NULL OR revision = ?4)",
                               kNow));
  update.bind(1, text).bind(2, name).bind(3, *key);
  if (expected_revision)
    update.bind(4, *expected_revision);
  else
    update.bind_null(4);
  update.run();
  if (sqlite3_changes(db_) != 1) return std::nullopt;
  std::optional<DocumentRow> row = select_document(db_, path_, *key);
  transaction.commit();
  return row;
}

bool Store::delete_document(const std::string& id) {
  const std::optional<std::int64_t> key = parse_id(id);
  if (!key) return false;
  std::lock_guard lock(mutex_);
  Transaction transaction(db_, path_);
  Statement statement(db_, path_, "DELETE FROM documents WHERE id = ?");
  statement.bind(1, *key).run();
  const bool deleted = sqlite3_changes(db_) == 1;
  transaction.commit();
  return deleted;
}

// Games.

namespace {

constexpr const char* kGameColumns =
    "id, ruleset, kind, players, seed, log, length, terminal, winner, revision, updated, "
    "content_version, content_dir";

GameRow read_game(const Statement& statement, bool with_log) {
  GameRow row;
  row.id = std::to_string(statement.integer(0));
  row.ruleset = statement.text(1);
  row.kind = statement.text(2);
  row.players = parse_stored_json(statement.text(3));
  // The seed is stored as the int64 with the same bits (SQLite integers are signed).
  row.seed = static_cast<std::uint64_t>(statement.integer(4));
  row.log = with_log ? parse_stored_json(statement.text(5)) : nlohmann::json();
  row.length = statement.integer(6);
  row.terminal = statement.integer(7) != 0;
  row.winner = statement.text(8);
  row.revision = statement.integer(9);
  row.updated = statement.text(10);
  row.content_version = statement.text(11);
  if (!statement.is_null(12)) row.content_dir = statement.text(12);
  return row;
}

// The content root `log`'s setup names, as setup_content_root reads it (the 5 -> 6 migration
// reads the stored logs the same way): its content_dir, "" when it names none (the built-in
// content), nullopt when that is not a string.
std::optional<std::string> setup_content_dir(const nlohmann::json& log) {
  if (!log.is_object()) return "";
  const auto setup = log.find("setup");
  if (setup == log.end() || !setup->is_object()) return "";
  const auto root = setup->find("content_dir");
  if (root == setup->end()) return "";
  if (!root->is_string()) return std::nullopt;
  return root->get<std::string>();
}

void bind_content_dir(Statement& statement, int index, const nlohmann::json& log) {
  if (const std::optional<std::string> root = setup_content_dir(log))
    statement.bind(index, *root);
  else
    statement.bind_null(index);
}

}  // namespace

namespace {

// Stores `version` unless a version of that hash is stored already (then its files are too).
void insert_content_version(sqlite3* db, const std::string& path, const ContentVersion& version) {
  Statement insert(db, path,
                   fmt::format("INSERT OR IGNORE INTO content_versions (hash, files, bytes, "
                               "created) VALUES (?, ?, ?, {})",
                               kNow));
  insert.bind(1, version.hash)
      .bind(2, static_cast<std::int64_t>(version.files.size()))
      .bind(3, version.bytes)
      .run();
  if (sqlite3_changes(db) != 1) return;
  Statement file(db, path,
                 "INSERT INTO content_version_files (version, path, data) VALUES (?, ?, ?)");
  for (const auto& [name, bytes] : version.files) {
    file.bind(1, version.hash).bind(2, name).bind_blob(3, bytes).run();
    file.reset();
  }
}

std::int64_t insert_game(sqlite3* db, const std::string& path, const GameRow& row) {
  if (row.content) insert_content_version(db, path, *row.content);
  Statement insert(db, path,
                   fmt::format("INSERT INTO games (ruleset, kind, players, seed, log, length, "
                               "terminal, winner, revision, created, updated, content_version, "
                               "content_dir) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1, {0}, {0}, ?, ?)",
                               kNow));
  insert.bind(1, row.ruleset)
      .bind(2, row.kind)
      .bind(3, dump(row.players))
      .bind(4, static_cast<std::int64_t>(row.seed))
      .bind(5, dump(row.log))
      .bind(6, row.length)
      .bind(7, std::int64_t{row.terminal ? 1 : 0})
      .bind(8, row.winner);
  if (row.content)
    insert.bind(9, row.content->hash);
  else
    insert.bind_null(9);
  bind_content_dir(insert, 10, row.log);
  insert.run();
  return sqlite3_last_insert_rowid(db);
}

void insert_token(sqlite3* db, const std::string& path, std::int64_t game, int role,
                  const std::string& hash) {
  Statement insert(db, path,
                   fmt::format("INSERT INTO game_tokens (game_id, role, token_hash, revoked, "
                               "created) VALUES (?, ?, ?, 0, {})",
                               kNow));
  insert.bind(1, game).bind(2, std::int64_t{role}).bind(3, hash).run();
}

}  // namespace

std::string Store::create_game(const GameRow& row) {
  std::lock_guard lock(mutex_);
  Transaction transaction(db_, path_);
  refuse_when_full(db_, path_, "games", limits_.games, kDeleteAGame);
  const std::int64_t id = insert_game(db_, path_, row);
  transaction.commit();
  return std::to_string(id);
}

std::string Store::create_game(const GameRow& row, const GameAccess& access) {
  std::lock_guard lock(mutex_);
  Transaction transaction(db_, path_);
  refuse_when_full(db_, path_, "games", limits_.games, kDeleteAGame);
  const std::int64_t id = insert_game(db_, path_, row);
  Statement insert(db_, path_,
                   "INSERT INTO game_access (game_id, remote_seats, spectators) VALUES (?, ?, ?)");
  insert.bind(1, id).bind(2, dump(access.remote_seats)).bind(3, access.spectators).run();
  for (const AccessToken& token : access.tokens)
    insert_token(db_, path_, id, token.role, token.hash);
  transaction.commit();
  return std::to_string(id);
}

std::optional<GameAccess> Store::find_game_access(const std::string& id) {
  const std::optional<std::int64_t> key = parse_id(id);
  if (!key) return std::nullopt;
  std::lock_guard lock(mutex_);
  Statement statement(
      db_, path_,
      "SELECT remote_seats, spectators, resigned, rematch FROM game_access WHERE game_id = ?");
  statement.bind(1, *key);
  if (!statement.step()) return std::nullopt;
  GameAccess access;
  access.remote_seats = parse_stored_json(statement.text(0)).get<std::vector<int>>();
  access.spectators = statement.text(1);
  access.resigned = static_cast<int>(statement.integer(2));
  if (!statement.is_null(3)) access.rematch = std::to_string(statement.integer(3));
  Statement tokens(db_, path_,
                   "SELECT role, token_hash, revoked FROM game_tokens WHERE game_id = ? "
                   "ORDER BY rowid");
  tokens.bind(1, *key);
  while (tokens.step())
    access.tokens.push_back(
        {static_cast<int>(tokens.integer(0)), tokens.text(1), tokens.integer(2) != 0});
  return access;
}

bool Store::resign_game(const GameRow& row, std::int64_t expected_revision, int seat) {
  const std::optional<std::int64_t> key = parse_id(row.id);
  if (!key) return false;
  std::lock_guard lock(mutex_);
  Transaction transaction(db_, path_);
  Statement resign(db_, path_,
                   "UPDATE game_access SET resigned = ? WHERE game_id = ? AND resigned = -1");
  resign.bind(1, std::int64_t{seat}).bind(2, *key).run();
  if (sqlite3_changes(db_) != 1) return false;
  Statement update(db_, path_,
                   fmt::format("UPDATE games SET terminal = 1, winner = ?, revision = revision + "
                               "1, updated = {} WHERE id = ? AND revision = ?",
                               kNow));
  update.bind(1, row.winner).bind(2, *key).bind(3, expected_revision).run();
  if (sqlite3_changes(db_) != 1) return false;  // rolled back: the resignation too
  transaction.commit();
  return true;
}

std::string Store::create_rematch(const std::string& id, const GameRow& row,
                                  const GameAccess& access) {
  const std::optional<std::int64_t> key = parse_id(id);
  if (!key) return "";
  std::lock_guard lock(mutex_);
  Transaction transaction(db_, path_);
  {
    Statement existing(db_, path_, "SELECT rematch FROM game_access WHERE game_id = ?");
    existing.bind(1, *key);
    if (!existing.step()) return "";
    if (!existing.is_null(0)) return std::to_string(existing.integer(0));  // asked twice
  }
  refuse_when_full(db_, path_, "games", limits_.games, kDeleteAGame);
  const std::int64_t next = insert_game(db_, path_, row);
  Statement insert(db_, path_,
                   "INSERT INTO game_access (game_id, remote_seats, spectators) VALUES (?, ?, ?)");
  insert.bind(1, next).bind(2, dump(access.remote_seats)).bind(3, access.spectators).run();
  for (const AccessToken& token : access.tokens)
    if (!token.revoked) insert_token(db_, path_, next, token.role, token.hash);
  Statement link(db_, path_, "UPDATE game_access SET rematch = ? WHERE game_id = ?");
  link.bind(1, next).bind(2, *key).run();
  transaction.commit();
  return std::to_string(next);
}

bool Store::replace_token(const std::string& id, int role, const std::string& new_hash) {
  const std::optional<std::int64_t> key = parse_id(id);
  if (!key) return false;
  std::lock_guard lock(mutex_);
  Transaction transaction(db_, path_);
  {
    Statement exists(db_, path_, "SELECT 1 FROM game_access WHERE game_id = ?");
    exists.bind(1, *key);
    if (!exists.step()) return false;
  }
  Statement revoke(db_, path_, "UPDATE game_tokens SET revoked = 1 WHERE game_id = ? AND role = ?");
  revoke.bind(1, *key).bind(2, std::int64_t{role}).run();
  // Every request on the game reads all its tokens (find_game_access): re-issued without end,
  // each request read more (3,000 re-issues: 3,002 rows a request, now at most 18). The newest
  // revoked ones are kept, to say "revoked"; an older one is refused as no link of the game.
  Statement forget(db_, path_,
                   "DELETE FROM game_tokens WHERE game_id = ?1 AND role = ?2 AND revoked = 1 AND "
                   "rowid NOT IN (SELECT rowid FROM game_tokens WHERE game_id = ?1 AND role = ?2 "
                   "AND revoked = 1 ORDER BY rowid DESC LIMIT ?3)");
  forget.bind(1, *key).bind(2, std::int64_t{role}).bind(3, kKeptRevokedTokens).run();
  if (!new_hash.empty()) insert_token(db_, path_, *key, role, new_hash);
  transaction.commit();
  return true;
}

std::optional<GameRow> Store::find_game(const std::string& id) {
  const std::optional<std::int64_t> key = parse_id(id);
  if (!key) return std::nullopt;
  std::lock_guard lock(mutex_);
  Statement statement(db_, path_, fmt::format("SELECT {} FROM games WHERE id = ?", kGameColumns));
  statement.bind(1, *key);
  if (!statement.step()) return std::nullopt;
  return read_game(statement, true);
}

std::vector<GameRow> Store::list_games() {
  std::lock_guard lock(mutex_);
  Statement statement(db_, path_,
                      // The log left out ('' in its place): the content root is a column.
                      "SELECT id, ruleset, kind, players, seed, '', length, terminal, winner, "
                      "revision, updated, content_version, content_dir, (SELECT files FROM "
                      "content_versions WHERE hash = games.content_version) FROM games "
                      "ORDER BY updated DESC, id DESC");
  std::vector<GameRow> rows;
  while (statement.step()) {
    GameRow row = read_game(statement, false);
    row.content_files = statement.is_null(13) ? 0 : statement.integer(13);
    rows.push_back(std::move(row));
  }
  return rows;
}

bool Store::update_game(const GameRow& row, std::int64_t expected_revision) {
  const std::optional<std::int64_t> key = parse_id(row.id);
  if (!key) return false;
  std::lock_guard lock(mutex_);
  Transaction transaction(db_, path_);
  Statement update(db_, path_,
                   fmt::format("UPDATE games SET log = ?, length = ?, terminal = ?, winner = ?, "
                               "players = ?, content_dir = ?, revision = revision + 1, "
                               "updated = {} WHERE id = ? AND revision = ?",
                               kNow));
  update.bind(1, dump(row.log))
      .bind(2, row.length)
      .bind(3, std::int64_t{row.terminal ? 1 : 0})
      .bind(4, row.winner)
      .bind(5, dump(row.players));
  bind_content_dir(update, 6, row.log);
  update.bind(7, *key).bind(8, expected_revision).run();
  const bool updated = sqlite3_changes(db_) == 1;
  transaction.commit();
  return updated;
}

bool Store::delete_game(const std::string& id, std::string* deleted_version) {
  if (deleted_version != nullptr) deleted_version->clear();
  const std::optional<std::int64_t> key = parse_id(id);
  if (!key) return false;
  std::lock_guard lock(mutex_);
  Transaction transaction(db_, path_);
  std::optional<std::string> version;
  {
    Statement found(db_, path_, "SELECT content_version FROM games WHERE id = ?");
    found.bind(1, *key);
    if (!found.step()) return false;
    if (!found.is_null(0)) version = found.text(0);
  }
  Statement statement(db_, path_, "DELETE FROM games WHERE id = ?");
  statement.bind(1, *key).run();
  if (version) {
    Statement unused(db_, path_,
                     "DELETE FROM content_versions WHERE hash = ?1 AND NOT EXISTS "
                     "(SELECT 1 FROM games WHERE content_version = ?1)");
    unused.bind(1, *version).run();
    if (sqlite3_changes(db_) == 1 && deleted_version != nullptr) *deleted_version = *version;
  }
  transaction.commit();
  return true;
}

std::optional<ContentVersion> Store::find_content_version(const std::string& hash) {
  std::lock_guard lock(mutex_);
  Statement version(db_, path_, "SELECT bytes FROM content_versions WHERE hash = ?");
  version.bind(1, hash);
  if (!version.step()) return std::nullopt;
  ContentVersion found;
  found.hash = hash;
  found.bytes = version.integer(0);
  Statement files(db_, path_, "SELECT path, data FROM content_version_files WHERE version = ?");
  files.bind(1, hash);
  while (files.step())
    found.files.emplace(files.text(0), files.blob(1));
  return found;
}

bool Store::has_content_version(const std::string& hash) {
  std::lock_guard lock(mutex_);
  Statement version(db_, path_, "SELECT 1 FROM content_versions WHERE hash = ?");
  version.bind(1, hash);
  return version.step();
}

std::int64_t Store::content_version_count() {
  std::lock_guard lock(mutex_);
  Statement count(db_, path_, "SELECT count(*) FROM content_versions");
  return count.step() ? count.integer(0) : 0;
}

// Jobs.

namespace {

JobRow read_job(const Statement& statement, bool with_report) {
  JobRow row;
  row.id = std::to_string(statement.integer(0));
  row.kind = statement.text(1);
  row.state = statement.text(2);
  row.settings = parse_stored_json(statement.text(3));
  row.done = statement.integer(4);
  row.total = statement.integer(5);
  row.error = statement.text(6);
  row.report = with_report && !statement.is_null(7) ? parse_stored_json(statement.text(7))
                                                    : nlohmann::json();
  row.created = statement.text(8);
  row.cancel_requested = statement.integer(9) != 0;
  return row;
}

}  // namespace

std::string Store::create_job(const std::string& kind, const nlohmann::json& settings,
                              std::int64_t total) {
  std::lock_guard lock(mutex_);
  Transaction transaction(db_, path_);
  // Room for this one: the oldest finished jobs past the limit go (a running one stays).
  Statement prune(db_, path_,
                  "DELETE FROM jobs WHERE id IN (SELECT id FROM jobs WHERE state != 'running' "
                  "ORDER BY id LIMIT max(0, (SELECT COUNT(*) FROM jobs) - ? + 1))");
  prune.bind(1, limits_.jobs).run();
  Statement insert(db_, path_,
                   fmt::format("INSERT INTO jobs (kind, state, settings, done, total, created, "
                               "updated) VALUES (?, 'running', ?, 0, ?, {0}, {0})",
                               kNow));
  insert.bind(1, kind).bind(2, dump(settings)).bind(3, total).run();
  const std::string id = std::to_string(sqlite3_last_insert_rowid(db_));
  transaction.commit();
  return id;
}

void Store::update_job_progress(const std::string& id, std::int64_t done) {
  const std::optional<std::int64_t> key = parse_id(id);
  if (!key) return;
  std::lock_guard lock(mutex_);
  Transaction transaction(db_, path_);
  Statement update(db_, path_,
                   fmt::format("UPDATE jobs SET done = ?, updated = {} WHERE id = ?", kNow));
  update.bind(1, done).bind(2, *key).run();
  transaction.commit();
}

void Store::finish_job(const std::string& id, const std::string& state, const std::string& error,
                       const nlohmann::json& report) {
  const std::optional<std::int64_t> key = parse_id(id);
  if (!key) return;
  std::lock_guard lock(mutex_);
  Transaction transaction(db_, path_);
  Statement update(db_, path_,
                   fmt::format("UPDATE jobs SET state = ?, error = ?, report = ?, updated = {} "
                               "WHERE id = ?",
                               kNow));
  update.bind(1, state).bind(2, error);
  if (report.is_null())
    update.bind_null(3);
  else
    update.bind(3, dump(report));
  update.bind(4, *key).run();
  transaction.commit();
}

void Store::request_job_cancel(const std::string& id) {
  const std::optional<std::int64_t> key = parse_id(id);
  if (!key) return;
  std::lock_guard lock(mutex_);
  Transaction transaction(db_, path_);
  Statement update(
      db_, path_,
      fmt::format("UPDATE jobs SET cancel_requested = 1, updated = {} WHERE id = ?", kNow));
  update.bind(1, *key).run();
  transaction.commit();
}

std::optional<JobRow> Store::find_job(const std::string& id) {
  const std::optional<std::int64_t> key = parse_id(id);
  if (!key) return std::nullopt;
  std::lock_guard lock(mutex_);
  Statement statement(db_, path_,
                      "SELECT id, kind, state, settings, done, total, error, report, created, "
                      "cancel_requested FROM jobs WHERE id = ?");
  statement.bind(1, *key);
  if (!statement.step()) return std::nullopt;
  return read_job(statement, true);
}

std::vector<JobRow> Store::list_jobs() {
  std::lock_guard lock(mutex_);
  Statement statement(db_, path_,
                      "SELECT id, kind, state, settings, done, total, error, NULL, created, "
                      "cancel_requested FROM jobs ORDER BY id DESC");
  std::vector<JobRow> rows;
  while (statement.step())
    rows.push_back(read_job(statement, false));
  return rows;
}

}  // namespace warband::server
