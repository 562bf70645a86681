// Occupancy sets built at nearly every decision, marked a base's row at a time: one OR per row of
// spaces a base covers, into a set held as one 32-bit word per board row, then copied into a
// grid::CellSet whole (grid::covered_cells would list the spaces first, to be set one by one).
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "core/error.h"
#include "core/grid.h"

namespace warband::atomspast {

// Bit x of row y: space (x, y). A CellSet's bits in the same order (cell_index = y * kMaxWidth
// + x), as core/grid.cc reads them.
using CellRows = std::array<std::uint32_t, grid::kMaxHeight>;
static_assert(grid::kMaxWidth == 32 && sizeof(grid::CellSet) == sizeof(CellRows) &&
                  std::is_trivially_copyable_v<grid::CellSet> &&
                  std::endian::native == std::endian::little,
              "a CellSet's bits are written as rows");

// Sets in `rows` the spaces grid::covered_cells(base, at) lists.
inline void mark_covered(grid::Footprint base, grid::Placement at, CellRows& rows) {
  const int width = at.rotated ? base.h : base.w;
  const int height = at.rotated ? base.w : base.h;
  WB_CHECK(at.anchor.x >= 0 && at.anchor.y >= 0 && at.anchor.x + width <= grid::kMaxWidth &&
           at.anchor.y + height <= grid::kMaxHeight);
  const std::uint32_t row = ((std::uint32_t{1} << width) - 1) << at.anchor.x;
  for (int dy = 0; dy < height; ++dy)
    rows[at.anchor.y + dy] |= row;
}

// The same, marked straight into a CellSet's rows (its bytes read and written a row at a time:
// trivially copyable, its bits in the order asserted above), for a set that starts empty anyway
// and would otherwise be built in rows cleared for it and then copied.
inline void mark_covered(grid::Footprint base, grid::Placement at, grid::CellSet& set) {
  const int width = at.rotated ? base.h : base.w;
  const int height = at.rotated ? base.w : base.h;
  WB_CHECK(at.anchor.x >= 0 && at.anchor.y >= 0 && at.anchor.x + width <= grid::kMaxWidth &&
           at.anchor.y + height <= grid::kMaxHeight);
  const std::uint32_t row = ((std::uint32_t{1} << width) - 1) << at.anchor.x;
  auto* const bytes = reinterpret_cast<unsigned char*>(&set);
  for (int dy = 0; dy < height; ++dy) {
    unsigned char* const at_row = bytes + sizeof(std::uint32_t) * (at.anchor.y + dy);
    std::uint32_t word;
    std::memcpy(&word, at_row, sizeof word);
    word |= row;
    std::memcpy(at_row, &word, sizeof word);
  }
}

inline grid::CellSet cell_set_of(const CellRows& rows) {
  grid::CellSet set;
  // Trivially copyable (asserted above): its bytes may be written whole.
  std::memcpy(static_cast<void*>(&set), rows.data(), sizeof set);
  return set;
}

}  // namespace warband::atomspast
