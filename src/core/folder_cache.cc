#include "core/folder_cache.h"

#include <sys/stat.h>

#include <algorithm>
#include <filesystem>

namespace warband {

std::vector<FileStamp> file_stamps_under(const std::string& dir) {
  namespace fs = std::filesystem;
  std::vector<FileStamp> stamps;
  std::error_code ec;
  for (fs::recursive_directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    struct stat status {};
    if (::stat(it->path().c_str(), &status) != 0 || !S_ISREG(status.st_mode)) continue;
    stamps.push_back({it->path().string(), status.st_size, status.st_mtim.tv_sec,
                      status.st_mtim.tv_nsec, status.st_ino});
  }
  std::sort(stamps.begin(), stamps.end(),
            [](const FileStamp& a, const FileStamp& b) { return a.path < b.path; });
  return stamps;
}

}  // namespace warband
