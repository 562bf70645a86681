#include "core/action_code.h"

#include <gtest/gtest.h>

#include <cstdint>

namespace warband::action_code {
namespace {

enum class ToyKind : std::uint8_t { kFirst = 1, kLater = 10, kLast = 255 };

// The packing saved games hold: changing it would change every recorded action.
TEST(ActionCode, PacksKindThenTwoSixteenBitArguments) {
  EXPECT_EQ(encode(ToyKind::kLater, 3, 5), (Action{10} << 32) | (3 << 16) | 5);
  EXPECT_EQ(encode(ToyKind::kFirst), Action{1} << 32);
  EXPECT_EQ(encode(ToyKind::kLast, 0xffff, 0xffff), (Action{255} << 32) | 0xffffffffLL);
}

TEST(ActionCode, ReadsBackKindAndArguments) {
  const Action action = encode(ToyKind::kLater, 1234, 65535);
  EXPECT_EQ(kind_of<ToyKind>(action), ToyKind::kLater);
  EXPECT_EQ(arg_a(action), 1234);
  EXPECT_EQ(arg_b(action), 65535);
}

// An argument wider than 16 bits keeps its low 16 bits and never spills into the other fields.
TEST(ActionCode, ArgumentsAreMaskedToSixteenBits) {
  const Action action = encode(ToyKind::kFirst, 0x12345, -1);
  EXPECT_EQ(kind_of<ToyKind>(action), ToyKind::kFirst);
  EXPECT_EQ(arg_a(action), 0x2345);
  EXPECT_EQ(arg_b(action), 0xffff);
}

}  // namespace
}  // namespace warband::action_code
