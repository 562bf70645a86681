#include "core/grid.h"
#include "core/grid_find.h"

#include <algorithm>
#include <atomic>
#include <bit>
#include <bitset>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <type_traits>
#include <vector>

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

using detail::walk_line;

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

int range(const Board& board, Cell a, Cell b) {
  const Geometry& geometry = board.geometry();
  const int planar = distance(geometry.distance, a, b);
  if (geometry.range_height_divisor == 0) return planar;
  return planar + std::abs(board.at(a).height - board.at(b).height) / geometry.range_height_divisor;
}

// ---------------------------------------------------------------------------------------------
// Board

Board::Board(int width, int height, Geometry geometry)
    : width_(width), height_(height), geometry_(geometry) {
  WB_CHECK(width >= 1 && width <= kMaxWidth);
  WB_CHECK(height >= 1 && height <= kMaxHeight);
}

void Board::finalize() {
  static std::atomic<std::uint64_t> finalized{0};
  terrain_id_ = ++finalized;
  for (auto& table : terrain_sight_)
    table.assign(kMaxCells, CellSet{});
  std::array<bool, kMaxCells> stops_sight{};
  for (int i = 0; i < kMaxCells; ++i)
    stops_sight[i] = (spaces_[i].flags & kBlocksSight) != 0;
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
bool fits(int width, int height, Dims d, int anchor_x, int anchor_y) {
  return anchor_x >= 0 && anchor_y >= 0 && anchor_x + d.w <= width && anchor_y + d.h <= height;
}
bool fits(const Board& board, Dims d, int anchor_x, int anchor_y) {
  return fits(board.width(), board.height(), d, anchor_x, anchor_y);
}

}  // namespace

bool can_stand(const Board& board, Footprint f, Placement p, const CellSet& occupied) {
  const Dims d = placed_dims(f, p.rotated);
  if (!fits(board, d, p.anchor.x, p.anchor.y)) return false;
  const int spread = board.geometry().max_height_spread;
  const int anchor = cell_index(p.anchor);
  for (int dy = 0; dy < d.h; ++dy) {
    for (int dx = 0; dx < d.w; ++dx) {
      const int index = anchor + dy * kMaxWidth + dx;
      const Space& space = board.at_index(index);
      if ((space.flags & kBlocksMove) || occupied[index]) return false;
      // Each covered space against its covered neighbours east and south (so every
      // neighbouring pair once): a base may lie along a slope, step by step.
      if (dx + 1 < d.w && std::abs(space.height - board.at_index(index + 1).height) > spread)
        return false;
      if (dy + 1 < d.h &&
          std::abs(space.height - board.at_index(index + kMaxWidth).height) > spread)
        return false;
    }
  }
  return true;
}

// ---------------------------------------------------------------------------------------------
// Movement

namespace {

// Index offsets are relative to a placement's anchor: offset = dy * kMaxWidth + dx. They are
// only added to anchors whose placement has been checked to fit on the board, so the row wrap
// of negative dx never happens.
constexpr int offset_of(int dx, int dy) {
  return dy * kMaxWidth + dx;
}

// Directions: east, south, west, north (the four-way neighbourhood), then south-east, south-west,
// north-west, north-east (the eight-way one adds them).
constexpr int kMaxDirections = 8;
constexpr std::array<int, kMaxDirections> kStepX = {1, 0, -1, 0, 1, -1, -1, 1};
constexpr std::array<int, kMaxDirections> kStepY = {0, 1, 0, -1, 1, 1, -1, -1};
int direction_count(const Geometry& geometry) {
  return geometry.neighbourhood == Neighbourhood::kEight ? 8 : 4;
}
// What a diagonal step's distance is (orthogonal steps are 1 under every distance).
int diagonal_step(const Geometry& geometry) {
  return geometry.distance == Distance::kChebyshev ? 1 : 2;
}
// The spaces a diagonal step of a w x h footprint newly covers: a row and a column.
constexpr int kMaxFresh = 2 * kMaxFootprintSide - 1;

// One orientation of the footprint: its parts and, per direction, the spaces a step newly covers.
struct Orientation {
  Dims dims{1, 1};
  int parts = 0;
  std::array<std::int16_t, kMaxFootprintCells> part{};
  // Offsets relative to the anchor before the step.
  std::array<std::array<std::int16_t, kMaxFresh>, kMaxDirections> fresh{};
  std::array<int, kMaxDirections> fresh_count{};
};

// A quarter turn about one of the footprint's spaces; everything relative to the old anchor.
struct Pivot {
  int shift_x = 0;  // new anchor - old anchor
  int shift_y = 0;
  // Where part k (in Orientation::part order) ends, and how far it travels (board distance).
  std::array<std::int16_t, kMaxFootprintCells> lands{};
  std::array<std::int8_t, kMaxFootprintCells> travel{};
  int farthest = 0;  // the most any part travels
  // Spaces covered after the turn but not before.
  std::array<std::int16_t, kMaxFootprintCells> fresh{};
  int fresh_count = 0;
  // Bounding box of the old and new placements (inclusive), which the turn sweeps.
  int box_x0 = 0, box_y0 = 0, box_x1 = 0, box_y1 = 0;
};
// Every space of the footprint x 2 directions.
constexpr int kMaxPivots = 2 * kMaxFootprintCells;

void build_orientation(Dims d, Orientation& o) {
  o.dims = d;
  o.parts = 0;
  for (int dy = 0; dy < d.h; ++dy)
    for (int dx = 0; dx < d.w; ++dx)
      o.part[o.parts++] = static_cast<std::int16_t>(offset_of(dx, dy));
  for (int dir = 0; dir < kMaxDirections; ++dir) {
    int& n = o.fresh_count[dir];
    n = 0;
    for (int dy = 0; dy < d.h; ++dy) {
      for (int dx = 0; dx < d.w; ++dx) {
        const int nx = dx + kStepX[dir];
        const int ny = dy + kStepY[dir];
        const bool was_covered = nx >= 0 && ny >= 0 && nx < d.w && ny < d.h;
        if (!was_covered) o.fresh[dir][n++] = static_cast<std::int16_t>(offset_of(nx, ny));
      }
    }
  }
}

// Pivots of the orientation with dimensions d (the turned footprint has d.h x d.w): a quarter
// turn either way about any of its spaces, so that a 1x3 unit may turn about its centre (each
// end travels 2) as well as about an end (the far end travels 4). Two turns may land on the same
// spaces with the parts swapped (a 1x3 unit about its centre, either way): both are kept, since
// each part's climb, and so the cost, can differ.
int build_pivots(Dims d, Distance kind, std::array<Pivot, kMaxPivots>& pivots) {
  int count = 0;
  for (int pivot_index = 0; pivot_index < d.w * d.h; ++pivot_index) {
    const int pivot_x = pivot_index % d.w;
    const int pivot_y = pivot_index / d.w;
    for (int turn = 0; turn < 2; ++turn) {
      Pivot& p = pivots[count++];
      // Clockwise on the map (rows grow south): east -> south, (u, v) -> (-v, u);
      // anticlockwise: (u, v) -> (v, -u).
      std::array<std::pair<int, int>, kMaxFootprintCells> landed{};
      int min_x = pivot_x, min_y = pivot_y, max_x = pivot_x, max_y = pivot_y;
      p.farthest = 0;
      int k = 0;
      for (int dy = 0; dy < d.h; ++dy) {
        for (int dx = 0; dx < d.w; ++dx, ++k) {
          const int u = dx - pivot_x;
          const int v = dy - pivot_y;
          const int nx = pivot_x + (turn == 0 ? -v : v);
          const int ny = pivot_y + (turn == 0 ? u : -u);
          landed[k] = {nx, ny};
          p.lands[k] = static_cast<std::int16_t>(offset_of(nx, ny));
          const Cell was{static_cast<std::int8_t>(dx), static_cast<std::int8_t>(dy)};
          const Cell now{static_cast<std::int8_t>(nx), static_cast<std::int8_t>(ny)};
          p.travel[k] = static_cast<std::int8_t>(distance(kind, was, now));
          p.farthest = std::max<int>(p.farthest, p.travel[k]);
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
// final, in any order, and the (cost, hazard) order is exact without sorting inside a bucket.
// A bucket's head keeps a stale previous link (remove() asks the head instead), so a pop
// changes one link.
class BucketQueue {
 public:
  // Buckets first_cost..last_cost, empty.
  BucketQueue(int first_cost, int last_cost) {
    std::fill(head_.begin() + first_cost, head_.begin() + last_cost + 1, kNone);
  }
  void push(int bucket, int node) {
    const int head = head_[bucket];
    next_[node] = static_cast<std::int16_t>(head);
    if (head != kNone) prev_[head] = static_cast<std::int16_t>(node);
    head_[bucket] = static_cast<std::int16_t>(node);
  }
  void remove(int bucket, int node) {
    const int after = next_[node];
    if (head_[bucket] == node)
      head_[bucket] = static_cast<std::int16_t>(after);
    else
      next_[prev_[node]] = static_cast<std::int16_t>(after);
    if (after != kNone) prev_[after] = prev_[node];
  }
  // The next node of `bucket`, removed; kNone when empty.
  int pop(int bucket) {
    const int node = head_[bucket];
    if (node != kNone) head_[bucket] = next_[node];
    return node;
  }
  static constexpr std::int16_t kNone = -1;

 private:
  std::array<std::int16_t, 256> head_;
  std::array<std::int16_t, kMaxPlacements> next_;
  std::array<std::int16_t, kMaxPlacements> prev_;
};

// For each placement, the one its best path steps from (-1: the start, or not reached).
using RouteSteps = std::array<std::int16_t, kMaxPlacements>;

static_assert(kMaxWidth == 32, "anchors are split into x and y with shifts, rows are 32 bits");
static_assert(kMaxPlacements % 64 == 0);

// What one move (a step or a pivot) from one placement costs on the board's terrain, whatever
// the query: the query adds its units (blocked spaces) and its scale.
struct MoveStep {
  // The worst part's max(distance, height difference); kClosed when the move leaves the board
  // or meets a kBlocksMove space. Any climb of 255 is beyond every budget (at most 254).
  std::uint8_t climb = kClosed;
  std::uint8_t terrain = 0;  // move_cost of the spaces newly covered, summed, at most 255
  std::uint8_t hazard = 0;   // the highest hazard newly covered
  std::uint8_t unused = 0;   // four bytes: a placement's moves are indexed by shifts
  static constexpr std::uint8_t kClosed = 255;
};
// A terrain sum of 255 or more costs at least 255 at any scale but 0, so capping it changes no
// search: the move is beyond the budget either way, and at scale 0 terrain costs nothing.
constexpr int kTerrainCap = 255;

constexpr int kMaxSlots = kMaxDirections + kMaxPivots;

// A footprint's moves over one board's terrain, worked out once for every placement: the steps
// in direction order, then the pivots (the order the search offers them, which route_to's
// previous steps depend on). Kept per thread and found again by the board's contents, so a
// search costs one pass over its placements' moves, each a table read.
struct MoveGraph {
  // What it was built from: the board's terrain_id (0: not finalized), its size, geometry and
  // spaces, and the footprint.
  std::uint64_t terrain_id = 0;
  int width = 0;
  int height = 0;
  Geometry geometry;
  Footprint footprint;
  std::array<Space, kMaxCells> spaces{};

  bool turns = false;  // a non-square footprint: two orientations and pivots
  int directions = 4;
  int slots = 4;  // moves per placement: directions + pivots
  std::array<Dims, 2> dims{};
  // Per orientation and move: the target placement index minus the source's.
  std::array<std::array<int, kMaxSlots>, 2> shift{};
  // Per orientation and pivot: the box it sweeps, as the anchor of a box of its shape
  // (box_dims[box_shape]) relative to the source anchor.
  std::array<std::array<int, kMaxPivots>, 2> box_offset{};
  std::array<std::array<std::uint8_t, kMaxPivots>, 2> box_shape{};
  std::array<Dims, kMaxPivots> box_dims{};
  int box_shapes = 0;
  int pivot_travel = 255;       // what every pivot costs at least: its farthest part's travel
  std::vector<MoveStep> moves;  // [placement index * slots + move]
  // The placements that lie along the ground (can_stand's height rule), where a Move may end:
  // bit (index % 64) of word (index / 64).
  std::array<std::uint64_t, kMaxPlacements / 64> lies_flat{};
  std::bitset<256> hazard_levels;  // the hazards the board holds, 0 always
  // What each move adds to a packed label (pack_label), for the last few (scale, hazard limit)
  // pairs searched (a Move's and a Run's, and their searches below a hazard): its weight, climb +
  // terrain x scale, to the cost (255, beyond any budget, when it newly covers more hazard than
  // the search allows), the terrain x scale to what was paid (0 when the weight is 255: never
  // offered), and in the top byte the hazard newly covered.
  struct Weights {
    int scale = -1;
    int max_hazard = -1;
    std::vector<std::uint32_t> offer;  // [placement index * slots + move]
  };
  static constexpr int kKeptWeights = 4;
  std::array<Weights, kKeptWeights> weights;
  int next_weights = 0;
};

// A search's label (cost, hazard, paid) packed so that one comparison of integers orders labels
// as the search does: the cost first, then the hazard, then what was paid. Each fits a byte: the
// cost and what was paid (part of the cost) are within the budget, at most 254.
constexpr std::uint32_t pack_label(int cost, int hazard, int paid) {
  return static_cast<std::uint32_t>(cost) << 16 | static_cast<std::uint32_t>(hazard) << 8 |
         static_cast<std::uint32_t>(paid);
}
// A search stores its labels' costs raised by (254 - budget), so that every budget ends at the
// same label: an offer at or above kNoLabel is beyond the budget, and since an unlabelled
// placement holds kNoLabel, one comparison with what the target holds turns away both an offer
// beyond the budget and one no better than the target's label.
constexpr int kTopCost = 254;
constexpr int cost_base(int budget) {
  return kTopCost - budget;
}
// No label yet: more than any label within the budget (a cost of 255 after the raise).
constexpr std::uint32_t kNoLabel = pack_label(kTopCost + 1, 0, 0);
constexpr std::uint32_t kLabelHazard = 0xFF00u;
// A closed move (weight 255) may point off the table; reads there meet these padding entries,
// which hold 0, no more than any offer. A move shifts the anchor by at most a footprint side and
// a step each way, plus the table's other half for a pivot (kMaxCells, which stays in the table).
constexpr int kLabelPad = (kMaxFootprintSide + 1) * (kMaxWidth + 1);

// The weights of `graph`'s moves at `scale` below `max_hazard`, worked out the first time.
const MoveGraph::Weights& weights_at(MoveGraph& graph, int scale, int max_hazard) {
  for (const MoveGraph::Weights& kept : graph.weights)
    if (kept.scale == scale && kept.max_hazard == max_hazard) return kept;
  MoveGraph::Weights& kept = graph.weights[graph.next_weights];
  graph.next_weights = (graph.next_weights + 1) % MoveGraph::kKeptWeights;
  kept.scale = scale;
  kept.max_hazard = max_hazard;
  kept.offer.resize(graph.moves.size());
  for (std::size_t i = 0; i < graph.moves.size(); ++i) {
    const MoveStep step = graph.moves[i];
    const int weight =
        step.hazard > max_hazard ? 255 : std::min(255, step.climb + step.terrain * scale);
    // Below 255 the weight holds terrain x scale, so it fits the paid byte.
    const int paid = weight < 255 ? step.terrain * scale : 0;
    kept.offer[i] = static_cast<std::uint32_t>(step.hazard) << 24 | pack_label(weight, 0, paid);
  }
  return kept;
}

bool built_from(const MoveGraph& graph, const Board& board, Footprint footprint) {
  const Geometry& g = board.geometry();
  const Geometry& h = graph.geometry;
  return graph.footprint.w == footprint.w && graph.footprint.h == footprint.h &&
         graph.width == board.width() && graph.height == board.height() &&
         g.neighbourhood == h.neighbourhood && g.distance == h.distance &&
         g.range_height_divisor == h.range_height_divisor &&
         g.max_height_spread == h.max_height_spread &&
         std::memcmp(graph.spaces.data(), &board.at_index(0), sizeof(graph.spaces)) == 0;
}

// Whether orientation `placed` at `anchor` lies along the ground: neighbouring covered spaces at
// most max_height_spread apart in height (can_stand's rule, without walls and units).
bool lies_along_ground(const Board& board, int anchor, const Orientation& placed) {
  const int max_spread = board.geometry().max_height_spread;
  const int w = placed.dims.w;
  for (int k = 0; k < placed.parts; ++k) {
    const int here = board.at_index(anchor + placed.part[k]).height;
    if (k % w + 1 < w &&
        std::abs(here - board.at_index(anchor + placed.part[k + 1]).height) > max_spread)
      return false;
    if (k + w < placed.parts &&
        std::abs(here - board.at_index(anchor + placed.part[k + w]).height) > max_spread)
      return false;
  }
  return true;
}

// The step in `dir` from orientation `o` at (x, y), priced on the terrain.
MoveStep price_step(const Board& board, const Orientation& o, int x, int y, int dir) {
  MoveStep step;
  if (!fits(board, o.dims, x + kStepX[dir], y + kStepY[dir])) return step;
  const int anchor = cell_index(Cell{static_cast<std::int8_t>(x), static_cast<std::int8_t>(y)});
  int terrain = 0;
  int hazard = 0;
  for (int k = 0; k < o.fresh_count[dir]; ++k) {
    const Space& space = board.at_index(anchor + o.fresh[dir][k]);
    if (space.flags & kBlocksMove) return step;
    // Each space counts when newly covered, so a long unit pays it once.
    terrain += space.move_cost;
    hazard = std::max<int>(hazard, space.hazard);
  }
  // Every part is bound by the Move, so the step costs what its worst part pays.
  const int shift = offset_of(kStepX[dir], kStepY[dir]);
  int climb = dir < 4 ? 1 : diagonal_step(board.geometry());
  for (int k = 0; k < o.parts; ++k)
    climb = std::max(climb, std::abs(board.at_index(anchor + o.part[k] + shift).height -
                                     board.at_index(anchor + o.part[k]).height));
  step.climb = static_cast<std::uint8_t>(std::min(climb, 255));
  step.terrain = static_cast<std::uint8_t>(std::min(terrain, kTerrainCap));
  step.hazard = static_cast<std::uint8_t>(hazard);
  return step;
}

// Pivot `p` of orientation `o` (turning into `turned`) at (x, y), priced on the terrain.
MoveStep price_pivot(const Board& board, const Orientation& o, const Orientation& turned,
                     const Pivot& p, int x, int y) {
  MoveStep step;
  if (!fits(board, turned.dims, x + p.shift_x, y + p.shift_y)) return step;
  const int anchor = cell_index(Cell{static_cast<std::int8_t>(x), static_cast<std::int8_t>(y)});
  // The turn sweeps its bounding box: nothing there may block movement.
  for (int by = p.box_y0; by <= p.box_y1; ++by)
    for (int bx = p.box_x0; bx <= p.box_x1; ++bx)
      if (board.at_index(anchor + offset_of(bx, by)).flags & kBlocksMove) return step;
  // The farthest part's travel, or its climb if more, is the cost.
  int climb = 0;
  for (int k = 0; k < o.parts; ++k)
    climb = std::max({climb, static_cast<int>(p.travel[k]),
                      std::abs(board.at_index(anchor + p.lands[k]).height -
                               board.at_index(anchor + o.part[k]).height)});
  int terrain = 0;
  int hazard = 0;
  for (int k = 0; k < p.fresh_count; ++k) {
    const Space& space = board.at_index(anchor + p.fresh[k]);
    terrain += space.move_cost;
    hazard = std::max<int>(hazard, space.hazard);
  }
  step.climb = static_cast<std::uint8_t>(std::min(climb, 255));
  step.terrain = static_cast<std::uint8_t>(std::min(terrain, kTerrainCap));
  step.hazard = static_cast<std::uint8_t>(hazard);
  return step;
}

void build_graph(const Board& board, Footprint footprint, MoveGraph& g) {
  g.width = board.width();
  g.height = board.height();
  g.geometry = board.geometry();
  g.footprint = footprint;
  std::memcpy(g.spaces.data(), &board.at_index(0), sizeof(g.spaces));
  g.turns = !footprint.square();
  g.directions = direction_count(g.geometry);
  const int orientations = g.turns ? 2 : 1;
  std::array<Orientation, 2> orientation;
  auto pivots = std::make_unique<std::array<std::array<Pivot, kMaxPivots>, 2>>();
  std::array<int, 2> pivot_count{};
  for (int r = 0; r < orientations; ++r) {
    g.dims[r] = placed_dims(footprint, r == 1);
    build_orientation(g.dims[r], orientation[r]);
    pivot_count[r] = g.turns ? build_pivots(g.dims[r], g.geometry.distance, (*pivots)[r]) : 0;
  }
  WB_CHECK(pivot_count[0] == pivot_count[orientations - 1]);
  g.slots = g.directions + pivot_count[0];
  g.box_shapes = 0;
  g.pivot_travel = 255;
  for (int r = 0; r < orientations; ++r) {
    for (int dir = 0; dir < g.directions; ++dir)
      g.shift[r][dir] = offset_of(kStepX[dir], kStepY[dir]);
    for (int pi = 0; pi < pivot_count[r]; ++pi) {
      const Pivot& p = (*pivots)[r][pi];
      g.shift[r][g.directions + pi] =
          (r == 1 ? -kMaxCells : kMaxCells) + offset_of(p.shift_x, p.shift_y);
      const Dims box{p.box_x1 - p.box_x0 + 1, p.box_y1 - p.box_y0 + 1};
      int shape = 0;
      while (shape < g.box_shapes && (g.box_dims[shape].w != box.w || g.box_dims[shape].h != box.h))
        ++shape;
      if (shape == g.box_shapes) g.box_dims[g.box_shapes++] = box;
      g.box_shape[r][pi] = static_cast<std::uint8_t>(shape);
      g.box_offset[r][pi] = offset_of(p.box_x0, p.box_y0);
      g.pivot_travel = std::min(g.pivot_travel, p.farthest);
    }
  }
  g.moves.assign(static_cast<std::size_t>(kMaxPlacements) * g.slots, MoveStep{});
  g.lies_flat.fill(0);
  for (int r = 0; r < orientations; ++r) {
    const Dims d = g.dims[r];
    for (int y = 0; y + d.h <= g.height; ++y) {
      for (int x = 0; x + d.w <= g.width; ++x) {
        const int anchor = y * kMaxWidth + x;
        const int node = r * kMaxCells + anchor;
        if (lies_along_ground(board, anchor, orientation[r]))
          g.lies_flat[node >> 6] |= std::uint64_t{1} << (node & 63);
        MoveStep* moves = &g.moves[static_cast<std::size_t>(node) * g.slots];
        for (int dir = 0; dir < g.directions; ++dir)
          moves[dir] = price_step(board, orientation[r], x, y, dir);
        for (int pi = 0; pi < pivot_count[r]; ++pi)
          moves[g.directions + pi] =
              price_pivot(board, orientation[r], orientation[1 - r], (*pivots)[r][pi], x, y);
      }
    }
  }
  for (MoveGraph::Weights& kept : g.weights)
    kept.scale = -1;
  g.hazard_levels.reset();
  g.hazard_levels.set(0);
  for (int index = 0; index < kMaxCells; ++index)
    g.hazard_levels.set(board.at_index(index).hazard);
}

// The thread's move graphs, the last few boards and footprints searched (a game's footprints on
// its map; a sweep's maps), found by comparing the board's contents: a board changed since is
// a different board.
MoveGraph& move_graph(const Board& board, Footprint footprint) {
  constexpr int kKept = 16;
  struct Kept {
    std::array<std::unique_ptr<MoveGraph>, kKept> graphs;
    int last = 0;
    int next = 0;
  };
  thread_local Kept kept;
  // A finalized board is known by its terrain_id without comparing its spaces.
  const std::uint64_t terrain_id = board.terrain_id();
  const auto named = [&](int i) {
    const MoveGraph* graph = kept.graphs[i].get();
    return graph && graph->terrain_id == terrain_id && graph->footprint.w == footprint.w &&
           graph->footprint.h == footprint.h;
  };
  if (terrain_id != 0) {
    if (named(kept.last)) return *kept.graphs[kept.last];
    for (int i = 0; i < kKept; ++i) {
      if (named(i)) {
        kept.last = i;
        return *kept.graphs[i];
      }
    }
  }
  for (int i = 0; i < kKept; ++i) {
    if (kept.graphs[i] && built_from(*kept.graphs[i], board, footprint)) {
      kept.last = i;
      kept.graphs[i]->terrain_id = terrain_id;
      return *kept.graphs[i];
    }
  }
  const int slot = kept.next;
  kept.next = (kept.next + 1) % kKept;
  if (!kept.graphs[slot]) kept.graphs[slot] = std::make_unique<MoveGraph>();
  build_graph(board, footprint, *kept.graphs[slot]);
  kept.graphs[slot]->terrain_id = terrain_id;
  kept.last = slot;
  return *kept.graphs[slot];
}

// A set of spaces or anchors as one 32-bit row per board row (bit x of row y: cell (x, y)).
using Rows = std::array<std::uint32_t, kMaxHeight>;
static_assert(sizeof(CellSet) == sizeof(Rows) && std::endian::native == std::endian::little,
              "a CellSet's bits are read as rows");

bool row_bit(const Rows& rows, int index) {
  return (rows[index >> 5] >> (index & 31)) & 1u;
}

// The anchors whose d.w x d.h box covers any space of `spaces`. Every row is worked out, in
// loops of a fixed length that the compiler runs several rows at a time: a placement that fits
// on the board reads only rows within it, which spaces beyond the board never reach.
void spread_over(const Rows& spaces, Dims d, Rows& out) {
  Rows across = spaces;
  for (int k = 1; k < d.w; ++k)
    for (int y = 0; y < kMaxHeight; ++y)
      across[y] |= spaces[y] >> k;
  out = across;
  for (int k = 1; k < d.h; ++k)
    for (int y = 0; y + k < kMaxHeight; ++y)
      out[y] |= across[y + k];
}

// What a query's units rule out, per anchor: a placement covering a blocked space (entered by a
// step: its source covers none, so this is its newly covered spaces' check), a pivot's box
// covering one, a placement covering an occupied space (not an end).
struct QueryRows {
  // The placements where the Move may end (lying along the ground, clear of units), as
  // MoveGraph::lies_flat.
  std::array<std::uint64_t, kMaxPlacements / 64> ends;
  std::array<Rows, 2> blocked_at;
  std::array<Rows, 2> occupied_at;
  std::array<Rows, kMaxPivots> box_blocked_at;
};

void fill_query_rows(MoveGraph& graph, const MoveQuery& query, QueryRows& rows) {
  Rows blocked, occupied;
  std::memcpy(blocked.data(), &query.blocked, sizeof(blocked));
  std::memcpy(occupied.data(), &query.occupied, sizeof(occupied));
  for (int r = 0; r < (graph.turns ? 2 : 1); ++r) {
    spread_over(blocked, graph.dims[r], rows.blocked_at[r]);
    spread_over(occupied, graph.dims[r], rows.occupied_at[r]);
  }
  for (int shape = 0; shape < graph.box_shapes; ++shape)
    spread_over(blocked, graph.box_dims[shape], rows.box_blocked_at[shape]);
  constexpr int kWords = kMaxCells / 64;
  rows.ends.fill(0);
  for (int r = 0; r < (graph.turns ? 2 : 1); ++r) {
    std::array<std::uint64_t, kWords> occupied_words;
    std::memcpy(occupied_words.data(), rows.occupied_at[r].data(), sizeof(occupied_words));
    for (int w = 0; w < kWords; ++w)
      rows.ends[r * kWords + w] = graph.lies_flat[r * kWords + w] & ~occupied_words[w];
  }
}

// A search's packed labels (pack_label; kNoLabel where none) and the placements labelled, in
// the order first labelled. Kept per thread (in use: LabelsInUse), every label kNoLabel between
// searches: each puts back those it wrote, so no search clears the whole table.
struct SearchLabels {
  // kLabelPad entries of 0 on each side of the placements' (label() points at the first).
  std::array<std::uint32_t, kMaxPlacements + 2 * kLabelPad> padded;
  std::array<std::int16_t, kMaxPlacements> labelled;
  int count = 0;
  bool hazard_met = false;  // whether any label met a hazard
  SearchLabels() {
    padded.fill(0);
    std::fill(label(), label() + kMaxPlacements, kNoLabel);
  }
  std::uint32_t* label() { return padded.data() + kLabelPad; }
  const std::uint32_t* label() const { return padded.data() + kLabelPad; }
};

// The thread's SearchLabels number `which` (0: the search, 1: a search below a hazard level),
// blanked when it goes out of scope.
class LabelsInUse {
 public:
  explicit LabelsInUse(int which) : labels_(thread_labels(which)) {}
  ~LabelsInUse() {
    for (int i = 0; i < labels_.count; ++i)
      labels_.label()[labels_.labelled[i]] = kNoLabel;
    labels_.count = 0;
  }
  LabelsInUse(const LabelsInUse&) = delete;
  LabelsInUse& operator=(const LabelsInUse&) = delete;
  SearchLabels& operator*() const { return labels_; }
  SearchLabels* operator->() const { return &labels_; }

 private:
  static SearchLabels& thread_labels(int which) {
    thread_local const auto labels = std::make_unique<std::array<SearchLabels, 2>>();
    return (*labels)[which];
  }
  SearchLabels& labels_;
};

// The search proper, Dijkstra over placements by (cost, hazard, paid) with a bucket queue, the
// labels packed (pack_label) so that keeping the least is one comparison.
// kDirections: the neighbourhood (4 or 8); kPivots: the pivots from each placement (0: the
// footprint never turns; -1: as many as the graph has), both fixed where they can be so the
// loops unroll. `weights`: weights_at the query's scale and hazard limit. kTrackRoute records, in
// `previous`, the placement each one's best path comes from (route_to); the movement search
// proper leaves it out.
template <int kDirections, int kPivots, bool kFirstOnly, bool kTrackRoute = false>
void search_reach(const MoveGraph& graph, const QueryRows& rows, const MoveQuery& query,
                  const MoveGraph::Weights& weights, int start_index, SearchLabels& labels,
                  Reach& out, RouteSteps* previous = nullptr,
                  const DestinationTest* test = nullptr) {
  constexpr bool kTurns = kPivots != 0;
  // Held in locals: the search stores bytes, which may alias anything read through a reference,
  // so what its loops read again and again is copied here first.
  const int budget = std::clamp(query.budget, 0, kTopCost);
  // Labels hold costs raised by `base` (cost_base): the budget's end is kTopCost.
  const int base = cost_base(budget);
  const int slots = kPivots >= 0 ? kDirections + kPivots : graph.slots;
  const int pivots = kPivots >= 0 ? kPivots : slots - kDirections;
  const int pivot_travel = graph.pivot_travel;
  const std::uint32_t* const all_offers = weights.offer.data();
  std::uint32_t* const label = labels.label();
  constexpr std::array<int, kMaxDirections> kStepShift = {
      offset_of(kStepX[0], kStepY[0]), offset_of(kStepX[1], kStepY[1]),
      offset_of(kStepX[2], kStepY[2]), offset_of(kStepX[3], kStepY[3]),
      offset_of(kStepX[4], kStepY[4]), offset_of(kStepX[5], kStepY[5]),
      offset_of(kStepX[6], kStepY[6]), offset_of(kStepX[7], kStepY[7])};
  // Per orientation and pivot: the target's shift and the rows and anchor of the box it sweeps.
  // (Only the first `pivots` of each are set and read.)
  std::array<std::array<int, kMaxPivots>, 2> pivot_shift;
  std::array<std::array<int, kMaxPivots>, 2> box_offset;
  std::array<std::array<const Rows*, kMaxPivots>, 2> box_rows;
  if constexpr (kTurns) {
    for (int r = 0; r < 2; ++r) {
      for (int pi = 0; pi < pivots; ++pi) {
        pivot_shift[r][pi] = graph.shift[r][kDirections + pi];
        box_offset[r][pi] = graph.box_offset[r][pi];
        box_rows[r][pi] = &rows.box_blocked_at[graph.box_shape[r][pi]];
      }
    }
  }
  const std::array<std::uint64_t, kMaxPlacements / 64>& ends = rows.ends;

  BucketQueue queue(base, kTopCost);
  std::int16_t* const labelled = labels.labelled.data();
  int labelled_count = labels.count;
  label[start_index] = pack_label(base, 0, 0);
  labelled[labelled_count++] = static_cast<std::int16_t>(start_index);
  queue.push(base, start_index);
  // Offers the move `move` (its weights_at offer) from `from`, labelled `from_label`, to
  // `target`, keeping the least label. Every move costs at least 1, so a placement's label is
  // final when its bucket is reached. `open` says whether the query's units let the move
  // through, asked last (the dearest test).
  const auto offer_to = [&](int from, std::uint32_t from_label, int target, std::uint32_t move,
                            auto open) {
    // The move's cost and paid added (no carry into the cost: what was paid stays within the
    // budget, unless the cost is beyond it), its hazard not yet.
    std::uint32_t offer = from_label + (move & 0x00FFFFFFu);
    // Beyond the budget (kNoLabel or more, a closed move too: it weighs 255, and its target's
    // entry may be padding, 0), or no better than the target's label; its hazard can only make it
    // dearer.
    const std::uint32_t known = label[target];
    if (offer >= known) return;
    // The hazard is the highest met: the move's own, or the path's so far.
    const std::uint32_t hazard = (move >> 16) & kLabelHazard;
    if (hazard > (offer & kLabelHazard)) {
      offer = (offer & ~kLabelHazard) | hazard;
      if (offer >= known) return;
    }
    if (!open()) return;
    label[target] = offer;
    if constexpr (kTrackRoute) (*previous)[target] = static_cast<std::int16_t>(from);
    const int cost = static_cast<int>(offer >> 16);
    if (cost == static_cast<int>(known >> 16)) return;  // a better hazard or paid at that cost
    if (known == kNoLabel)
      labelled[labelled_count++] = static_cast<std::int16_t>(target);
    else
      queue.remove(static_cast<int>(known >> 16), target);
    queue.push(cost, target);
  };

  // Stopping at the first destination: the first placement taken out of the queue (in its order)
  // where the Move may end.
  const auto is_end = [&ends](int node) { return (ends[node >> 6] >> (node & 63)) & 1u; };
  // Where a first-only search stops: a destination the test (if any) accepts.
  const auto stops_at = [&](int node) {
    return node != start_index && is_end(node) && (!test || test->accept(test->context, node));
  };
  bool stopped = false;
  // Every move costs at least 1: nothing is offered from the last cost (often the largest), so
  // the search proper never takes its placements out of the queue.
  for (int cost = base; cost < kTopCost && !stopped; ++cost) {
    for (int node = queue.pop(cost); node != BucketQueue::kNone; node = queue.pop(cost)) {
      if (kFirstOnly && stops_at(node)) {
        out.destinations.push_back(node);
        stopped = true;
        break;
      }
      // No accepted destination can be reached from here within the budget.
      if (kFirstOnly && test && test->at_least &&
          test->at_least(test->context, node) > kTopCost - cost)
        continue;
      const int rotation = kTurns && node >= kMaxCells ? 1 : 0;
      const int anchor = node - rotation * kMaxCells;
      const std::uint32_t from_label = label[node];
      const std::uint32_t* const offers = all_offers + static_cast<std::size_t>(node) * slots;
      const Rows& blocked_at = rows.blocked_at[rotation];

      // Steps to a neighbouring placement.
      for (int dir = 0; dir < kDirections; ++dir) {
        offer_to(node, from_label, node + kStepShift[dir], offers[dir],
                 [&] { return !row_bit(blocked_at, anchor + kStepShift[dir]); });
      }

      // Quarter turns about one of its spaces.
      if constexpr (kTurns) {
        if (cost + pivot_travel > kTopCost) continue;
        for (int pi = 0; pi < pivots; ++pi) {
          offer_to(
              node, from_label, node + pivot_shift[rotation][pi], offers[kDirections + pi],
              [&] { return !row_bit(*box_rows[rotation][pi], anchor + box_offset[rotation][pi]); });
        }
      }
    }
  }
  if (kFirstOnly && !stopped) {
    for (int node = queue.pop(kTopCost); node != BucketQueue::kNone; node = queue.pop(kTopCost)) {
      if (stops_at(node)) {
        out.destinations.push_back(node);
        stopped = true;
        break;
      }
    }
  }

  // The labels written out, unpacked (and kept packed for the searches below a hazard level).
  // Every placement labelled is within the budget, so the whole search reaches it.
  labels.count = labelled_count;
  std::uint8_t* const cost_of = out.cost.data();
  std::uint8_t* const hazard_of = out.hazard.data();
  std::uint8_t* const paid_of = out.paid.data();
  std::array<std::uint64_t, kMaxPlacements / 64> reached{};
  std::uint32_t any_label = 0;
  for (int i = 0; i < labelled_count; ++i) {
    const int node = labelled[i];
    const std::uint32_t packed = label[node];
    cost_of[node] = static_cast<std::uint8_t>((packed >> 16) - base);
    hazard_of[node] = static_cast<std::uint8_t>(packed >> 8);
    paid_of[node] = static_cast<std::uint8_t>(packed);
    any_label |= packed;
    if constexpr (!kFirstOnly) reached[node >> 6] |= std::uint64_t{1} << (node & 63);
  }
  labels.hazard_met = (any_label & kLabelHazard) != 0;
  out.written.assign(labelled, labelled + labelled_count);
  out.blank_elsewhere = true;
  if (kFirstOnly) return;

  // Destinations: reached placements where the Move may end, in ascending index, start excluded.
  // Seed 000: a unit "can't move through different height terrain or terrain they can't stand
  // on, unless they have enough movement to get completely through it": it may hang over a
  // ledge between steps, never at the end.
  reached[start_index >> 6] &= ~(std::uint64_t{1} << (start_index & 63));
  for (int word = 0; word < static_cast<int>(reached.size()); ++word) {
    for (std::uint64_t bits = reached[word] & ends[word]; bits != 0; bits &= bits - 1)
      out.destinations.push_back(word * 64 + std::countr_zero(bits));
  }
}

// Blanks `out` for a search: only the entries its last search wrote, when it says the others are
// blank.
void clear_reach(Reach& out) {
  if (out.blank_elsewhere) {
    for (const int node : out.written) {
      out.cost[node] = Reach::kUnreachable;
      out.hazard[node] = 0;
      out.paid[node] = 0;
    }
  } else {
    out.cost.fill(Reach::kUnreachable);
    out.hazard.fill(0);
    out.paid.fill(0);
  }
  out.blank_elsewhere = false;  // until the search has listed what it writes
  out.written.clear();
  out.written.reserve(kMaxPlacements);
  out.destinations.clear();
  out.destinations.reserve(kMaxPlacements);
}

// The start's placement index: a square footprint's start is taken unrotated.
int start_index_of(const MoveGraph& graph, const MoveQuery& query) {
  Placement start = query.start;
  if (!graph.turns) start.rotated = false;
  WB_CHECK(fits(graph.width, graph.height, placed_dims(query.footprint, start.rotated),
                start.anchor.x, start.anchor.y));
  return placement_index(start);
}

template <bool kTrackRoute = false>
void search_within(MoveGraph& graph, const QueryRows& rows, const MoveQuery& query, int max_hazard,
                   SearchLabels& labels, Reach& out, RouteSteps* previous = nullptr,
                   const DestinationTest* test = nullptr) {
  clear_reach(out);
  const int start = start_index_of(graph, query);
  const MoveGraph::Weights& weights =
      weights_at(graph, std::clamp(query.move_cost_scale, 0, 254), max_hazard);
  const int pivots = graph.slots - graph.directions;
  const auto search = [&](auto directions, auto pivot_count) {
    constexpr int kDirections = decltype(directions)::value;
    constexpr int kPivots = decltype(pivot_count)::value;
    if (query.first_destination_only)
      search_reach<kDirections, kPivots, true, kTrackRoute>(graph, rows, query, weights, start,
                                                            labels, out, previous, test);
    else
      search_reach<kDirections, kPivots, false, kTrackRoute>(graph, rows, query, weights, start,
                                                             labels, out, previous);
  };
  using Four = std::integral_constant<int, 4>;
  using Eight = std::integral_constant<int, 8>;
  using NoPivots = std::integral_constant<int, 0>;
  using FourPivots = std::integral_constant<int, 4>;  // a 1x2 base
  using SixPivots = std::integral_constant<int, 6>;   // a 1x3 base
  using AnyPivots = std::integral_constant<int, -1>;
  if (graph.directions == 8) {
    graph.turns ? search(Eight{}, AnyPivots{}) : search(Eight{}, NoPivots{});
  } else if (!graph.turns) {
    search(Four{}, NoPivots{});
  } else if (pivots == 4) {
    search(Four{}, FourPivots{});
  } else if (pivots == 6) {
    search(Four{}, SixPivots{});
  } else {
    search(Four{}, AnyPivots{});
  }
}

// The search forbidding hazards above `level` (search_within at that level), worked out only
// where it can differ from the first search. A placement whose first-search label met no hazard
// above `level` keeps that label when such hazards are forbidden: its cost cannot fall (fewer
// moves), the move its label came by is still allowed, and by induction on cost so is every
// label before it. So only the "tainted" placements (first-search hazard above `level`) are
// searched again: offered the allowed moves from their untainted neighbours, then a Dijkstra
// among themselves (a move to an untainted placement cannot better it; one to a placement the
// first search never reached cannot reach it either). Each tainted destination it reaches with
// less hazard than the Reach holds takes its label, as the whole search's would. `full`: the
// first search's labels.
void search_tainted(MoveGraph& graph, const QueryRows& rows, const MoveQuery& query, int level,
                    const SearchLabels& full, Reach& out) {
  const int budget = std::clamp(query.budget, 0, kTopCost);
  const int base = cost_base(budget);  // the labels' costs are raised by it, as search_reach's
  const std::uint32_t beyond = kNoLabel;
  const std::uint32_t* const all_offers =
      weights_at(graph, std::clamp(query.move_cost_scale, 0, 254), level).offer.data();
  const int slots = graph.slots;
  const int directions = graph.directions;

  // This search's labels: kNoLabel on the untainted placements, whose labels are the first
  // search's; kTainted on a tainted one not yet labelled (more than any label).
  constexpr std::uint32_t kTainted = kNoLabel - 1;
  const LabelsInUse again(1);
  std::uint32_t* const label = again->label();
  const std::uint32_t* const full_label = full.label();
  for (int i = 0; i < full.count; ++i) {
    const int node = full.labelled[i];
    if (static_cast<int>((full_label[node] & kLabelHazard) >> 8) <= level) continue;
    label[node] = kTainted;
    again->labelled[again->count++] = static_cast<std::int16_t>(node);
  }
  const int tainted_count = again->count;
  if (tainted_count == 0) return;
  const auto is_tainted = [label](int node) { return label[node] != kNoLabel; };
  // Whether the move in `slot` from `from` (anchor `anchor`, orientation r) is barred by the
  // query's units: a step's target covering a blocked space, a turn's box holding one.
  const auto barred = [&](int r, int anchor, int slot) {
    if (slot < directions) return row_bit(rows.blocked_at[r], anchor + graph.shift[r][slot]);
    const int pi = slot - directions;
    return row_bit(rows.box_blocked_at[graph.box_shape[r][pi]], anchor + graph.box_offset[r][pi]);
  };

  BucketQueue queue(base, kTopCost);
  // Offers the move in `slot` from `from` (labelled `from_label`) to the tainted `target`, as
  // search_reach does.
  const auto offer_to = [&](int from, std::uint32_t from_label, int slot, int target) {
    const std::uint32_t move = all_offers[static_cast<std::size_t>(from) * slots + slot];
    std::uint32_t offer = from_label + (move & 0x00FFFFFFu);
    if (offer >= beyond) return;  // a closed move weighs 255
    const std::uint32_t known = label[target];
    if (offer >= known) return;
    const std::uint32_t hazard = (move >> 16) & kLabelHazard;
    if (hazard > (offer & kLabelHazard)) {
      offer = (offer & ~kLabelHazard) | hazard;
      if (offer >= known) return;
    }
    const int from_r = from >= kMaxCells ? 1 : 0;
    if (barred(from_r, from - from_r * kMaxCells, slot)) return;
    label[target] = offer;
    const int cost = static_cast<int>(offer >> 16);
    if (known == kTainted) {
      queue.push(cost, target);
    } else if (cost != static_cast<int>(known >> 16)) {
      queue.remove(static_cast<int>(known >> 16), target);
      queue.push(cost, target);
    }
  };

  // Offers from untainted placements the first search reached.
  for (int i = 0; i < tainted_count; ++i) {
    const int target = again->labelled[i];
    const int target_r = target >= kMaxCells ? 1 : 0;
    for (int slot = 0; slot < slots; ++slot) {
      const int from_r = slot < directions ? target_r : 1 - target_r;
      const int from = target - graph.shift[from_r][slot];
      if (from < from_r * kMaxCells || from >= (from_r + 1) * kMaxCells) continue;
      const std::uint32_t from_label = full_label[from];
      if (from_label == kNoLabel || is_tainted(from)) continue;
      offer_to(from, from_label, slot, target);
    }
  }
  // Among the tainted placements, by cost (none is offered from the last: moves cost 1 or more).
  for (int cost = base; cost < kTopCost; ++cost) {
    for (int node = queue.pop(cost); node != BucketQueue::kNone; node = queue.pop(cost)) {
      const int r = node >= kMaxCells ? 1 : 0;
      for (int slot = 0; slot < slots; ++slot) {
        const int target = node + graph.shift[r][slot];
        // A closed move's target may lie off the table's placements: read only the weight then.
        const std::uint32_t move = all_offers[static_cast<std::size_t>(node) * slots + slot];
        if (label[node] + (move & 0x00FFFFFFu) >= beyond || !is_tainted(target)) continue;
        offer_to(node, label[node], slot, target);
      }
    }
  }
  for (int i = 0; i < tainted_count; ++i) {
    const int node = again->labelled[i];
    const std::uint32_t packed = label[node];
    const int hazard = static_cast<int>((packed & kLabelHazard) >> 8);
    if (packed == kTainted || !((rows.ends[node >> 6] >> (node & 63)) & 1u) ||
        hazard >= out.hazard[node])
      continue;
    out.hazard[node] = static_cast<std::uint8_t>(hazard);
    out.cost[node] = static_cast<std::uint8_t>((packed >> 16) - base);
    out.paid[node] = static_cast<std::uint8_t>(packed);
  }
}

// compute_reach on a graph already found.
void reach_on_graph(MoveGraph& graph, const QueryRows& rows, const MoveQuery& query, Reach& out) {
  const LabelsInUse full(0);
  search_within(graph, rows, query, 255, *full, out);
  if (query.first_destination_only) return;
  // The cheapest path to a destination may cross a hazard that a longer path within the budget
  // avoids; the player chooses the path, so each destination is offered with the least hazard
  // any path within the budget meets (a unit is never forced through a hazard it could go round).
  // One more search per hazard level below the worst met, each forbidding the spaces above it
  // (search_tainted: only where it can differ).
  int worst = 0;
  if (full->hazard_met)
    for (int node : out.destinations)
      worst = std::max<int>(worst, out.hazard[node]);
  for (int level = 0; level < worst; ++level) {
    if (!graph.hazard_levels.test(level)) continue;
    search_tainted(graph, rows, query, level, *full, out);
  }
}

}  // namespace

void compute_reach(const Board& board, const MoveQuery& query, Reach& out) {
  MoveGraph& graph = move_graph(board, query.footprint);
  QueryRows rows;
  fill_query_rows(graph, query, rows);
  reach_on_graph(graph, rows, query, out);
}

bool find_destination(const Board& board, const MoveQuery& query, const DestinationTest& test,
                      Reach& scratch) {
  MoveGraph& graph = move_graph(board, query.footprint);
  MoveQuery first = query;
  first.first_destination_only = true;
  QueryRows rows;
  fill_query_rows(graph, first, rows);
  const LabelsInUse labels(0);
  search_within(graph, rows, first, 255, *labels, scratch, nullptr, &test);
  return !scratch.destinations.empty();
}

void route_to(const Board& board, const MoveQuery& query, int destination,
              std::vector<Placement>& out) {
  out.clear();
  if (destination < 0 || destination >= kMaxPlacements) return;
  MoveQuery full = query;
  full.first_destination_only = false;
  MoveGraph& graph = move_graph(board, query.footprint);
  auto rows = std::make_unique<QueryRows>();
  fill_query_rows(graph, full, *rows);
  auto reach = std::make_unique<Reach>();
  reach_on_graph(graph, *rows, full, *reach);
  if (reach->cost[destination] == Reach::kUnreachable ||
      std::find(reach->destinations.begin(), reach->destinations.end(), destination) ==
          reach->destinations.end())
    return;
  // The search limited to the destination's own (least) hazard finds the path compute_reach
  // offered it: the cheapest among those meeting no more hazard, then the one that paid least.
  const int hazard = reach->hazard[destination];
  auto previous = std::make_unique<RouteSteps>();
  previous->fill(-1);
  const LabelsInUse labels(0);
  search_within<true>(graph, *rows, full, hazard, *labels, *reach, previous.get());
  for (int node = destination; node >= 0; node = (*previous)[node]) {
    out.push_back(placement_at(node));
    WB_CHECK(out.size() <= static_cast<std::size_t>(kMaxPlacements));
  }
  std::reverse(out.begin(), out.end());
}

bool has_adjacent_destination(const Board& board, const MoveQuery& query) {
  const int directions = direction_count(board.geometry());
  if (query.footprint.area() == 1) {
    // One space (most units): can_stand is the space's own checks, and it is newly covered.
    const Cell at = query.start.anchor;
    const int from_height = board.at(at).height;
    for (int dir = 0; dir < directions; ++dir) {
      const Cell next{static_cast<std::int8_t>(at.x + kStepX[dir]),
                      static_cast<std::int8_t>(at.y + kStepY[dir])};
      if (!board.contains(next)) continue;
      const Space& space = board.at(next);
      if ((space.flags & kBlocksMove) || query.occupied[cell_index(next)]) continue;
      const int step = dir < 4 ? 1 : diagonal_step(board.geometry());
      const int cost = std::max(step, std::abs(space.height - from_height)) +
                       space.move_cost * query.move_cost_scale;
      if (cost <= query.budget) return true;
    }
    return false;
  }
  FootprintCells from, to;
  covered_cells(query.footprint, query.start, from);
  for (int dir = 0; dir < directions; ++dir) {
    const Placement next{Cell{static_cast<std::int8_t>(query.start.anchor.x + kStepX[dir]),
                              static_cast<std::int8_t>(query.start.anchor.y + kStepY[dir])},
                         query.start.rotated};
    if (!can_stand(board, query.footprint, next, query.occupied)) continue;
    covered_cells(query.footprint, next, to);  // same part order as `from`: a translation
    const int step = dir < 4 ? 1 : diagonal_step(board.geometry());
    int cost = 0;
    for (int k = 0; k < to.count; ++k) {
      const int climb = std::abs(board.at(to.cells[k]).height - board.at(from.cells[k]).height);
      cost = std::max(cost, std::max(step, climb));
    }
    for (int k = 0; k < to.count; ++k)
      if (!detail::contains_cell(from, to.cells[k]))
        cost += board.at(to.cells[k]).move_cost * query.move_cost_scale;
    if (cost <= query.budget) return true;
  }
  return false;
}

// ---------------------------------------------------------------------------------------------
// Sight and range between units

Sight sight_between(const Board& board, const FootprintCells& from, const FootprintCells& to,
                    const CellSet& blockers) {
  return judged_sight_between(board, from, to, blockers, NoJudge{});
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
