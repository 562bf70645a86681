// The server's storage: one SQLite database (WAL, foreign keys on, busy timeout) holding the
// user's documents (warband, wizard and collection files), games (as their logs, each with the
// content version it began on, content_versions.h, and the content root its setup names), the
// content versions (every file's bytes, stored once per version) and balance jobs.
// Every write is one transaction: a save lands whole or not at all, and a confirmed save survives
// the process being killed. The schema is versioned (PRAGMA user_version) and migrated on open.
// Safe to call from several threads: calls are serialised on one connection.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

struct sqlite3;

namespace warband::server {

struct DocumentRow {
  std::string id;
  std::string ruleset;
  std::string kind;  // a kind its ruleset's builder declares: "warband", "wizard", "collection"
  std::string name;
  std::string text;  // the file's exact text (empty in listings)
  std::int64_t revision = 0;
  std::string updated;  // ISO 8601 UTC
};

// One version of the content folder a game reads (content_versions.h): every file under it, by
// its path relative to the folder, with its exact bytes, named by a SHA-256 of them all.
struct ContentVersion {
  std::string hash;  // 64 hex digits
  std::map<std::string, std::string> files;
  std::int64_t bytes = 0;  // of all the files
};

struct GameRow {
  std::string id;
  std::string ruleset;
  std::string kind = "game";  // "game" (played here) or "replay" (simulated or imported)
  nlohmann::json players = nlohmann::json::array();  // ["human", "greedy"]
  std::uint64_t seed = 0;
  nlohmann::json log;  // GameRecord::to_json() (null in listings)
  std::int64_t length = 0;
  bool terminal = false;
  std::string winner;  // "Red", "Blue", "draw" or "" while playing
  std::int64_t revision = 0;
  std::string updated;
  // The hash of the content version the game began on; "" for a game stored before versions were
  // kept (or whose folder was too large to keep), which replays on the live folder.
  std::string content_version;
  // The version to store with a new row (create_game, create_rematch), once per hash; null in
  // rows read back. Its hash becomes content_version.
  std::shared_ptr<const ContentVersion> content;
  // The content root the log's setup names, as stored beside the log (the Store reads it from
  // the log on every write: setup_content_dir): "" for the built-in content, nullopt when the
  // setup names none a game could read (a content_dir that is not a string). With content_files,
  // in listings only (where `log` is null): how many files content_version holds (0 without
  // one), a listing says what content each game plays without reading its log.
  std::optional<std::string> content_dir;
  std::int64_t content_files = 0;
};

// One secret of a game with remote seats, as stored: its SHA-256 (seat_tokens.h), never the token.
struct AccessToken {
  int role = 0;  // 0 or 1: the seat it plays; kOwnerRole: the creator's
  std::string hash;
  bool revoked = false;
};

// Who may do what in a game with remote seats (a game without one has no GameAccess: anyone at
// the server plays it, as a hot-seat game).
struct GameAccess {
  static constexpr int kOwnerRole = 2;
  std::vector<int> remote_seats;    // seats played through a link; the owner plays the others
  std::string spectators = "live";  // "live": anyone sees the public view; "after_end": not before
  std::vector<AccessToken> tokens;  // every token issued, revoked ones too
  int resigned = -1;                // the seat that resigned, or -1
  std::string rematch;              // the id of the rematch, once asked for
};

struct JobRow {
  std::string id;
  std::string kind;   // "balance"
  std::string state;  // "running", "done", "failed", "cancelled"
  nlohmann::json settings;
  std::int64_t done = 0;
  std::int64_t total = 0;
  std::string error;
  nlohmann::json report;  // null until done
  std::string created;
  bool cancel_requested = false;  // DELETE /api/jobs/ID asked it to stop
};

// How many rows one store keeps. Each document or imported log may be as large as --max-body, so
// without a count a client could fill the disk: a new document or game past its cap is refused
// with a 409 saying what to delete (ApiError), and a new balance job drops the oldest finished
// jobs past its cap (jobs cannot be deleted through the API).
struct StoreLimits {
  static constexpr std::int64_t kDocuments = 1'000;
  static constexpr std::int64_t kGames = 10'000;  // games and replays
  static constexpr std::int64_t kJobs = 200;
  std::int64_t documents = kDocuments;
  std::int64_t games = kGames;
  std::int64_t jobs = kJobs;
};

class Store {
 public:
  static constexpr int kSchemaVersion = 6;

  // Opens (creating it and its folder if needed) and migrates the database at `path`; throws
  // InputError("--db", ...) saying what is wrong if it cannot (unreadable, not a database, a
  // schema newer than this build).
  explicit Store(const std::string& path, StoreLimits limits = {});
  ~Store();
  Store(const Store&) = delete;
  Store& operator=(const Store&) = delete;

  const std::string& path() const { return path_; }
  const StoreLimits& limits() const { return limits_; }
  int schema_version();
  // PRAGMA integrity_check: "ok" or what SQLite found.
  std::string integrity_check();

  // Documents. Listings leave `text` empty; empty filters match all. create_document and the
  // create_game/create_rematch below throw ApiError 409 when the store holds its limit.
  std::vector<DocumentRow> list_documents(const std::string& ruleset, const std::string& kind);
  std::optional<DocumentRow> find_document(const std::string& id);
  DocumentRow create_document(const std::string& ruleset, const std::string& kind,
                              const std::string& name, const std::string& text);
  // Replaces the text (and the name, unless empty) when `expected_revision` is the current one
  // (or not given); nullopt when the document is missing or the revision is stale.
  std::optional<DocumentRow> update_document(const std::string& id, const std::string& text,
                                             const std::string& name,
                                             std::optional<std::int64_t> expected_revision);
  bool delete_document(const std::string& id);

  // Games. Listings leave `log` null.
  std::string create_game(const GameRow& row);  // returns the new id
  // A game with remote seats: the row and its access in one transaction.
  std::string create_game(const GameRow& row, const GameAccess& access);
  // The game's access, or nullopt for a game without remote seats (or no such game).
  std::optional<GameAccess> find_game_access(const std::string& id);
  // Records that `seat` resigned and saves `row` (terminal, its winner) over revision
  // `expected_revision`, in one transaction; false when stale, missing or already resigned.
  bool resign_game(const GameRow& row, std::int64_t expected_revision, int seat);
  // The rematch of finished game `id`: `row` stored with `access`'s remote seats, spectators and
  // live tokens (each link plays the same side again), and linked from `id`; when a rematch was
  // already made, its id (nothing created). "" when `id` has no access.
  std::string create_rematch(const std::string& id, const GameRow& row, const GameAccess& access);
  // Revokes every token of `role` in game `id` and, unless `new_hash` is empty, stores a new one;
  // false when the game has no access rows.
  bool replace_token(const std::string& id, int role, const std::string& new_hash);
  std::optional<GameRow> find_game(const std::string& id);
  std::vector<GameRow> list_games();
  // Replaces the whole row (log, length, terminal, winner) when its revision is still
  // `expected_revision`, and bumps it; false when missing or stale. The content version stays.
  bool update_game(const GameRow& row, std::int64_t expected_revision);
  // Deletes the game, and its content version when no other game began on it (its hash then in
  // `deleted_version`, when given; else "").
  bool delete_game(const std::string& id, std::string* deleted_version = nullptr);

  // Content versions: the one named `hash` (nullopt if none is stored), and how many are stored.
  std::optional<ContentVersion> find_content_version(const std::string& hash);
  bool has_content_version(const std::string& hash);
  std::int64_t content_version_count();

  // Jobs. create_job first deletes the oldest finished jobs that would put the store past its
  // limit.
  std::string create_job(const std::string& kind, const nlohmann::json& settings,
                         std::int64_t total);
  void update_job_progress(const std::string& id, std::int64_t done);
  void finish_job(const std::string& id, const std::string& state, const std::string& error,
                  const nlohmann::json& report);
  // Records that the job was asked to stop (its state stays "running" until the run stops).
  void request_job_cancel(const std::string& id);
  std::optional<JobRow> find_job(const std::string& id);
  std::vector<JobRow> list_jobs();  // newest first; reports left null

 private:
  std::string path_;
  StoreLimits limits_;
  sqlite3* db_ = nullptr;
  std::mutex mutex_;
};

}  // namespace warband::server
