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

// What a line's modifiers cost an attack's Skill (the parameters' values). Obscuring counts for
// ranged attacks only ("Unit's making Ranged Attacks through ... Obscuring Terrain"): 0 for melee.
struct LineWeights {
  int obscuring = 1;      // per Obscuring space crossed
  int light_cover = 1;    // Light Cover next to the target
  int heavy_cover = 2;    // Heavy Cover next to the target
  int higher_ground = 1;  // gained when the line's start is higher than its end
};

// What a line of sight is worth to the attack. Lines compare by the Skill they cost the attack
// (`penalty`, lower is better for the attacker), then by fewer Obscuring spaces, then by less
// cover: a fixed order that only breaks ties between lines the attack cannot tell apart.
struct LineModifiers {
  int penalty = 0;             // Skill lost: Obscuring + cover - Higher Ground, by the weights
  int obscuring = 0;           // Obscuring spaces crossed
  int cover = 0;               // 0 none, 1 light, 2 heavy: crossed within Range 1 of the target
  bool higher_ground = false;  // the attacker's end of the line is higher than the target's
  friend auto operator<=>(const LineModifiers&, const LineModifiers&) = default;
};
// A line of sight (its two end spaces, side and Range) with its modifiers.
struct Sight : grid::Sight, LineModifiers {};

// Line of sight and range between two units, with the modifiers of the best clear line: the
// shortest Range, then the least `penalty` (either side of a corner). `blockers` as for
// grid::judged_sight_between.
Sight line_of_sight(const grid::Board& board, const grid::FootprintCells& from,
                    const grid::FootprintCells& to, const grid::CellSet& blockers,
                    const LineWeights& weights = {});

// The one line from `a` (a space of `from`) to `b` (a space of `to`) on `side`: false when it is
// not clear; else `out` holds it and its modifiers.
bool judge_sight_line(const grid::Board& board, const grid::FootprintCells& from,
                      const grid::FootprintCells& to, grid::Cell a, grid::Cell b, int side,
                      const grid::CellSet& blockers, const LineWeights& weights, Sight& out);

}  // namespace warband::atomspast
