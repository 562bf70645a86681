#include "fuzz/support/fuzz_support.h"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <system_error>

namespace warband::fuzz {

std::string_view input_text(const std::uint8_t* data, std::size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

std::pair<std::string_view, std::string_view> split_first_line(std::string_view text) {
  const std::size_t end = text.find('\n');
  if (end == std::string_view::npos) return {text, {}};
  return {text.substr(0, end), text.substr(end + 1)};
}

bool looks_like_json(std::string_view text) {
  const std::size_t first = text.find_first_not_of(" \t\r\n");
  return first != std::string_view::npos && text[first] == '{';
}

void defect(std::string_view what) {
  std::fprintf(stderr, "\n== fuzz defect: %.*s\n", static_cast<int>(what.size()), what.data());
  std::abort();
}

void require_same(std::string_view printed, std::string_view printed_again, std::string_view what) {
  if (printed == printed_again) return;
  std::fprintf(stderr, "\n== printed:\n%.*s\n== read back and printed again:\n%.*s\n",
               static_cast<int>(printed.size()), printed.data(),
               static_cast<int>(printed_again.size()), printed_again.data());
  defect(std::string(what) + ": does not print the same after a round trip");
}

namespace fs = std::filesystem;

ScratchFolder& ScratchFolder::instance() {
  static ScratchFolder folder;
  return folder;
}

ScratchFolder::ScratchFolder() {
  // /dev/shm when there is one: every input is written once, so memory beats a disk.
  const char* base = fs::is_directory("/dev/shm") ? "/dev/shm" : nullptr;
  std::string pattern = (base ? fs::path(base) : fs::temp_directory_path()) / "warband-fuzz-XXXXXX";
  if (!mkdtemp(pattern.data())) defect("cannot make a scratch folder");
  path_ = pattern;
}

ScratchFolder::~ScratchFolder() {
  std::error_code ignored;
  fs::remove_all(path_, ignored);
}

std::string ScratchFolder::write(const std::string& name, std::string_view text) {
  const fs::path path = fs::path(path_) / name;
  std::error_code ec;
  fs::create_directories(path.parent_path(), ec);
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(text.data(), static_cast<std::streamsize>(text.size()));
  if (!out.flush()) defect("cannot write " + path.string());
  return path.string();
}

}  // namespace warband::fuzz
