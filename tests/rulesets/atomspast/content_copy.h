// A copy of the shipped AtomsPast content in a scratch folder, for tests that edit one content
// file and load it again (the loader's errors, a changed formula).
#pragma once

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "core/error.h"
#include "core/registry.h"
#include "rulesets/atomspast/content.h"

namespace warband::atomspast::testing {

namespace fs = std::filesystem;

inline std::string read(const fs::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

inline void write(const fs::path& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

// A copy of the shipped content in a scratch folder, to edit one file and load again.
class ContentCopy {
 public:
  ContentCopy() {
    const auto* test = ::testing::UnitTest::GetInstance()->current_test_info();
    root_ =
        fs::temp_directory_path() / fmt::format("warband_content_{}_{}", test->name(), getpid());
    fs::remove_all(root_);
    fs::create_directories(root_);
    fs::copy(fs::path(default_content_dir()) / "atomspast", dir(), fs::copy_options::recursive);
  }
  ~ContentCopy() {
    std::error_code ec;
    fs::remove_all(root_, ec);
  }
  fs::path dir() const { return root_ / "atomspast"; }
  fs::path root() const { return root_; }
  // Replaces the first `from` in `file` by `to`; fails the test when `from` is not there.
  void replace(const std::string& file, const std::string& from, const std::string& to) {
    std::string text = read(dir() / file);
    const std::size_t at = text.find(from);
    ASSERT_NE(at, std::string::npos) << from << " in " << file;
    text.replace(at, from.size(), to);
    write(dir() / file, text);
  }
  void append(const std::string& file, const std::string& text) {
    write(dir() / file, read(dir() / file) + text);
  }
  Content load() const { return load_content(dir().string()); }
  // The InputError load_content throws: "where: what" ("" when it loads).
  std::string load_error() const {
    try {
      load();
    } catch (const InputError& error) {
      return error.what();
    }
    return "";
  }

 private:
  fs::path root_;
};

}  // namespace warband::atomspast::testing
