// After a load run: is the server's SQLite database sound (PRAGMA integrity_check) and does it
// hold every save the server confirmed? Opens the file read-only, so it may run while the server
// is up, after it stopped, or after it was killed (SQLite then reads the write-ahead log too).
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "ledger.h"

namespace warband::load {

struct DbCheck {
  std::string integrity;  // what PRAGMA integrity_check answered: "ok" when sound
  std::int64_t documents_checked = 0;
  std::int64_t games_checked = 0;
  // One line per loss: a missing document or game, an older revision or a shorter game than
  // confirmed, a confirmed revision holding another text.
  std::vector<std::string> problems;

  bool ok() const { return integrity == "ok" && problems.empty(); }
  nlohmann::json to_json() const;
};

// A document must be present with at least its confirmed revision and, at that very revision,
// the exact confirmed text (a higher revision means a later write landed whose answer was lost,
// as when the server is killed mid-request). A game must be present with at least its confirmed
// length. Throws InputError at "--db" when the file cannot be opened as a database.
DbCheck check_database(const std::string& path, const Ledger& ledger);

}  // namespace warband::load
