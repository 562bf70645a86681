#include "rulesets/atomspast/builder/content_cache.h"

#include <sys/stat.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <vector>

namespace warband::atomspast::builder {
namespace {

namespace fs = std::filesystem;

// What says a file changed without reading it. The inode too: a file replaced by a rename (as
// every save here is) within the file system's clock tick, at the same size, is still seen.
struct FileStamp {
  std::string path;
  std::int64_t size = 0;
  std::int64_t written_s = 0;
  std::int64_t written_ns = 0;
  std::uint64_t inode = 0;
  bool operator==(const FileStamp&) const = default;
};

std::vector<FileStamp> stamps_under(const std::string& dir) {
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

struct CachedContent {
  std::vector<FileStamp> stamps;
  std::shared_ptr<const Content> content;
};

std::mutex cache_mutex;
std::map<std::string, CachedContent> cache;  // by folder

}  // namespace

Content cached_content(const std::string& dir) {
  // Stamped before reading: a file rewritten during the read makes the next call read again.
  std::vector<FileStamp> stamps = stamps_under(dir);
  {
    std::lock_guard lock(cache_mutex);
    const auto found = cache.find(dir);
    if (found != cache.end() && found->second.stamps == stamps) return *found->second.content;
  }
  auto content = std::make_shared<const Content>(load_content(dir));
  std::lock_guard lock(cache_mutex);
  cache[dir] = {std::move(stamps), content};
  return *content;
}

}  // namespace warband::atomspast::builder
