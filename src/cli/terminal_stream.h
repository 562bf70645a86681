// The one place where the CLI's text leaves for the terminal: the app wraps its output and error
// streams in these, so every name, id and message read from a file or a save is printed with its
// control characters escaped (core/text.h), whichever command printed it.
#pragma once

#include <ostream>
#include <streambuf>
#include <string>

#include "core/text.h"

namespace warband::cli {

// Passes what is written to `target` escaped, as it is written (no buffer of its own, so that
// what goes straight to the same target, a progress bar's redraws, stays in order).
class EscapingStreambuf final : public std::streambuf {
 public:
  explicit EscapingStreambuf(std::streambuf* target) : target_(target) {}
  ~EscapingStreambuf() override;

 protected:
  int_type overflow(int_type c) override;
  std::streamsize xsputn(const char* text, std::streamsize count) override;
  int sync() override;

 private:
  bool forward(std::string_view text);

  std::streambuf* target_;
  ControlCharacterEscaper escaper_;
  std::string escaped_;
};

// An ostream over another stream's buffer, escaping what it writes.
class TerminalStream final : public std::ostream {
 public:
  explicit TerminalStream(std::ostream& target) : std::ostream(nullptr), buffer_(target.rdbuf()) {
    rdbuf(&buffer_);
  }
  ~TerminalStream() override { flush(); }

 private:
  EscapingStreambuf buffer_;
};

}  // namespace warband::cli
