#include "core/folder_cache.h"

#include <sys/stat.h>

#include <algorithm>
#include <filesystem>

namespace warband {
namespace {
thread_local FolderSnapshot* current_snapshot = nullptr;
}  // namespace

FolderSnapshot::Use::Use(FolderSnapshot& snapshot) : previous_(current_snapshot) {
  current_snapshot = &snapshot;
}

FolderSnapshot::Use::~Use() {
  current_snapshot = previous_;
}

FolderSnapshot* FolderSnapshot::current() {
  return current_snapshot;
}

std::shared_ptr<const void> FolderSnapshot::find(const void* cache, const std::string& dir) {
  std::lock_guard lock(mutex_);
  const auto found = kept_.find({cache, dir});
  return found == kept_.end() ? nullptr : found->second;
}

std::shared_ptr<const void> FolderSnapshot::keep(const void* cache, const std::string& dir,
                                                 std::shared_ptr<const void> value) {
  std::lock_guard lock(mutex_);
  return kept_.try_emplace({cache, dir}, std::move(value)).first->second;
}

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
