// A value loaded from a content folder, kept while the folder's files stay as they were: a game
// built per request (the server), per replay (undo, a saved game's check) or per game of a sweep
// would otherwise parse the same TOML every time. No file is read to tell: each lookup stamps every
// file under the folder (path, size, modification time, inode), and a different stamp loads again.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

namespace warband {

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

// Every regular file under `dir` (recursively), sorted by path; empty when `dir` is missing.
std::vector<FileStamp> file_stamps_under(const std::string& dir);

// `load(dir)` once per folder, again only when a file under it was added, removed, resized or
// rewritten since. Thread-safe; a load that throws is not kept (the next lookup tries again).
template <typename Value>
class FolderCache {
 public:
  explicit FolderCache(std::function<Value(const std::string&)> load) : load_(std::move(load)) {}

  std::shared_ptr<const Value> get(const std::string& dir) {
    // Stamped before reading: a file rewritten during the load makes the next lookup load again.
    std::vector<FileStamp> stamps = file_stamps_under(dir);
    {
      std::lock_guard lock(mutex_);
      const auto found = entries_.find(dir);
      if (found != entries_.end() && found->second.stamps == stamps) return found->second.value;
    }
    auto value = std::make_shared<const Value>(load_(dir));
    std::lock_guard lock(mutex_);
    entries_[dir] = {std::move(stamps), value};
    return value;
  }

 private:
  struct Entry {
    std::vector<FileStamp> stamps;
    std::shared_ptr<const Value> value;
  };
  std::function<Value(const std::string&)> load_;
  std::mutex mutex_;
  std::map<std::string, Entry> entries_;  // by folder
};

}  // namespace warband
