#include "db_check.h"

#include <fmt/format.h>
#include <sqlite3.h>

#include <algorithm>
#include <memory>

#include "core/error.h"

namespace warband::load {
namespace {

struct CloseDatabase {
  void operator()(sqlite3* db) const { sqlite3_close(db); }
};
struct FinalizeStatement {
  void operator()(sqlite3_stmt* statement) const { sqlite3_finalize(statement); }
};
using Database = std::unique_ptr<sqlite3, CloseDatabase>;
using Statement = std::unique_ptr<sqlite3_stmt, FinalizeStatement>;

Statement prepare(sqlite3* db, const char* sql) {
  sqlite3_stmt* statement = nullptr;
  if (sqlite3_prepare_v2(db, sql, -1, &statement, nullptr) != SQLITE_OK)
    throw InputError("--db", fmt::format("cannot read it ({}): {}", sql, sqlite3_errmsg(db)));
  return Statement(statement);
}

std::string column_text(sqlite3_stmt* statement, int column) {
  const auto* text = reinterpret_cast<const char*>(sqlite3_column_text(statement, column));
  return text ? std::string(text, static_cast<std::size_t>(sqlite3_column_bytes(statement, column)))
              : std::string();
}

// Steps a lookup by id: true for a row, false for none; a failed read (a busy or damaged
// database) is not a missing save, so it throws.
bool found_row(sqlite3* db, sqlite3_stmt* statement, const std::string& path) {
  const int step = sqlite3_step(statement);
  if (step == SQLITE_ROW) return true;
  if (step == SQLITE_DONE) return false;
  throw InputError("--db", fmt::format("'{}': cannot read it: {}", path, sqlite3_errmsg(db)));
}

// Where two texts first differ, for a message that says more than "different".
std::string first_difference(const std::string& stored, const std::string& confirmed) {
  const auto [stored_end, confirmed_end] =
      std::mismatch(stored.begin(), stored.end(), confirmed.begin(), confirmed.end());
  return fmt::format("first difference at byte {} ({} bytes stored, {} confirmed)",
                     stored_end - stored.begin(), stored.size(), confirmed.size());
}

}  // namespace

nlohmann::json DbCheck::to_json() const {
  return {{"ok", ok()},
          {"integrity", integrity},
          {"documents_checked", documents_checked},
          {"games_checked", games_checked},
          {"problems", problems}};
}

DbCheck check_database(const std::string& path, const Ledger& ledger) {
  sqlite3* raw = nullptr;
  const int opened = sqlite3_open_v2(path.c_str(), &raw, SQLITE_OPEN_READONLY, nullptr);
  Database db(raw);
  if (opened != SQLITE_OK)
    throw InputError("--db", fmt::format("cannot open '{}': {}", path,
                                         raw ? sqlite3_errmsg(raw) : sqlite3_errstr(opened)));
  sqlite3_busy_timeout(db.get(), 5000);

  DbCheck check;
  {
    Statement integrity = prepare(db.get(), "PRAGMA integrity_check");
    std::vector<std::string> lines;
    int step = SQLITE_ROW;
    while ((step = sqlite3_step(integrity.get())) == SQLITE_ROW)
      lines.push_back(column_text(integrity.get(), 0));
    if (step != SQLITE_DONE)
      throw InputError(
          "--db", fmt::format("'{}': integrity_check failed: {}", path, sqlite3_errmsg(db.get())));
    check.integrity = lines.empty() ? "no answer" : fmt::format("{}", fmt::join(lines, "; "));
  }

  Statement document = prepare(db.get(), "SELECT revision, text FROM documents WHERE id = ?1");
  for (const auto& [id, confirmed] : ledger.documents()) {
    ++check.documents_checked;
    sqlite3_reset(document.get());
    sqlite3_bind_text(document.get(), 1, id.c_str(), static_cast<int>(id.size()), SQLITE_TRANSIENT);
    if (!found_row(db.get(), document.get(), path)) {
      check.problems.push_back(
          fmt::format("document {}: missing (revision {} was confirmed)", id, confirmed.revision));
      continue;
    }
    const std::int64_t revision = sqlite3_column_int64(document.get(), 0);
    const std::string text = column_text(document.get(), 1);
    if (revision < confirmed.revision)
      check.problems.push_back(
          fmt::format("document {}: revision {} in the database, but revision {} was confirmed", id,
                      revision, confirmed.revision));
    else if (revision == confirmed.revision && text != confirmed.text)
      check.problems.push_back(
          fmt::format("document {}: revision {} holds another text than the one confirmed: {}", id,
                      revision, first_difference(text, confirmed.text)));
  }

  Statement game = prepare(db.get(), "SELECT length, log FROM games WHERE id = ?1");
  for (const auto& [id, confirmed] : ledger.games()) {
    ++check.games_checked;
    sqlite3_reset(game.get());
    sqlite3_bind_text(game.get(), 1, id.c_str(), static_cast<int>(id.size()), SQLITE_TRANSIENT);
    if (!found_row(db.get(), game.get(), path)) {
      check.problems.push_back(
          fmt::format("game {}: missing (length {} was confirmed)", id, confirmed.length));
      continue;
    }
    const std::int64_t length = sqlite3_column_int64(game.get(), 0);
    if (length < confirmed.length)
      check.problems.push_back(
          fmt::format("game {}: length {} in the database, but length {} was confirmed", id, length,
                      confirmed.length));
    // The log is saved with the length in one row: it must have landed whole.
    if (!nlohmann::json::accept(column_text(game.get(), 1)))
      check.problems.push_back(fmt::format("game {}: its stored log is not whole JSON", id));
  }
  return check;
}

}  // namespace warband::load
