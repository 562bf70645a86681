#include "core/tabletop_sight.h"

#include <algorithm>

#include "core/error.h"
#include "core/tabletop_shapes.h"

namespace warband::tabletop {

namespace {

using shapes::round_div;

bool line_crosses_piece(const Piece& piece, Point a, Point b, const shapes::Box& box) {
  if (box.misses(piece.low, piece.high)) return false;
  if (piece.shape == Shape::kCircle)
    return shapes::point_segment_within(piece.centre, a, b, piece.width, true);
  return shapes::segment_crosses_quad(a, b, piece.corners);
}

bool line_crosses_model(const Model& m, Point a, Point b, const shapes::Box& box) {
  if (box.misses(shapes::base_box(m.at, m.diameter))) return false;
  return shapes::point_segment_within(m.at, a, b, m.diameter, true);
}

void trace(const Table& table, Models models, Point from, Point to, ModelMask skip,
           SightLine& line) {
  WB_CHECK(models.size() <= static_cast<std::size_t>(kMaxModels));
  line.to = to;
  line.pieces = 0;
  line.models = 0;
  const shapes::Box box = shapes::box_around(from, to);
  for (int i = 0; i < table.piece_count; ++i)
    if (line_crosses_piece(table.pieces[i], from, to, box)) line.pieces |= PieceMask{1} << i;
  for (std::size_t i = 0; i < models.size(); ++i)
    if (!(skip >> i & 1) && line_crosses_model(models[i], from, to, box))
      line.models |= ModelMask{1} << i;
}

}  // namespace

ModelMask models_in_area(Models models, Point centre, std::int64_t radius) {
  WB_CHECK(models.size() <= static_cast<std::size_t>(kMaxModels));
  ModelMask hit = 0;
  for (std::size_t i = 0; i < models.size(); ++i) {
    const Model& m = models[i];
    if (within_edge(centre, 0, m.at, m.diameter, radius)) hit |= ModelMask{1} << i;
  }
  return hit;
}

void models_on_wide_line(Models models, Point from, Point to, std::int64_t width, ModelMask ignore,
                         LineHits& out) {
  WB_CHECK(models.size() <= static_cast<std::size_t>(kMaxModels));
  out.count = 0;
  const std::int64_t vx = std::int64_t{to.x} - from.x;
  const std::int64_t vy = std::int64_t{to.y} - from.y;
  const std::int64_t length = static_cast<std::int64_t>(isqrt(vx * vx + vy * vy));
  // Half the width square to the line, as a vector rounded to the unit.
  const std::int64_t px = length == 0 ? 0 : round_div(-vy * width, 2 * length);
  const std::int64_t py = length == 0 ? 0 : round_div(vx * width, 2 * length);
  const auto at = [](Point p, std::int64_t dx, std::int64_t dy) {
    return Point{static_cast<std::int32_t>(p.x + dx), static_cast<std::int32_t>(p.y + dy)};
  };
  const shapes::Quad quad = {at(from, -px, -py), at(to, -px, -py), at(to, px, py),
                             at(from, px, py)};
  shapes::Box box = shapes::box_around(quad[0], quad[2]);
  for (const Point corner : {quad[1], quad[3]}) {
    box.low_x = std::min<std::int64_t>(box.low_x, corner.x);
    box.low_y = std::min<std::int64_t>(box.low_y, corner.y);
    box.high_x = std::max<std::int64_t>(box.high_x, corner.x);
    box.high_y = std::max<std::int64_t>(box.high_y, corner.y);
  }
  std::array<std::int64_t, kMaxModels> along{};
  for (std::size_t i = 0; i < models.size(); ++i) {
    if (ignore >> i & 1) continue;
    const Model& m = models[i];
    const std::int64_t r = (m.diameter + 1) / 2 + width / 2 + 1;  // +1: the rounded corners
    if (box.misses(shapes::box_around(m.at, m.at, r))) continue;
    const bool touches = length == 0
                             ? within_edge(from, 0, m.at, m.diameter, width / 2)
                             : shapes::segment_quad_within(m.at, m.at, quad, m.diameter, false);
    if (!touches) continue;
    along[out.count] = (std::int64_t{m.at.x} - from.x) * vx + (std::int64_t{m.at.y} - from.y) * vy;
    out.models[out.count] = static_cast<std::uint8_t>(i);
    ++out.count;
  }
  // Insertion sort by (distance along, index): at most kMaxModels entries, no allocation.
  for (int i = 1; i < out.count; ++i) {
    for (int j = i; j > 0; --j) {
      const bool before = along[j] < along[j - 1] ||
                          (along[j] == along[j - 1] && out.models[j] < out.models[j - 1]);
      if (!before) break;
      std::swap(along[j], along[j - 1]);
      std::swap(out.models[j], out.models[j - 1]);
    }
  }
}

SightLine centre_line(const Table& table, Models models, int viewer, int target) {
  SightLine line;
  const ModelMask skip = (ModelMask{1} << viewer) | (ModelMask{1} << target);
  trace(table, models, models[viewer].at, models[target].at, skip, line);
  return line;
}

void sight(const Table& table, Models models, int viewer, int target, Sight& out) {
  const Point from = models[viewer].at;
  const Model& t = models[target];
  const ModelMask skip = (ModelMask{1} << viewer) | (ModelMask{1} << target);
  const std::int64_t vx = std::int64_t{t.at.x} - from.x;
  const std::int64_t vy = std::int64_t{t.at.y} - from.y;
  const std::int64_t length = static_cast<std::int64_t>(isqrt(vx * vx + vy * vy));
  const std::int64_t reach = std::max<std::int64_t>(t.diameter - 2, 0);  // twice radius - 1 unit
  for (int k = -2; k <= 2; ++k) {
    // k quarters of the way along the diameter (reach / 2 each side), square to the centre line.
    const std::int64_t dx = length == 0 ? 0 : round_div(-vy * k * reach, 4 * length);
    const std::int64_t dy = length == 0 ? 0 : round_div(vx * k * reach, 4 * length);
    const Point to{static_cast<std::int32_t>(t.at.x + dx), static_cast<std::int32_t>(t.at.y + dy)};
    trace(table, models, from, to, skip, out.lines[k + 2]);
  }
}

int Sight::clear_lines(PieceMask blocking_pieces, ModelMask blocking_models) const {
  int clear = 0;
  for (const SightLine& line : lines)
    if ((line.pieces & blocking_pieces) == 0 && (line.models & blocking_models) == 0) ++clear;
  return clear;
}

PieceMask pieces_at_least(const Table& table, int size) {
  PieceMask mask = 0;
  for (int i = 0; i < table.piece_count; ++i)
    if (table.pieces[i].size >= size) mask |= PieceMask{1} << i;
  return mask;
}

PieceMask pieces_with(const Table& table, std::uint8_t flags) {
  PieceMask mask = 0;
  for (int i = 0; i < table.piece_count; ++i)
    if ((table.pieces[i].flags & flags) == flags) mask |= PieceMask{1} << i;
  return mask;
}

int largest_size(const Table& table, PieceMask pieces) {
  int largest = -1;
  for (int i = 0; i < table.piece_count; ++i)
    if (pieces >> i & 1) largest = std::max<int>(largest, table.pieces[i].size);
  return largest;
}

}  // namespace warband::tabletop
