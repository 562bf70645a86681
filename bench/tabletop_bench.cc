// Tabletop hot paths (core/tabletop*.h) on a 48" x 48" table with 20 terrain pieces and 20
// models (issue 18's aims: a distance under 20 ns, a line of sight under 1 µs): distances, lines
// of sight, a wide line, a movement reach and a snap.
#include <benchmark/benchmark.h>

#include <utility>
#include <vector>

#include "core/rng.h"
#include "core/tabletop.h"
#include "core/tabletop_move.h"
#include "core/tabletop_sight.h"

namespace {

using namespace warband::tabletop;

int below(warband::Rng& rng, int bound) {
  return static_cast<int>(rng.below(static_cast<std::uint64_t>(bound)));
}

// 20 pieces (rectangles at any angle and circles, 1-6" across, a quarter impassable) that do not
// overlap, then 20 models of 1-2" bases on no piece and no other base: the same table every run.
struct Sample {
  Table table;
  std::vector<Model> models;
};

Sample sample_table() {
  warband::Rng rng(18);
  Sample sample;
  Table& table = sample.table;
  std::vector<Model>& models = sample.models;
  table.width = 4800;
  table.depth = 4800;
  while (table.piece_count < 20) {
    const Point centre{400 + below(rng, 4000), 400 + below(rng, 4000)};
    const std::uint8_t flags = below(rng, 4) == 0 ? kImpassable : 0;
    const Piece piece =
        below(rng, 2) == 0
            ? make_circle(centre, 100 + below(rng, 500), 1 + below(rng, 5), 100, flags)
            : make_rectangle(centre, 100 + below(rng, 500), 50 + below(rng, 250), below(rng, kTurn),
                             1 + below(rng, 5), 100, flags);
    bool fits = table.piece_on_table(piece);
    for (int i = 0; i < table.piece_count && fits; ++i)
      fits = !pieces_overlap(table.pieces[i], piece);
    if (fits) table.pieces[table.piece_count++] = piece;
  }
  while (models.size() < 20) {
    Model m;
    m.diameter = below(rng, 2) == 0 ? 100 : 200;
    m.at = Point{200 + below(rng, 4400), 200 + below(rng, 4400)};
    m.size = static_cast<std::uint8_t>(1 + below(rng, 4));
    bool fits = true;
    for (int i = 0; i < table.piece_count && fits; ++i)
      fits = !base_overlaps_piece(table.pieces[i], m.at, m.diameter);
    for (std::size_t i = 0; i < models.size() && fits; ++i)
      fits = !bases_overlap(models[i].at, models[i].diameter, m.at, m.diameter);
    if (fits) models.push_back(m);
  }
  return sample;
}

std::vector<std::pair<int, int>> model_pairs(const Sample& sample) {
  const int count = static_cast<int>(sample.models.size());
  std::vector<std::pair<int, int>> pairs;
  for (int a = 0; a < count; ++a)
    for (int b = 0; b < count; ++b)
      if (a != b) pairs.emplace_back(a, b);
  return pairs;  // 380
}

void BM_TabletopEdgeDistance(benchmark::State& state) {
  const Sample sample = sample_table();
  const std::vector<Model>& models = sample.models;
  const auto pairs = model_pairs(sample);
  std::size_t i = 0;
  for (auto _ : state) {
    const auto& [a, b] = pairs[i++ % pairs.size()];
    benchmark::DoNotOptimize(edge_distance(models[a], models[b]));
  }
}
BENCHMARK(BM_TabletopEdgeDistance);

void BM_TabletopWithinRange(benchmark::State& state) {
  const Sample sample = sample_table();
  const std::vector<Model>& models = sample.models;
  const auto pairs = model_pairs(sample);
  std::size_t i = 0;
  for (auto _ : state) {
    const auto& [a, b] = pairs[i++ % pairs.size()];
    benchmark::DoNotOptimize(within_edge(models[a], models[b], 600));
  }
}
BENCHMARK(BM_TabletopWithinRange);

// What the line between two models' centres crosses, past 20 pieces and 18 other models.
void BM_TabletopCentreLine(benchmark::State& state) {
  const Sample sample = sample_table();
  const Table& table = sample.table;
  const std::vector<Model>& models = sample.models;
  const auto pairs = model_pairs(sample);
  std::size_t i = 0;
  int clear = 0;
  for (auto _ : state) {
    const auto& [a, b] = pairs[i++ % pairs.size()];
    const SightLine line = centre_line(table, models, a, b);
    clear += (line.pieces | line.models) == 0 ? 1 : 0;
    benchmark::DoNotOptimize(line);
  }
  state.counters["clear_share"] = static_cast<double>(clear) / static_cast<double>(i);
}
BENCHMARK(BM_TabletopCentreLine);

// The five sight lines across the target's base (how much of it is seen).
void BM_TabletopSightFiveLines(benchmark::State& state) {
  const Sample sample = sample_table();
  const Table& table = sample.table;
  const std::vector<Model>& models = sample.models;
  const auto pairs = model_pairs(sample);
  std::size_t i = 0;
  Sight s;
  for (auto _ : state) {
    const auto& [a, b] = pairs[i++ % pairs.size()];
    sight(table, models, a, b, s);
    benchmark::DoNotOptimize(s.clear_lines(pieces_at_least(table, models[b].size), 0));
  }
}
BENCHMARK(BM_TabletopSightFiveLines);

// Breakthrough's 1" line, 8" long from each model towards another.
void BM_TabletopWideLine(benchmark::State& state) {
  const Sample sample = sample_table();
  const std::vector<Model>& models = sample.models;
  const auto pairs = model_pairs(sample);
  std::size_t i = 0;
  LineHits hits;
  for (auto _ : state) {
    const auto& [a, b] = pairs[i++ % pairs.size()];
    const int facing = turn_towards(models[a].at, models[b].at, 0);
    models_on_wide_line(models, models[a].at, point_towards(models[a].at, facing, 800), 100,
                        ModelMask{1} << a, hits);
    benchmark::DoNotOptimize(hits.count);
  }
}
BENCHMARK(BM_TabletopWideLine);

// A leg of range(0) / 100 inches on the half-inch lattice, with base contact offered with two
// other models, cover by the two nearest pieces and friends (even models) passable.
MoveQuery leg_query(const std::vector<Model>& models, int mover, std::int64_t budget) {
  const int count = static_cast<int>(models.size());
  MoveQuery q;
  q.model = mover;
  q.budget = budget;
  q.contact_with =
      (ModelMask{1} << ((mover + 1) % count)) | (ModelMask{1} << ((mover + 3) % count));
  q.cover_of = 0b11;
  for (int i = 0; i < count; i += 2)
    q.passable_models |= ModelMask{1} << i;
  return q;
}

void BM_TabletopReach(benchmark::State& state) {
  const Sample sample = sample_table();
  const Table& table = sample.table;
  const std::vector<Model>& models = sample.models;
  Reach r;
  int mover = 0;
  long destinations = 0;
  long queries = 0;
  for (auto _ : state) {
    reach(table, models, leg_query(models, mover, state.range(0)), r);
    destinations += r.count;
    ++queries;
    mover = (mover + 1) % static_cast<int>(models.size());
    benchmark::DoNotOptimize(r.count);
  }
  state.counters["destinations"] = static_cast<double>(destinations) / static_cast<double>(queries);
}
BENCHMARK(BM_TabletopReach)->Arg(300)->Arg(600)->Arg(1200)->Unit(benchmark::kMicrosecond);

// A click snapped to the nearest destination of a 6" reach.
void BM_TabletopSnap(benchmark::State& state) {
  const Sample sample = sample_table();
  const Table& table = sample.table;
  const std::vector<Model>& models = sample.models;
  Reach r;
  reach(table, models, leg_query(models, 0, 600), r);
  warband::Rng rng(7);
  std::vector<Point> clicks;
  for (int i = 0; i < 256; ++i)
    clicks.push_back(
        Point{models[0].at.x - 700 + below(rng, 1400), models[0].at.y - 700 + below(rng, 1400)});
  std::size_t i = 0;
  for (auto _ : state)
    benchmark::DoNotOptimize(snap(r, clicks[i++ & 255]));
  state.counters["destinations"] = r.count;
}
BENCHMARK(BM_TabletopSnap);

// One typed destination checked (the terminal's and the server's path for a typed point).
void BM_TabletopCheckMove(benchmark::State& state) {
  const Sample sample = sample_table();
  const Table& table = sample.table;
  const std::vector<Model>& models = sample.models;
  const MoveQuery q = leg_query(models, 0, 600);
  warband::Rng rng(9);
  std::vector<Point> targets;
  for (int i = 0; i < 256; ++i)
    targets.push_back(
        Point{models[0].at.x - 400 + below(rng, 800), models[0].at.y - 400 + below(rng, 800)});
  std::size_t i = 0;
  for (auto _ : state)
    benchmark::DoNotOptimize(check_move(table, models, q, targets[i++ & 255]));
}
BENCHMARK(BM_TabletopCheckMove);

}  // namespace
