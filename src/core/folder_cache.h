// A value loaded from a content folder, kept while the folder's files stay as they were: a game
// built per request (the server), per replay (undo, a saved game's check) or per game of a sweep
// would otherwise parse the same TOML every time. No file is read to tell: each lookup stamps every
// file under the folder (path, size, modification time, inode), and a different stamp loads again.
// A run of many games (a sweep) holds a FolderSnapshot: its games read each folder as it was when
// the run first asked, and pay no stamps.
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

// Within a snapshot, on every thread using it, a FolderCache lookup of a folder already looked up
// returns what the first lookup returned, without stamping: a sweep's games all play one version of
// their content even when a designer saves a file meanwhile (half of a run on the old prices and
// half on the new would fit neither), and a game costs no walk of the folder (a walk of 15 files
// takes about 75 µs on this machine, where a random-bot game of a grid ruleset takes under 1 ms
// and asks for its content several times).
class FolderSnapshot {
 public:
  FolderSnapshot() = default;
  FolderSnapshot(const FolderSnapshot&) = delete;
  FolderSnapshot& operator=(const FolderSnapshot&) = delete;

  // Makes `snapshot` the calling thread's while it lives (the one before comes back after).
  class Use {
   public:
    explicit Use(FolderSnapshot& snapshot);
    ~Use();
    Use(const Use&) = delete;
    Use& operator=(const Use&) = delete;

   private:
    FolderSnapshot* previous_;
  };

  // The calling thread's snapshot, or null.
  static FolderSnapshot* current();

  // What `cache` gave for `dir` first in this snapshot, or null.
  std::shared_ptr<const void> find(const void* cache, const std::string& dir);
  // Keeps `value` for (`cache`, `dir`) unless another thread kept one first; returns the kept one.
  std::shared_ptr<const void> keep(const void* cache, const std::string& dir,
                                   std::shared_ptr<const void> value);

 private:
  std::mutex mutex_;
  std::map<std::pair<const void*, std::string>, std::shared_ptr<const void>> kept_;
};

// `load(dir)` once per folder, again only when a file under it was added, removed, resized or
// rewritten since. Thread-safe; a load that throws is not kept (the next lookup tries again).
template <typename Value>
class FolderCache {
 public:
  explicit FolderCache(std::function<Value(const std::string&)> load) : load_(std::move(load)) {}

  std::shared_ptr<const Value> get(const std::string& dir) {
    FolderSnapshot* snapshot = FolderSnapshot::current();
    if (!snapshot) return checked(dir);
    if (auto kept = snapshot->find(this, dir)) return std::static_pointer_cast<const Value>(kept);
    return std::static_pointer_cast<const Value>(snapshot->keep(this, dir, checked(dir)));
  }

 private:
  std::shared_ptr<const Value> checked(const std::string& dir) {
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

  struct Entry {
    std::vector<FileStamp> stamps;
    std::shared_ptr<const Value> value;
  };
  std::function<Value(const std::string&)> load_;
  std::mutex mutex_;
  std::map<std::string, Entry> entries_;  // by folder
};

}  // namespace warband
