// AtomsPast's terrain: the kinds a space can carry, what they do to movement and sight on the
// core grid, and what a line of sight's terrain is worth to an attack (Obscuring, Cover).
// Rulings in docs/rulings/atomspast.md.
#pragma once

#include <cstdint>

#include "core/grid.h"

namespace warband::atomspast {

// Terrain kinds a space can carry (combined freely, as the seed's modular terrain rules say),
// kept in grid::Space::terrain.
enum TerrainFlag : std::uint8_t {
  kDifficult = 1 << 0,    // entering costs 1 extra Move
  kObscuring = 1 << 1,    // -1 RS per space a ranged attack's line crosses
  kBlocksSight = 1 << 2,  // no line of sight through it
  kWall = 1 << 3,         // blocks sight and cannot be moved on
  kLightCover = 1 << 4,   // -1 S to attacks whose line crosses it next to the target
  kHeavyCover = 1 << 5,   // -2 S likewise
};

// The battlefield's geometry: orthogonal movement, Manhattan range plus half the Higher Ground
// difference, and a multi-space base standing on at most 1 of height difference.
grid::Geometry board_geometry();

// Adds terrain kinds to a space and sets what the grid needs to know of them.
void add_terrain(grid::Space& space, std::uint8_t flags);
// Sets the space's Dangerous Terrain X (0 = not dangerous).
void set_dangerous(grid::Space& space, int x);
inline int dangerous(const grid::Space& space) {
  return space.hazard;
}

// What the best line of sight's terrain is worth: the attacker gets the shortest Range, then the
// fewest Obscuring spaces, then the least cover.
struct LineModifiers {
  int obscuring = 0;  // Obscuring spaces crossed
  int cover = 0;      // 0 none, 1 light, 2 heavy: cover crossed within Range 1 of the target
  friend auto operator<=>(const LineModifiers&, const LineModifiers&) = default;
};
struct Sight : grid::Sight {
  int obscuring = 0;
  int cover = 0;
};
// Line of sight and range between two units, with the modifiers of the best clear line.
// `blockers` as for grid::judged_sight_between.
Sight line_of_sight(const grid::Board& board, const grid::FootprintCells& from,
                    const grid::FootprintCells& to, const grid::CellSet& blockers);

}  // namespace warband::atomspast
