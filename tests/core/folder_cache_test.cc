// The folder cache: one load while the folder's files stay, a new load as soon as a file is
// rewritten (at the same size, at once), added or removed, and no value kept from a failed load;
// within a snapshot, the folder as it was when the snapshot first asked, on every thread using it.
#include "core/folder_cache.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <stdexcept>
#include <thread>

#include "core/file_io.h"
#include "tests/support/test_files.h"

namespace warband {
namespace {

namespace fs = std::filesystem;

TEST(FolderCache, LoadsAgainOnlyWhenAFileUnderTheFolderChanges) {
  const fs::path dir = fs::path(::testing::TempDir()) / "folder_cache_test";
  fs::remove_all(dir);
  fs::create_directories(dir / "inner");
  write_file_atomically((dir / "a.toml").string(), "one");
  write_file_atomically((dir / "inner" / "b.toml").string(), "two");

  int loads = 0;
  FolderCache<std::string> cache([&loads](const std::string& folder) {
    ++loads;
    const std::string text = read_file_text(fs::path(folder) / "a.toml");
    if (text == "bad") throw std::runtime_error("a.toml is bad");
    return text;
  });

  EXPECT_EQ(*cache.get(dir.string()), "one");
  EXPECT_EQ(*cache.get(dir.string()), "one");
  EXPECT_EQ(loads, 1);

  // Rewritten at the same size straight after the read (a save's rename: a new inode).
  write_file_atomically((dir / "a.toml").string(), "ONE");
  EXPECT_EQ(*cache.get(dir.string()), "ONE");
  EXPECT_EQ(loads, 2);

  // A file deeper down, added or removed, counts too.
  write_file_atomically((dir / "inner" / "b.toml").string(), "three");
  cache.get(dir.string());
  write_file_atomically((dir / "inner" / "c.toml").string(), "new");
  cache.get(dir.string());
  fs::remove(dir / "inner" / "c.toml");
  cache.get(dir.string());
  EXPECT_EQ(loads, 5);

  // A failed load is not kept: it fails again, and the mended file loads.
  write_file_atomically((dir / "a.toml").string(), "bad");
  EXPECT_THROW(cache.get(dir.string()), std::runtime_error);
  EXPECT_THROW(cache.get(dir.string()), std::runtime_error);
  write_file_atomically((dir / "a.toml").string(), "mended");
  EXPECT_EQ(*cache.get(dir.string()), "mended");
  EXPECT_EQ(loads, 8);

  // Each folder is its own entry.
  const fs::path other = fs::path(::testing::TempDir()) / "folder_cache_test_other";
  fs::remove_all(other);
  fs::create_directories(other);
  write_file_atomically((other / "a.toml").string(), "other");
  EXPECT_EQ(*cache.get(other.string()), "other");
  EXPECT_EQ(*cache.get(dir.string()), "mended");
  EXPECT_EQ(loads, 9);
  fs::remove_all(dir);
  fs::remove_all(other);
}

TEST(FolderCache, ASnapshotKeepsWhatItFirstReadOnEveryThreadUsingIt) {
  const fs::path dir = fs::path(::testing::TempDir()) / "folder_cache_snapshot_test";
  fs::remove_all(dir);
  fs::create_directories(dir);
  write_file_atomically((dir / "a.toml").string(), "one");
  int loads = 0;
  FolderCache<std::string> cache([&loads](const std::string& folder) {
    ++loads;
    return read_file_text(fs::path(folder) / "a.toml");
  });

  {
    FolderSnapshot snapshot;
    const FolderSnapshot::Use use(snapshot);
    EXPECT_EQ(FolderSnapshot::current(), &snapshot);
    EXPECT_EQ(*cache.get(dir.string()), "one");
    write_file_atomically((dir / "a.toml").string(), "two");
    EXPECT_EQ(*cache.get(dir.string()), "one");  // a save during the run is not seen
    std::string on_worker;
    std::thread worker([&] {
      const FolderSnapshot::Use join(snapshot);
      on_worker = *cache.get(dir.string());
    });
    worker.join();
    EXPECT_EQ(on_worker, "one");
    EXPECT_EQ(loads, 1);

    // A thread without the snapshot sees the saved file; the snapshot still does not.
    std::thread outside([&] { on_worker = *cache.get(dir.string()); });
    outside.join();
    EXPECT_EQ(on_worker, "two");
    EXPECT_EQ(*cache.get(dir.string()), "one");
    EXPECT_EQ(loads, 2);

    // A snapshot inside another is its own run, and the outer one comes back after it.
    {
      FolderSnapshot inner;
      const FolderSnapshot::Use use_inner(inner);
      EXPECT_EQ(*cache.get(dir.string()), "two");
    }
    EXPECT_EQ(FolderSnapshot::current(), &snapshot);
    EXPECT_EQ(*cache.get(dir.string()), "one");
  }
  EXPECT_EQ(FolderSnapshot::current(), nullptr);
  EXPECT_EQ(*cache.get(dir.string()), "two");
  EXPECT_EQ(loads, 2);

  // Of two values kept for one folder, the first stays.
  FolderSnapshot snapshot;
  const auto first = std::make_shared<const int>(1);
  EXPECT_EQ(snapshot.keep(&cache, "x", first), first);
  EXPECT_EQ(snapshot.keep(&cache, "x", std::make_shared<const int>(2)), first);
  EXPECT_EQ(snapshot.find(&cache, "x"), first);
  EXPECT_EQ(snapshot.find(&cache, "y"), nullptr);
  fs::remove_all(dir);
}

TEST(FolderCache, StampsEveryRegularFileSortedAndNothingForAMissingFolder) {
  const fs::path dir = fs::path(::testing::TempDir()) / "folder_cache_stamps_test";
  fs::remove_all(dir);
  fs::create_directories(dir / "z" / "deeper");
  write_file_atomically((dir / "z" / "deeper" / "b").string(), "12345");
  write_file_atomically((dir / "a").string(), "1");
  const std::vector<FileStamp> stamps = file_stamps_under(dir.string());
  ASSERT_EQ(stamps.size(), 2u);
  EXPECT_EQ(stamps[0].path, (dir / "a").string());
  EXPECT_EQ(stamps[0].size, 1);
  EXPECT_EQ(stamps[1].path, (dir / "z" / "deeper" / "b").string());
  EXPECT_EQ(stamps[1].size, 5);
  EXPECT_TRUE(file_stamps_under((dir / "missing").string()).empty());
  fs::remove_all(dir);
}

}  // namespace
}  // namespace warband
