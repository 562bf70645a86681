#include "cli/terminal_stream.h"

namespace warband::cli {

EscapingStreambuf::~EscapingStreambuf() {
  escaped_.clear();
  escaper_.finish(escaped_);
  if (!escaped_.empty())
    target_->sputn(escaped_.data(), static_cast<std::streamsize>(escaped_.size()));
  target_->pubsync();
}

bool EscapingStreambuf::forward(std::string_view text) {
  escaped_.clear();
  escaper_.feed(text, escaped_);
  const auto size = static_cast<std::streamsize>(escaped_.size());
  return target_->sputn(escaped_.data(), size) == size;
}

EscapingStreambuf::int_type EscapingStreambuf::overflow(int_type c) {
  if (traits_type::eq_int_type(c, traits_type::eof())) return traits_type::not_eof(c);
  const char byte = traits_type::to_char_type(c);
  return forward(std::string_view(&byte, 1)) ? c : traits_type::eof();
}

std::streamsize EscapingStreambuf::xsputn(const char* text, std::streamsize count) {
  return forward(std::string_view(text, static_cast<std::size_t>(count))) ? count : 0;
}

int EscapingStreambuf::sync() {
  return target_->pubsync();
}

}  // namespace warband::cli
