// Spellweavers' spell areas: one cast's affected squares, and every distinct placement a cast
// offers (what the legal actions of a cast are built from), on a 20x20 board with walls.
#include <benchmark/benchmark.h>

#include <vector>

#include "core/grid.h"
#include "rulesets/spellweavers/spell.h"
#include "rulesets/spellweavers/spell_area.h"

namespace warband::spellweavers {
namespace {

using grid::Cell;
using grid::CellSet;

Cell area_cell(int x, int y) {
  return Cell{static_cast<std::int8_t>(x), static_cast<std::int8_t>(y)};
}

// 20x20, eight-way and Chebyshev as Spellweavers plays: a stone wall with a gap north of the
// caster, two pillars, and Wall conditions (sight blockers) east of it.
grid::Board area_board() {
  grid::Board board(20, 20, {grid::Neighbourhood::kEight, grid::Distance::kChebyshev});
  for (int x = 4; x <= 15; ++x)
    if (x != 10) board.at(area_cell(x, 5)).flags = grid::kBlocksMove | grid::kBlocksSight;
  board.at(area_cell(5, 12)).flags = grid::kBlocksMove | grid::kBlocksSight;
  board.at(area_cell(14, 14)).flags = grid::kBlocksMove | grid::kBlocksSight;
  board.finalize();
  return board;
}

CellSet area_walls() {
  CellSet walls;
  for (int y = 8; y <= 11; ++y)
    walls.set(grid::cell_index(area_cell(13, y)));
  return walls;
}

const Cell kCaster = area_cell(9, 9);

Spell spell_of(AreaClass area, RangeClass range, const char* shape) {
  Spell spell;
  spell.name = "Bench";
  spell.effects.push_back(parse_effect("damage:2", "bench"));
  spell.area = area;
  spell.range = range;
  if (*shape != 0) spell.shape = parse_shape(shape, "bench");
  return spell;
}

constexpr const char* kLargeSquare =
    "0,0;1,0;2,0;3,0;0,1;1,1;2,1;3,1;0,2;1,2;2,2;3,2;0,3;1,3;2,3;3,3";

// Arg: the range class (1 Medium, 2 Far).
void BM_SpellweaversAffectedSquaresLarge(benchmark::State& state) {
  const grid::Board board = area_board();
  const CellSet walls = area_walls();
  const Spell large =
      spell_of(AreaClass::kLarge, static_cast<RangeClass>(state.range(0)), kLargeSquare);
  // Placements across the walls, partly out of range and off the board.
  const AreaPlacement placements[] = {
      {area_cell(11, 8), 0}, {area_cell(6, 3), 1}, {area_cell(2, 14), 2}, {area_cell(17, 18), 3}};
  CellSet out;
  std::size_t i = 0;
  for (auto _ : state) {
    affected_squares(board, kCaster, large, placements[i++ & 3], walls, out);
    benchmark::DoNotOptimize(out);
  }
}
BENCHMARK(BM_SpellweaversAffectedSquaresLarge)->Arg(1)->Arg(2);

void DistinctPlacementsBenchmark(benchmark::State& state, const Spell& spell) {
  const grid::Board board = area_board();
  const CellSet walls = area_walls();
  std::vector<AreaPlacement> out;
  for (auto _ : state) {
    distinct_placements(board, kCaster, spell, walls, out);
    benchmark::DoNotOptimize(out.data());
  }
  state.counters["placements"] = static_cast<double>(out.size());
}

void BM_SpellweaversDistinctPlacementsLarge(benchmark::State& state) {
  DistinctPlacementsBenchmark(
      state, spell_of(AreaClass::kLarge, static_cast<RangeClass>(state.range(0)), kLargeSquare));
}
BENCHMARK(BM_SpellweaversDistinctPlacementsLarge)->Arg(1)->Arg(2);

// A Large shape with no symmetry, so each of its 4 turns is tried: a ring with a tail.
void BM_SpellweaversDistinctPlacementsLargeAsymmetric(benchmark::State& state) {
  DistinctPlacementsBenchmark(
      state, spell_of(AreaClass::kLarge, static_cast<RangeClass>(state.range(0)),
                      "0,0;1,0;2,0;3,0;0,1;3,1;0,2;3,2;0,3;1,3;2,3;3,3;4,3;5,3;5,4;5,5"));
}
BENCHMARK(BM_SpellweaversDistinctPlacementsLargeAsymmetric)->Arg(1)->Arg(2);

void BM_SpellweaversDistinctPlacementsLine(benchmark::State& state) {
  DistinctPlacementsBenchmark(
      state, spell_of(AreaClass::kLine, static_cast<RangeClass>(state.range(0)), ""));
}
BENCHMARK(BM_SpellweaversDistinctPlacementsLine)->Arg(1)->Arg(2)->Arg(3);

// A wizard's six spells, as the legal actions of one decision list them: every spell's distinct
// placements, each working out the caster's sight (Arg 0) or sharing one CasterSight (Arg 1).
void BM_SpellweaversSixSpellsPlacements(benchmark::State& state) {
  const grid::Board board = area_board();
  const CellSet walls = area_walls();
  const Spell spells[] = {
      spell_of(AreaClass::kSingle, RangeClass::kMedium, ""),
      spell_of(AreaClass::kSmall, RangeClass::kClose, "0,0;1,0;0,1;1,1"),
      spell_of(AreaClass::kMedium, RangeClass::kMedium, "0,0;1,0;2,0;3,0;0,1;1,1;2,1;3,1"),
      spell_of(AreaClass::kLarge, RangeClass::kFar, kLargeSquare),
      spell_of(AreaClass::kLine, RangeClass::kFar, ""),
      spell_of(AreaClass::kNuke, RangeClass::kClose, ""),
  };
  const bool shared = state.range(0) == 1;
  std::vector<AreaPlacement> out;
  std::size_t total = 0;
  for (auto _ : state) {
    total = 0;
    CasterSight sight;
    if (shared) caster_sight(board, kCaster, walls, sight);
    for (const Spell& spell : spells) {
      if (shared)
        distinct_placements(board, sight, spell, out);
      else
        distinct_placements(board, kCaster, spell, walls, out);
      total += out.size();
    }
    benchmark::DoNotOptimize(total);
  }
  state.counters["placements"] = static_cast<double>(total);
}
BENCHMARK(BM_SpellweaversSixSpellsPlacements)->Arg(0)->Arg(1);

}  // namespace
}  // namespace warband::spellweavers
