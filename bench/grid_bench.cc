// Grid hot paths: terrain table lookups, line of sight between units, movement reach.
#include <benchmark/benchmark.h>

#include <vector>

#include "core/grid.h"
#include "core/rng.h"

namespace {

using namespace warband::grid;

Cell C(int x, int y) {
  return Cell{static_cast<std::int8_t>(x), static_cast<std::int8_t>(y)};
}

// Terrain bits of the sample board, for the judge below (a ruleset keeps its own).
constexpr std::uint8_t kObscuring = 1 << 0;
constexpr std::uint8_t kLightCover = 1 << 1;
constexpr std::uint8_t kWall = kBlocksMove | kBlocksSight;

// A 28x18 battlefield with a bit of everything: a walled ruin, a wood (1 extra Move, obscuring),
// a hill (heights 1-2), a rock that blocks sight, hedges (light cover), a bog (hazard 2).
Board sample_board(Geometry geometry = {Neighbourhood::kFour, Distance::kManhattan, 2, 1}) {
  Board board(28, 18, geometry);
  for (int x = 10; x <= 14; ++x)
    board.at(C(x, 4)).flags |= kWall;
  for (int y = 4; y <= 7; ++y)
    board.at(C(10, y)).flags |= kWall;
  for (int y = 10; y <= 13; ++y) {
    for (int x = 4; x <= 7; ++x) {
      board.at(C(x, y)).move_cost = 1;
      board.at(C(x, y)).terrain |= kObscuring;
    }
  }
  for (int y = 6; y <= 11; ++y)
    for (int x = 18; x <= 23; ++x)
      board.at(C(x, y)).height = (x >= 20 && x <= 21 && y >= 8 && y <= 9) ? 2 : 1;
  board.at(C(15, 12)).flags |= kBlocksSight;
  board.at(C(16, 12)).flags |= kBlocksSight;
  for (int x = 2; x <= 8; ++x)
    board.at(C(x, 15)).terrain |= kLightCover;
  board.at(C(13, 9)).hazard = 2;
  board.at(C(13, 10)).hazard = 2;
  board.at(C(13, 10)).move_cost = 1;
  board.finalize();
  return board;
}

// A judge like a ruleset's: obscuring spaces crossed, then cover crossed next to the target.
struct CoverJudge {
  struct Score {
    int obscuring = 0;
    int cover = 0;
    friend auto operator<=>(const Score&, const Score&) = default;
  };
  const FootprintCells& target;
  void cross(Cell c, const Space& space, Score& score) const {
    score.obscuring += (space.terrain & kObscuring) ? 1 : 0;
    if ((space.terrain & kLightCover) && score.cover < 1) {
      for (int i = 0; i < target.count; ++i)
        if (manhattan(target.cells[i], c) <= 1) score.cover = 1;
    }
  }
};

// Pairs of spaces about 10 apart (Manhattan 9..11), all over the board.
std::vector<std::pair<Cell, Cell>> pairs_about_ten_apart(int count) {
  warband::Rng rng(11);
  std::vector<std::pair<Cell, Cell>> pairs;
  while (static_cast<int>(pairs.size()) < count) {
    const Cell a = C(static_cast<int>(rng.below(28)), static_cast<int>(rng.below(18)));
    const Cell b = C(static_cast<int>(rng.below(28)), static_cast<int>(rng.below(18)));
    const int d = manhattan(a, b);
    if (d >= 9 && d <= 11) pairs.emplace_back(a, b);
  }
  return pairs;
}

void BM_GridTerrainClear(benchmark::State& state) {
  const Board board = sample_board();
  const auto pairs = pairs_about_ten_apart(256);
  std::size_t i = 0;
  for (auto _ : state) {
    const auto& [a, b] = pairs[i++ & 255];
    benchmark::DoNotOptimize(board.terrain_clear(a, b, static_cast<int>(i & 1)));
  }
}
BENCHMARK(BM_GridTerrainClear);

void BM_GridTraceLine(benchmark::State& state) {
  const auto pairs = pairs_about_ten_apart(256);
  LineTrace trace;
  std::size_t i = 0;
  for (auto _ : state) {
    const auto& [a, b] = pairs[i++ & 255];
    trace_line(a, b, 0, trace);
    benchmark::DoNotOptimize(trace.count);
  }
}
BENCHMARK(BM_GridTraceLine);

// Two single-space units about 10 apart, with six other units on the board blocking sight.
void BM_GridSightSingleSpaceUnits(benchmark::State& state) {
  const Board board = sample_board();
  const auto pairs = pairs_about_ten_apart(256);
  CellSet blockers;
  for (Cell c : {C(6, 3), C(12, 8), C(17, 5), C(20, 14), C(9, 16), C(24, 2)})
    blockers.set(cell_index(c));
  std::vector<std::pair<FootprintCells, FootprintCells>> units;
  for (const auto& [a, b] : pairs) {
    FootprintCells from, to;
    from.cells[from.count++] = a;
    to.cells[to.count++] = b;
    units.emplace_back(from, to);
  }
  std::size_t i = 0;
  int clear = 0;
  for (auto _ : state) {
    const auto& [from, to] = units[i++ & 255];
    const auto s = judged_sight_between(board, from, to, blockers, CoverJudge{to});
    clear += s.clear;
    benchmark::DoNotOptimize(s);
  }
  state.counters["clear_share"] = static_cast<double>(clear) / static_cast<double>(i);
}
BENCHMARK(BM_GridSightSingleSpaceUnits);

// A 2x2 monster shooting at a 1x3 dragon: 12 pairs of spaces.
void BM_GridSightMonsterToDragon(benchmark::State& state) {
  const Board board = sample_board();
  CellSet blockers;
  for (Cell c : {C(6, 3), C(12, 8), C(17, 5)})
    blockers.set(cell_index(c));
  FootprintCells monster, dragon;
  covered_cells(Footprint{2, 2}, Placement{C(2, 6), false}, monster);
  covered_cells(Footprint{1, 3}, Placement{C(11, 11), false}, dragon);
  for (auto _ : state)
    benchmark::DoNotOptimize(
        judged_sight_between(board, monster, dragon, blockers, CoverJudge{dragon}));
}
BENCHMARK(BM_GridSightMonsterToDragon);

void ReachBenchmark(benchmark::State& state, Footprint footprint, Cell start,
                    Neighbourhood neighbourhood = Neighbourhood::kFour) {
  const Board board = sample_board(Geometry{
      neighbourhood,
      neighbourhood == Neighbourhood::kEight ? Distance::kChebyshev : Distance::kManhattan, 2, 1});
  MoveQuery query;
  query.footprint = footprint;
  query.start = Placement{start, false};
  query.budget = static_cast<int>(state.range(0));
  for (Cell c : {C(12, 8), C(17, 5), C(16, 9)})
    query.blocked.set(cell_index(c));
  query.occupied = query.blocked;
  query.occupied.set(cell_index(C(14, 11)));
  Reach reach;
  for (auto _ : state) {
    compute_reach(board, query, reach);
    benchmark::DoNotOptimize(reach.destinations.data());
  }
  state.counters["destinations"] = static_cast<double>(reach.destinations.size());
}

void BM_GridReach1x1(benchmark::State& state) {
  ReachBenchmark(state, Footprint{1, 1}, C(14, 9));
}
BENCHMARK(BM_GridReach1x1)->Arg(4)->Arg(8)->Arg(16);

void BM_GridReach1x2(benchmark::State& state) {
  ReachBenchmark(state, Footprint{1, 2}, C(14, 8));
}
BENCHMARK(BM_GridReach1x2)->Arg(4)->Arg(8)->Arg(16);

void BM_GridReach1x3(benchmark::State& state) {
  ReachBenchmark(state, Footprint{1, 3}, C(15, 7));
}
BENCHMARK(BM_GridReach1x3)->Arg(8);

// Eight ways with Chebyshev distance (a diagonal step costs 1), as a Spellweavers-like grid.
void BM_GridReach1x1EightWays(benchmark::State& state) {
  ReachBenchmark(state, Footprint{1, 1}, C(14, 9), Neighbourhood::kEight);
}
BENCHMARK(BM_GridReach1x1EightWays)->Arg(4)->Arg(8);

void BM_GridReach1x2EightWays(benchmark::State& state) {
  ReachBenchmark(state, Footprint{1, 2}, C(14, 8), Neighbourhood::kEight);
}
BENCHMARK(BM_GridReach1x2EightWays)->Arg(4)->Arg(8);

void BM_GridFinalize(benchmark::State& state) {
  Board board = sample_board();
  for (auto _ : state) {
    board.finalize();
    benchmark::ClobberMemory();
  }
}
BENCHMARK(BM_GridFinalize)->Unit(benchmark::kMillisecond);

}  // namespace
