// Core's one reader and one writer of user files (issue 14, defects 1 and 8): what replaced a
// device, a FIFO or a link, followed a planted FILE.tmp, reset a 0600 file to 0644, or read
// /dev/zero until memory ran out.
#include "core/file_io.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <future>
#include <sstream>

#include "core/error.h"
#include "tests/support/input_error.h"
#include "tests/support/test_files.h"

namespace warband {
namespace {

namespace fs = std::filesystem;
using warband::testing::input_error;

class Files : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("warband_file_io_" + std::to_string(::getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string path(const std::string& name) const { return (dir_ / name).string(); }
  // The folder's entries: a save leaves no temporary file behind.
  std::vector<std::string> entries() const {
    std::vector<std::string> names;
    for (const auto& entry : fs::directory_iterator(dir_))
      names.push_back(entry.path().filename().string());
    std::sort(names.begin(), names.end());
    return names;
  }

  fs::path dir_;
};

bool is_character_device(const std::string& path) {
  struct stat status {};
  return ::lstat(path.c_str(), &status) == 0 && S_ISCHR(status.st_mode);
}

TEST_F(Files, SavesANewFileAndReplacesAnOldOneWhole) {
  const std::string file = path("list.toml");
  write_file_atomically(file, "one\n");
  EXPECT_EQ(read_file_text(file), "one\n");
  write_file_atomically(file, "two\n");
  EXPECT_EQ(read_file_text(file), "two\n");
  EXPECT_EQ(entries(), std::vector<std::string>{"list.toml"});
}

TEST_F(Files, KeepsThePermissionBitsOfTheFileItReplaces) {
  const std::string file = path("secret.toml");
  std::ofstream(file) << "old\n";
  ASSERT_EQ(::chmod(file.c_str(), 0600), 0);
  write_file_atomically(file, "new\n");
  struct stat status {};
  ASSERT_EQ(::stat(file.c_str(), &status), 0);
  EXPECT_EQ(status.st_mode & 07777, 0600u);
  ASSERT_EQ(::chmod(file.c_str(), 0640), 0);
  write_file_atomically(file, "newer\n");
  ASSERT_EQ(::stat(file.c_str(), &status), 0);
  EXPECT_EQ(status.st_mode & 07777, 0640u);
}

TEST_F(Files, APlantedTemporaryLinkIsNotFollowed) {
  // The old writer opened FILE.tmp with O_TRUNC and wrote through a link planted there.
  const std::string victim = path("victim.txt"), file = path("list.toml");
  std::ofstream(victim) << "precious\n";
  fs::create_symlink(victim, file + ".tmp");
  write_file_atomically(file, "list\n");
  EXPECT_EQ(read_file_text(victim), "precious\n");
  EXPECT_EQ(read_file_text(file), "list\n");
  EXPECT_TRUE(fs::is_symlink(file + ".tmp"));
}

TEST_F(Files, ALinkIsFollowedToItsFileAndStaysALink) {
  const std::string real = path("real.toml"), link = path("link.toml");
  std::ofstream(real) << "old\n";
  ASSERT_EQ(::chmod(real.c_str(), 0600), 0);
  fs::create_symlink("real.toml", link);
  write_file_atomically(link, "new\n");
  EXPECT_TRUE(fs::is_symlink(link));
  EXPECT_EQ(read_file_text(real), "new\n");
  EXPECT_EQ(fs::status(real).permissions(), fs::perms::owner_read | fs::perms::owner_write);
  EXPECT_EQ(entries(), (std::vector<std::string>{"link.toml", "real.toml"}));
}

TEST_F(Files, ALinkToNothingIsRefused) {
  const std::string link = path("dangling.toml");
  fs::create_symlink(path("nowhere.toml"), link);
  EXPECT_EQ(input_error([&] { write_file_atomically(link, "x", "log"); }),
            link + ": cannot write the log: it is a symbolic link to a file that does not exist");
  EXPECT_FALSE(fs::exists(path("nowhere.toml")));
}

TEST_F(Files, AFolderIsRefused) {
  fs::create_directories(path("folder"));
  EXPECT_EQ(
      input_error([&] { write_file_atomically(path("folder"), "x", "summary"); }),
      path("folder") + ": cannot write the summary: the path is a directory, not a regular file");
  EXPECT_TRUE(fs::is_directory(path("folder")));
  EXPECT_NE(input_error([&] {
              write_file_atomically(path("no/such/folder.json"), "x");
            }).find("cannot write the file (open a temporary file in "),
            std::string::npos);
}

TEST_F(Files, DevNullIsWrittenThroughNotReplaced) {
  write_file_atomically("/dev/null", "discarded\n", "summary");
  EXPECT_TRUE(is_character_device("/dev/null"));
}

TEST_F(Files, DevFullSaysNoSpaceAndStaysADevice) {
  EXPECT_EQ(input_error([] { write_file_atomically("/dev/full", "x\n", "summary"); }),
            "/dev/full: cannot write the summary (write: No space left on device)");
  EXPECT_TRUE(is_character_device("/dev/full"));
}

TEST_F(Files, AFifoGetsTheTextAndStaysAFifo) {
  const std::string fifo = path("pipe");
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  // The reader, as `cat pipe` would be; the write waits for it as tee's does.
  std::future<std::string> reader =
      std::async(std::launch::async, [&] { return read_file_text(fifo); });
  write_file_atomically(fifo, "through the pipe\n", "log");
  EXPECT_EQ(reader.get(), "through the pipe\n");
  EXPECT_TRUE(fs::is_fifo(fifo));
}

TEST_F(Files, OwnDescriptorsAreWrittenAtTheirPosition) {
  int ends[2];
  ASSERT_EQ(::pipe(ends), 0);
  write_file_atomically("/dev/fd/" + std::to_string(ends[1]), "via /dev/fd\n");
  write_file_atomically("/proc/self/fd/" + std::to_string(ends[1]), "via /proc\n");
  ::close(ends[1]);
  std::string text;
  char buffer[256];
  for (ssize_t n; (n = ::read(ends[0], buffer, sizeof buffer)) > 0;)
    text.append(buffer, static_cast<std::size_t>(n));
  ::close(ends[0]);
  EXPECT_EQ(text, "via /dev/fd\nvia /proc\n");

  // Standard output redirected to a file (`warband ... --out /dev/stdout > all.txt`): the text
  // joins what is there, the file is not replaced by one holding only it.
  const std::string all = path("all.txt");
  std::ofstream(all) << "printed before\n";
  std::fflush(stdout);
  const int saved = ::dup(STDOUT_FILENO);
  const int file = ::open(all.c_str(), O_WRONLY | O_APPEND);
  ASSERT_GE(file, 0);
  struct stat before {};
  ASSERT_EQ(::fstat(file, &before), 0);
  ::dup2(file, STDOUT_FILENO);
  ::close(file);
  write_file_atomically("/dev/stdout", "the summary\n", "summary");
  ::dup2(saved, STDOUT_FILENO);
  ::close(saved);
  EXPECT_EQ(read_file_text(all), "printed before\nthe summary\n");
  struct stat after {};
  ASSERT_EQ(::stat(all.c_str(), &after), 0);
  EXPECT_EQ(after.st_ino, before.st_ino);
}

TEST_F(Files, ABatchChangesNoFileWhenOneCannotBeSaved) {
  const std::string good = path("good.toml"), bad = path("bad");
  std::ofstream(good) << "old\n";
  fs::create_directories(bad);
  {
    FileSaveBatch batch;
    batch.stage(good, "new\n");
    EXPECT_THROW(batch.stage(bad, "new\n"), InputError);
  }  // not committed: its temporary file goes
  EXPECT_EQ(read_file_text(good), "old\n");
  EXPECT_EQ(entries(), (std::vector<std::string>{"bad", "good.toml"}));

  FileSaveBatch batch;
  batch.stage(good, "new\n");
  batch.stage(path("other.toml"), "other\n");
  EXPECT_EQ(read_file_text(good), "old\n");  // staged, not yet in place
  batch.commit();
  EXPECT_EQ(read_file_text(good), "new\n");
  EXPECT_EQ(read_file_text(path("other.toml")), "other\n");
  EXPECT_EQ(entries(), (std::vector<std::string>{"bad", "good.toml", "other.toml"}));
}

TEST_F(Files, ReadingTakesOnlyARegularFile) {
  EXPECT_EQ(input_error([&] { read_text_file(path("missing.json")); }),
            path("missing.json") + ": file not found");
  EXPECT_EQ(input_error([&] { read_text_file(dir_.string()); }),
            dir_.string() + ": is a directory, not a file");
  // Refused at once: the old readers read /dev/zero until memory ran out...
  EXPECT_EQ(input_error([] { read_text_file("/dev/zero"); }),
            "/dev/zero: is a character device, not a regular file");
  // ...and waited for a FIFO's writer forever.
  const std::string fifo = path("pipe");
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  EXPECT_EQ(input_error([&] { read_text_file(fifo); }),
            fifo + ": is a FIFO (named pipe), not a regular file");
}

TEST_F(Files, ReadingStopsAtTheSizeCap) {
  const std::string file = path("big.json");
  std::ofstream(file) << std::string(1000, 'x');
  EXPECT_EQ(read_text_file(file, 1000).size(), 1000u);
  EXPECT_EQ(input_error([&] { read_text_file(file, 999); }),
            file + ": is larger than the 999 bytes a file may have");
  // A link to a file is read as the file.
  fs::create_symlink(file, path("link.json"));
  EXPECT_EQ(read_text_file(path("link.json")).size(), 1000u);
}

}  // namespace
}  // namespace warband
