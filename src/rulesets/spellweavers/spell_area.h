// Spellweavers' spell areas on the grid (seed 002, "CASTING SPELLS", "AREA", "RANGE"): which
// squares a cast affects, and every placement of a spell's area worth offering. Pure;
// affected_squares and distinct_placements allocate nothing (once grown): the legal actions of a
// cast are built from them on every decision. The helpers for players' input below may allocate.
//
// The rulings (docs/rulings/spellweavers.md, "Spell areas on the grid"):
//  - A shape is turned a quarter at a time about its origin square (0,0); a mirror image is not a
//    rotation, so there are 4 orientations.
//  - A square is affected when it is on the board, not permanent stone (a board space with
//    grid::kBlocksSight), within the spell's range of the caster (Chebyshev distance: a diagonal
//    counts 1; Snipe has no limit) and in the caster's sight.
//  - Sight runs centre to centre and is clear when, on either side at corners, the line crosses
//    no board space with grid::kBlocksSight and no `sight_blockers` square (Wall, Dark); the two
//    end squares never block. A caster standing in a `sight_blockers` square (Dark) sees only its
//    own square. A combatant standing in a Dark square is not seen by another caster: its square
//    is affected (a terrain condition lands), but the engine applies no effect on combatants to it.
//  - The caster's own square is affected when the area covers it (a heal on yourself), except by
//    a Line ("excluding yours").
//  - Line: from the caster's centre to the centre of an end square at exactly the spell's range
//    (the ring of squares at that Chebyshev distance; for Snipe, the distance to the board's
//    farthest square). It affects every square it crosses and its end square, both squares where
//    it passes exactly through a corner.
//  - Nuke: every square of the board, within range and in sight like any area.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/grid.h"
#include "rulesets/spellweavers/spell.h"

namespace warband::spellweavers {

// Where the caster drops a spell's area: for a shape, the square under the shape's origin
// square (0,0) and one of the orientations (0-3 = quarter turns clockwise); for a Line, the end
// square at the edge of the range it is drawn to (orientation unused); for Nuke, nothing (anchor
// ignored; distinct_placements offers the caster's square).
struct AreaPlacement {
  grid::Cell anchor;
  std::uint8_t orientation = 0;
  friend bool operator==(AreaPlacement, AreaPlacement) = default;
};
// A mirror image is not a rotation (ruling "Spell areas on the grid"): four quarter turns.
inline constexpr int kAreaOrientations = 4;

// Placements as numbers, for action encodings: anchors lie at most kAnchorMargin squares beyond
// the largest board (a shape hanging over the edge, a Line's end off the board), and
// distinct_placements offers none farther out (only a shape with a square more than 50 from its
// origin could want one). Codes ascend in distinct_placements' order: anchor row, column, then
// orientation. The margin is the most that keeps kAreaPlacementCodes within 16 bits.
inline constexpr int kAnchorMargin = 50;
inline constexpr int kAnchorColumns = grid::kMaxWidth + 2 * kAnchorMargin;  // x from -50 to 81
inline constexpr int kAnchorRows = grid::kMaxHeight + 2 * kAnchorMargin;    // y from -50 to 73
inline constexpr int kAreaPlacementCodes = kAnchorColumns * kAnchorRows * kAreaOrientations;
static_assert(kAreaPlacementCodes <= 1 << 16);
inline bool has_placement_code(AreaPlacement p) {
  return p.anchor.x >= -kAnchorMargin && p.anchor.x < kAnchorColumns - kAnchorMargin &&
         p.anchor.y >= -kAnchorMargin && p.anchor.y < kAnchorRows - kAnchorMargin &&
         p.orientation < kAreaOrientations;
}
// In [0, kAreaPlacementCodes); the placement must have one (has_placement_code).
int placement_code(AreaPlacement p);
// The placement of a code in [0, kAreaPlacementCodes).
AreaPlacement placement_from_code(int code);

// The squares a cast affects: the area's squares that are on the board, within the spell's range
// of the caster and in the caster's line of sight (sight blocked by board spaces with
// grid::kBlocksSight and by `sight_blockers`, e.g. Wall and Dark squares). `out` is cleared
// first. Allocation-free. The caster must be on the board (a finalized one); a shape's
// orientation must be below kAreaOrientations.
void affected_squares(const grid::Board& board, grid::Cell caster, const Spell& spell,
                      AreaPlacement placement, const grid::CellSet& sight_blockers,
                      grid::CellSet& out);

// Every placement worth offering, for the legal actions: placements that give distinct affected
// sets, at least one square affected, in a fixed order (ascending anchor index, i.e. row then
// column, then orientation). The first placement in that order stands for each set. `out` is
// cleared first. Allocation-free once `out` (and the thread's scratch) have grown.
void distinct_placements(const grid::Board& board, grid::Cell caster, const Spell& spell,
                         const grid::CellSet& sight_blockers, std::vector<AreaPlacement>& out);

// What a caster sees at any distance, row by row (bit x of rows[y]: square (x, y) is seen and not
// stone). Computed once per decision and shared by all the caster's spells, each cutting it to
// its range: what distinct_placements would otherwise work out again for every spell.
struct CasterSight {
  grid::Cell caster;
  std::array<std::uint32_t, grid::kMaxHeight> rows{};
};
void caster_sight(const grid::Board& board, grid::Cell caster, const grid::CellSet& sight_blockers,
                  CasterSight& out);
// distinct_placements from a caster_sight of the same board and sight blockers: the same list.
void distinct_placements(const grid::Board& board, const CasterSight& sight, const Spell& spell,
                         std::vector<AreaPlacement>& out);

// Whether distinct_placements would offer any placement, without listing them: for a top-level
// "cast this spell" choice. A shape or Nuke covers the caster's own square (always reached); a
// Line stops at the first ring end whose line reaches a square.
bool any_placement(const grid::Board& board, grid::Cell caster, const Spell& spell,
                   const grid::CellSet& sight_blockers);
// any_placement's quick yes, needing no sight: a shape or Nuke with a placement over the caster's
// own open square. False says nothing (ask any_placement).
bool covers_caster_square(const grid::Board& board, grid::Cell caster, const Spell& spell);

// The on-board squares a placement's area covers before the range and sight cut (what a preview
// draws: the affected ones and, greyed, the rest). For a Nuke, the whole board. `out` is cleared
// first.
void area_squares_on_board(const grid::Board& board, grid::Cell caster, const Spell& spell,
                           AreaPlacement placement, grid::CellSet& out);

// The placement distinct_placements offers for the squares `placement` affects: a player may
// name any square and turn, while the legal actions hold one placement per set. Nullopt when it
// affects nothing, or for a Line whose end is not on the ring (no offered Line affects those
// squares). Not for hot paths: it lists the offered placements.
std::optional<AreaPlacement> offered_placement(const grid::Board& board, grid::Cell caster,
                                               const Spell& spell, AreaPlacement placement,
                                               const grid::CellSet& sight_blockers);

// A Line's end square on its ring in the direction of `toward` (a square the player points at,
// near or far): the caster-to-`toward` step scaled so its longer side reaches the ring, each side
// rounded half away from zero. Nullopt when `toward` is the caster's own square.
std::optional<grid::Cell> line_end_toward(const grid::Board& board, grid::Cell caster,
                                          const Spell& spell, grid::Cell toward);

// Why a placement affects no square, in a player's words, for refusing it ("" when it affects
// some): how many of the area's squares are off the board, permanent stone, beyond the range and
// out of the caster's sight, e.g. "nothing would be affected: of the area's 4 squares, 2 are off
// the board and 2 are beyond Medium range (5 squares)".
std::string nothing_affected_reason(const grid::Board& board, grid::Cell caster, const Spell& spell,
                                    AreaPlacement placement, const grid::CellSet& sight_blockers);

// The squares the caster sees within `range` squares (-1: any distance): what any area's squares
// are cut to. `out` is cleared first.
void squares_in_reach(const grid::Board& board, grid::Cell caster, int range,
                      const grid::CellSet& sight_blockers, grid::CellSet& out);

// The shape square `square` turned `orientation` quarter turns clockwise about the origin, as
// seen on the map drawn north up: east (1,0) turns to south (0,1).
Square rotated(Square square, int orientation);

}  // namespace warband::spellweavers
