// Base boxes of every unit slot at once, for the Battlefield listing's tests over all units
// (unit_actions.cc): one byte an edge, so that a loop of a fixed length compares 16 units an
// instruction where a branch per unit would be mispredicted.
#pragma once

#include <array>
#include <cstdint>
#include <cstring>

#include "rulesets/atomspast/atomspast_game.h"
#include "rulesets/atomspast/half_ranges.h"

namespace warband::atomspast {

// The units' base boxes by edge, one byte a unit (a board is at most 32 x 24 spaces), for tests
// of every unit at once.
struct UnitBoxEdges {
  alignas(16) std::array<std::int8_t, kMaxUnits> x0, y0, x1, y1;
  BaseBox box(int unit) const { return {x0[unit], y0[unit], x1[unit], y1[unit]}; }
};

// Bit k of the result: byte k of `bytes`, each 0 or 1. The multiplier puts byte k's bit at bit 56
// + k; every other product term lands at a bit of its own elsewhere, so nothing carries.
inline std::uint64_t byte_flags_to_bits(std::uint64_t bytes) {
  return (bytes * 0x0102040810204080u) >> 56;
}

// The units whose base box meets [x0, x1] x [y0, y1], as bits: every slot at once, in loops of
// a fixed length over one byte a unit, which the compiler runs 16 units an instruction (which
// boxes meet is not foreseeable: a branch per unit would be mispredicted). Slots past the game's
// units are masked by the caller.
inline std::uint64_t boxes_meeting(const UnitBoxEdges& edges, int x0, int y0, int x1, int y1) {
  // Bytes compared with bytes (a board's coordinates and one beyond fit), so 16 lanes a vector.
  const auto west = static_cast<std::int8_t>(x0), north = static_cast<std::int8_t>(y0);
  const auto east = static_cast<std::int8_t>(x1), south = static_cast<std::int8_t>(y1);
  alignas(16) std::array<std::uint8_t, kMaxUnits> meets;
  // Each test as an int, so that clang reads '&' as meant (no short cut: the point is no branch).
  for (int i = 0; i < kMaxUnits; ++i)
    meets[i] = static_cast<std::uint8_t>(int{edges.x0[i] <= east} & int{edges.y0[i] <= south} &
                                         int{edges.x1[i] >= west} & int{edges.y1[i] >= north});
  std::uint64_t bits = 0;
  for (int word = 0; word < kMaxUnits / 8; ++word) {
    std::uint64_t bytes;
    std::memcpy(&bytes, meets.data() + 8 * word, sizeof bytes);
    bits |= byte_flags_to_bits(bytes) << (8 * word);
  }
  return bits;
}

}  // namespace warband::atomspast
