// The movement search as it was before issue 20's step tables, copied verbatim from 020e55c's
// grid.cc (less direction_count, which only has_adjacent_destination used): the reference the
// tables' search must match exactly (costs, hazards, what was paid, the destinations and their
// order).
#include "tests/support/reference_reach.h"

#include <algorithm>
#include <bit>
#include <bitset>
#include <cstdlib>

#include "core/error.h"

namespace warband::grid::reference_search {
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

// Index offsets are relative to a placement's anchor: offset = dy * kMaxWidth + dx. They are
// only added to anchors whose placement has been checked to fit on the board, so the row wrap
// of negative dx never happens.
int offset_of(int dx, int dy) {
  return dy * kMaxWidth + dx;
}

// Directions: east, south, west, north (the four-way neighbourhood), then south-east, south-west,
// north-west, north-east (the eight-way one adds them).
constexpr int kMaxDirections = 8;
constexpr std::array<int, kMaxDirections> kStepX = {1, 0, -1, 0, 1, -1, -1, 1};
constexpr std::array<int, kMaxDirections> kStepY = {0, 1, 0, -1, 1, 1, -1, -1};
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

// For each placement, the one its best path steps from (-1: the start, or not reached).
using RouteSteps = std::array<std::int16_t, kMaxPlacements>;

static_assert(kMaxWidth == 32, "anchors are split into x and y with shifts");
static_assert(kMaxPlacements % 64 == 0);

// The search proper. kSingleSpace is the 1x1 footprint (most models): it never turns, has no
// height spread to check and newly covers exactly the space it steps onto, so it gets a lean
// loop of its own. kDirections is the neighbourhood (4 or 8), fixed so the loops unroll.
// `max_hazard`: paths that newly cover a space of more hazard are not taken (255: any).
// kTrackRoute records, in `previous`, the placement each one's best path comes from (route_to);
// the movement search proper leaves it out.
template <bool kSingleSpace, int kDirections, bool kTrackRoute = false>
void search_reach(const Board& board, const MoveQuery& query, int max_hazard, Reach& out,
                  RouteSteps* previous = nullptr) {
  const Footprint footprint = query.footprint;
  const bool turns = !kSingleSpace && !footprint.square();
  Placement start = query.start;
  if (!turns) start.rotated = false;
  const int budget = std::clamp(query.budget, 0, 254);
  WB_CHECK(fits(board, placed_dims(footprint, start.rotated), start.anchor.x, start.anchor.y));
  const Geometry& geometry = board.geometry();
  const int diagonal_cost = diagonal_step(geometry);
  const int max_spread = geometry.max_height_spread;
  const int scale = std::clamp(query.move_cost_scale, 0, 254);
  // What step `dir` costs before heights and terrain: its distance.
  const auto step_cost = [diagonal_cost](int dir) { return dir < 4 ? 1 : diagonal_cost; };

  MoveTables tables;
  int pivot_travel = 255;  // what every pivot costs at least: its farthest part's travel
  if constexpr (!kSingleSpace) {
    for (int r = 0; r < (turns ? 2 : 1); ++r) {
      const Dims d = placed_dims(footprint, r == 1);
      build_orientation(d, tables.orientation[r]);
      tables.pivot_count[r] = turns ? build_pivots(d, geometry.distance, tables.pivots[r]) : 0;
      for (int pi = 0; pi < tables.pivot_count[r]; ++pi)
        pivot_travel = std::min(pivot_travel, tables.pivots[r][pi].farthest);
    }
  }

  const CellSet& blocked = query.blocked;
  const auto space = [&board](int index) -> const Space& { return board.at_index(index); };
  const auto enterable = [&](int index) {
    return !(space(index).flags & kBlocksMove) && !blocked[index];
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

  // Offers `cost` / `hazard` / `paid` for placement `node`, keeping the lexicographically
  // smaller. Every step costs at least 1, so a placement's values are final when its bucket is
  // reached.
  int expanding = start_index;  // the placement whose steps are being offered
  const auto relax = [&](int node, int cost, int hazard, int paid) {
    if (hazard > max_hazard) return;
    const int known = out.cost[node];
    if (cost < known) {
      if (known != Reach::kUnreachable) queue.remove(known, node);
      out.cost[node] = static_cast<std::uint8_t>(cost);
      out.hazard[node] = static_cast<std::uint8_t>(hazard);
      out.paid[node] = static_cast<std::uint8_t>(paid);
      queue.push(cost, node);
    } else if (cost == known && (hazard < out.hazard[node] ||
                                 (hazard == out.hazard[node] && paid < out.paid[node]))) {
      out.hazard[node] = static_cast<std::uint8_t>(hazard);
      out.paid[node] = static_cast<std::uint8_t>(paid);
    } else {
      return;
    }
    if constexpr (kTrackRoute) (*previous)[node] = static_cast<std::int16_t>(expanding);
  };

  // Whether orientation `o` placed at `at` lies along the ground: neighbouring covered spaces at
  // most max_spread apart in height (can_stand's rule, without the checks of walls and units).
  const auto on_slope = [&](int at, const Orientation& placed) {
    const int w = placed.dims.w;
    for (int k = 0; k < placed.parts; ++k) {
      const int here = space(at + placed.part[k]).height;
      if (k % w + 1 < w && std::abs(here - space(at + placed.part[k + 1]).height) > max_spread)
        return false;
      if (k + w < placed.parts &&
          std::abs(here - space(at + placed.part[k + w]).height) > max_spread)
        return false;
    }
    return true;
  };

  // Whether the unit may end there: kBlocksMove and `blocked` were checked on the way; friends
  // (`occupied`) and, for a base of several spaces, the lie of the ground remain. Seed 000: a
  // unit "can't move through different height terrain or terrain they can't stand on, unless
  // they have enough movement to get completely through it": it may hang over a ledge between
  // steps, never at the end.
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
      return on_slope(anchor, o);
    }
  };

  for (int cost = 0; cost <= budget; ++cost) {
    for (int node = queue.pop(cost); node != BucketQueue::kNone; node = queue.pop(cost)) {
      settled[node >> 6] |= std::uint64_t{1} << (node & 63);
      expanding = node;
      if (query.first_destination_only && node != start_index && free_to_end(node)) {
        out.destinations.push_back(node);
        return;
      }
      const bool rotated = node >= kMaxCells;
      const int anchor = rotated ? node - kMaxCells : node;
      const int anchor_x = anchor & (kMaxWidth - 1);
      const int anchor_y = anchor >> 5;
      const int hazard_so_far = out.hazard[node];
      const int paid_so_far = out.paid[node];

      if constexpr (kSingleSpace) {
        const int from_height = space(anchor).height;
        for (int dir = 0; dir < kDirections; ++dir) {
          if (static_cast<unsigned>(anchor_x + kStepX[dir]) >= width ||
              static_cast<unsigned>(anchor_y + kStepY[dir]) >= height)
            continue;
          const int target = anchor + offset_of(kStepX[dir], kStepY[dir]);
          // A step costs at least 1: a target already reached for `cost` cannot improve.
          if (out.cost[target] <= cost) continue;
          const Space& to = space(target);
          if ((to.flags & kBlocksMove) || blocked[target]) continue;
          const int extra = to.move_cost * scale;
          const int total =
              cost + std::max(step_cost(dir), std::abs(to.height - from_height)) + extra;
          if (total <= budget)
            relax(target, total, std::max<int>(hazard_so_far, to.hazard), paid_so_far + extra);
        }
        continue;
      }

      const int rotation = rotated ? 1 : 0;
      const Orientation& o = tables.orientation[rotation];

      std::array<std::uint8_t, kMaxFootprintCells> part_height;
      for (int k = 0; k < o.parts; ++k)
        part_height[k] = space(anchor + o.part[k]).height;

      // Steps to a neighbouring placement.
      for (int dir = 0; dir < kDirections; ++dir) {
        if (!fits(board, o.dims, anchor_x + kStepX[dir], anchor_y + kStepY[dir])) continue;
        const int shift = offset_of(kStepX[dir], kStepY[dir]);
        if (out.cost[node + shift] <= cost) continue;  // a step costs at least 1
        int extra = 0;
        int hazard = hazard_so_far;
        bool open = true;
        for (int k = 0; k < o.fresh_count[dir]; ++k) {
          const int index = anchor + o.fresh[dir][k];
          if (!enterable(index)) {
            open = false;
            break;
          }
          // Each space counts when newly covered, so a long unit pays it once.
          extra += space(index).move_cost * scale;
          hazard = std::max<int>(hazard, space(index).hazard);
        }
        if (!open) continue;
        // Every part is bound by the Move, so the step costs what its worst part pays.
        int climb = step_cost(dir);
        for (int k = 0; k < o.parts; ++k) {
          const int from_height = part_height[k];
          const int to_height = space(anchor + o.part[k] + shift).height;
          climb = std::max(climb, std::abs(to_height - from_height));
        }
        const int total = cost + climb + extra;
        if (total <= budget) relax(node + shift, total, hazard, paid_so_far + extra);
      }

      // Quarter turns about one of its spaces: the farthest part's travel is the cost.
      if (cost + pivot_travel > budget) continue;
      for (int pi = 0; pi < tables.pivot_count[rotation]; ++pi) {
        const Pivot& p = tables.pivots[rotation][pi];
        const Orientation& turned = tables.orientation[1 - rotation];
        if (!fits(board, turned.dims, anchor_x + p.shift_x, anchor_y + p.shift_y)) continue;
        const int target = (rotated ? 0 : kMaxCells) + anchor + offset_of(p.shift_x, p.shift_y);
        if (out.cost[target] < cost + pivot_travel) continue;  // cannot improve
        int climb = 0;
        for (int k = 0; k < o.parts; ++k) {
          const int from_height = part_height[k];
          const int to_height = space(anchor + p.lands[k]).height;
          climb =
              std::max({climb, static_cast<int>(p.travel[k]), std::abs(to_height - from_height)});
        }
        if (cost + climb > budget) continue;
        // The turn sweeps its bounding box: nothing there may block movement.
        bool open = true;
        for (int y = p.box_y0; open && y <= p.box_y1; ++y)
          for (int x = p.box_x0; open && x <= p.box_x1; ++x)
            open = enterable(anchor + offset_of(x, y));
        if (!open) continue;
        int extra = 0;
        int hazard = hazard_so_far;
        for (int k = 0; k < p.fresh_count; ++k) {
          const int index = anchor + p.fresh[k];
          extra += space(index).move_cost * scale;
          hazard = std::max<int>(hazard, space(index).hazard);
        }
        const int total = cost + climb + extra;
        if (total <= budget) relax(target, total, hazard, paid_so_far + extra);
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

void clear_reach(Reach& out) {
  out.cost.fill(Reach::kUnreachable);
  out.hazard.fill(0);
  out.paid.fill(0);
  // Which entries it writes is not listed: a grid::compute_reach into this Reach clears all.
  out.written.clear();
  out.blank_elsewhere = false;
  out.destinations.clear();
  out.destinations.reserve(kMaxPlacements);
}

void search_reach_within(const Board& board, const MoveQuery& query, int max_hazard, Reach& out) {
  clear_reach(out);
  const bool eight = board.geometry().neighbourhood == Neighbourhood::kEight;
  if (query.footprint.area() == 1)
    eight ? search_reach<true, 8>(board, query, max_hazard, out)
          : search_reach<true, 4>(board, query, max_hazard, out);
  else
    eight ? search_reach<false, 8>(board, query, max_hazard, out)
          : search_reach<false, 4>(board, query, max_hazard, out);
}

}  // namespace

void reference_compute_reach(const Board& board, const MoveQuery& query, Reach& out) {
  search_reach_within(board, query, 255, out);
  if (query.first_destination_only) return;
  // The cheapest path to a destination may cross a hazard that a longer path within the budget
  // avoids; the player chooses the path, so each destination is offered with the least hazard
  // any path within the budget meets (a unit is never forced through a hazard it could go round).
  // One more search per hazard level below the worst met, each forbidding the spaces above it.
  int worst = 0;
  for (int node : out.destinations)
    worst = std::max<int>(worst, out.hazard[node]);
  if (worst == 0) return;
  // The levels the board holds (a scan of its 768 bytes, only when a hazard was met: small beside
  // a search).
  std::bitset<256> levels;
  levels.set(0);
  for (int index = 0; index < kMaxCells; ++index)
    levels.set(board.at_index(index).hazard);
  thread_local Reach safer;
  for (int level = 0; level < worst; ++level) {
    if (!levels.test(level)) continue;
    search_reach_within(board, query, level, safer);
    for (int node : safer.destinations) {
      if (safer.hazard[node] >= out.hazard[node]) continue;
      out.hazard[node] = safer.hazard[node];
      out.cost[node] = safer.cost[node];
      out.paid[node] = safer.paid[node];
    }
  }
}

}  // namespace warband::grid::reference_search
