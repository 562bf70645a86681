#include "core/tabletop_text.h"

#include <fmt/format.h>

namespace warband::tabletop {

namespace {

// The most digits of whole inches a typed number may have: far beyond kMaxTableSide, far below
// what could overflow.
inline constexpr int kMaxWholeDigits = 6;

bool is_digit(char c) {
  return c >= '0' && c <= '9';
}

// Reads a number of inches at `text[at]`, moving `at` past it: a sign, digits with at most two
// decimals, and an inch mark ("-5", "12.5\""). False when there is none or it has more than two
// decimals or too many digits.
bool read_inches(std::string_view text, std::size_t& at, std::int64_t& out) {
  const bool negative = at < text.size() && text[at] == '-';
  if (at < text.size() && (text[at] == '-' || text[at] == '+')) ++at;
  std::int64_t whole = 0;
  int digits = 0;
  while (at < text.size() && is_digit(text[at])) {
    if (++digits > kMaxWholeDigits) return false;
    whole = whole * 10 + (text[at++] - '0');
  }
  std::int64_t hundredths = 0;
  int decimals = 0;
  if (at < text.size() && text[at] == '.') {
    ++at;
    while (at < text.size() && is_digit(text[at])) {
      if (++decimals > 2) return false;
      hundredths = hundredths * 10 + (text[at++] - '0');
    }
    if (decimals == 1) hundredths *= 10;
  }
  if (digits == 0 && decimals == 0) return false;
  if (at < text.size() && text[at] == '"') ++at;
  out = (negative ? -1 : 1) * (whole * kUnitsPerInch + hundredths);
  return true;
}

void skip_spaces(std::string_view text, std::size_t& at) {
  while (at < text.size() && (text[at] == ' ' || text[at] == '\t'))
    ++at;
}

}  // namespace

std::string inches_text(std::int64_t units) {
  const std::string sign = units < 0 ? "-" : "";
  const std::int64_t a = units < 0 ? -units : units;
  const std::int64_t whole = a / kUnitsPerInch;
  const std::int64_t part = a % kUnitsPerInch;
  if (part == 0) return fmt::format("{}{}", sign, whole);
  if (part % 10 == 0) return fmt::format("{}{}.{}", sign, whole, part / 10);
  return fmt::format("{}{}.{:02}", sign, whole, part);
}

std::string point_text(Point p) {
  return fmt::format("({}, {})", inches_text(p.x), inches_text(p.y));
}

TypedPoint parse_typed_point(std::string_view text) {
  TypedPoint result;
  const auto wrong = [&] {
    // Quoted as typed, cut short: a terminal line may be long.
    const std::string_view shown = text.substr(0, 40);
    result.problem = fmt::format(
        "expected a point as two numbers of inches with at most two decimals, such as 12.5, 7 "
        "or -2 7; got \"{}{}\"",
        shown, text.size() > shown.size() ? "..." : "");
    return result;
  };
  std::size_t at = 0;
  skip_spaces(text, at);
  // "(12.5, 7)" or "[12.5, 7]", as a point is printed or as a list is written.
  const char opening = at < text.size() && (text[at] == '(' || text[at] == '[') ? text[at] : '\0';
  if (opening != '\0') ++at;
  skip_spaces(text, at);
  std::int64_t x = 0;
  std::int64_t y = 0;
  if (!read_inches(text, at, x)) return wrong();
  const std::size_t before_separator = at;
  skip_spaces(text, at);
  if (at < text.size() && (text[at] == ',' || text[at] == ';')) ++at;
  skip_spaces(text, at);
  if (at == before_separator) return wrong();  // "12.57": no separator
  if (!read_inches(text, at, y)) return wrong();
  skip_spaces(text, at);
  if (opening != '\0') {
    if (at >= text.size() || text[at] != (opening == '(' ? ')' : ']')) return wrong();
    ++at;
    skip_spaces(text, at);
  }
  if (at != text.size()) return wrong();
  result.point = Point{static_cast<std::int32_t>(x), static_cast<std::int32_t>(y)};
  return result;
}

std::string move_refusal(const MoveCheck& check, const MoveQuery& query,
                         std::string_view obstacle) {
  switch (check.problem) {
    case MoveProblem::kNone:
      return "";
    case MoveProblem::kTooFar:
      return fmt::format("it is further than this move allows ({} inches)",
                         inches_text(query.budget));
    case MoveProblem::kOffTable:
      return "the whole base must stand on the table";
    case MoveProblem::kOntoModel:
      return fmt::format("the base would overlap {}'s base", obstacle);
    case MoveProblem::kOntoPiece:
      return fmt::format("the base would stand on {}, where no base may stand", obstacle);
    case MoveProblem::kThroughModel:
      return fmt::format("the straight way there passes through {}'s base", obstacle);
    case MoveProblem::kThroughPiece:
      return fmt::format("the straight way there passes through {}", obstacle);
  }
  return "";
}

}  // namespace warband::tabletop
