// The tabletop in words and typed text, for every front end alike: inches as a document writes
// them ("12.5"), points ("(12.5, 7)"), a point as a human types it at the terminal, and why a
// destination is refused.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "core/tabletop.h"
#include "core/tabletop_move.h"

namespace warband::tabletop {

// 1250 -> "12.5", 1200 -> "12", 1225 -> "12.25", -5 -> "-0.05": hundredths of an inch as written.
std::string inches_text(std::int64_t units);
// "(12.5, 7)".
std::string point_text(Point p);

// A point as a human types it: two numbers of inches (whole, or with at most two decimals; a
// sign and an inch mark allowed), separated by a comma, a semicolon, spaces or both, in
// parentheses, brackets or neither: "12.5 7", "12.5,7", "(12.5, 7)", "-5 2", "[3\", 4\"]". On
// success `problem` is empty; otherwise it says what is wrong, quoting the input. The point is
// not checked against a table: it may lie off it (check_move says why a point is refused there).
struct TypedPoint {
  Point point;
  std::string problem;
  bool ok() const { return problem.empty(); }
};
TypedPoint parse_typed_point(std::string_view text);

// Why a destination is refused, in words that follow "cannot move there: ": `obstacle` names the
// model or piece check.index is (e.g. "the Orc Warrior", "the Watchtower"). "" when it is legal.
std::string move_refusal(const MoveCheck& check, const MoveQuery& query, std::string_view obstacle);

}  // namespace warband::tabletop
