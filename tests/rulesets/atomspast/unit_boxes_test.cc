// The Battlefield listing's tests of every unit slot at once (rulesets/atomspast/unit_boxes.h)
// against plain ones: bytes to bits, and which base boxes meet a rectangle.
#include "rulesets/atomspast/unit_boxes.h"

#include <gtest/gtest.h>

#include <cstdint>

#include "core/rng.h"

namespace warband::atomspast {
namespace {

TEST(AtomsPastUnitBoxes, ByteFlagsBecomeBitsInOrder) {
  // Every pattern of eight flags: bit k set exactly when byte k is 1.
  for (unsigned pattern = 0; pattern < 256; ++pattern) {
    std::uint64_t bytes = 0;
    for (int k = 0; k < 8; ++k)
      if (pattern >> k & 1u) bytes |= std::uint64_t{1} << (8 * k);
    ASSERT_EQ(byte_flags_to_bits(bytes), pattern) << "pattern " << pattern;
  }
}

// Boxes of 1 to 4 spaces a side anywhere on the largest board, and rectangles one space around a
// box (so from -1 to one beyond the board's last row or column), as the one-step check asks.
TEST(AtomsPastUnitBoxes, BoxesMeetingARectangleAsAPlainTestFindsThem) {
  Rng rng(20);
  UnitBoxEdges edges{};
  int meetings = 0, misses = 0;
  for (int round = 0; round < 400; ++round) {
    for (int unit = 0; unit < kMaxUnits; ++unit) {
      const int w = 1 + static_cast<int>(rng.below(4)), h = 1 + static_cast<int>(rng.below(4));
      const int x = static_cast<int>(rng.below(grid::kMaxWidth - w + 1));
      const int y = static_cast<int>(rng.below(grid::kMaxHeight - h + 1));
      edges.x0[unit] = static_cast<std::int8_t>(x);
      edges.y0[unit] = static_cast<std::int8_t>(y);
      edges.x1[unit] = static_cast<std::int8_t>(x + w - 1);
      edges.y1[unit] = static_cast<std::int8_t>(y + h - 1);
    }
    const BaseBox own = edges.box(static_cast<int>(rng.below(kMaxUnits)));
    const int x0 = own.x0 - 1, y0 = own.y0 - 1, x1 = own.x1 + 1, y1 = own.y1 + 1;
    const std::uint64_t bits = boxes_meeting(edges, x0, y0, x1, y1);
    for (int unit = 0; unit < kMaxUnits; ++unit) {
      const BaseBox box = edges.box(unit);
      const bool meets = box.x0 <= x1 && box.y0 <= y1 && box.x1 >= x0 && box.y1 >= y0;
      ASSERT_EQ((bits >> unit & 1u) != 0, meets) << "round " << round << ", unit " << unit;
      ++(meets ? meetings : misses);
    }
    ASSERT_EQ(bits >> kMaxUnits, 0u);
  }
  // Both answers, many times.
  EXPECT_GT(meetings, 1000);
  EXPECT_GT(misses, 1000);
}

}  // namespace
}  // namespace warband::atomspast
