// One `warband serve` per database. A second server on the same database used to mark the first
// one's running job failed (it takes every "running" job for one a dead server left): ruled, the
// second server refuses to start, with an error that says which process has the database. The
// lock is flock() on DB.lock beside the database, held while the server runs; the kernel drops it
// when the process ends however it ends (kill -9 included), so a restart is never locked out by a
// stale lock. A lock on the database file itself would not do: SQLite's own POSIX locks on it
// drop when any descriptor of the file closes.
#pragma once

#include <string>

namespace warband::server {

class ServerLock {
 public:
  // Takes the lock of database `db_path`; InputError("--db", ...) naming the holder's process
  // when another server has it, or saying why the lock file cannot be made.
  explicit ServerLock(const std::string& db_path);
  ~ServerLock();
  ServerLock(const ServerLock&) = delete;
  ServerLock& operator=(const ServerLock&) = delete;

  const std::string& path() const { return path_; }

 private:
  std::string path_;
  int fd_ = -1;
};

}  // namespace warband::server
