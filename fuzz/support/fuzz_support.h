// What every fuzz target shares (docs/fuzzing.md). A target feeds its input to one parser and
// holds it to what the format promises: the input is refused with InputError, or it reads to a
// value that, printed and read back, prints the same. Anything else is a defect and aborts, so that
// libFuzzer keeps the input: another exception (an InvariantError from WB_CHECK included), a
// printed value that does not read back, a sanitizer report, a hang (-timeout) or unbounded memory
// (-rss_limit_mb).
#pragma once

#include <cstddef>
#include <cstdint>
#include <exception>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "core/error.h"

namespace warband::fuzz {

std::string_view input_text(const std::uint8_t* data, std::size_t size);

// "SELECTOR\nREST": a target that reads several schemas (a content folder's files, the HTTP
// routes) takes the schema from its input's first line, so that one corpus and one dictionary
// cover them all.
std::pair<std::string_view, std::string_view> split_first_line(std::string_view text);

// Whether `text` is a JSON document rather than TOML: its first non-space character is '{'.
bool looks_like_json(std::string_view text);

// Reports a defect and aborts (libFuzzer saves the input as a crash).
[[noreturn]] void defect(std::string_view what);

// Aborts unless a value printed, read back and printed again gives the same text.
void require_same(std::string_view printed, std::string_view printed_again, std::string_view what);

// Runs `read` on untrusted input: its value, or nullopt when the input was refused with
// InputError. Any other exception is a defect.
template <class Read>
auto read_or_refuse(Read&& read) -> std::optional<decltype(read())> {
  try {
    return read();
  } catch (const InputError&) {
    return std::nullopt;
  } catch (const std::exception& error) {
    defect(std::string("not an InputError: ") + error.what());
  }
}

// Runs `step` on a value the parser already accepted (printing it, reading its print back):
// every exception, InputError included, is a defect.
template <class Step>
auto must(std::string_view what, Step&& step) -> decltype(step()) {
  try {
    return step();
  } catch (const std::exception& error) {
    defect(std::string(what) + ": " + error.what());
  }
}

// A private folder for parsers that read files: made once per process, removed at exit.
class ScratchFolder {
 public:
  static ScratchFolder& instance();
  // Writes `text` to `name` under the folder (making its subfolders) and returns the path.
  std::string write(const std::string& name, std::string_view text);
  const std::string& path() const { return path_; }
  ~ScratchFolder();

 private:
  ScratchFolder();
  std::string path_;
};

}  // namespace warband::fuzz
