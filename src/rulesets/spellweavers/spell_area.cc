#include "rulesets/spellweavers/spell_area.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <limits>
#include <vector>

#include "core/error.h"

namespace warband::spellweavers {
namespace {

using grid::Board;
using grid::Cell;
using grid::CellSet;

// Off-board squares (a shape hanging over the edge, a Line's end beyond it) are still named by a
// Cell, whose coordinates are bytes: anything further out is never affected anyway.
constexpr int kCoordinateMin = std::numeric_limits<std::int8_t>::min();
constexpr int kCoordinateMax = std::numeric_limits<std::int8_t>::max();

Cell cell_of(int x, int y) {
  return Cell{static_cast<std::int8_t>(x), static_cast<std::int8_t>(y)};
}

bool on_board(const Board& board, int x, int y) {
  return x >= 0 && y >= 0 && x < board.width() && y < board.height();
}

// Ruling "Spell areas on the grid": centre to centre, clear on either side at corners; board
// sight-blocking spaces come from the finalize() table, `blockers` are walked. A caster in a
// blocker square (Dark: "they cannot see") sees only its own square.
bool caster_sees(const Board& board, Cell caster, Cell target, const CellSet& blockers) {
  if (target == caster) return true;
  if (blockers[grid::cell_index(caster)]) return false;
  const int sides = grid::passes_corner(caster, target) ? 2 : 1;
  for (int side = 0; side < sides; ++side) {
    if (!board.terrain_clear(caster, target, side)) continue;
    const bool clear = grid::detail::walk_line(
        caster, target, side, [&blockers](Cell c) { return !blockers[grid::cell_index(c)]; });
    if (clear) return true;
  }
  return false;
}

bool in_range(Cell caster, Cell target, int range) {
  return range < 0 || grid::chebyshev(caster, target) <= range;
}

// Whether a cast from `caster` reaches the square (x, y): on the board, not permanent stone,
// within range, in sight.
bool reaches(const Board& board, Cell caster, int range, const CellSet& blockers, int x, int y) {
  if (!on_board(board, x, y)) return false;
  const Cell target = cell_of(x, y);
  if (board.at(target).flags & grid::kBlocksSight) return false;
  return in_range(caster, target, range) && caster_sees(board, caster, target, blockers);
}

// A Line's ring: the Chebyshev distance its end squares lie at. Snipe's "edge of range" is the
// board's edge: the distance to the farthest square, so every line runs off the board.
int line_radius(const Board& board, Cell caster, int range) {
  if (range >= 0) return range;
  const int far_x = std::max<int>(caster.x, board.width() - 1 - caster.x);
  const int far_y = std::max<int>(caster.y, board.height() - 1 - caster.y);
  return std::max(1, std::max(far_x, far_y));
}

// Calls visit(cell) for each square a Line from the caster to `end` affects before the range and
// sight cut: the squares it crosses on both sides of every corner, then `end` itself. A square
// beside two corners may be visited twice.
template <typename Visit>
void for_each_line_square(Cell caster, Cell end, Visit&& visit) {
  if (end == caster) return;
  const auto each = [&visit](Cell c) {
    visit(c);
    return true;
  };
  grid::detail::walk_line(caster, end, 0, each);
  if (grid::passes_corner(caster, end)) grid::detail::walk_line(caster, end, 1, each);
  visit(end);
}

// A shape with no squares is its origin square alone (Single's default, ruling "Areas and
// shapes"); the other classes refuse an empty shape when the spell is made.
constexpr Square kOrigin{0, 0};

struct RotatedShape {
  std::array<Square, kMaxShapeSquares> squares{};
  int count = 0;
  int min_x = 0, max_x = 0, min_y = 0, max_y = 0;
};

void rotate_shape(const Spell& spell, int orientation, RotatedShape& out) {
  WB_CHECK(spell.shape.size() <= kMaxShapeSquares);
  const Square* first = spell.shape.empty() ? &kOrigin : spell.shape.data();
  const int count = spell.shape.empty() ? 1 : static_cast<int>(spell.shape.size());
  out.count = count;
  for (int i = 0; i < count; ++i) {
    const Square s = rotated(first[i], orientation);
    out.squares[i] = s;
    out.min_x = i == 0 ? s.x : std::min(out.min_x, s.x);
    out.max_x = i == 0 ? s.x : std::max(out.max_x, s.x);
    out.min_y = i == 0 ? s.y : std::min(out.min_y, s.y);
    out.max_y = i == 0 ? s.y : std::max(out.max_y, s.y);
  }
}

// The distinct affected sets seen so far in one distinct_placements call: an open-addressing
// table of each set's sorted square indices, kept in the thread's scratch so nothing is
// allocated once it has grown. Entries from earlier calls are told apart by a generation stamp.
class DistinctSets {
 public:
  void begin() {
    if (slots_.empty()) slots_.resize(1024);
    if (++generation_ == 0) {  // wrapped: forget every stamp
      std::fill(slots_.begin(), slots_.end(), Slot{});
      generation_ = 1;
    }
    squares_.clear();
    size_ = 0;
  }
  // Records the set (sorted, distinct indices); false when it was recorded already.
  bool insert(const std::int16_t* sorted, int count) {
    std::uint64_t hash = 0x9E3779B97F4A7C15ull ^ static_cast<std::uint64_t>(count);
    for (int i = 0; i < count; ++i)
      hash = (hash ^ static_cast<std::uint16_t>(sorted[i])) * 0xBF58476D1CE4E5B9ull;
    hash ^= hash >> 31;
    const std::size_t mask = slots_.size() - 1;
    for (std::size_t i = hash & mask;; i = (i + 1) & mask) {
      Slot& slot = slots_[i];
      if (slot.generation != generation_) {
        slot = Slot{generation_, static_cast<std::uint32_t>(squares_.size()),
                    static_cast<std::uint32_t>(count), hash};
        squares_.insert(squares_.end(), sorted, sorted + count);
        if (2 * ++size_ > slots_.size()) grow();
        return true;
      }
      if (slot.hash == hash && slot.count == static_cast<std::uint32_t>(count) &&
          std::equal(sorted, sorted + count, squares_.begin() + slot.offset))
        return false;
    }
  }

 private:
  struct Slot {
    std::uint32_t generation = 0;
    std::uint32_t offset = 0;
    std::uint32_t count = 0;
    std::uint64_t hash = 0;
  };
  // Doubles the table, keeping this call's entries (the earlier calls' are dropped).
  void grow() {
    std::vector<Slot> old(2 * slots_.size());
    old.swap(slots_);
    const std::size_t mask = slots_.size() - 1;
    for (const Slot& slot : old) {
      if (slot.generation != generation_) continue;
      std::size_t i = slot.hash & mask;
      while (slots_[i].generation == generation_)
        i = (i + 1) & mask;
      slots_[i] = slot;
    }
  }
  std::vector<Slot> slots_;
  std::vector<std::int16_t> squares_;
  std::size_t size_ = 0;
  std::uint32_t generation_ = 0;
};

// A small sorted set of square indices: one candidate placement's affected squares.
struct SortedSquares {
  std::array<std::int16_t, grid::kMaxCells> indices{};
  int count = 0;
  void add(int index) {
    int i = count;
    while (i > 0 && indices[i - 1] > index)
      --i;
    if (i > 0 && indices[i - 1] == index) return;
    std::copy_backward(indices.begin() + i, indices.begin() + count, indices.begin() + count + 1);
    indices[i] = static_cast<std::int16_t>(index);
    ++count;
  }
};

// The box of squares `reach` holds (empty: min > max).
struct Box {
  int min_x = grid::kMaxWidth, max_x = -1, min_y = grid::kMaxHeight, max_y = -1;
};
Box bounding_box(const Board& board, const CellSet& reach) {
  Box box;
  for (int y = 0; y < board.height(); ++y)
    for (int x = 0; x < board.width(); ++x)
      if (reach[grid::cell_index(cell_of(x, y))]) {
        box.min_x = std::min(box.min_x, x);
        box.max_x = std::max(box.max_x, x);
        box.min_y = std::min(box.min_y, y);
        box.max_y = std::max(box.max_y, y);
      }
  return box;
}

bool in_reach(const Board& board, const CellSet& reach, int x, int y) {
  return on_board(board, x, y) && reach[grid::cell_index(cell_of(x, y))];
}

void shape_placements(const Board& board, const Spell& spell, const CellSet& reach,
                      std::vector<AreaPlacement>& out) {
  const Box box = bounding_box(board, reach);
  if (box.max_x < 0) return;
  std::array<RotatedShape, kAreaOrientations> shapes;
  for (int o = 0; o < kAreaOrientations; ++o)
    rotate_shape(spell, o, shapes[o]);
  // Anchors that put some square of some orientation inside the box.
  int from_x = kCoordinateMax, to_x = kCoordinateMin, from_y = kCoordinateMax,
      to_y = kCoordinateMin;
  for (const RotatedShape& shape : shapes) {
    from_x = std::min(from_x, box.min_x - shape.max_x);
    to_x = std::max(to_x, box.max_x - shape.min_x);
    from_y = std::min(from_y, box.min_y - shape.max_y);
    to_y = std::max(to_y, box.max_y - shape.min_y);
  }
  from_x = std::max(from_x, kCoordinateMin);
  from_y = std::max(from_y, kCoordinateMin);
  to_x = std::min(to_x, kCoordinateMax);
  to_y = std::min(to_y, kCoordinateMax);

  thread_local DistinctSets seen;
  seen.begin();
  SortedSquares hit;
  for (int y = from_y; y <= to_y; ++y) {
    for (int x = from_x; x <= to_x; ++x) {
      for (int o = 0; o < kAreaOrientations; ++o) {
        const RotatedShape& shape = shapes[o];
        hit.count = 0;
        for (int i = 0; i < shape.count; ++i) {
          const int sx = x + shape.squares[i].x;
          const int sy = y + shape.squares[i].y;
          if (in_reach(board, reach, sx, sy)) hit.add(grid::cell_index(cell_of(sx, sy)));
        }
        if (hit.count > 0 && seen.insert(hit.indices.data(), hit.count))
          out.push_back(AreaPlacement{cell_of(x, y), static_cast<std::uint8_t>(o)});
      }
    }
  }
}

void line_placements(const Board& board, Cell caster, int range, const CellSet& reach,
                     std::vector<AreaPlacement>& out) {
  const int radius = line_radius(board, caster, range);
  thread_local DistinctSets seen;
  seen.begin();
  SortedSquares hit;
  const auto consider = [&](int x, int y) {
    if (x < kCoordinateMin || x > kCoordinateMax || y < kCoordinateMin || y > kCoordinateMax)
      return;
    const Cell end = cell_of(x, y);
    hit.count = 0;
    for_each_line_square(caster, end, [&](Cell c) {
      if (in_reach(board, reach, c.x, c.y)) hit.add(grid::cell_index(c));
    });
    if (hit.count > 0 && seen.insert(hit.indices.data(), hit.count))
      out.push_back(AreaPlacement{end, 0});
  };
  // The ring row by row: its top and bottom rows whole, the rows between at both ends.
  for (int y = caster.y - radius; y <= caster.y + radius; ++y) {
    if (y == caster.y - radius || y == caster.y + radius) {
      for (int x = caster.x - radius; x <= caster.x + radius; ++x)
        consider(x, y);
    } else {
      consider(caster.x - radius, y);
      consider(caster.x + radius, y);
    }
  }
}

}  // namespace

Square rotated(Square square, int orientation) {
  switch (orientation & 3) {
    case 1:
      return Square{-square.y, square.x};
    case 2:
      return Square{-square.x, -square.y};
    case 3:
      return Square{square.y, -square.x};
    default:
      return square;
  }
}

void squares_in_reach(const Board& board, Cell caster, int range, const CellSet& sight_blockers,
                      CellSet& out) {
  WB_CHECK(board.contains(caster));
  out.reset();
  for (int y = 0; y < board.height(); ++y)
    for (int x = 0; x < board.width(); ++x)
      if (reaches(board, caster, range, sight_blockers, x, y))
        out.set(grid::cell_index(cell_of(x, y)));
}

void affected_squares(const Board& board, Cell caster, const Spell& spell, AreaPlacement placement,
                      const CellSet& sight_blockers, CellSet& out) {
  WB_CHECK(board.contains(caster));
  out.reset();
  const int range = range_squares(spell.range);
  const auto take = [&](int x, int y) {
    if (reaches(board, caster, range, sight_blockers, x, y))
      out.set(grid::cell_index(cell_of(x, y)));
  };
  switch (spell.area) {
    case AreaClass::kNuke:
      squares_in_reach(board, caster, range, sight_blockers, out);
      return;
    case AreaClass::kLine:
      for_each_line_square(caster, placement.anchor, [&](Cell c) { take(c.x, c.y); });
      return;
    default: {
      WB_CHECK(placement.orientation < kAreaOrientations);
      RotatedShape shape;
      rotate_shape(spell, placement.orientation, shape);
      for (int i = 0; i < shape.count; ++i)
        take(placement.anchor.x + shape.squares[i].x, placement.anchor.y + shape.squares[i].y);
      return;
    }
  }
}

void distinct_placements(const Board& board, Cell caster, const Spell& spell,
                         const CellSet& sight_blockers, std::vector<AreaPlacement>& out) {
  out.clear();
  const int range = range_squares(spell.range);
  CellSet reach;
  squares_in_reach(board, caster, range, sight_blockers, reach);
  switch (spell.area) {
    case AreaClass::kNuke:
      if (reach.any()) out.push_back(AreaPlacement{caster, 0});
      return;
    case AreaClass::kLine:
      line_placements(board, caster, range, reach, out);
      return;
    default:
      shape_placements(board, spell, reach, out);
      return;
  }
}

}  // namespace warband::spellweavers
