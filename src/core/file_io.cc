#include "core/file_io.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <optional>
#include <random>

#include "core/error.h"

namespace warband {
namespace {

[[noreturn]] void fail(const std::string& path, const std::string& what, const std::string& step,
                       int error_number) {
  throw InputError(
      path, fmt::format("cannot write the {} ({}: {})", what, step, std::strerror(error_number)));
}

// What a file that is not a regular file is, for messages.
std::string file_kind(mode_t mode) {
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISFIFO(mode)) return "a FIFO (named pipe)";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISSOCK(mode)) return "a socket";
  return "not a regular file";
}

// The descriptor a path names when it is one of this process's own: /dev/stdout, /dev/stderr,
// /dev/fd/N, /proc/self/fd/N.
std::optional<int> own_descriptor(const std::string& path) {
  if (path == "/dev/stdout") return STDOUT_FILENO;
  if (path == "/dev/stderr") return STDERR_FILENO;
  for (const std::string prefix : {"/dev/fd/", "/proc/self/fd/"}) {
    if (!path.starts_with(prefix) || path.size() == prefix.size() ||
        path.size() > prefix.size() + 6)
      continue;
    int number = 0;
    for (std::size_t i = prefix.size(); i < path.size(); ++i) {
      if (path[i] < '0' || path[i] > '9') return std::nullopt;
      number = number * 10 + (path[i] - '0');
    }
    return number;
  }
  return std::nullopt;
}

// Writes all of `text` to `fd`; false with errno set on failure.
bool write_all(int fd, const std::string& text) {
  std::size_t written = 0;
  while (written < text.size()) {
    const ssize_t n = ::write(fd, text.data() + written, text.size() - written);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return false;
    written += static_cast<std::size_t>(n);
  }
  return true;
}

// "dir/.name.1f2e3d4c5b6a7988.tmp": beside the target (so the rename stays on one file system),
// hidden, and not guessable, so nobody can plant a link at it in advance (O_EXCL refuses one
// anyway).
std::string temporary_name(const std::string& folder, const std::string& name) {
  static thread_local std::mt19937_64 random{std::random_device{}()};
  // A long name leaves room for the additions within the 255 bytes a name may have.
  return fmt::format("{}.{}.{:016x}.tmp", folder, name.substr(0, 200), random());
}

void sync_folder(const std::string& folder) {
  const int fd = ::open(folder.empty() ? "." : folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return;
  ::fsync(fd);  // best effort: the file itself is already on disk
  ::close(fd);
}

}  // namespace

std::string read_text_file(const std::string& path, std::size_t max_bytes) {
  // O_NONBLOCK: opening a FIFO must not wait for a writer; it is refused just below.
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
  if (fd < 0) {
    if (errno == ENOENT) throw InputError(path, "file not found");
    throw InputError(path, fmt::format("cannot open: {}", std::strerror(errno)));
  }
  struct stat status {};
  if (::fstat(fd, &status) != 0) {
    const int error_number = errno;
    ::close(fd);
    throw InputError(path, fmt::format("cannot read: {}", std::strerror(error_number)));
  }
  if (!S_ISREG(status.st_mode)) {
    ::close(fd);
    if (S_ISDIR(status.st_mode)) throw InputError(path, "is a directory, not a file");
    throw InputError(path, fmt::format("is {}, not a regular file", file_kind(status.st_mode)));
  }
  const auto too_large = [&] {
    return InputError(path, fmt::format("is larger than the {} bytes a file may have", max_bytes));
  };
  if (static_cast<std::size_t>(status.st_size) > max_bytes) {
    ::close(fd);
    throw too_large();
  }
  std::string text;
  char buffer[65536];
  for (;;) {
    const ssize_t n = ::read(fd, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      const int error_number = errno;
      ::close(fd);
      throw InputError(path, fmt::format("cannot read: {}", std::strerror(error_number)));
    }
    if (n == 0) break;
    // The file may have grown since fstat.
    if (text.size() + static_cast<std::size_t>(n) > max_bytes) {
      ::close(fd);
      throw too_large();
    }
    text.append(buffer, static_cast<std::size_t>(n));
  }
  ::close(fd);
  return text;
}

struct FileSaveBatch::Staged {
  enum class Kind { kReplace, kWriteThrough };
  Kind kind = Kind::kReplace;
  std::string path;       // as given, for messages
  std::string what;       // "log", "chart"
  std::string target;     // kReplace: the file renamed over (a link's file)
  std::string folder;     // kReplace: the target's folder, synced after the rename
  std::string temporary;  // kReplace: the written temporary file; "" once renamed
  int fd = -1;            // kWriteThrough: the open device, FIFO or own descriptor
  int own_descriptor = -1;
  std::string text;  // kWriteThrough: written at commit
};

FileSaveBatch::FileSaveBatch() = default;

FileSaveBatch::~FileSaveBatch() {
  for (Staged& staged : staged_) {
    if (!staged.temporary.empty()) ::unlink(staged.temporary.c_str());
    if (staged.fd >= 0) ::close(staged.fd);
  }
}

void FileSaveBatch::stage(const std::string& path, const std::string& text,
                          const std::string& what) {
  Staged staged;
  staged.path = path;
  staged.what = what;

  if (const std::optional<int> descriptor = own_descriptor(path)) {
    staged.kind = Staged::Kind::kWriteThrough;
    staged.own_descriptor = *descriptor;
    staged.fd = ::fcntl(*descriptor, F_DUPFD_CLOEXEC, 3);
    if (staged.fd < 0) fail(path, what, fmt::format("descriptor {}", *descriptor), errno);
    staged.text = text;
    staged_.push_back(std::move(staged));
    return;
  }
  if (path.empty() || path.back() == '/')
    throw InputError(path, fmt::format("cannot write the {}: the path names no file", what));

  // A symbolic link is followed to its file (as editors do): the link stays a link.
  staged.target = path;
  struct stat status {};
  if (::lstat(path.c_str(), &status) == 0 && S_ISLNK(status.st_mode)) {
    char* resolved = ::realpath(path.c_str(), nullptr);
    if (resolved == nullptr) {
      if (errno == ENOENT)
        throw InputError(path, fmt::format("cannot write the {}: it is a symbolic link to a "
                                           "file that does not exist",
                                           what));
      fail(path, what, "follow the link", errno);
    }
    staged.target = resolved;
    std::free(resolved);
  }

  const bool exists = ::stat(staged.target.c_str(), &status) == 0;
  if (!exists && errno != ENOENT) fail(path, what, "stat", errno);
  if (exists && (S_ISCHR(status.st_mode) || S_ISFIFO(status.st_mode))) {
    // Written through, as tee would: replacing /dev/null or a pipe with a file is never meant.
    staged.kind = Staged::Kind::kWriteThrough;
    do {
      staged.fd = ::open(staged.target.c_str(), O_WRONLY | O_NOCTTY | O_CLOEXEC);
    } while (staged.fd < 0 && errno == EINTR);
    if (staged.fd < 0) fail(path, what, "open", errno);
    staged.text = text;
    staged_.push_back(std::move(staged));
    return;
  }
  if (exists && !S_ISREG(status.st_mode))
    throw InputError(path, fmt::format("cannot write the {}: the path is {}, not a regular file",
                                       what, file_kind(status.st_mode)));

  const std::size_t slash = staged.target.rfind('/');
  staged.folder = slash == std::string::npos ? "" : staged.target.substr(0, slash + 1);
  const std::string name =
      slash == std::string::npos ? staged.target : staged.target.substr(slash + 1);
  int fd = -1;
  for (int attempt = 0; fd < 0 && attempt < 16; ++attempt) {
    staged.temporary = temporary_name(staged.folder, name);
    // O_EXCL and O_NOFOLLOW: a file or a link already at the name is never written through.
    fd = ::open(staged.temporary.c_str(),
                O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC | O_NOCTTY, 0666);
    if (fd < 0 && errno != EEXIST) break;
  }
  if (fd < 0) {
    const int error_number = errno;
    staged.temporary.clear();
    fail(path, what,
         "open a temporary file in " + (staged.folder.empty() ? std::string(".") : staged.folder),
         error_number);
  }
  const auto give_up = [&](const std::string& step) {
    const int error_number = errno;
    ::close(fd);
    ::unlink(staged.temporary.c_str());
    fail(path, what, step, error_number);
  };
  if (exists) {
    // The saved file keeps the owner (when allowed) and the permission bits of the one it
    // replaces: a 0600 list stays 0600. (A new file gets 0666 less the umask, as any.)
    [[maybe_unused]] const int owned = ::fchown(fd, status.st_uid, status.st_gid);
    if (::fchmod(fd, status.st_mode & 07777) != 0) give_up("set the permissions");
  }
  if (!write_all(fd, text)) give_up("write");
  // fsync before the rename: a confirmed save survives a crash right after it.
  if (::fsync(fd) != 0) give_up("flush");
  if (::close(fd) != 0) {
    const int error_number = errno;
    ::unlink(staged.temporary.c_str());
    fail(path, what, "flush", error_number);
  }
  staged_.push_back(std::move(staged));
}

void FileSaveBatch::commit() {
  for (Staged& staged : staged_) {
    if (staged.kind == Staged::Kind::kReplace) {
      if (::rename(staged.temporary.c_str(), staged.target.c_str()) != 0)
        fail(staged.path, staged.what, "rename", errno);  // the destructor removes the rest
      staged.temporary.clear();
      sync_folder(staged.folder);
      continue;
    }
    // Our own standard output or error: what the program printed before goes first.
    if (staged.own_descriptor == STDOUT_FILENO || staged.own_descriptor == STDERR_FILENO) {
      std::cout.flush();
      std::cerr.flush();
      std::fflush(nullptr);
    }
    const bool written = write_all(staged.fd, staged.text);
    const int error_number = errno;
    ::close(staged.fd);
    staged.fd = -1;
    if (!written) fail(staged.path, staged.what, "write", error_number);
  }
  staged_.clear();
}

void check_writable(const std::string& path, const std::string& what) {
  struct stat status {};
  if (::stat(path.c_str(), &status) == 0 && (S_ISCHR(status.st_mode) || S_ISFIFO(status.st_mode)))
    return;  // opening a FIFO would wait for its reader, and write-through needs no folder
  FileSaveBatch batch;
  batch.stage(path, "", what);  // not committed: its temporary file is removed
}

void write_file_atomically(const std::string& path, const std::string& text,
                           const std::string& what) {
  FileSaveBatch batch;
  batch.stage(path, text, what);
  batch.commit();
}

}  // namespace warband
