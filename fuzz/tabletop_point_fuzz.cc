// A point as a human types it at the terminal (core/tabletop_text.h: "12.5 7", "(12.5, 7)").
// Any text is read to a point or a problem in words; never an exception. The promises: a point
// has coordinates from 0 up (no sign is read) and, printed with point_text, reads back to itself;
// a problem quotes the input cut short to a line.
#include <fmt/format.h>

#include "core/tabletop_text.h"
#include "fuzz/support/fuzz_support.h"

using namespace warband;
using namespace warband::tabletop;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text = fuzz::input_text(data, size);
  const TypedPoint typed = fuzz::must("parse", [&] { return parse_typed_point(text); });
  if (!typed.ok()) {
    if (typed.problem.size() > 200) fuzz::defect("a problem longer than a line");
    return 0;
  }
  if (typed.point.x < 0 || typed.point.y < 0)
    fuzz::defect(fmt::format("a negative point {}", point_text(typed.point)));
  const TypedPoint again = parse_typed_point(point_text(typed.point));
  if (!again.ok() || !(again.point == typed.point))
    fuzz::defect(fmt::format("{} does not read back", point_text(typed.point)));
  return 0;
}
