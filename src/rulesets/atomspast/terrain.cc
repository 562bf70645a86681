#include "rulesets/atomspast/terrain.h"

#include "core/error.h"

namespace warband::atomspast {

grid::Geometry board_geometry() {
  grid::Geometry geometry;
  // "Movement is orthogonal, so the shortest path is the Manhattan distance" (rulings, Range
  // and line of sight agree).
  geometry.neighbourhood = grid::Neighbourhood::kFour;
  geometry.distance = grid::Distance::kManhattan;
  // Seed, Ranges and Higher Ground: "half the difference in Higher Ground, rounded down".
  geometry.range_height_divisor = 2;
  // Seed, Terrain Examples: a multi-space base may only stand where "each grid spaces Higher
  // Ground value can't be more than 1 difference than those around it" (ruling: its neighbours
  // under the base).
  geometry.max_height_spread = 1;
  return geometry;
}

void add_terrain(grid::Space& space, std::uint8_t flags) {
  space.terrain |= flags;
  // Seed, Terrain: Walls "cannot be Moved on" and a Wall "is Line of Sight Blocking".
  if (space.terrain & kWall) space.flags |= grid::kBlocksMove | grid::kBlocksSight;
  if (space.terrain & kBlocksSight) space.flags |= grid::kBlocksSight;
  // Seed, Terrain: Difficult is "a cumulative -1 to their Move", each space counted when newly
  // covered.
  space.move_cost = (space.terrain & kDifficult) ? 1 : 0;
}

void set_dangerous(grid::Space& space, int x) {
  WB_CHECK(x >= 0 && x <= 9);
  // Dangerous X deals S6 DX once per Action: "two grid spaces of Dangerous Terrain 2 ... would
  // take S6 D2", so the Move reports the highest X entered (the grid's hazard).
  space.hazard = static_cast<std::uint8_t>(x);
}

namespace {

bool within_one_of(const grid::FootprintCells& unit, grid::Cell c) {
  for (int i = 0; i < unit.count; ++i)
    if (grid::manhattan(unit.cells[i], c) <= 1) return true;
  return false;
}

// Scores a line by the Skill its modifiers cost the attack (LineModifiers).
struct ModifierJudge {
  using Score = LineModifiers;
  const grid::FootprintCells& target;
  const LineWeights& weights;
  int cover_weight(int level) const {
    return level == 2 ? weights.heavy_cover : level == 1 ? weights.light_cover : 0;
  }
  void ends(grid::Cell, const grid::Space& from, grid::Cell, const grid::Space& to,
            Score& score) const {
    // Seed, Terrain: "If your Unit is on Higher Ground than target enemy Unit, your Unit gets a
    // +1S modifier" (ruling: the heights of the line's two end spaces).
    if (from.height > to.height) {
      score.higher_ground = true;
      score.penalty -= weights.higher_ground;
    }
  }
  void cross(grid::Cell c, const grid::Space& space, Score& score) const {
    // Seed, Terrain: Obscuring is "-1 to their RS per space".
    if (space.terrain & kObscuring) {
      ++score.obscuring;
      score.penalty += weights.obscuring;
    }
    // Seed, Terrain: Cover counts for "a target Unit within Range 1" of it.
    const int level = (space.terrain & kHeavyCover) ? 2 : (space.terrain & kLightCover) ? 1 : 0;
    if (level > score.cover && within_one_of(target, c)) {
      score.penalty += cover_weight(level) - cover_weight(score.cover);
      score.cover = level;
    }
  }
};

}  // namespace

Sight line_of_sight(const grid::Board& board, const grid::FootprintCells& from,
                    const grid::FootprintCells& to, const grid::CellSet& blockers,
                    const LineWeights& weights) {
  const auto judged =
      grid::judged_sight_between(board, from, to, blockers, ModifierJudge{to, weights});
  Sight sight;
  static_cast<grid::Sight&>(sight) = judged;
  static_cast<LineModifiers&>(sight) = judged.score;
  return sight;
}

bool judge_sight_line(const grid::Board& board, const grid::FootprintCells& from,
                      const grid::FootprintCells& to, grid::Cell a, grid::Cell b, int side,
                      const grid::CellSet& blockers, const LineWeights& weights, Sight& out) {
  LineModifiers score;
  out = Sight{};
  if (!grid::judge_line(board, from, to, a, b, side, blockers, ModifierJudge{to, weights}, score))
    return false;
  out.clear = true;
  out.from = a;
  out.to = b;
  out.side = side;
  out.range = grid::range(board, a, b);
  static_cast<LineModifiers&>(out) = score;
  return true;
}

}  // namespace warband::atomspast
