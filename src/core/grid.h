// Grid geometry for square-grid games (AtomsPast's 28x18 battlefield, Spellweavers' grid):
// boards with terrain and heights, multi-cell footprints, line of sight, range and movement.
// Knows no ruleset: the rules that decide what a modifier is worth live in the rulesets.
//
// Conventions (rulings in docs/rulings/atomspast.md):
//  - Cells are (x, y), x the column (0 = west, shown as A, B, ...), y the row (0 = north, shown as
//    1, 2, ...). Neighbours are orthogonal; a unit moves one orthogonal space per step.
//  - Range between two spaces is the number of spaces a path crosses, start excluded and target
//    included: the Manhattan distance, which is also the count of spaces the line of sight crosses
//    once corners are resolved to one side. Higher Ground adds half the height difference,
//    rounded down.
//  - The line between two spaces runs centre to centre. It crosses every space whose interior it
//    passes through; where it passes exactly through a corner, the attacker's chosen side decides
//    which of the two spaces beside the corner it crosses, the same side for the whole line.
#pragma once

#include <array>
#include <bitset>
#include <cstdint>
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

// Terrain kinds a space can carry (combined freely, as the seed's modular terrain rules say).
enum TerrainFlag : std::uint8_t {
  kDifficult = 1 << 0,    // entering costs 1 extra Move
  kObscuring = 1 << 1,    // -1 RS per space a ranged attack's line crosses
  kBlocksSight = 1 << 2,  // no line of sight through it
  kWall = 1 << 3,         // blocks sight and cannot be moved on
  kLightCover = 1 << 4,   // -1 S to attacks whose line crosses it next to the target
  kHeavyCover = 1 << 5,   // -2 S likewise
};

struct Space {
  std::uint8_t height = 0;     // Higher Ground X
  std::uint8_t flags = 0;      // TerrainFlag bits
  std::uint8_t dangerous = 0;  // Dangerous Terrain X (0 = not dangerous)
};

class Board {
 public:
  Board() = default;
  Board(int width, int height);  // requires 1..kMaxWidth x 1..kMaxHeight
  int width() const { return width_; }
  int height() const { return height_; }
  bool contains(Cell c) const { return c.x >= 0 && c.y >= 0 && c.x < width_ && c.y < height_; }
  const Space& at(Cell c) const { return spaces_[cell_index(c)]; }
  Space& at(Cell c) { return spaces_[cell_index(c)]; }
  // The space at cell_index(c), for loops that already hold an index.
  const Space& at_index(int index) const { return spaces_[index]; }
  // Builds the per-map table of terrain-only sight; call once after the terrain is set.
  void finalize();
  // Whether terrain alone (Walls, Line of Sight Blocking) lets a line from a to b (that side at
  // corners) through; a and b themselves never block. Needs finalize(). False when a or b lies
  // beyond the board's width or height (coordinates must still be >= 0).
  bool terrain_clear(Cell a, Cell b, int side) const;

 private:
  int width_ = 0;
  int height_ = 0;
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

int manhattan(Cell a, Cell b);
// Range between two spaces, Higher Ground included: manhattan + |height difference| / 2.
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

// Whether a unit may stand there: on the board, no Wall, none of `occupied`, and no two covered
// spaces more than 1 apart in height (the seed's multi-space rule).
bool can_stand(const Board& board, Footprint f, Placement p, const CellSet& occupied);

// Movement. A Move is a series of steps: a step to an orthogonal neighbour, or a quarter turn
// pivoting on one end space (non-square footprints only). Each part of the unit is bound by the
// Move (the seed's dragon): a step costs, over the parts of the unit, the most any one part
// travels, where climbing or descending to a space of different height costs the difference
// (at least 1); a pivot costs the farthest part's Manhattan displacement. Each Difficult space
// newly covered by a step costs 1 more. `danger` is the highest Dangerous X entered (the seed's
// "two grid spaces of Dangerous Terrain 2 ... would take S6 D2": one roll per Action).
// Between steps the unit may overlap `occupied` spaces (friends) but never `blocked` (enemies,
// and Walls are always blocked); it must end where can_stand() holds against `occupied`.
//
// Details (implemented in grid.cc):
//  - Every placement the unit passes through must satisfy can_stand() against `blocked`.
//  - Pivots turn the footprint a quarter either way about any of its corner spaces. All spaces
//    of the bounding box of the old and new placements must be free of Walls and `blocked`.
//    A part's cost is max(Manhattan displacement, |height difference|), the pivot's the most
//    over the parts, plus 1 per Difficult space newly covered (the step rules, generalised).
//  - "Newly covered" = covered after the step but not before it, so a long unit crossing a
//    space lengthwise pays its Difficult / Dangerous only once.
//  - `start` must fit on the board; the unit's own spaces there must not be in `blocked` or
//    `occupied`.
struct MoveQuery {
  Footprint footprint;
  Placement start;
  int budget = 0;    // Move available; clamped to [0, 254] (costs are stored in a byte)
  CellSet blocked;   // spaces the unit may not enter at all
  CellSet occupied;  // spaces the unit may pass but not end on (includes `blocked`)
  // Stop at the first (cheapest) destination found: for "can it move at all?". The Reach then
  // holds that one destination, and its costs only what the search had settled.
  bool first_destination_only = false;
};

struct Reach {
  // For every placement index: the cheapest cost to get there (kUnreachable if none within the
  // budget) and, among the cheapest paths, the least danger (highest Dangerous X entered).
  static constexpr std::uint8_t kUnreachable = 255;
  std::array<std::uint8_t, kMaxPlacements> cost;
  std::array<std::uint8_t, kMaxPlacements> danger;
  // The placements where the unit may end its Move (start excluded), ascending by index.
  std::vector<int> destinations;
};
// Dijkstra over placements by (cost, danger). Allocates nothing once `out.destinations` has
// grown (reuse one Reach). A square footprint's start is taken unrotated.
void compute_reach(const Board& board, const MoveQuery& query, Reach& out);

// Whether one step to an orthogonal neighbour is already a legal end of the Move within the
// budget. Cheap (no search): when true, compute_reach would find destinations too, so callers
// that only ask "can this unit move at all?" skip the search.
bool has_adjacent_destination(const Board& board, const MoveQuery& query);

// Line of sight and range between two units (any of their spaces to any of the other's). Among
// clear lines the attacker is given the best one: shortest range, then fewest Obscuring spaces,
// then least cover.
struct Sight {
  bool clear = false;
  Cell from, to;
  int side = 0;
  int range = 0;      // Higher Ground included
  int obscuring = 0;  // Obscuring spaces crossed
  int cover = 0;      // 0 none, 1 light, 2 heavy: cover crossed within Range 1 of the target
};
// `blockers`: spaces holding units other than the two (units block sight; the two units' own
// spaces never block). Terrain is read from the finalize() table. Lines between every pair of
// spaces are tried, on both sides when the line passes a corner. `cover` counts a Light/Heavy
// Cover space the line crosses when it is within Manhattan distance 1 of any target space.
Sight sight_between(const Board& board, const FootprintCells& from, const FootprintCells& to,
                    const CellSet& blockers);
// Range only, ignoring sight (the shortest over all pairs of spaces; both units non-empty).
int range_between(const Board& board, const FootprintCells& a, const FootprintCells& b);

}  // namespace warband::grid
