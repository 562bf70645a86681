// Grid geometry for square-grid games: boards with terrain and heights, multi-cell footprints,
// line of sight, range and movement. Knows no ruleset: the neighbourhood, the distance and what
// each space's terrain does are data the ruleset sets on the board; what a line's terrain is
// worth to an attack (cover and the like) is the ruleset's, through a line judge.
//
// Conventions:
//  - Cells are (x, y), x the column (0 = west, shown as A, B, ...), y the row (0 = north, shown as
//    1, 2, ...). A unit moves one neighbour per step: the four orthogonal ones, or all eight on a
//    board whose neighbourhood is Neighbourhood::kEight.
//  - Range between two spaces is the board's distance (Manhattan: the number of spaces a
//    4-connected path crosses, start excluded and target included; Chebyshev: a diagonal step
//    counts 1), plus |height difference| / range_height_divisor when the board sets a divisor.
//  - The line between two spaces runs centre to centre. It crosses every space whose interior it
//    passes through; where it passes exactly through a corner, the attacker's chosen side decides
//    which of the two spaces beside the corner it crosses, the same side for the whole line.
#pragma once

#include <array>
#include <bitset>
#include <compare>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

namespace warband::grid {

inline constexpr int kMaxWidth = 32;
inline constexpr int kMaxHeight = 24;
inline constexpr int kMaxCells = kMaxWidth * kMaxHeight;
// The largest footprint side; a footprint covers at most kMaxFootprint^2 spaces.
inline constexpr int kMaxFootprintSide = 4;
inline constexpr int kMaxFootprintCells = kMaxFootprintSide * kMaxFootprintSide;

struct Cell {
  std::int8_t x = 0;
  std::int8_t y = 0;
  friend bool operator==(Cell, Cell) = default;
};

inline int cell_index(Cell c) {
  return c.y * kMaxWidth + c.x;
}
inline Cell cell_at(int index) {
  return Cell{static_cast<std::int8_t>(index % kMaxWidth),
              static_cast<std::int8_t>(index / kMaxWidth)};
}

// "C4" for (2, 3); "AB18" for (27, 17).
std::string cell_name(Cell c);
// Parses a cell name; returns false when `text` is not one.
bool parse_cell_name(const std::string& text, Cell& out);

using CellSet = std::bitset<kMaxCells>;

// How spaces neighbour one another, for movement.
enum class Neighbourhood : std::uint8_t {
  kFour,   // orthogonal steps only
  kEight,  // diagonal steps too
};
// How far apart two spaces are, for range and for what a step or a turn costs.
enum class Distance : std::uint8_t {
  kManhattan,  // |dx| + |dy|: a diagonal step costs 2
  kChebyshev,  // max(|dx|, |dy|): a diagonal step costs 1
};

// A board's rules of space: set once per board by the ruleset.
struct Geometry {
  Neighbourhood neighbourhood = Neighbourhood::kFour;
  Distance distance = Distance::kManhattan;
  // Range adds |height difference| / range_height_divisor, rounded down; 0: heights never add.
  std::uint8_t range_height_divisor = 0;
  // The most two neighbouring spaces (east-west or north-south) under one footprint may differ
  // in height: a long base may lie along a slope.
  std::uint8_t max_height_spread = 255;
};

// What a space's terrain does to movement and sight. The ruleset derives these from its own
// terrain kinds (kept in Space::terrain, which core never reads).
enum SpaceFlag : std::uint8_t {
  kBlocksMove = 1 << 0,   // cannot be entered, crossed by a turn or stood on
  kBlocksSight = 1 << 1,  // no line of sight through it
};

struct Space {
  std::uint8_t height = 0;     // climbing to or from it costs the difference
  std::uint8_t flags = 0;      // SpaceFlag bits
  std::uint8_t move_cost = 0;  // extra movement cost to newly cover it
  std::uint8_t hazard = 0;     // a Move reports the highest hazard it newly covered (0 = none)
  std::uint8_t terrain = 0;    // the ruleset's own terrain bits; core never reads them
};

class Board {
 public:
  Board() = default;
  Board(int width, int height, Geometry geometry = {});  // 1..kMaxWidth x 1..kMaxHeight
  int width() const { return width_; }
  const Geometry& geometry() const { return geometry_; }
  int height() const { return height_; }
  bool contains(Cell c) const { return c.x >= 0 && c.y >= 0 && c.x < width_ && c.y < height_; }
  const Space& at(Cell c) const { return spaces_[cell_index(c)]; }
  // Writing a space may change the terrain: the board is no longer the one finalize() named.
  Space& at(Cell c) {
    terrain_id_ = 0;
    return spaces_[cell_index(c)];
  }
  // The space at cell_index(c), for loops that already hold an index.
  const Space& at_index(int index) const { return spaces_[index]; }
  // Builds the per-map table of terrain-only sight; call once after the terrain is set.
  void finalize();
  // A number naming this board's terrain, geometry and size as finalize() found them, unique
  // in the process (a copy keeps it): the movement search knows its tables by it without
  // comparing the spaces. 0 before finalize() and after a space is written through at().
  std::uint64_t terrain_id() const { return terrain_id_; }
  // Whether terrain alone (kBlocksSight spaces) lets a line from a to b (that side at
  // corners) through; a and b themselves never block. Needs finalize(). False when a or b lies
  // beyond the board's width or height (coordinates must still be >= 0).
  bool terrain_clear(Cell a, Cell b, int side) const;

 private:
  int width_ = 0;
  int height_ = 0;
  Geometry geometry_;
  std::uint64_t terrain_id_ = 0;
  std::array<Space, kMaxCells> spaces_{};
  // terrain_sight_[side][index(a)] = the set of b with a clear terrain line from a.
  std::vector<CellSet> terrain_sight_[2];
};

// The spaces a line from a to b crosses, in order, excluding a and b. `side` (0 or 1) resolves
// corners: 0 takes the space on the left of the direction of travel, 1 the one on the right, as
// seen on the map drawn north up (row 1 at the top). Reversing a line swaps the sides: the line
// b -> a on side s crosses the spaces a -> b crosses on side 1 - s. The count is always
// manhattan(a, b) - 1 (0 when a == b): the spaces form a 4-connected path.
struct LineTrace {
  std::array<Cell, kMaxWidth + kMaxHeight> cells{};
  int count = 0;
  bool passes_corner = false;  // false: both sides give the same line
};
void trace_line(Cell a, Cell b, int side, LineTrace& out);
// Whether the line from a to b passes exactly through a lattice corner (so the side matters).
bool passes_corner(Cell a, Cell b);

inline int manhattan(Cell a, Cell b) {
  return std::abs(a.x - b.x) + std::abs(a.y - b.y);
}
inline int chebyshev(Cell a, Cell b) {
  const int dx = std::abs(a.x - b.x);
  const int dy = std::abs(a.y - b.y);
  return dx > dy ? dx : dy;
}
inline int distance(Distance kind, Cell a, Cell b) {
  return kind == Distance::kChebyshev ? chebyshev(a, b) : manhattan(a, b);
}
// Range between two spaces: the board's distance plus, when the board sets a divisor, the
// height difference divided by it (rounded down).
int range(const Board& board, Cell a, Cell b);

// A unit's base: w x h spaces as built (a dragon 1x3, a cavalry model 1x2, a monster 2x2).
struct Footprint {
  std::uint8_t w = 1;
  std::uint8_t h = 1;
  bool square() const { return w == h; }
  int area() const { return w * h; }
};

// Where a footprint stands: its north-west space and whether it is turned a quarter (w and h
// swap). A square footprint is never rotated.
struct Placement {
  Cell anchor;
  bool rotated = false;
  friend bool operator==(Placement, Placement) = default;
};

struct FootprintCells {
  std::array<Cell, kMaxFootprintCells> cells{};
  int count = 0;
};
// The spaces a placed footprint covers, row by row from its anchor. Inline: it is on every hot
// path.
inline void covered_cells(Footprint f, Placement p, FootprintCells& out) {
  const int width = p.rotated ? f.h : f.w;
  const int height = p.rotated ? f.w : f.h;
  out.count = 0;
  for (int dy = 0; dy < height; ++dy)
    for (int dx = 0; dx < width; ++dx)
      out.cells[out.count++] = Cell{static_cast<std::int8_t>(p.anchor.x + dx),
                                    static_cast<std::int8_t>(p.anchor.y + dy)};
}
// The index of a placement in [0, kMaxPlacements), for tables and action encodings.
inline constexpr int kMaxPlacements = 2 * kMaxCells;
inline int placement_index(Placement p) {
  return (p.rotated ? kMaxCells : 0) + cell_index(p.anchor);
}
inline Placement placement_at(int index) {
  return Placement{cell_at(index % kMaxCells), index >= kMaxCells};
}

// Whether a unit may stand there: on the board, no kBlocksMove space, none of `occupied`, and no
// two neighbouring covered spaces further apart in height than the board's max_height_spread.
bool can_stand(const Board& board, Footprint f, Placement p, const CellSet& occupied);

// Movement. A Move is a series of steps: a step to a neighbour (the board's neighbourhood), or a
// quarter turn pivoting about one of its spaces (non-square footprints only). Each part of the
// unit is bound by the Move: a step costs, over the parts of the unit, the most any one part
// pays, where a part pays the step's distance (the board's distance: 1 orthogonally, 1 or 2
// diagonally) or, when it climbs or descends, the height difference if that is more; a pivot
// costs the farthest part's displacement likewise. Each space newly covered by a step adds its
// move_cost times the query's move_cost_scale. `hazard` is the highest Space::hazard newly
// covered along the way.
// Between steps the unit may overlap `occupied` spaces (friends) but never `blocked` (enemies;
// kBlocksMove spaces are always blocked); it must end where can_stand() holds against `occupied`.
//
// Details (implemented in grid.cc):
//  - The placements the unit passes through must be on the board and clear of kBlocksMove and
//    `blocked`, but need not lie along the ground: a long base may hang over a ledge on its way
//    (its parts pay each climb), as long as the Move ends where the whole base can stand.
//  - A diagonal step needs only its target placement free: it may pass between two blocked
//    spaces that touch at a corner.
//  - Pivots turn the footprint a quarter either way about any of its spaces. All spaces
//    of the bounding box of the old and new placements must be free of kBlocksMove and `blocked`.
//    A part's cost is max(displacement, |height difference|), the pivot's the most over the
//    parts, plus the move_cost of every space newly covered (the step rules, generalised).
//  - "Newly covered" = covered after the step but not before it, so a long unit crossing a
//    space lengthwise pays its move_cost and meets its hazard only once.
//  - `start` must fit on the board; the unit's own spaces there must not be in `blocked` or
//    `occupied`.
struct MoveQuery {
  Footprint footprint;
  Placement start;
  int budget = 0;  // Move available; clamped to [0, 254] (costs are stored in a byte)
  // How many times each space's move_cost counts: a ruleset whose terrain takes points off a
  // stat that the budget multiplies (a Run of twice the Move) scales the loss alike.
  int move_cost_scale = 1;
  CellSet blocked;   // spaces the unit may not enter at all
  CellSet occupied;  // spaces the unit may pass but not end on (includes `blocked`)
  // Stop at the first (cheapest) destination found: for "can it move at all?". The Reach then
  // holds that one destination, and its costs only what the search had settled.
  bool first_destination_only = false;
};

struct Reach {
  // For every placement index: the least hazard (highest Space::hazard newly covered) of any path
  // there within the budget, and the cheapest cost among those paths (kUnreachable if none). A
  // longer path that avoids a hazard wins over a cheaper one through it: the mover picks the path.
  // (The start and placements no destination needs keep the cheapest search's values.)
  static constexpr std::uint8_t kUnreachable = 255;
  std::array<std::uint8_t, kMaxPlacements> cost;
  std::array<std::uint8_t, kMaxPlacements> hazard;
  // The move_cost (scaled) paid on that path: what the terrain took, for rulesets where the loss
  // outlasts the Move. Among paths of equal cost and hazard, the one that paid least.
  std::array<std::uint8_t, kMaxPlacements> paid;
  // The placements where the unit may end its Move (start excluded), ascending by index.
  std::vector<int> destinations;
  // The placements whose entries the last compute_reach into this Reach wrote; every other entry
  // holds kUnreachable, 0, 0 when `blank_elsewhere`, and the next search resets only these. (A
  // new Reach is not blank: its first search clears every entry.)
  std::vector<std::int16_t> written;
  bool blank_elsewhere = false;
};
// Dijkstra over placements by (cost, hazard, paid), each move priced once per board and footprint
// (the thread keeps the last 16, found again by the board's terrain_id() or contents), then once
// more for each hazard level below the worst a destination met, forbidding the spaces above it.
// Allocates only for a new board or footprint (reuse one Reach, and leave its tables as the search
// wrote them: it resets only the entries it wrote). A square footprint's start is taken unrotated.
void compute_reach(const Board& board, const MoveQuery& query, Reach& out);

// The path a Move takes to `destination` (a placement index among compute_reach's destinations
// for the same query): the placements from the start to it, both included, each a step or a
// pivot from the one before, along the path compute_reach offered (its least hazard, then its
// cost, then what it paid). Empty when it is not a destination. For drawing a move: a search of
// its own, not for the hot path.
void route_to(const Board& board, const MoveQuery& query, int destination,
              std::vector<Placement>& out);

// Whether one step to a neighbour is already a legal end of the Move within the
// budget. Cheap (no search): when true, compute_reach would find destinations too, so callers
// that only ask "can this unit move at all?" skip the search.
bool has_adjacent_destination(const Board& board, const MoveQuery& query);

// Line of sight and range between two units (any of their spaces to any of the other's). Among
// clear lines the attacker is given the best one: shortest range, then the lowest score the
// line judge gives.
struct Sight {
  bool clear = false;
  Cell from, to;
  int side = 0;
  int range = 0;  // heights included
};
// A line judge scores what a line's spaces are worth to the target (the ruleset's cover and the
// like): `Score` is default-constructible and ordered by <, lower being better for the attacker;
// cross(c, space, score) is called for every space a clear line crosses, in order. A judge may
// also have ends(a, space_a, b, space_b, score), called first with the line's two end spaces (what
// the ends themselves are worth, their heights say).
template <typename Score>
struct JudgedSight : Sight {
  Score score{};
};
// The judge that scores nothing: plain line of sight.
struct NoJudge {
  struct Score {
    friend auto operator<=>(Score, Score) = default;
  };
  void cross(Cell, const Space&, Score&) const {}
};

namespace detail {

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
      // Exactly through a corner: the chosen side's space, then the diagonal one.
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

inline bool contains_cell(const FootprintCells& unit, Cell c) {
  for (int i = 0; i < unit.count; ++i)
    if (unit.cells[i] == c) return true;
  return false;
}

}  // namespace detail

// One line, from a (one of `from`'s spaces) to b (one of `to`'s) on `side`: whether it is clear
// (terrain from the finalize() table; `blockers` as below), and if so its score. Inline: the
// judge is on the hot path.
template <typename Judge>
bool judge_line(const Board& board, const FootprintCells& from, const FootprintCells& to, Cell a,
                Cell b, int side, const CellSet& blockers, const Judge& judge,
                typename Judge::Score& score) {
  score = typename Judge::Score{};
  if (!board.terrain_clear(a, b, side)) return false;
  if constexpr (requires { judge.ends(a, board.at(a), b, board.at(b), score); })
    judge.ends(a, board.at(a), b, board.at(b), score);
  return detail::walk_line(a, b, side, [&](Cell c) {
    if (blockers[cell_index(c)] && !detail::contains_cell(from, c) && !detail::contains_cell(to, c))
      return false;
    judge.cross(c, board.at(c), score);
    return true;
  });
}

// `blockers`: spaces holding units other than the two (units block sight; the two units' own
// spaces never block). Terrain is read from the finalize() table. Lines between every pair of
// spaces are tried, on both sides when the line passes a corner; the first best one found wins
// (pairs in the order of `from`'s spaces, then `to`'s; side 0 before side 1).
template <typename Judge>
JudgedSight<typename Judge::Score> judged_sight_between(const Board& board,
                                                        const FootprintCells& from,
                                                        const FootprintCells& to,
                                                        const CellSet& blockers,
                                                        const Judge& judge) {
  using Score = typename Judge::Score;
  JudgedSight<Score> best;
  for (int i = 0; i < from.count; ++i) {
    const Cell a = from.cells[i];
    for (int j = 0; j < to.count; ++j) {
      const Cell b = to.cells[j];
      const int line_range = range(board, a, b);
      if (best.clear && line_range > best.range) continue;
      const int sides = passes_corner(a, b) ? 2 : 1;
      for (int side = 0; side < sides; ++side) {
        Score score{};
        if (!judge_line(board, from, to, a, b, side, blockers, judge, score)) continue;
        const bool better = !best.clear || line_range < best.range ||
                            (line_range == best.range && score < best.score);
        if (better) {
          best.clear = true;
          best.from = a;
          best.to = b;
          best.side = side;
          best.range = line_range;
          best.score = score;
        }
      }
    }
  }
  return best;
}
// Plain line of sight: the shortest clear line.
Sight sight_between(const Board& board, const FootprintCells& from, const FootprintCells& to,
                    const CellSet& blockers);
// Range only, ignoring sight (the shortest over all pairs of spaces; both units non-empty).
int range_between(const Board& board, const FootprintCells& a, const FootprintCells& b);

}  // namespace warband::grid
