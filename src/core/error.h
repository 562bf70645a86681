// Two tiers of error, as in Stockfish:
//  - InputError: untrusted input (a content file, a save, a command-line argument, an HTTP body)
//    is wrong. It carries where (file:line, field, request) and what; apps print it and go on.
//  - InvariantError: a programmer error, raised by WB_CHECK with both sides printed.
#pragma once

#include <fmt/format.h>

#include <stdexcept>
#include <string>

namespace warband {

class InputError : public std::runtime_error {
 public:
  InputError(std::string where, std::string what)
      : std::runtime_error(where.empty() ? what : where + ": " + what),
        where_(std::move(where)),
        what_(std::move(what)) {}
  const std::string& where() const { return where_; }
  const std::string& problem() const { return what_; }
  // "where: what" whole: what() is a C string and stops at the first NUL an echoed input holds.
  std::string message() const { return where_.empty() ? what_ : where_ + ": " + what_; }

 private:
  std::string where_;
  std::string what_;
};

class InvariantError : public std::logic_error {
 public:
  using std::logic_error::logic_error;
};

[[noreturn]] void fail_check(const char* file, int line, const std::string& message);

}  // namespace warband

#define WB_CHECK(condition)                                                                   \
  do {                                                                                        \
    if (!(condition)) ::warband::fail_check(__FILE__, __LINE__, "check failed: " #condition); \
  } while (false)

#define WB_CHECK_EQ(a, b)                                                              \
  do {                                                                                 \
    const auto& wb_lhs_ = (a);                                                         \
    const auto& wb_rhs_ = (b);                                                         \
    if (!(wb_lhs_ == wb_rhs_))                                                         \
      ::warband::fail_check(                                                           \
          __FILE__, __LINE__,                                                          \
          fmt::format("check failed: {} == {} ({} vs {})", #a, #b, wb_lhs_, wb_rhs_)); \
  } while (false)
