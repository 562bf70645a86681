#include "server/server_lock.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>

#include "core/error.h"

namespace warband::server {
namespace {

// The process id the holder wrote in the lock file, or "" if it cannot be read.
std::string holder_of(int fd) {
  char text[32] = {};
  const ssize_t got = ::pread(fd, text, sizeof text - 1, 0);
  if (got <= 0) return "";
  std::string pid(text, static_cast<std::size_t>(got));
  while (!pid.empty() && (pid.back() == '\n' || pid.back() == ' '))
    pid.pop_back();
  return pid;
}

}  // namespace

ServerLock::ServerLock(const std::string& db_path) : path_(db_path + ".lock") {
  fd_ = ::open(path_.c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);
  if (fd_ < 0)
    throw InputError("--db",
                     fmt::format("cannot make the lock file {}: {}", path_, std::strerror(errno)));
  if (::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
    const int error = errno;
    const std::string holder = holder_of(fd_);
    ::close(fd_);
    fd_ = -1;
    if (error == EWOULDBLOCK)
      throw InputError("--db",
                       fmt::format("{} is in use by another `warband serve`{}; stop it first, or "
                                   "give this one another --db",
                                   db_path, holder.empty() ? "" : " (process " + holder + ")"));
    throw InputError("--db", fmt::format("cannot lock {}: {}", path_, std::strerror(error)));
  }
  const std::string pid = std::to_string(::getpid()) + "\n";
  if (::ftruncate(fd_, 0) == 0) (void)::pwrite(fd_, pid.data(), pid.size(), 0);
}

ServerLock::~ServerLock() {
  if (fd_ >= 0) ::close(fd_);  // closing drops the lock
}

}  // namespace warband::server
