#include "rulesets/spellweavers/spell_area.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "core/error.h"

namespace warband::spellweavers {
namespace {

using grid::Board;
using grid::Cell;
using grid::CellSet;

// The anchors distinct_placements may offer: those with a placement code.
constexpr int kAnchorMinX = -kAnchorMargin;
constexpr int kAnchorMaxX = kAnchorColumns - kAnchorMargin - 1;
constexpr int kAnchorMinY = -kAnchorMargin;
constexpr int kAnchorMaxY = kAnchorRows - kAnchorMargin - 1;
// Starting values for minima and maxima.
constexpr int kLow = std::numeric_limits<int>::min();
constexpr int kHigh = std::numeric_limits<int>::max();

Cell area_cell_of(int x, int y) {
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
  const Cell target = area_cell_of(x, y);
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

// An affected set row by row, for telling sets apart quickly: each row the set touches, north to
// south, as (row << 32) | its columns as bits. Boards have at most 24 rows of 32 columns.
struct RowSet {
  std::array<std::uint64_t, grid::kMaxHeight> rows{};
  int count = 0;  // rows touched
  void add_row(int y, std::uint32_t columns) {
    rows[count++] = (static_cast<std::uint64_t>(y) << 32) | columns;
  }
};

// The squares a cast reaches, as one bit row per board row.
using ReachRows = std::array<std::uint32_t, grid::kMaxHeight>;

// The squares the caster reaches (reaches() for each), row by row. Only the range's box is
// looked at, and a line is walked for `blockers` only when one lies in the box between its ends.
void reach_rows_of(const Board& board, Cell caster, int range, const CellSet& blockers,
                   ReachRows& rows) {
  WB_CHECK(board.contains(caster));
  rows.fill(0);
  const auto open = [&board](int x, int y) {
    return (board.at(area_cell_of(x, y)).flags & grid::kBlocksSight) == 0;
  };
  if (blockers[grid::cell_index(caster)]) {  // in the Dark: its own square only
    if (open(caster.x, caster.y)) rows[caster.y] = std::uint32_t{1} << caster.x;
    return;
  }
  const int reach = range < 0 ? grid::kMaxWidth : range;
  const int from_x = std::max(0, caster.x - reach);
  const int to_x = std::min(board.width() - 1, caster.x + reach);
  const int from_y = std::max(0, caster.y - reach);
  const int to_y = std::min(board.height() - 1, caster.y + reach);
  ReachRows blocking{};
  for (int y = from_y; y <= to_y; ++y)
    for (int x = from_x; x <= to_x; ++x)
      if (blockers[grid::cell_index(area_cell_of(x, y))]) blocking[y] |= std::uint32_t{1} << x;
  for (int y = from_y; y <= to_y; ++y) {
    for (int x = from_x; x <= to_x; ++x) {
      if (!open(x, y)) continue;
      const Cell target = area_cell_of(x, y);
      bool seen = target == caster;
      if (!seen) {
        // Columns from the nearer to the farther x, both included.
        const int low_x = std::min<int>(caster.x, x);
        const int high_x = std::max<int>(caster.x, x);
        const std::uint32_t columns =
            static_cast<std::uint32_t>((std::uint64_t{2} << high_x) - (std::uint64_t{1} << low_x));
        bool walk = false;
        for (int r = std::min<int>(caster.y, y); r <= std::max<int>(caster.y, y) && !walk; ++r)
          walk = (blocking[r] & columns) != 0;
        const int sides = grid::passes_corner(caster, target) ? 2 : 1;
        for (int side = 0; side < sides && !seen; ++side) {
          if (!board.terrain_clear(caster, target, side)) continue;
          seen = !walk || grid::detail::walk_line(caster, target, side, [&blockers](Cell c) {
            return !blockers[grid::cell_index(c)];
          });
        }
      }
      if (seen) rows[y] |= std::uint32_t{1} << x;
    }
  }
}

// Gathers squares one by one (a Line's, a shape too wide for RowShape's bit rows), then gives
// them as a RowSet.
class SquareCollector {
 public:
  explicit SquareCollector(const Board& board, const ReachRows& reach)
      : board_(board), reach_(reach) {}
  void clear() { rows_.fill(0); }
  void add(int x, int y) {
    if (on_board(board_, x, y)) rows_[y] |= reach_[y] & (std::uint32_t{1} << x);
  }
  void collect(RowSet& out) const {
    out.count = 0;
    for (int y = 0; y < board_.height(); ++y)
      if (rows_[y] != 0) out.add_row(y, rows_[y]);
  }

 private:
  const Board& board_;
  const ReachRows& reach_;
  ReachRows rows_{};
};

// The distinct affected sets seen so far in one distinct_placements call: an open-addressing
// table of the sets' RowSet rows, kept in the thread's scratch so nothing is allocated once it
// has grown. Entries from earlier calls are told apart by a generation stamp.
class DistinctSets {
 public:
  void begin() {
    if (slots_.empty()) slots_.resize(1024);
    if (++generation_ == 0) {  // wrapped: forget every stamp
      std::fill(slots_.begin(), slots_.end(), Slot{});
      generation_ = 1;
    }
    rows_.clear();
    size_ = 0;
  }
  // Records the set; false when it was recorded already.
  bool insert(const RowSet& set) {
    const std::uint64_t* first = set.rows.data();
    const std::uint64_t* last = first + set.count;
    // Each row carries its row number, so the rows are mixed independently and summed (no chain
    // of multiplies); a collision only costs a comparison.
    std::uint64_t sum = static_cast<std::uint64_t>(set.count);
    std::uint64_t other = 0;
    for (const std::uint64_t* row = first; row != last; ++row) {
      sum += *row * 0x9E3779B97F4A7C15ull;
      other ^= *row * 0xC2B2AE3D27D4EB4Full;
    }
    std::uint64_t hash = (sum ^ (other >> 29)) * 0xBF58476D1CE4E5B9ull;
    hash ^= hash >> 32;
    const std::size_t mask = slots_.size() - 1;
    for (std::size_t i = hash & mask;; i = (i + 1) & mask) {
      Slot& slot = slots_[i];
      if (slot.generation != generation_) {
        slot = Slot{hash, generation_, static_cast<std::uint32_t>(rows_.size())};
        rows_.push_back(static_cast<std::uint64_t>(set.count));
        rows_.insert(rows_.end(), first, last);
        if (2 * ++size_ > slots_.size()) grow();
        return true;
      }
      if (slot.hash == hash && rows_[slot.offset] == static_cast<std::uint64_t>(set.count) &&
          same_rows(first, last, rows_.data() + slot.offset + 1))
        return false;
    }
  }

 private:
  // 16 bytes, so more of the table stays in cache; the set's row count leads its rows.
  struct Slot {
    std::uint64_t hash = 0;
    std::uint32_t generation = 0;
    std::uint32_t offset = 0;  // into rows_
  };
  static bool same_rows(const std::uint64_t* first, const std::uint64_t* last,
                        const std::uint64_t* other) {
    for (; first != last; ++first, ++other)
      if (*first != *other) return false;
    return true;
  }
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
  std::vector<std::uint64_t> rows_;
  std::size_t size_ = 0;
  std::uint32_t generation_ = 0;
};

// One orientation of a shape as bit rows: each row it covers (offset from the origin, north to
// south) and its columns as bits counted from min_x. Only shapes under 32 columns wide take this
// form (`narrow`); wider ones are gathered square by square.
struct RowShape {
  RotatedShape squares;
  std::array<int, kMaxShapeSquares> dy{};
  std::array<std::uint64_t, kMaxShapeSquares> columns{};
  int rows = 0;
  bool narrow = false;
  // Whether every placement in this orientation repeats one of another orientation that comes
  // first (see mark_repeated_turns): such an orientation is not tried at all.
  bool repeats_earlier = false;
};

void make_row_shape(const Spell& spell, int orientation, RowShape& out) {
  rotate_shape(spell, orientation, out.squares);
  const RotatedShape& s = out.squares;
  out.narrow = s.max_x - s.min_x < 32;
  std::array<Square, kMaxShapeSquares> sorted;
  std::copy(s.squares.begin(), s.squares.begin() + s.count, sorted.begin());
  std::sort(sorted.begin(), sorted.begin() + s.count,
            [](Square a, Square b) { return a.y != b.y ? a.y < b.y : a.x < b.x; });
  out.rows = 0;
  if (!out.narrow) return;
  for (int i = 0; i < s.count; ++i) {
    if (out.rows == 0 || out.dy[out.rows - 1] != sorted[i].y) {
      out.dy[out.rows] = sorted[i].y;
      out.columns[out.rows] = 0;
      ++out.rows;
    }
    out.columns[out.rows - 1] |= std::uint64_t{1} << (sorted[i].x - s.min_x);
  }
}

// When a shape turned k is the shape turned o moved by d (a symmetric shape), the placement (a, o)
// covers exactly the squares (a - d, k) covers, so the two give the same set whatever is reached.
// Which of the two comes first in the order (row, column, orientation) depends on d alone, not on
// a: every placement of the later orientation repeats one of the earlier.
void mark_repeated_turns(std::array<RowShape, kAreaOrientations>& shapes) {
  for (int o = 0; o < kAreaOrientations; ++o) {
    shapes[o].repeats_earlier = false;
    for (int k = 0; k < kAreaOrientations; ++k) {
      if (k == o) continue;
      const RowShape& a = shapes[o];
      const RowShape& b = shapes[k];
      if (!a.narrow || !b.narrow || a.rows != b.rows) continue;
      const int dx = b.squares.min_x - a.squares.min_x;
      const int dy = b.squares.min_y - a.squares.min_y;
      bool same = true;
      for (int r = 0; r < a.rows && same; ++r)
        same = b.dy[r] - a.dy[r] == dy && b.columns[r] == a.columns[r];
      if (!same) continue;
      // (a - d, k) precedes (a, o) when -d comes first: a lower row, or the same row and a
      // lower column, or the same anchor and a lower orientation.
      const bool earlier = -dy != 0 ? -dy < 0 : (-dx != 0 ? -dx < 0 : k < o);
      if (earlier) shapes[o].repeats_earlier = true;
    }
  }
}

void shape_placements(const Board& board, const Spell& spell, const ReachRows& reached,
                      std::vector<AreaPlacement>& out) {
  int min_x = kHigh, max_x = kLow, min_y = kHigh, max_y = kLow;
  for (int y = 0; y < board.height(); ++y) {
    if (reached[y] == 0) continue;
    min_y = std::min(min_y, y);
    max_y = y;
    min_x = std::min(min_x, std::countr_zero(reached[y]));
    max_x = std::max(max_x, 31 - std::countl_zero(reached[y]));
  }
  if (max_y < 0) return;
  std::array<RowShape, kAreaOrientations> shapes;
  for (int o = 0; o < kAreaOrientations; ++o)
    make_row_shape(spell, o, shapes[o]);
  mark_repeated_turns(shapes);
  // Each orientation's anchors that put one of its squares in the box of reached squares.
  struct AnchorBox {
    int from_x, to_x, from_y, to_y;
  };
  std::array<AnchorBox, kAreaOrientations> anchors;
  AnchorBox all{kHigh, kLow, kHigh, kLow};
  for (int o = 0; o < kAreaOrientations; ++o) {
    const RotatedShape& s = shapes[o].squares;
    anchors[o] = {std::max(kAnchorMinX, min_x - s.max_x), std::min(kAnchorMaxX, max_x - s.min_x),
                  std::max(kAnchorMinY, min_y - s.max_y), std::min(kAnchorMaxY, max_y - s.min_y)};
    all.from_x = std::min(all.from_x, anchors[o].from_x);
    all.to_x = std::max(all.to_x, anchors[o].to_x);
    all.from_y = std::min(all.from_y, anchors[o].from_y);
    all.to_y = std::max(all.to_y, anchors[o].to_y);
  }

  thread_local DistinctSets seen;
  seen.begin();
  RowSet hit;
  SquareCollector wide(board, reached);
  const int width = board.width();
  const int height = board.height();
  for (int y = all.from_y; y <= all.to_y; ++y) {
    for (int x = all.from_x; x <= all.to_x; ++x) {
      for (int o = 0; o < kAreaOrientations; ++o) {
        const AnchorBox& box = anchors[o];
        if (x < box.from_x || x > box.to_x || y < box.from_y || y > box.to_y) continue;
        const RowShape& shape = shapes[o];
        if (shape.repeats_earlier) continue;
        hit.count = 0;
        // Full: every square of the placed shape reached, so the set is the shape itself, which
        // no other placement tried gives (a partial set is smaller; a turn that repeats this
        // one is skipped).
        bool full = false;
        if (shape.narrow) {
          const RotatedShape& s = shape.squares;
          full =
              x + s.min_x >= 0 && x + s.max_x < width && y + s.min_y >= 0 && y + s.max_y < height;
          // Columns x + min_x onwards; the shift stays within -31..31 inside the anchor box.
          const int shift = x + s.min_x;
          for (int r = 0; r < shape.rows; ++r) {
            const int row = y + shape.dy[r];
            if (row < 0 || row >= height) continue;
            const std::uint32_t placed = static_cast<std::uint32_t>(
                shift >= 0 ? shape.columns[r] << shift : shape.columns[r] >> -shift);
            const std::uint32_t columns = reached[row] & placed;
            full = full && columns == placed;
            if (columns != 0) hit.add_row(row, columns);
          }
        } else {
          wide.clear();
          for (int i = 0; i < shape.squares.count; ++i)
            wide.add(x + shape.squares.squares[i].x, y + shape.squares.squares[i].y);
          wide.collect(hit);
        }
        if (hit.count == 0) continue;
        if (full || seen.insert(hit))
          out.push_back(AreaPlacement{area_cell_of(x, y), static_cast<std::uint8_t>(o)});
      }
    }
  }
}

void line_placements(const Board& board, Cell caster, int range, const ReachRows& reached,
                     std::vector<AreaPlacement>& out) {
  const int radius = line_radius(board, caster, range);
  thread_local DistinctSets seen;
  seen.begin();
  RowSet hit;
  SquareCollector squares(board, reached);
  const auto consider = [&](int x, int y) {
    if (x < kAnchorMinX || x > kAnchorMaxX || y < kAnchorMinY || y > kAnchorMaxY) return;
    const Cell end = area_cell_of(x, y);
    squares.clear();
    for_each_line_square(caster, end, [&squares](Cell c) { squares.add(c.x, c.y); });
    squares.collect(hit);
    if (hit.count > 0 && seen.insert(hit)) out.push_back(AreaPlacement{end, 0});
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

void placements_from_reach(const Board& board, Cell caster, const Spell& spell,
                           const ReachRows& reached, std::vector<AreaPlacement>& out) {
  out.clear();
  switch (spell.area) {
    case AreaClass::kNuke:
      for (std::uint32_t columns : reached)
        if (columns != 0) {
          out.push_back(AreaPlacement{caster, 0});
          break;
        }
      return;
    case AreaClass::kLine:
      line_placements(board, caster, range_squares(spell.range), reached, out);
      return;
    default:
      shape_placements(board, spell, reached, out);
      return;
  }
}

}  // namespace

int placement_code(AreaPlacement p) {
  WB_CHECK(has_placement_code(p));
  return ((p.anchor.y + kAnchorMargin) * kAnchorColumns + p.anchor.x + kAnchorMargin) *
             kAreaOrientations +
         p.orientation;
}

AreaPlacement placement_from_code(int code) {
  WB_CHECK(code >= 0 && code < kAreaPlacementCodes);
  const int anchor = code / kAreaOrientations;
  return AreaPlacement{area_cell_of(anchor % kAnchorColumns - kAnchorMargin,
                                    anchor / kAnchorColumns - kAnchorMargin),
                       static_cast<std::uint8_t>(code % kAreaOrientations)};
}

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
  ReachRows rows;
  reach_rows_of(board, caster, range, sight_blockers, rows);
  out.reset();
  for (int y = 0; y < board.height(); ++y)
    for (std::uint32_t columns = rows[y]; columns != 0; columns &= columns - 1)
      out.set(grid::cell_index(area_cell_of(std::countr_zero(columns), y)));
}

void affected_squares(const Board& board, Cell caster, const Spell& spell, AreaPlacement placement,
                      const CellSet& sight_blockers, CellSet& out) {
  WB_CHECK(board.contains(caster));
  out.reset();
  const int range = range_squares(spell.range);
  const auto take = [&](int x, int y) {
    if (reaches(board, caster, range, sight_blockers, x, y))
      out.set(grid::cell_index(area_cell_of(x, y)));
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
  ReachRows reached;
  reach_rows_of(board, caster, range_squares(spell.range), sight_blockers, reached);
  placements_from_reach(board, caster, spell, reached, out);
}

void caster_sight(const Board& board, Cell caster, const CellSet& sight_blockers,
                  CasterSight& out) {
  out.caster = caster;
  reach_rows_of(board, caster, -1, sight_blockers, out.rows);
}

void distinct_placements(const Board& board, const CasterSight& sight, const Spell& spell,
                         std::vector<AreaPlacement>& out) {
  const int range = range_squares(spell.range);
  if (range < 0) {
    placements_from_reach(board, sight.caster, spell, sight.rows, out);
    return;
  }
  // The range's box: rows caster.y - range .. + range, columns likewise.
  const int from_x = std::max(0, sight.caster.x - range);
  const int to_x = std::min(grid::kMaxWidth - 1, sight.caster.x + range);
  const std::uint32_t columns =
      static_cast<std::uint32_t>((std::uint64_t{2} << to_x) - (std::uint64_t{1} << from_x));
  ReachRows reached{};
  for (int y = std::max(0, sight.caster.y - range);
       y <= std::min(grid::kMaxHeight - 1, sight.caster.y + range); ++y)
    reached[y] = sight.rows[y] & columns;
  placements_from_reach(board, sight.caster, spell, reached, out);
}

bool any_placement(const Board& board, Cell caster, const Spell& spell,
                   const CellSet& sight_blockers) {
  WB_CHECK(board.contains(caster));
  const int range = range_squares(spell.range);
  if (spell.area == AreaClass::kLine) {
    // line_placements' ring, in its order; a line counts once one of its squares is reached.
    const int radius = line_radius(board, caster, range);
    const auto reached_by = [&](int x, int y) {
      if (x < kAnchorMinX || x > kAnchorMaxX || y < kAnchorMinY || y > kAnchorMaxY) return false;
      bool hit = false;
      for_each_line_square(caster, area_cell_of(x, y), [&](Cell c) {
        hit = hit || reaches(board, caster, range, sight_blockers, c.x, c.y);
      });
      return hit;
    };
    for (int y = caster.y - radius; y <= caster.y + radius; ++y) {
      const bool whole_row = y == caster.y - radius || y == caster.y + radius;
      const int step = whole_row || radius == 0 ? 1 : 2 * radius;  // the row's ends alone
      for (int x = caster.x - radius; x <= caster.x + radius; x += step)
        if (reached_by(x, y)) return true;
    }
    return false;
  }
  if (covers_caster_square(board, caster, spell)) return true;
  thread_local std::vector<AreaPlacement> placements;
  distinct_placements(board, caster, spell, sight_blockers, placements);
  return !placements.empty();
}

bool covers_caster_square(const Board& board, Cell caster, const Spell& spell) {
  // The caster's own square is reached whenever it is open; a placement covering it has an
  // anchor with a placement code unless the shape reaches more than kAnchorMargin squares out.
  if (spell.area == AreaClass::kLine || (board.at(caster).flags & grid::kBlocksSight)) return false;
  if (spell.area == AreaClass::kNuke) return true;
  for (int o = 0; o < kAreaOrientations; ++o) {
    RotatedShape shape;
    rotate_shape(spell, o, shape);
    for (int i = 0; i < shape.count; ++i)
      if (has_placement_code(AreaPlacement{
              area_cell_of(caster.x - shape.squares[i].x, caster.y - shape.squares[i].y),
              static_cast<std::uint8_t>(o)}))
        return true;
  }
  return false;
}

void area_squares_on_board(const Board& board, Cell caster, const Spell& spell,
                           AreaPlacement placement, CellSet& out) {
  out.reset();
  const auto take = [&](int x, int y) {
    if (on_board(board, x, y)) out.set(grid::cell_index(area_cell_of(x, y)));
  };
  switch (spell.area) {
    case AreaClass::kNuke:
      for (int y = 0; y < board.height(); ++y)
        for (int x = 0; x < board.width(); ++x)
          take(x, y);
      return;
    case AreaClass::kLine:
      for_each_line_square(caster, placement.anchor, [&](Cell c) { take(c.x, c.y); });
      return;
    default: {
      RotatedShape shape;
      rotate_shape(spell, placement.orientation, shape);
      for (int i = 0; i < shape.count; ++i)
        take(placement.anchor.x + shape.squares[i].x, placement.anchor.y + shape.squares[i].y);
      return;
    }
  }
}

std::optional<AreaPlacement> offered_placement(const Board& board, Cell caster, const Spell& spell,
                                               AreaPlacement placement,
                                               const CellSet& sight_blockers) {
  CellSet wanted;
  affected_squares(board, caster, spell, placement, sight_blockers, wanted);
  if (wanted.none()) return std::nullopt;
  thread_local std::vector<AreaPlacement> offered;
  distinct_placements(board, caster, spell, sight_blockers, offered);
  CellSet squares;
  for (const AreaPlacement& candidate : offered) {
    affected_squares(board, caster, spell, candidate, sight_blockers, squares);
    if (squares == wanted) return candidate;
  }
  return std::nullopt;
}

std::optional<Cell> line_end_toward(const Board& board, Cell caster, const Spell& spell,
                                    Cell toward) {
  const int dx = toward.x - caster.x;
  const int dy = toward.y - caster.y;
  const int longer = std::max(std::abs(dx), std::abs(dy));
  if (longer == 0) return std::nullopt;
  const int radius = line_radius(board, caster, range_squares(spell.range));
  // round(d * radius / longer), halves away from zero
  const auto scaled = [&](int d) {
    const int twice = 2 * std::abs(d) * radius / longer;
    const int magnitude = (twice + 1) / 2;
    return d < 0 ? -magnitude : magnitude;
  };
  return area_cell_of(caster.x + scaled(dx), caster.y + scaled(dy));
}

std::string nothing_affected_reason(const Board& board, Cell caster, const Spell& spell,
                                    AreaPlacement placement, const CellSet& sight_blockers) {
  CellSet affected;
  affected_squares(board, caster, spell, placement, sight_blockers, affected);
  if (affected.any()) return "";
  if (spell.area == AreaClass::kLine && placement.anchor == caster)
    return "nothing would be affected: a Line is drawn to a square at the edge of its range, not "
           "to the caster's own square";
  if (sight_blockers[grid::cell_index(caster)])
    return "nothing would be affected: the caster stands in the Dark and sees only its own square";
  // The area's squares before the cut, each once, in the order of the reasons below.
  std::vector<Cell> squares;
  if (spell.area == AreaClass::kLine) {
    for_each_line_square(caster, placement.anchor, [&squares](Cell c) { squares.push_back(c); });
  } else if (spell.area == AreaClass::kNuke) {
    for (int y = 0; y < board.height(); ++y)
      for (int x = 0; x < board.width(); ++x)
        squares.push_back(area_cell_of(x, y));
  } else {
    RotatedShape shape;
    rotate_shape(spell, placement.orientation, shape);
    for (int i = 0; i < shape.count; ++i)
      squares.push_back(area_cell_of(placement.anchor.x + shape.squares[i].x,
                                     placement.anchor.y + shape.squares[i].y));
  }
  const auto before = [](Cell a, Cell b) { return a.y != b.y ? a.y < b.y : a.x < b.x; };
  std::sort(squares.begin(), squares.end(), before);
  squares.erase(std::unique(squares.begin(), squares.end()), squares.end());
  const int range = range_squares(spell.range);
  int off_board = 0, stone = 0, beyond = 0, hidden = 0;
  for (Cell c : squares) {
    if (!board.contains(c))
      ++off_board;
    else if (board.at(c).flags & grid::kBlocksSight)
      ++stone;
    else if (!in_range(caster, c, range))
      ++beyond;
    else
      ++hidden;
  }
  const auto count = [](int n, const char* one, const char* many) {
    return fmt::format("{} {}", n, n == 1 ? one : many);
  };
  std::vector<std::string> parts;
  if (off_board > 0) parts.push_back(count(off_board, "is off the board", "are off the board"));
  if (stone > 0) parts.push_back(count(stone, "is solid stone", "are solid stone"));
  if (beyond > 0)
    parts.push_back(fmt::format("{} beyond {} range ({} squares)", count(beyond, "is", "are"),
                                range_name(spell.range), range));
  if (hidden > 0)
    parts.push_back(count(hidden, "is out of the caster's sight", "are out of the caster's sight"));
  std::string listed;
  for (std::size_t i = 0; i < parts.size(); ++i)
    listed += (i == 0 ? "" : i + 1 == parts.size() ? " and " : ", ") + parts[i];
  return fmt::format("nothing would be affected: of the area's {}, {}",
                     count(static_cast<int>(squares.size()), "square", "squares"), listed);
}

}  // namespace warband::spellweavers
