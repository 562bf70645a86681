#include "core/grid.h"

#include <algorithm>
#include <bit>
#include <cstdlib>

#include "core/error.h"

namespace warband::grid {

// ---------------------------------------------------------------------------------------------
// Cell names

std::string cell_name(Cell c) {
  if (c.x < 0 || c.y < 0) return "?";
  // Columns count in bijective base 26: A..Z, AA, AB, ...
  std::string letters;
  for (int n = c.x + 1; n > 0; n = (n - 1) / 26)
    letters.insert(letters.begin(), static_cast<char>('A' + (n - 1) % 26));
  return letters + std::to_string(c.y + 1);
}

bool parse_cell_name(const std::string& text, Cell& out) {
  std::size_t i = 0;
  int column = 0;
  for (; i < text.size(); ++i) {
    char ch = text[i];
    if (ch >= 'a' && ch <= 'z') ch = static_cast<char>(ch - 'a' + 'A');
    if (ch < 'A' || ch > 'Z') break;
    column = column * 26 + (ch - 'A' + 1);
    if (column > kMaxWidth) return false;
  }
  if (i == 0 || i == text.size() || text[i] == '0') return false;
  int row = 0;
  for (; i < text.size(); ++i) {
    const char ch = text[i];
    if (ch < '0' || ch > '9') return false;
    row = row * 10 + (ch - '0');
    if (row > kMaxHeight) return false;
  }
  out = Cell{static_cast<std::int8_t>(column - 1), static_cast<std::int8_t>(row - 1)};
  return true;
}

// ---------------------------------------------------------------------------------------------
// Lines

namespace {

// Calls visit(cell) for each space the line from a to b crosses, in order, a and b excluded;
// stops and returns false as soon as visit returns false.
//
// Exact integers only. With i column boundaries and j row boundaries crossed so far, the next
// column boundary is reached at t = (2i+1) / (2|dx|) and the next row boundary at
// t = (2j+1) / (2|dy|); `order` = (2i+1)|dy| - (2j+1)|dx| compares them without division
// (negative: column first, positive: row first, zero: both at once, i.e. a lattice corner).
template <typename Visit>
inline bool walk_line(Cell a, Cell b, int side, Visit&& visit) {
  const int dx = b.x - a.x;
  const int dy = b.y - a.y;
  const int step_x = dx > 0 ? 1 : -1;
  const int step_y = dy > 0 ? 1 : -1;
  const int span_x = std::abs(dx);
  const int span_y = std::abs(dy);
  // At a corner the two spaces beside it are (x+step_x, y) and (x, y+step_y). Rows grow
  // southward, so (x+step_x, y) lies on the left of travel exactly when the steps agree in sign
  // (heading south-east, the east neighbour is on the left).
  const bool corner_takes_column = (side == 0) == (step_x == step_y);
  int x = a.x;
  int y = a.y;
  int order = span_y - span_x;
  // Once all column crossings are done, order >= |dx| + |dy| > 0, and vice versa, so the loop
  // never steps past b.
  for (int remaining = span_x + span_y; remaining > 0;) {
    if (order < 0) {
      x += step_x;
      order += 2 * span_y;
    } else if (order > 0) {
      y += step_y;
      order -= 2 * span_x;
    } else {
      // "Perfectly diagonal LoS: the Player ... chooses one side of the grid spaces ... for the
      // entire drawn LoS" (seed, Line of Sight): the chosen side's space, then the diagonal one.
      const Cell beside =
          corner_takes_column
              ? Cell{static_cast<std::int8_t>(x + step_x), static_cast<std::int8_t>(y)}
              : Cell{static_cast<std::int8_t>(x), static_cast<std::int8_t>(y + step_y)};
      if (!visit(beside)) return false;
      --remaining;
      x += step_x;
      y += step_y;
      order += 2 * span_y - 2 * span_x;
    }
    if (--remaining == 0) break;  // reached b, which is not reported
    if (!visit(Cell{static_cast<std::int8_t>(x), static_cast<std::int8_t>(y)})) return false;
  }
  return true;
}

}  // namespace

bool passes_corner(Cell a, Cell b) {
  // A corner is hit when (2i+1)|dy| = (2j+1)|dx| for some i, j: with g = gcd, that needs |dx|/g
  // and |dy|/g both odd, i.e. |dx| and |dy| divisible by the same power of two.
  const unsigned span_x = static_cast<unsigned>(std::abs(b.x - a.x));
  const unsigned span_y = static_cast<unsigned>(std::abs(b.y - a.y));
  return span_x != 0 && span_y != 0 && std::countr_zero(span_x) == std::countr_zero(span_y);
}

void trace_line(Cell a, Cell b, int side, LineTrace& out) {
  out.count = 0;
  out.passes_corner = passes_corner(a, b);
  walk_line(a, b, side, [&out](Cell c) {
    out.cells[out.count++] = c;
    return true;
  });
}

int manhattan(Cell a, Cell b) {
  return std::abs(a.x - b.x) + std::abs(a.y - b.y);
}

// Seed, Ranges and Higher Ground: "half the difference in Higher Ground, rounded down".
int range(const Board& board, Cell a, Cell b) {
  return manhattan(a, b) + std::abs(board.at(a).height - board.at(b).height) / 2;
}

// ---------------------------------------------------------------------------------------------
// Board

Board::Board(int width, int height) : width_(width), height_(height) {
  WB_CHECK(width >= 1 && width <= kMaxWidth);
  WB_CHECK(height >= 1 && height <= kMaxHeight);
}

void Board::finalize() {
  for (auto& table : terrain_sight_)
    table.assign(kMaxCells, CellSet{});
  // Seed, Terrain: a Wall "is Line of Sight Blocking"; Line of Sight Blocking stops any line.
  std::array<bool, kMaxCells> stops_sight{};
  for (int i = 0; i < kMaxCells; ++i)
    stops_sight[i] = (spaces_[i].flags & (kWall | kBlocksSight)) != 0;
  const auto clear_line = [&stops_sight](Cell a, Cell b, int side) {
    return walk_line(a, b, side, [&stops_sight](Cell c) { return !stops_sight[cell_index(c)]; });
  };
  for (int ay = 0; ay < height_; ++ay) {
    for (int ax = 0; ax < width_; ++ax) {
      const Cell a{static_cast<std::int8_t>(ax), static_cast<std::int8_t>(ay)};
      const int ai = cell_index(a);
      terrain_sight_[0][ai].set(ai);
      terrain_sight_[1][ai].set(ai);
      // Each unordered pair once: the line b -> a on side s is the line a -> b on side 1 - s.
      for (int bi = ai + 1; bi < kMaxCells; ++bi) {
        const Cell b = cell_at(bi);
        if (b.x >= width_) continue;
        if (b.y >= height_) break;
        const bool left_clear = clear_line(a, b, 0);
        const bool right_clear = passes_corner(a, b) ? clear_line(a, b, 1) : left_clear;
        if (left_clear) {
          terrain_sight_[0][ai].set(bi);
          terrain_sight_[1][bi].set(ai);
        }
        if (right_clear) {
          terrain_sight_[1][ai].set(bi);
          terrain_sight_[0][bi].set(ai);
        }
      }
    }
  }
}

bool Board::terrain_clear(Cell a, Cell b, int side) const {
  const auto& table = terrain_sight_[side];
  WB_CHECK(!table.empty());  // finalize() not called
  return table[cell_index(a)][cell_index(b)];
}

// ---------------------------------------------------------------------------------------------
// Footprints

namespace {

struct Dims {
  int w;
  int h;
};
Dims placed_dims(Footprint f, bool rotated) {
  return rotated ? Dims{f.h, f.w} : Dims{f.w, f.h};
}
bool fits(const Board& board, Dims d, int anchor_x, int anchor_y) {
  return anchor_x >= 0 && anchor_y >= 0 && anchor_x + d.w <= board.width() &&
         anchor_y + d.h <= board.height();
}

}  // namespace

bool can_stand(const Board& board, Footprint f, Placement p, const CellSet& occupied) {
  const Dims d = placed_dims(f, p.rotated);
  if (!fits(board, d, p.anchor.x, p.anchor.y)) return false;
  int lowest = 255;
  int highest = 0;
  for (int dy = 0; dy < d.h; ++dy) {
    for (int dx = 0; dx < d.w; ++dx) {
      const int index = cell_index(p.anchor) + dy * kMaxWidth + dx;
      const Space& space = board.at_index(index);
      if ((space.flags & kWall) || occupied[index]) return false;
      lowest = std::min<int>(lowest, space.height);
      highest = std::max<int>(highest, space.height);
    }
  }
  // Seed, Terrain Examples: a multi-space base may only stand where "each grid spaces Higher
  // Ground value can't be more than 1 difference".
  return highest - lowest <= 1;
}

// ---------------------------------------------------------------------------------------------
// Movement

namespace {

// Index offsets are relative to a placement's anchor: offset = dy * kMaxWidth + dx. They are
// only added to anchors whose placement has been checked to fit on the board, so the row wrap
// of negative dx never happens.
int offset_of(int dx, int dy) {
  return dy * kMaxWidth + dx;
}

// One orientation of the footprint: its parts and, per direction, the spaces a step newly covers.
struct Orientation {
  Dims dims{1, 1};
  int parts = 0;
  std::array<std::int16_t, kMaxFootprintCells> part{};
  // Directions: east, south, west, north. Offsets relative to the anchor before the step.
  std::array<std::array<std::int16_t, kMaxFootprintSide>, 4> fresh{};
  std::array<int, 4> fresh_count{};
};

constexpr std::array<int, 4> kStepX = {1, 0, -1, 0};
constexpr std::array<int, 4> kStepY = {0, 1, 0, -1};

// A quarter turn about one corner space; everything relative to the old anchor.
struct Pivot {
  int shift_x = 0;  // new anchor - old anchor
  int shift_y = 0;
  // Where part k (in Orientation::part order) ends, and how far it travels (Manhattan).
  std::array<std::int16_t, kMaxFootprintCells> lands{};
  std::array<std::int8_t, kMaxFootprintCells> travel{};
  // Spaces covered after the turn but not before.
  std::array<std::int16_t, kMaxFootprintCells> fresh{};
  int fresh_count = 0;
  // Bounding box of the old and new placements (inclusive), which the turn sweeps.
  int box_x0 = 0, box_y0 = 0, box_x1 = 0, box_y1 = 0;
};
// 4 corners x 2 directions.
constexpr int kMaxPivots = 8;

struct MoveTables {
  std::array<Orientation, 2> orientation;
  std::array<std::array<Pivot, kMaxPivots>, 2> pivots;
  std::array<int, 2> pivot_count{};
};

void build_orientation(Dims d, Orientation& o) {
  o.dims = d;
  o.parts = 0;
  for (int dy = 0; dy < d.h; ++dy)
    for (int dx = 0; dx < d.w; ++dx)
      o.part[o.parts++] = static_cast<std::int16_t>(offset_of(dx, dy));
  for (int dir = 0; dir < 4; ++dir) {
    int& n = o.fresh_count[dir];
    n = 0;
    if (kStepX[dir] != 0) {
      const int column = kStepX[dir] > 0 ? d.w : -1;
      for (int dy = 0; dy < d.h; ++dy)
        o.fresh[dir][n++] = static_cast<std::int16_t>(offset_of(column, dy));
    } else {
      const int row = kStepY[dir] > 0 ? d.h : -1;
      for (int dx = 0; dx < d.w; ++dx)
        o.fresh[dir][n++] = static_cast<std::int16_t>(offset_of(dx, row));
    }
  }
}

// Pivots of the orientation with dimensions d (the turned footprint has d.h x d.w).
int build_pivots(Dims d, std::array<Pivot, kMaxPivots>& pivots) {
  int count = 0;
  std::array<std::pair<int, int>, 4> corners = {
      {{0, 0}, {d.w - 1, 0}, {0, d.h - 1}, {d.w - 1, d.h - 1}}};
  for (int ci = 0; ci < 4; ++ci) {
    // A 1 x n footprint has only two distinct corner spaces.
    if (std::find(corners.begin(), corners.begin() + ci, corners[ci]) != corners.begin() + ci)
      continue;
    const auto [pivot_x, pivot_y] = corners[ci];
    for (int turn = 0; turn < 2; ++turn) {
      Pivot& p = pivots[count++];
      // Clockwise on the map (rows grow south): east -> south, (u, v) -> (-v, u);
      // anticlockwise: (u, v) -> (v, -u).
      std::array<std::pair<int, int>, kMaxFootprintCells> landed{};
      int min_x = pivot_x, min_y = pivot_y, max_x = pivot_x, max_y = pivot_y;
      int k = 0;
      for (int dy = 0; dy < d.h; ++dy) {
        for (int dx = 0; dx < d.w; ++dx, ++k) {
          const int u = dx - pivot_x;
          const int v = dy - pivot_y;
          const int nx = pivot_x + (turn == 0 ? -v : v);
          const int ny = pivot_y + (turn == 0 ? u : -u);
          landed[k] = {nx, ny};
          p.lands[k] = static_cast<std::int16_t>(offset_of(nx, ny));
          p.travel[k] = static_cast<std::int8_t>(std::abs(nx - dx) + std::abs(ny - dy));
          min_x = std::min(min_x, nx);
          min_y = std::min(min_y, ny);
          max_x = std::max(max_x, nx);
          max_y = std::max(max_y, ny);
        }
      }
      p.shift_x = min_x;
      p.shift_y = min_y;
      p.box_x0 = std::min(0, min_x);
      p.box_y0 = std::min(0, min_y);
      p.box_x1 = std::max(d.w - 1, max_x);
      p.box_y1 = std::max(d.h - 1, max_y);
      p.fresh_count = 0;
      for (int j = 0; j < k; ++j) {
        const auto [nx, ny] = landed[j];
        const bool was_covered = nx >= 0 && ny >= 0 && nx < d.w && ny < d.h;
        if (!was_covered) p.fresh[p.fresh_count++] = static_cast<std::int16_t>(offset_of(nx, ny));
      }
    }
  }
  return count;
}

// Buckets of placements by cost, as intrusive doubly linked lists (no allocation). Every move
// costs at least 1, so once bucket c is reached nothing new can join it: its placements are
// final, in any order, and the (cost, danger) order is exact without sorting inside a bucket.
class BucketQueue {
 public:
  explicit BucketQueue(int max_cost) {
    std::fill(head_.begin(), head_.begin() + max_cost + 1, kNone);
  }
  void push(int bucket, int node) {
    next_[node] = head_[bucket];
    prev_[node] = kNone;
    if (head_[bucket] != kNone) prev_[head_[bucket]] = static_cast<std::int16_t>(node);
    head_[bucket] = static_cast<std::int16_t>(node);
  }
  void remove(int bucket, int node) {
    if (prev_[node] != kNone)
      next_[prev_[node]] = next_[node];
    else
      head_[bucket] = next_[node];
    if (next_[node] != kNone) prev_[next_[node]] = prev_[node];
  }
  // The next node of `bucket`, removed; kNone when empty.
  int pop(int bucket) {
    const int node = head_[bucket];
    if (node != kNone) remove(bucket, node);
    return node;
  }
  static constexpr std::int16_t kNone = -1;

 private:
  std::array<std::int16_t, 256> head_;
  std::array<std::int16_t, kMaxPlacements> next_;
  std::array<std::int16_t, kMaxPlacements> prev_;
};

}  // namespace

namespace {

static_assert(kMaxWidth == 32, "anchors are split into x and y with shifts");
static_assert(kMaxPlacements % 64 == 0);

// The search proper. kSingleSpace is the 1x1 footprint (most models): it never turns, has no
// height spread to check and newly covers exactly the space it steps onto, so it gets a lean
// loop of its own.
template <bool kSingleSpace>
void search_reach(const Board& board, const MoveQuery& query, Reach& out) {
  const Footprint footprint = query.footprint;
  const bool turns = !kSingleSpace && !footprint.square();
  Placement start = query.start;
  if (!turns) start.rotated = false;
  const int budget = std::clamp(query.budget, 0, 254);
  WB_CHECK(fits(board, placed_dims(footprint, start.rotated), start.anchor.x, start.anchor.y));

  MoveTables tables;
  int pivot_travel = 0;  // what every pivot costs at least: the farthest part's travel
  if constexpr (!kSingleSpace) {
    for (int r = 0; r < (turns ? 2 : 1); ++r) {
      const Dims d = placed_dims(footprint, r == 1);
      build_orientation(d, tables.orientation[r]);
      tables.pivot_count[r] = turns ? build_pivots(d, tables.pivots[r]) : 0;
    }
    pivot_travel = 2 * (std::max(footprint.w, footprint.h) - 1);
  }

  const CellSet& blocked = query.blocked;
  const auto space = [&board](int index) -> const Space& { return board.at_index(index); };
  // Walls "cannot be Moved on" (seed, Terrain); `blocked` holds enemies.
  const auto enterable = [&](int index) {
    return !(space(index).flags & kWall) && !blocked[index];
  };
  const unsigned width = static_cast<unsigned>(board.width());
  const unsigned height = static_cast<unsigned>(board.height());

  BucketQueue queue(budget);
  const int start_index = placement_index(start);
  out.cost[start_index] = 0;
  queue.push(0, start_index);
  // Placements taken out of the queue, i.e. reached within the budget: read back in index
  // order at the end, which lists the destinations without sorting.
  std::array<std::uint64_t, kMaxPlacements / 64> settled{};

  // Offers `cost` / `danger` for placement `node`, keeping the lexicographically smaller.
  const auto relax = [&](int node, int cost, int danger) {
    const int known = out.cost[node];
    if (cost < known) {
      if (known != Reach::kUnreachable) queue.remove(known, node);
      out.cost[node] = static_cast<std::uint8_t>(cost);
      out.danger[node] = static_cast<std::uint8_t>(std::min(danger, 255));
      queue.push(cost, node);
    } else if (cost == known && danger < out.danger[node]) {
      out.danger[node] = static_cast<std::uint8_t>(danger);
    }
  };

  // Whether the unit may end there: Walls, `blocked` and heights were checked on the way; only
  // friends (`occupied`) remain to check.
  const CellSet& occupied = query.occupied;
  const auto free_to_end = [&](int node) {
    if constexpr (kSingleSpace) {
      return !occupied[node];
    } else {
      const bool rotated = node >= kMaxCells;
      const int anchor = rotated ? node - kMaxCells : node;
      const Orientation& o = tables.orientation[rotated ? 1 : 0];
      for (int k = 0; k < o.parts; ++k)
        if (occupied[anchor + o.part[k]]) return false;
      return true;
    }
  };

  for (int cost = 0; cost <= budget; ++cost) {
    for (int node = queue.pop(cost); node != BucketQueue::kNone; node = queue.pop(cost)) {
      settled[node >> 6] |= std::uint64_t{1} << (node & 63);
      if (query.first_destination_only && node != start_index && free_to_end(node)) {
        out.destinations.push_back(node);
        return;
      }
      const bool rotated = node >= kMaxCells;
      const int anchor = rotated ? node - kMaxCells : node;
      const int anchor_x = anchor & (kMaxWidth - 1);
      const int anchor_y = anchor >> 5;
      const int danger_so_far = out.danger[node];

      if constexpr (kSingleSpace) {
        const int from_height = space(anchor).height;
        for (int dir = 0; dir < 4; ++dir) {
          if (static_cast<unsigned>(anchor_x + kStepX[dir]) >= width ||
              static_cast<unsigned>(anchor_y + kStepY[dir]) >= height)
            continue;
          const int target = anchor + offset_of(kStepX[dir], kStepY[dir]);
          // A step costs at least 1: a target already reached for `cost` cannot improve.
          if (out.cost[target] <= cost) continue;
          const Space& to = space(target);
          if ((to.flags & kWall) || blocked[target]) continue;
          // Seed, Higher Ground: climbing or descending costs the difference, at least 1;
          // Difficult: "a cumulative -1 to their Move".
          const int total = cost + std::max(1, std::abs(to.height - from_height)) +
                            ((to.flags & kDifficult) ? 1 : 0);
          if (total <= budget) relax(target, total, std::max<int>(danger_so_far, to.dangerous));
        }
        continue;
      }

      const int rotation = rotated ? 1 : 0;
      const Orientation& o = tables.orientation[rotation];

      std::array<std::uint8_t, kMaxFootprintCells> part_height;
      for (int k = 0; k < o.parts; ++k)
        part_height[k] = space(anchor + o.part[k]).height;

      // Orthogonal steps.
      for (int dir = 0; dir < 4; ++dir) {
        if (!fits(board, o.dims, anchor_x + kStepX[dir], anchor_y + kStepY[dir])) continue;
        const int shift = offset_of(kStepX[dir], kStepY[dir]);
        if (out.cost[node + shift] <= cost) continue;  // a step costs at least 1
        int extra = 0;
        int danger = danger_so_far;
        bool open = true;
        for (int k = 0; k < o.fresh_count[dir]; ++k) {
          const int index = anchor + o.fresh[dir][k];
          if (!enterable(index)) {
            open = false;
            break;
          }
          // Seed, Terrain: Difficult is "a cumulative -1 to their Move", each space counted
          // when newly covered. Dangerous X deals S6 DX once per Action: "two grid spaces of
          // Dangerous Terrain 2 ... would take S6 D2", so the highest X entered counts.
          extra += (space(index).flags & kDifficult) ? 1 : 0;
          danger = std::max<int>(danger, space(index).dangerous);
        }
        if (!open) continue;
        // Seed, Higher Ground: "flat ground (0) next to Higher Ground 4 ... would have to Move
        // 4"; each part is bound by the Move (seed, Models and Base Sizes), so the step costs
        // what its worst part pays.
        int climb = 1;
        int lowest = 255, highest = 0;
        for (int k = 0; k < o.parts; ++k) {
          const int from_height = part_height[k];
          const int to_height = space(anchor + o.part[k] + shift).height;
          climb = std::max(climb, std::abs(to_height - from_height));
          lowest = std::min(lowest, to_height);
          highest = std::max(highest, to_height);
        }
        if (highest - lowest > 1) continue;
        const int total = cost + climb + extra;
        if (total <= budget) relax(node + shift, total, danger);
      }

      // Quarter turns about a corner space (seed's dragon: the tail's travel is the cost).
      if (cost + pivot_travel > budget) continue;
      for (int pi = 0; pi < tables.pivot_count[rotation]; ++pi) {
        const Pivot& p = tables.pivots[rotation][pi];
        const Orientation& turned = tables.orientation[1 - rotation];
        if (!fits(board, turned.dims, anchor_x + p.shift_x, anchor_y + p.shift_y)) continue;
        const int target = (rotated ? 0 : kMaxCells) + anchor + offset_of(p.shift_x, p.shift_y);
        if (out.cost[target] < cost + pivot_travel) continue;  // cannot improve
        int climb = 0;
        int lowest = 255, highest = 0;
        for (int k = 0; k < o.parts; ++k) {
          const int from_height = part_height[k];
          const int to_height = space(anchor + p.lands[k]).height;
          climb =
              std::max({climb, static_cast<int>(p.travel[k]), std::abs(to_height - from_height)});
          lowest = std::min(lowest, to_height);
          highest = std::max(highest, to_height);
        }
        if (highest - lowest > 1 || cost + climb > budget) continue;
        // The turn sweeps its bounding box: nothing there may be a Wall or an enemy.
        bool open = true;
        for (int y = p.box_y0; open && y <= p.box_y1; ++y)
          for (int x = p.box_x0; open && x <= p.box_x1; ++x)
            open = enterable(anchor + offset_of(x, y));
        if (!open) continue;
        int extra = 0;
        int danger = danger_so_far;
        for (int k = 0; k < p.fresh_count; ++k) {
          const int index = anchor + p.fresh[k];
          extra += (space(index).flags & kDifficult) ? 1 : 0;
          danger = std::max<int>(danger, space(index).dangerous);
        }
        const int total = cost + climb + extra;
        if (total <= budget) relax(target, total, danger);
      }
    }
  }

  // Destinations: reached placements in ascending index, start excluded.
  for (int word = 0; word < static_cast<int>(settled.size()); ++word) {
    for (std::uint64_t bits = settled[word]; bits != 0; bits &= bits - 1) {
      const int node = word * 64 + std::countr_zero(bits);
      if (node != start_index && free_to_end(node)) out.destinations.push_back(node);
    }
  }
}

}  // namespace

void compute_reach(const Board& board, const MoveQuery& query, Reach& out) {
  out.cost.fill(Reach::kUnreachable);
  out.danger.fill(0);
  out.destinations.clear();
  out.destinations.reserve(kMaxPlacements);
  if (query.footprint.area() == 1)
    search_reach<true>(board, query, out);
  else
    search_reach<false>(board, query, out);
}

// ---------------------------------------------------------------------------------------------
// Sight and range between units

bool has_adjacent_destination(const Board& board, const MoveQuery& query) {
  FootprintCells from, to;
  covered_cells(query.footprint, query.start, from);
  constexpr int kSteps[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
  for (const auto& step : kSteps) {
    const Placement next{Cell{static_cast<std::int8_t>(query.start.anchor.x + step[0]),
                              static_cast<std::int8_t>(query.start.anchor.y + step[1])},
                         query.start.rotated};
    if (!can_stand(board, query.footprint, next, query.occupied)) continue;
    covered_cells(query.footprint, next, to);  // same part order as `from`: a translation
    int cost = 0;
    for (int k = 0; k < to.count; ++k) {
      const int climb = std::abs(board.at(to.cells[k]).height - board.at(from.cells[k]).height);
      cost = std::max(cost, std::max(1, climb));
    }
    for (int k = 0; k < to.count; ++k) {
      bool newly_covered = true;
      for (int j = 0; j < from.count && newly_covered; ++j)
        newly_covered = !(from.cells[j] == to.cells[k]);
      if (newly_covered && (board.at(to.cells[k]).flags & kDifficult)) ++cost;
    }
    if (cost <= query.budget) return true;
  }
  return false;
}

namespace {

bool contains_cell(const FootprintCells& unit, Cell c) {
  for (int i = 0; i < unit.count; ++i)
    if (unit.cells[i] == c) return true;
  return false;
}

bool within_one_of(const FootprintCells& unit, Cell c) {
  for (int i = 0; i < unit.count; ++i)
    if (manhattan(unit.cells[i], c) <= 1) return true;
  return false;
}

}  // namespace

Sight sight_between(const Board& board, const FootprintCells& from, const FootprintCells& to,
                    const CellSet& blockers) {
  Sight best;
  for (int i = 0; i < from.count; ++i) {
    const Cell a = from.cells[i];
    for (int j = 0; j < to.count; ++j) {
      const Cell b = to.cells[j];
      const int line_range = range(board, a, b);
      if (best.clear && line_range > best.range) continue;
      const int sides = passes_corner(a, b) ? 2 : 1;
      for (int side = 0; side < sides; ++side) {
        if (!board.terrain_clear(a, b, side)) continue;
        int obscuring = 0;
        int cover = 0;
        const bool clear = walk_line(a, b, side, [&](Cell c) {
          // Seed, Line of Sight: "no Terrain, Units, or other rule that blocks" on any space.
          if (blockers[cell_index(c)] && !contains_cell(from, c) && !contains_cell(to, c))
            return false;
          const std::uint8_t flags = board.at(c).flags;
          // Seed, Terrain: Obscuring is "-1 to their RS per space".
          obscuring += (flags & kObscuring) ? 1 : 0;
          // Seed, Terrain: Cover counts for "a target Unit within Range 1" of it.
          const int level = (flags & kHeavyCover) ? 2 : (flags & kLightCover) ? 1 : 0;
          if (level > cover && within_one_of(to, c)) cover = level;
          return true;
        });
        if (!clear) continue;
        const bool better =
            !best.clear || line_range < best.range ||
            (line_range == best.range &&
             (obscuring < best.obscuring || (obscuring == best.obscuring && cover < best.cover)));
        if (better) best = Sight{true, a, b, side, line_range, obscuring, cover};
      }
    }
  }
  return best;
}

int range_between(const Board& board, const FootprintCells& a, const FootprintCells& b) {
  WB_CHECK(a.count > 0 && b.count > 0);
  int best = range(board, a.cells[0], b.cells[0]);
  for (int i = 0; i < a.count; ++i)
    for (int j = 0; j < b.count; ++j)
      best = std::min(best, range(board, a.cells[i], b.cells[j]));
  return best;
}

}  // namespace warband::grid
