#include "core/file_io.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/error.h"

namespace warband {
namespace {

[[noreturn]] void fail(const std::string& path, const std::string& what, const std::string& step,
                       int error_number) {
  throw InputError(
      path, fmt::format("cannot write the {} ({}: {})", what, step, std::strerror(error_number)));
}

}  // namespace

std::string read_text_file(const std::string& path) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec))
    throw InputError(path, "file not found (or not a file)");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(path, "cannot open the file for reading");
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

void write_file_atomically(const std::string& path, const std::string& text,
                           const std::string& what) {
  const std::string temporary = path + ".tmp";
  const int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) fail(path, what, "open " + temporary, errno);
  std::size_t written = 0;
  while (written < text.size()) {
    const ssize_t n = ::write(fd, text.data() + written, text.size() - written);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      const int error_number = errno;
      ::close(fd);
      std::remove(temporary.c_str());
      fail(path, what, "write", error_number);
    }
    written += static_cast<std::size_t>(n);
  }
  // fsync before the rename: a confirmed save survives a crash right after it.
  const int synced = ::fsync(fd);
  const int sync_error = errno;
  const int closed = ::close(fd);
  if (synced != 0 || closed != 0) {
    const int error_number = synced != 0 ? sync_error : errno;
    std::remove(temporary.c_str());
    fail(path, what, "flush", error_number);
  }
  if (std::rename(temporary.c_str(), path.c_str()) != 0) {
    const int error_number = errno;
    std::remove(temporary.c_str());
    fail(path, what, "rename", error_number);
  }
}

}  // namespace warband
