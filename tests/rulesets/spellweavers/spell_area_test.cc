// Spellweavers' spell areas on the grid: each case's affected squares counted by hand on a map
// drawn north up (A1 at the top left), then distinct_placements checked against trying every
// placement.
#include "rulesets/spellweavers/spell_area.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/rng.h"
#include "tests/support/grid_cells.h"

namespace warband::spellweavers {
namespace {

using grid::Board;
using grid::Cell;
using grid::CellSet;
using warband::testing::C;
using Names = std::set<std::string>;

constexpr grid::Geometry kSpellweaversGeometry{grid::Neighbourhood::kEight,
                                               grid::Distance::kChebyshev};
constexpr std::uint8_t kStone = grid::kBlocksMove | grid::kBlocksSight;

Board open_board(int width, int height) {
  Board board(width, height, kSpellweaversGeometry);
  board.finalize();
  return board;
}

Cell named(const std::string& name) {
  Cell c;
  EXPECT_TRUE(grid::parse_cell_name(name, c)) << name;
  return c;
}

Spell spell_of(AreaClass area, RangeClass range, const std::string& shape = "") {
  Spell spell;
  spell.name = "Test";
  spell.effects.push_back(parse_effect("damage:1", "test"));
  spell.area = area;
  spell.range = range;
  if (!shape.empty()) spell.shape = parse_shape(shape, "test");
  return spell;
}

Names names_of(const CellSet& cells) {
  Names names;
  for (int i = 0; i < grid::kMaxCells; ++i)
    if (cells[i]) names.insert(grid::cell_name(grid::cell_at(i)));
  return names;
}

Names affected(const Board& board, const std::string& caster, const Spell& spell,
               const std::string& anchor, int orientation = 0, const CellSet& blockers = {}) {
  CellSet out;
  out.set(0);  // cleared first
  affected_squares(board, named(caster), spell,
                   AreaPlacement{named(anchor), static_cast<std::uint8_t>(orientation)}, blockers,
                   out);
  return names_of(out);
}

const char* const kSmallSquare = "0,0;1,0;0,1;1,1";
const char* const kLargeSquare = "0,0;1,0;2,0;3,0;0,1;1,1;2,1;3,1;0,2;1,2;2,2;3,2;0,3;1,3;2,3;3,3";

TEST(SpellweaversSpellArea, RotationTurnsEastToSouth) {
  EXPECT_EQ(rotated({1, 0}, 1), (Square{0, 1}));
  EXPECT_EQ(rotated({1, 0}, 2), (Square{-1, 0}));
  EXPECT_EQ(rotated({1, 0}, 3), (Square{0, -1}));
  EXPECT_EQ(rotated({2, -1}, 0), (Square{2, -1}));
  EXPECT_EQ(kAreaOrientations, 4);  // ruling: a mirror image is not a rotation
}

TEST(SpellweaversSpellArea, SmallSquareInItsFourOrientations) {
  const Board board = open_board(10, 10);
  const Spell small = spell_of(AreaClass::kSmall, RangeClass::kMedium, kSmallSquare);
  // The square turns about its origin square C3: east then south, south then west, ...
  EXPECT_EQ(affected(board, "E5", small, "C3", 0), (Names{"C3", "D3", "C4", "D4"}));
  EXPECT_EQ(affected(board, "E5", small, "C3", 1), (Names{"C3", "C4", "B3", "B4"}));
  EXPECT_EQ(affected(board, "E5", small, "C3", 2), (Names{"C3", "B3", "C2", "B2"}));
  EXPECT_EQ(affected(board, "E5", small, "C3", 3), (Names{"C3", "C2", "D3", "D2"}));
}

TEST(SpellweaversSpellArea, LTetraminoRotatesButIsNeverMirrored) {
  const Board board = open_board(10, 10);
  // An L: a bar of three southward from the origin, its foot to the east.
  const Spell tetra = spell_of(AreaClass::kTetramino, RangeClass::kFar, "0,0;0,1;0,2;1,2");
  EXPECT_EQ(affected(board, "I9", tetra, "D4", 0), (Names{"D4", "D5", "D6", "E6"}));
  EXPECT_EQ(affected(board, "I9", tetra, "D4", 1), (Names{"D4", "C4", "B4", "B5"}));
  EXPECT_EQ(affected(board, "I9", tetra, "D4", 2), (Names{"D4", "D3", "D2", "C2"}));
  EXPECT_EQ(affected(board, "I9", tetra, "D4", 3), (Names{"D4", "E4", "F4", "F3"}));
  // Its mirror image (the J, foot to the west) is no placement of the L.
  const Names mirrored{"D4", "D5", "D6", "C6"};
  std::vector<AreaPlacement> placements;
  distinct_placements(board, named("I9"), tetra, CellSet{}, placements);
  for (const AreaPlacement& p : placements) {
    CellSet out;
    affected_squares(board, named("I9"), tetra, p, CellSet{}, out);
    EXPECT_NE(names_of(out), mirrored);
  }
}

TEST(SpellweaversSpellArea, LargeShapeCutByTheRangeStillHitsThePartInRange) {
  const Board board = open_board(10, 10);
  const Spell large = spell_of(AreaClass::kLarge, RangeClass::kClose, kLargeSquare);
  // From C3, Close range 2 reaches columns A-E and rows 1-5: of D4..G7 only D4, E4, D5, E5.
  EXPECT_EQ(affected(board, "C3", large, "D4"), (Names{"D4", "E4", "D5", "E5"}));
  // Entirely beyond the range: nothing.
  EXPECT_EQ(affected(board, "C3", large, "F6"), Names{});
}

TEST(SpellweaversSpellArea, ShapeHangingOverTheBoardEdgeKeepsItsSquaresOnTheBoard) {
  const Board board = open_board(10, 10);
  const Spell small = spell_of(AreaClass::kSmall, RangeClass::kMedium, kSmallSquare);
  // Anchored on A1 turned twice, the square covers A1 and three squares off the board.
  EXPECT_EQ(affected(board, "C3", small, "A1", 2), (Names{"A1"}));
}

TEST(SpellweaversSpellArea, AWallHidesWhatIsBehindItButIsHitItself) {
  const Board board = open_board(10, 10);
  const Spell row = spell_of(AreaClass::kSmall, RangeClass::kMedium, "0,0;1,0;2,0;3,0");
  const CellSet wall = warband::testing::cells_set({named("C1")});
  // B1..E1 from A1: the Wall on C1 is hit (a Wall takes damage), D1 and E1 behind it are not.
  EXPECT_EQ(affected(board, "A1", row, "B1", 0, wall), (Names{"B1", "C1"}));
  EXPECT_EQ(affected(board, "A1", row, "B1", 0), (Names{"B1", "C1", "D1", "E1"}));
}

TEST(SpellweaversSpellArea, PermanentStoneIsNeverAffectedAndHidesWhatIsBehind) {
  Board board(10, 10, kSpellweaversGeometry);
  board.at(named("C1")).flags = kStone;
  board.finalize();
  const Spell row = spell_of(AreaClass::kSmall, RangeClass::kMedium, "0,0;1,0;2,0;3,0");
  EXPECT_EQ(affected(board, "A1", row, "B1"), (Names{"B1"}));
}

TEST(SpellweaversSpellArea, SightThroughACornerNeedsOneClearSide) {
  const Board board = open_board(10, 10);
  const Spell single = spell_of(AreaClass::kSingle, RangeClass::kMedium);
  // A1 to C3 passes two corners: side 0 crosses B1, B2, C2; side 1 crosses A2, B2, B3.
  EXPECT_EQ(affected(board, "A1", single, "C3", 0, warband::testing::cells_set({named("B1")})),
            (Names{"C3"}));
  EXPECT_EQ(affected(board, "A1", single, "C3", 0, warband::testing::cells_set({named("A2")})),
            (Names{"C3"}));
  EXPECT_EQ(affected(board, "A1", single, "C3", 0,
                     warband::testing::cells_set({named("B1"), named("A2")})),
            Names{});
  EXPECT_EQ(affected(board, "A1", single, "C3", 0, warband::testing::cells_set({named("B2")})),
            Names{});
}

TEST(SpellweaversSpellArea, TheCastersOwnSquareMayBeTargeted) {
  const Board board = open_board(10, 10);
  const Spell heal = spell_of(AreaClass::kSingle, RangeClass::kClose);
  EXPECT_EQ(affected(board, "D4", heal, "D4"), (Names{"D4"}));
  const Spell small = spell_of(AreaClass::kSmall, RangeClass::kClose, kSmallSquare);
  EXPECT_EQ(affected(board, "D4", small, "C3"), (Names{"C3", "D3", "C4", "D4"}));
}

TEST(SpellweaversSpellArea, ACasterInTheDarkSeesOnlyItsOwnSquare) {
  const Board board = open_board(10, 10);
  const Spell small = spell_of(AreaClass::kSmall, RangeClass::kClose, kSmallSquare);
  const CellSet dark = warband::testing::cells_set({named("D4")});
  EXPECT_EQ(affected(board, "D4", small, "C3", 0, dark), (Names{"D4"}));
  // A Dark square elsewhere is hit itself but hides what lies behind it.
  const Spell row = spell_of(AreaClass::kSmall, RangeClass::kMedium, "0,0;1,0;2,0;3,0");
  EXPECT_EQ(affected(board, "A1", row, "B1", 0, warband::testing::cells_set({named("C1")})),
            (Names{"B1", "C1"}));
}

TEST(SpellweaversSpellArea, LineOnTheDiagonalTakesBothSquaresAtEachCorner) {
  const Board board = open_board(10, 10);
  const Spell line = spell_of(AreaClass::kLine, RangeClass::kClose);
  // A1 to C3 (Close range 2): B2 and C3 on the diagonal, B1 and A2, C2 and B3 beside its
  // corners; A1, the caster's, excluded.
  EXPECT_EQ(affected(board, "A1", line, "C3"), (Names{"B1", "A2", "B2", "C2", "B3", "C3"}));
}

TEST(SpellweaversSpellArea, LineAlongARow) {
  const Board board = open_board(10, 10);
  const Spell line = spell_of(AreaClass::kLine, RangeClass::kMedium);
  EXPECT_EQ(affected(board, "C3", line, "H3"), (Names{"D3", "E3", "F3", "G3", "H3"}));
  // Westward from C3 the line leaves the board after A3.
  EXPECT_EQ(affected(board, "C3", line, "C3"), Names{});
  Cell west_end = C(-3, 2);
  CellSet out;
  affected_squares(board, named("C3"), line, AreaPlacement{west_end, 0}, CellSet{}, out);
  EXPECT_EQ(names_of(out), (Names{"B3", "A3"}));
}

TEST(SpellweaversSpellArea, LineStopsBeingSeenPastAWall) {
  const Board board = open_board(10, 10);
  const Spell line = spell_of(AreaClass::kLine, RangeClass::kMedium);
  // The Wall on E3 is hit; F3, G3, H3 behind it are not seen.
  EXPECT_EQ(affected(board, "C3", line, "H3", 0, warband::testing::cells_set({named("E3")})),
            (Names{"D3", "E3"}));
}

TEST(SpellweaversSpellArea, NukeIsTheWholeBoardInSight) {
  // 4 x 3, the caster on A2 and stone on B2: C2 and D2 lie behind the stone, and so do C1, D1,
  // C3 and D3 (their lines from A2 cross B2 before they reach column C).
  Board board(4, 3, kSpellweaversGeometry);
  board.at(named("B2")).flags = kStone;
  board.finalize();
  CellSet out;
  const Spell nuke = spell_of(AreaClass::kNuke, RangeClass::kSnipe);
  affected_squares(board, named("A2"), nuke, AreaPlacement{}, CellSet{}, out);
  EXPECT_EQ(names_of(out), (Names{"A1", "B1", "A2", "A3", "B3"}));
}

TEST(SpellweaversSpellArea, NukeKeepsToItsRange) {
  const Board board = open_board(4, 3);
  CellSet out;
  const Spell nuke = spell_of(AreaClass::kNuke, RangeClass::kClose);
  affected_squares(board, named("A2"), nuke, AreaPlacement{}, CellSet{}, out);
  EXPECT_EQ(names_of(out), (Names{"A1", "B1", "C1", "A2", "B2", "C2", "A3", "B3", "C3"}));
  std::vector<AreaPlacement> placements;
  distinct_placements(board, named("A2"), nuke, CellSet{}, placements);
  EXPECT_EQ(placements, (std::vector<AreaPlacement>{{named("A2"), 0}}));
}

TEST(SpellweaversSpellArea, SnipeReachesAcrossTheLargestBoard) {
  const Board board = open_board(grid::kMaxWidth, grid::kMaxHeight);
  const Spell snipe = spell_of(AreaClass::kSingle, RangeClass::kSnipe);
  EXPECT_EQ(affected(board, "A1", snipe, "AF24"), (Names{"AF24"}));
  const Spell far = spell_of(AreaClass::kSingle, RangeClass::kFar);
  EXPECT_EQ(affected(board, "A1", far, "AF24"), Names{});
  EXPECT_EQ(affected(board, "A1", far, "K11"), (Names{"K11"}));  // 10 away on the diagonal
  EXPECT_EQ(affected(board, "A1", far, "L11"), Names{});         // 11 away
}

TEST(SpellweaversSpellArea, SnipeLineRunsToTheBoardsEdge) {
  const Board board = open_board(4, 4);
  const Spell line = spell_of(AreaClass::kLine, RangeClass::kSnipe);
  EXPECT_EQ(affected(board, "A1", line, "D4"),
            (Names{"B1", "A2", "B2", "C2", "B3", "C3", "D3", "C4", "D4"}));
  std::vector<AreaPlacement> placements;
  distinct_placements(board, named("A1"), line, CellSet{}, placements);
  // Its ring lies 3 from A1, mostly off the board; an end off the board counts when its line
  // crosses the board. As (x, y) with A1 = (0, 0), north negative: (3, -3) crosses B1 beside its
  // first corner ((3, -2) only B1 again); (3, -1) crosses B1 and C1; (-3, 3) crosses A2 ((-2, 3)
  // only A2 again); (-1, 3) crosses A2 and A3; the other ends off the board cross nothing on it.
  const std::vector<AreaPlacement> expected{{C(3, -3), 0},    {C(3, -1), 0},    {named("D1"), 0},
                                            {named("D2"), 0}, {named("D3"), 0}, {C(-3, 3), 0},
                                            {C(-1, 3), 0},    {named("A4"), 0}, {named("B4"), 0},
                                            {named("C4"), 0}, {named("D4"), 0}};
  EXPECT_EQ(placements, expected);
}

TEST(SpellweaversSpellArea, DistinctPlacementsOfASingleSquareAreTheSquaresInReach) {
  const Board board = open_board(10, 10);
  const Spell single = spell_of(AreaClass::kSingle, RangeClass::kClose);
  std::vector<AreaPlacement> placements;
  distinct_placements(board, named("E5"), single, CellSet{}, placements);
  ASSERT_EQ(placements.size(), 25u);  // C3..G7
  EXPECT_EQ(placements.front(), (AreaPlacement{named("C3"), 0}));
  EXPECT_EQ(placements[1], (AreaPlacement{named("D3"), 0}));
  EXPECT_EQ(placements.back(), (AreaPlacement{named("G7"), 0}));
}

TEST(SpellweaversSpellArea, DistinctPlacementsOfASmallSquareAreItsWindowsOverTheReach) {
  const Board board = open_board(10, 10);
  const Spell small = spell_of(AreaClass::kSmall, RangeClass::kClose, kSmallSquare);
  std::vector<AreaPlacement> placements;
  distinct_placements(board, named("E5"), small, CellSet{}, placements);
  // The 2x2 square's top-left corner anywhere from B2 to G7: 6 x 6 windows, each a different
  // part of the 5 x 5 reach; its other orientations repeat them at later anchors.
  ASSERT_EQ(placements.size(), 36u);
  for (const AreaPlacement& p : placements)
    EXPECT_EQ(p.orientation, 0) << grid::cell_name(p.anchor);
  EXPECT_EQ(placements.front(), (AreaPlacement{named("B2"), 0}));
  EXPECT_EQ(placements.back(), (AreaPlacement{named("G7"), 0}));
}

// Every placement tried (anchors well around the board, every orientation; a Line's every end on
// its ring), the first of each distinct non-empty set kept: what distinct_placements must give.
std::vector<AreaPlacement> brute_force(const Board& board, Cell caster, const Spell& spell,
                                       const CellSet& blockers) {
  std::vector<AreaPlacement> kept;
  std::vector<CellSet> sets;
  const auto consider = [&](AreaPlacement p) {
    CellSet out;
    affected_squares(board, caster, spell, p, blockers, out);
    if (out.none()) return;
    for (const CellSet& s : sets)
      if (s == out) return;
    sets.push_back(out);
    kept.push_back(p);
  };
  if (spell.area == AreaClass::kLine) {
    // The ring at the range; Snipe's at the board's farthest square (ruling "Spell areas").
    int range = range_squares(spell.range);
    if (range < 0)
      range = std::max({caster.x + 0, board.width() - 1 - caster.x, caster.y + 0,
                        board.height() - 1 - caster.y});
    for (int y = -12; y < board.height() + 12; ++y)
      for (int x = -12; x < board.width() + 12; ++x)
        if (grid::chebyshev(caster, C(x, y)) == range) consider({C(x, y), 0});
    return kept;
  }
  int pad = 1;  // far enough out that every square of the shape can reach every square
  for (const Square& s : spell.shape)
    pad = std::max({pad, std::abs(s.x) + 1, std::abs(s.y) + 1});
  for (int y = -pad; y < board.height() + pad; ++y)
    for (int x = -pad; x < board.width() + pad; ++x)
      for (int o = 0; o < kAreaOrientations; ++o)
        consider({C(x, y), static_cast<std::uint8_t>(o)});
  return kept;
}

TEST(SpellweaversSpellArea, DistinctPlacementsAreEveryDistinctSetOnceInOrder) {
  Board board(12, 10, kSpellweaversGeometry);
  for (const char* stone : {"E3", "E4", "E5", "H7", "B8"})
    board.at(named(stone)).flags = kStone;
  board.finalize();
  const CellSet blockers = warband::testing::cells_set({named("G3"), named("C6"), named("D6")});
  const Spell spells[] = {
      spell_of(AreaClass::kSingle, RangeClass::kMedium),
      spell_of(AreaClass::kSmall, RangeClass::kClose, "0,0;2,0;1,1;0,2"),
      spell_of(AreaClass::kTetramino, RangeClass::kMedium, "0,0;1,0;2,0;1,1"),
      spell_of(AreaClass::kMedium, RangeClass::kFar, "0,0;1,0;2,0;3,0;0,1;0,2;-1,-1;5,5"),
      spell_of(AreaClass::kLarge, RangeClass::kMedium, kLargeSquare),
      spell_of(AreaClass::kTetramino, RangeClass::kFar, "0,0;1,0;1,1;2,1"),  // S: turns onto itself
      spell_of(AreaClass::kTetramino, RangeClass::kMedium, "0,0;0,1;0,2;0,3"),  // I
      spell_of(AreaClass::kSmall, RangeClass::kSnipe, "0,0;1,0;0,1;-1,-1"),
      // Wider than the bit rows the fast path uses: gathered square by square.
      spell_of(AreaClass::kSmall, RangeClass::kSnipe, "0,0;33,1;-2,0"),
      spell_of(AreaClass::kLine, RangeClass::kClose),
      spell_of(AreaClass::kLine, RangeClass::kMedium),
      spell_of(AreaClass::kLine, RangeClass::kSnipe),
  };
  for (const char* caster : {"C3", "F5", "K9"}) {
    for (const Spell& spell : spells) {
      std::vector<AreaPlacement> placements;
      distinct_placements(board, named(caster), spell, blockers, placements);
      EXPECT_EQ(placements, brute_force(board, named(caster), spell, blockers))
          << caster << " " << area_key(spell.area) << " " << shape_text(spell.shape);
      EXPECT_FALSE(placements.empty());
    }
  }
}

TEST(SpellweaversSpellArea, OfferedPlacementIsTheOneListedForTheSameSquares) {
  const Board board = open_board(10, 10);
  const Spell small = spell_of(AreaClass::kSmall, RangeClass::kClose, kSmallSquare);
  // Turned twice on C3 the square covers B2, C2, B3, C3: offered as B2 unturned.
  EXPECT_EQ(offered_placement(board, named("E5"), small, {named("C3"), 2}, CellSet{}),
            (AreaPlacement{named("B2"), 0}));
  EXPECT_EQ(offered_placement(board, named("E5"), small, {named("B2"), 0}, CellSet{}),
            (AreaPlacement{named("B2"), 0}));
  EXPECT_EQ(offered_placement(board, named("E5"), small, {named("J10"), 0}, CellSet{}),
            std::nullopt);  // out of range
  const Spell line = spell_of(AreaClass::kLine, RangeClass::kClose);
  EXPECT_EQ(offered_placement(board, named("E5"), line, {named("G5"), 0}, CellSet{}),
            (AreaPlacement{named("G5"), 0}));
  EXPECT_EQ(offered_placement(board, named("E5"), line, {named("F5"), 0}, CellSet{}),
            std::nullopt);  // short of the ring
}

TEST(SpellweaversSpellArea, LineEndTowardAPointedSquareIsOnTheRing) {
  const Board board = open_board(10, 10);
  const Spell close = spell_of(AreaClass::kLine, RangeClass::kClose);
  const auto end = [&](const Spell& spell, const char* caster, const char* toward) {
    const std::optional<Cell> cell = line_end_toward(board, named(caster), spell, named(toward));
    return cell ? grid::cell_name(*cell) : std::string("none");
  };
  EXPECT_EQ(end(close, "E5", "F5"), "G5");
  EXPECT_EQ(end(close, "E5", "F6"), "G7");
  EXPECT_EQ(end(close, "E5", "H6"), "G6");  // 3 east, 1 south: 2 east, 2/3 rounds to 1 south
  EXPECT_EQ(end(close, "E5", "B4"), "C4");  // 3 west, 1 north
  EXPECT_EQ(end(close, "E5", "D7"), "D7");  // already on the ring
  EXPECT_EQ(end(close, "E5", "E5"), "none");
  const Spell snipe = spell_of(AreaClass::kLine, RangeClass::kSnipe);
  EXPECT_EQ(end(snipe, "A1", "B2"), "J10");  // the board's far corner, 9 away
  EXPECT_EQ(end(snipe, "A1", "C2"), "J6");   // 9 east, 4.5 rounds to 5 south
}

TEST(SpellweaversSpellArea, NothingAffectedSaysWhy) {
  const Board board = open_board(10, 10);
  const Spell small = spell_of(AreaClass::kSmall, RangeClass::kClose, kSmallSquare);
  EXPECT_EQ(nothing_affected_reason(board, named("E5"), small, {named("D4"), 0}, CellSet{}), "");
  EXPECT_EQ(nothing_affected_reason(board, named("E5"), small, {named("J10"), 0}, CellSet{}),
            "nothing would be affected: of the area's 4 squares, 3 are off the board and 1 is "
            "beyond Close range (2 squares)");
  const Spell single = spell_of(AreaClass::kSingle, RangeClass::kMedium);
  EXPECT_EQ(nothing_affected_reason(board, named("A1"), single, {named("D1"), 0},
                                    warband::testing::cells_set({named("C1")})),
            "nothing would be affected: of the area's 1 square, 1 is out of the caster's sight");
  EXPECT_EQ(nothing_affected_reason(board, named("D4"), single, {named("E4"), 0},
                                    warband::testing::cells_set({named("D4")})),
            "nothing would be affected: the caster stands in the Dark and sees only its own "
            "square");
  const Spell line = spell_of(AreaClass::kLine, RangeClass::kClose);
  EXPECT_EQ(nothing_affected_reason(board, named("D4"), line, {named("D4"), 0}, CellSet{}),
            "nothing would be affected: a Line is drawn to a square at the edge of its range, not "
            "to the caster's own square");
}

// Random boards, blockers, casters and shapes (a fixed seed): the same check as above, wider.
TEST(SpellweaversSpellArea, DistinctPlacementsMatchTryingEveryPlacementOnRandomBoards) {
  Rng rng(17);
  for (int round = 0; round < 40; ++round) {
    const int width = 5 + static_cast<int>(rng.below(6));
    const int height = 5 + static_cast<int>(rng.below(5));
    Board board(width, height, kSpellweaversGeometry);
    CellSet blockers;
    for (int i = 0; i < 6; ++i) {
      const Cell c = C(static_cast<int>(rng.below(width)), static_cast<int>(rng.below(height)));
      if (rng.below(2) == 0)
        board.at(c).flags = kStone;
      else
        blockers.set(grid::cell_index(c));
    }
    board.finalize();
    Cell caster;
    do {
      caster = C(static_cast<int>(rng.below(width)), static_cast<int>(rng.below(height)));
    } while (board.at(caster).flags != 0);
    const RangeClass range = static_cast<RangeClass>(rng.below(4));
    Spell spell = spell_of(rng.below(5) == 0 ? AreaClass::kLine : AreaClass::kMedium, range);
    if (spell.area == AreaClass::kMedium) {
      const int squares = 1 + static_cast<int>(rng.below(8));
      for (int i = 0; i < squares; ++i)
        spell.shape.push_back(
            {static_cast<int>(rng.below(7)) - 3, static_cast<int>(rng.below(7)) - 3});
    }
    std::vector<AreaPlacement> placements;
    distinct_placements(board, caster, spell, blockers, placements);
    EXPECT_EQ(placements, brute_force(board, caster, spell, blockers))
        << "round " << round << ": " << area_key(spell.area) << " " << shape_text(spell.shape)
        << " from " << grid::cell_name(caster) << ", " << range_key(range);
    // The same from a sight computed once for the caster.
    CasterSight sight;
    caster_sight(board, caster, blockers, sight);
    std::vector<AreaPlacement> from_sight;
    distinct_placements(board, sight, spell, from_sight);
    EXPECT_EQ(from_sight, placements) << "round " << round;
  }
}

TEST(SpellweaversSpellArea, PlacementCodesFitSixteenBitsAndKeepTheOrder) {
  EXPECT_LE(kAreaPlacementCodes, 1 << 16);
  EXPECT_EQ(placement_code({C(-50, -50), 0}), 0);
  EXPECT_EQ(placement_code({C(81, 73), 3}), kAreaPlacementCodes - 1);
  EXPECT_EQ(placement_from_code(kAreaPlacementCodes - 1), (AreaPlacement{C(81, 73), 3}));
  EXPECT_EQ(placement_from_code(placement_code({C(-1, 2), 1})), (AreaPlacement{C(-1, 2), 1}));
  EXPECT_FALSE(has_placement_code({C(-51, 0), 0}));
  EXPECT_FALSE(has_placement_code({C(0, 74), 0}));
  EXPECT_FALSE(has_placement_code({C(0, 0), 4}));
  // Every placement offered on the largest board has a code, ascending in the offered order:
  // a Snipe Line from a corner (ends 31 beyond it) and shapes hanging over every edge.
  const Board board = open_board(grid::kMaxWidth, grid::kMaxHeight);
  const Spell spells[] = {spell_of(AreaClass::kLine, RangeClass::kSnipe),
                          spell_of(AreaClass::kSmall, RangeClass::kSnipe, "0,0;3,0;0,3;3,3"),
                          spell_of(AreaClass::kMedium, RangeClass::kSnipe, "0,0;-6,0;0,6")};
  for (const char* caster : {"A1", "AF24", "P12"}) {
    for (const Spell& spell : spells) {
      std::vector<AreaPlacement> placements;
      distinct_placements(board, named(caster), spell, CellSet{}, placements);
      ASSERT_FALSE(placements.empty());
      int previous = -1;
      for (const AreaPlacement& p : placements) {
        ASSERT_TRUE(has_placement_code(p)) << grid::cell_name(p.anchor);
        EXPECT_GT(placement_code(p), previous);
        previous = placement_code(p);
        EXPECT_EQ(placement_from_code(previous), p);
      }
    }
  }
}

TEST(SpellweaversSpellArea, DistinctPlacementsReuseTheirOutput) {
  const Board board = open_board(10, 10);
  const Spell small = spell_of(AreaClass::kSmall, RangeClass::kClose, kSmallSquare);
  std::vector<AreaPlacement> placements{{C(9, 9), 3}};
  distinct_placements(board, named("E5"), small, CellSet{}, placements);
  EXPECT_EQ(placements.size(), 36u);  // cleared first
  const AreaPlacement* storage = placements.data();
  distinct_placements(board, named("E5"), small, CellSet{}, placements);
  EXPECT_EQ(placements.size(), 36u);
  EXPECT_EQ(placements.data(), storage);  // grown once, not again
}

}  // namespace
}  // namespace warband::spellweavers
