// A point as a human types it at the terminal (core/tabletop_text.h: "12.5 7", "(12.5, 7)",
// "-5 2"). Any text is read to a point or a problem in words; never an exception. The promises: a
// point's coordinates are within a million inches either way (six whole digits at most, so a
// point off any table is still a point to say is off it) and, printed with point_text, it reads
// back to itself; a problem quotes the input cut short to a line.
#include <fmt/format.h>

#include <cstdlib>

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
  constexpr std::int32_t kFarthest = 1'000'000 * kUnitsPerInch;
  if (std::abs(typed.point.x) >= kFarthest || std::abs(typed.point.y) >= kFarthest)
    fuzz::defect(fmt::format("a point beyond a million inches {}", point_text(typed.point)));
  const TypedPoint again = parse_typed_point(point_text(typed.point));
  if (!again.ok() || !(again.point == typed.point))
    fuzz::defect(fmt::format("{} does not read back", point_text(typed.point)));
  return 0;
}
