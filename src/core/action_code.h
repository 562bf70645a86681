// How a ruleset packs a decision or chance outcome into one Action (an int64): its kind in bits
// 32..39, then two 16-bit arguments. Each ruleset names its kinds in its own enum (numbered in
// the order its legal actions list them, later kinds last so saved games keep their codes) and
// uses these functions through it.
#pragma once

#include <cstdint>
#include <type_traits>

#include "core/game.h"

namespace warband::action_code {

// A ruleset's kinds: an enum of one byte (bits 32..39).
template <typename Kind>
concept KindEnum = std::is_enum_v<Kind> && sizeof(Kind) == 1;

template <KindEnum Kind>
constexpr Action encode(Kind kind, int a = 0, int b = 0) {
  return (static_cast<Action>(kind) << 32) | (static_cast<Action>(a & 0xffff) << 16) |
         static_cast<Action>(b & 0xffff);
}

template <KindEnum Kind>
constexpr Kind kind_of(Action action) {
  return static_cast<Kind>((action >> 32) & 0xff);
}

constexpr int arg_a(Action action) {
  return static_cast<int>((action >> 16) & 0xffff);
}

constexpr int arg_b(Action action) {
  return static_cast<int>(action & 0xffff);
}

}  // namespace warband::action_code
