// Files and text for tests: the whole of a file, a file written, a temporary path, a count of
// pieces in a text. The tests' one copy of each.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <cstddef>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>

#include "core/file_io.h"

namespace warband {

// The whole of the file at `path` ("" when it cannot be read).
inline std::string read_file_text(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// Writes `text` to `path`, replacing it.
inline void write_file_text(const std::filesystem::path& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

// Replaces the first `from` in the file at `path` with `to`, saved as the app saves (a rename).
inline void replace_in_file(const std::filesystem::path& path, const std::string& from,
                            const std::string& to) {
  std::string text = read_file_text(path);
  const std::size_t at = text.find(from);
  ASSERT_NE(at, std::string::npos) << "no '" << from << "' in " << path;
  text.replace(at, from.size(), to);
  write_file_atomically(path.string(), text);
}

// A folder of its own under the system's temporary folder (the process, a count and a random
// number in its name, since tests run in parallel), removed with it.
class ScratchFolder {
 public:
  ScratchFolder() {
    static std::atomic<int> counter = 0;
    path_ = std::filesystem::temp_directory_path() /
            ("warband-test-" + std::to_string(::getpid()) + "-" + std::to_string(counter++) + "-" +
             std::to_string(std::random_device{}()));
    std::filesystem::create_directories(path_);
  }
  ~ScratchFolder() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  ScratchFolder(const ScratchFolder&) = delete;
  ScratchFolder& operator=(const ScratchFolder&) = delete;
  const std::filesystem::path& path() const { return path_; }
  std::string root() const { return path_.string(); }
  std::string file(const std::string& name) const { return (path_ / name).string(); }
  void write(const std::string& name, const std::string& text) const {
    std::ofstream(file(name)) << text;
  }
  // A copy of the folder `from` (e.g. a ruleset's content) as `name` in this folder.
  void copy_folder(const std::string& from, const std::string& name) const {
    std::filesystem::copy(from, file(name), std::filesystem::copy_options::recursive);
  }

 private:
  std::filesystem::path path_;
};

// `name` in the tests' temporary folder: give it the test file's own prefix, since tests run in
// parallel.
inline std::string temp_file_path(const std::string& name) {
  return ::testing::TempDir() + name;
}

// Writes `text` to `name` in the tests' temporary folder and gives its path.
inline std::string write_temp_file(const std::string& name, const std::string& text) {
  const std::string path = temp_file_path(name);
  write_file_text(path, text);
  return path;
}

// Whether `piece` occurs in `text`.
inline bool contains_text(const std::string& text, const std::string& piece) {
  return text.find(piece) != std::string::npos;
}

// How many times `piece` occurs in `text`, overlaps counted.
inline int count_of(const std::string& text, const std::string& piece) {
  int found = 0;
  for (auto at = text.find(piece); at != std::string::npos; at = text.find(piece, at + 1))
    ++found;
  return found;
}

}  // namespace warband
