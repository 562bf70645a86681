#include "core/tabletop_move.h"

#include <algorithm>
#include <bit>

#include "core/error.h"
#include "core/tabletop_shapes.h"

namespace warband::tabletop {

namespace {

using shapes::round_div;

using Nearby = MoveObstacles;

bool boxes_meet(std::int64_t a_low_x, std::int64_t a_low_y, std::int64_t a_high_x,
                std::int64_t a_high_y, Point b_low, Point b_high) {
  return !(b_high.x < a_low_x || b_low.x > a_high_x || b_high.y < a_low_y || b_low.y > a_high_y);
}

Nearby nearby(const Table& table, Models models, const MoveQuery& query) {
  WB_CHECK(models.size() <= static_cast<std::size_t>(kMaxModels));
  WB_CHECK(query.model >= 0 && query.model < static_cast<int>(models.size()));
  const Model& mover = models[query.model];
  Nearby n;
  n.models = models;
  n.start = mover.at;
  n.diameter = mover.diameter;
  n.budget = std::max<std::int64_t>(query.budget, 0);
  const std::int64_t margin = n.budget + (mover.diameter + 1) / 2;
  const std::int64_t lx = n.start.x - margin, ly = n.start.y - margin;
  const std::int64_t hx = n.start.x + margin, hy = n.start.y + margin;
  for (int i = 0; i < static_cast<int>(models.size()); ++i) {
    if (i == query.model) continue;
    const Model& m = models[i];
    const std::int32_t r = (m.diameter + 1) / 2;
    if (!boxes_meet(lx, ly, hx, hy, Point{m.at.x - r, m.at.y - r}, Point{m.at.x + r, m.at.y + r}))
      continue;
    n.end_models |= ModelMask{1} << i;
    const bool passable = (query.passable_models >> i & 1) != 0;
    if (!passable && !bases_overlap(n.start, n.diameter, m.at, m.diameter))
      n.path_models |= ModelMask{1} << i;
  }
  for (int i = 0; i < table.piece_count; ++i) {
    const Piece& p = table.pieces[i];
    const bool blocking = (p.flags & kImpassable) || (query.blocking_pieces >> i & 1);
    if (!blocking || !boxes_meet(lx, ly, hx, hy, p.low, p.high)) continue;
    n.end_pieces |= PieceMask{1} << i;
    if (!base_overlaps_piece(p, n.start, n.diameter)) n.path_pieces |= PieceMask{1} << i;
  }
  return n;
}

MoveCheck problem(MoveProblem kind, int index = -1) {
  return MoveCheck{kind, index};
}

MoveCheck check(const Table& table, const Nearby& n, Point to) {
  if (squared_distance(n.start, to) > n.budget * n.budget) return problem(MoveProblem::kTooFar);
  if (!table.base_on_table(to, n.diameter)) return problem(MoveProblem::kOffTable);
  // Boxes first: most obstacles are nowhere near a given destination or leg.
  const std::int64_t radius = (n.diameter + 1) / 2;
  const shapes::Box end = shapes::box_around(to, to, radius);
  const shapes::Box path = shapes::box_around(n.start, to, radius);
  for (ModelMask m = n.end_models; m; m &= m - 1) {
    const int i = std::countr_zero(m);
    const Model& other = n.models[i];
    if (end.misses(shapes::base_box(other.at, other.diameter))) continue;
    if (bases_overlap(to, n.diameter, other.at, other.diameter))
      return problem(MoveProblem::kOntoModel, i);
  }
  for (PieceMask m = n.end_pieces; m; m &= m - 1) {
    const int i = std::countr_zero(m);
    const Piece& piece = table.pieces[i];
    if (end.misses(piece.low, piece.high)) continue;
    if (base_overlaps_piece(piece, to, n.diameter)) return problem(MoveProblem::kOntoPiece, i);
  }
  for (ModelMask m = n.path_models; m; m &= m - 1) {
    const int i = std::countr_zero(m);
    const Model& other = n.models[i];
    if (path.misses(shapes::base_box(other.at, other.diameter))) continue;
    if (shapes::point_segment_within(other.at, n.start, to,
                                     std::int64_t{n.diameter} + other.diameter, true))
      return problem(MoveProblem::kThroughModel, i);
  }
  for (PieceMask m = n.path_pieces; m; m &= m - 1) {
    const int i = std::countr_zero(m);
    const Piece& piece = table.pieces[i];
    if (path.misses(piece.low, piece.high)) continue;
    const bool through =
        piece.shape == Shape::kCircle
            ? shapes::point_segment_within(piece.centre, n.start, to,
                                           std::int64_t{piece.width} + n.diameter, true)
            : shapes::segment_quad_within(n.start, to, piece.corners, n.diameter, true);
    if (through) return problem(MoveProblem::kThroughPiece, i);
  }
  return problem(MoveProblem::kNone);
}

// One unit further from `centre` along the larger component of p - centre (or +x when equal).
Point step_away(Point p, std::int64_t dx, std::int64_t dy) {
  if (std::abs(dx) >= std::abs(dy))
    p.x += dx >= 0 ? 1 : -1;
  else
    p.y += dy >= 0 ? 1 : -1;
  return p;
}

// The point at `twice_gap_free / 2` from `centre` towards `towards`, rounded, then moved out one
// unit at a time until `overlaps` is false (rounding may leave it a unit short).
template <class Overlaps>
Point place_outside(Point centre, std::int64_t dx, std::int64_t dy, std::int64_t twice_reach,
                    Overlaps&& overlaps) {
  // The length of (dx, dy) with 8 more bits, so that the offset rounds to the unit.
  const std::int64_t length = static_cast<std::int64_t>(isqrt((dx * dx + dy * dy) << 16));
  Point p{static_cast<std::int32_t>(centre.x + round_div(dx * twice_reach * 128, length)),
          static_cast<std::int32_t>(centre.y + round_div(dy * twice_reach * 128, length))};
  for (int tries = 0; tries < 8 && overlaps(p); ++tries)
    p = step_away(p, dx, dy);
  return p;
}

bool point_less(Point a, Point b) {
  return a.x != b.x ? a.x < b.x : a.y < b.y;
}

// The most points that matter one query can offer: 9 per model, 8 per piece, the objectives.
inline constexpr int kMaxSpecial = 9 * kMaxModels + 8 * kMaxPieces + kMaxObjectives;
static_assert(kMaxSpecial < kMaxReach);

// Fills a Reach in order without sorting it whole: the points that matter are gathered first and
// sorted (a few dozen), then merged with the lattice, which comes in (x, y) order already. Room
// is kept for every point that matters, so only the lattice is ever cut short.
class Collector {
 public:
  Collector(const Table& table, const Nearby& n, Reach& out) : table_(table), n_(n), out_(out) {}
  void offer_special(Point p) {
    if (p == n_.start || special_count_ == kMaxSpecial || !check(table_, n_, p).ok()) return;
    specials_[special_count_++] = p;
  }
  void sort_specials() {
    std::sort(specials_.begin(), specials_.begin() + special_count_, point_less);
    special_count_ = static_cast<int>(
        std::unique(specials_.begin(), specials_.begin() + special_count_) - specials_.begin());
  }
  // Whether the lattice has no room left.
  bool full() const { return out_.count + (special_count_ - next_) >= kMaxReach; }
  void offer_lattice(Point p) {
    if (p == n_.start || !check(table_, n_, p).ok()) return;
    while (next_ < special_count_ && point_less(specials_[next_], p))
      out_.points[out_.count++] = specials_[next_++];
    if (next_ < special_count_ && specials_[next_] == p) ++next_;
    out_.points[out_.count++] = p;
  }
  void finish() {
    while (next_ < special_count_)
      out_.points[out_.count++] = specials_[next_++];
  }

 private:
  const Table& table_;
  const Nearby& n_;
  Reach& out_;
  std::array<Point, kMaxSpecial> specials_;
  int special_count_ = 0;
  int next_ = 0;  // the first special not yet in the list
};

// Base contact with a disc (a model's base or a round piece): the point nearest the start and
// eight around it, each just touching.
void offer_contact(Collector& collect, const Nearby& n, Point centre, int diameter) {
  const std::int64_t twice_reach = std::int64_t{diameter} + n.diameter;
  const auto overlaps = [&](Point p) { return bases_overlap(p, n.diameter, centre, diameter); };
  const std::int64_t dx = std::int64_t{n.start.x} - centre.x;
  const std::int64_t dy = std::int64_t{n.start.y} - centre.y;
  if (dx != 0 || dy != 0)
    collect.offer_special(place_outside(centre, dx, dy, twice_reach, overlaps));
  for (int k = 0; k < 8; ++k) {
    const Direction d = direction(k * kTurn / 8);
    collect.offer_special(place_outside(centre, d.x >> 10, d.y >> 10, twice_reach, overlaps));
  }
}

// Touching a rectangle's edge: on each side, where the start's nearest point of it is, and its
// middle; the base pushed out square to the side.
void offer_cover(Collector& collect, const Nearby& n, const Piece& piece) {
  if (piece.shape == Shape::kCircle) {
    offer_contact(collect, n, piece.centre, piece.width);
    return;
  }
  const auto overlaps = [&](Point p) { return base_overlaps_piece(piece, p, n.diameter); };
  for (int i = 0; i < 4; ++i) {
    const Point c = piece.corners[i];
    const Point d = piece.corners[(i + 1) % 4];
    const std::int64_t ex = std::int64_t{d.x} - c.x;
    const std::int64_t ey = std::int64_t{d.y} - c.y;
    const std::int64_t length2 = ex * ex + ey * ey;
    if (length2 == 0) continue;
    // Counter-clockwise corners: the outward normal of side c -> d is (ey, -ex).
    const std::int64_t along = std::clamp<std::int64_t>(
        (std::int64_t{n.start.x} - c.x) * ex + (std::int64_t{n.start.y} - c.y) * ey, 0, length2);
    for (const std::int64_t t : {along, length2 / 2}) {
      const Point on_side{static_cast<std::int32_t>(c.x + round_div(ex * t, length2)),
                          static_cast<std::int32_t>(c.y + round_div(ey * t, length2))};
      collect.offer_special(place_outside(on_side, ey, -ex, n.diameter, overlaps));
    }
  }
}

// The first multiple of `step` at or above v.
std::int64_t lattice_ceil(std::int64_t v, std::int64_t step) {
  const std::int64_t q = v >= 0 ? (v + step - 1) / step : -((-v) / step);
  return q * step;
}

}  // namespace

MoveCheck check_move(const Table& table, Models models, const MoveQuery& query, Point to) {
  return check(table, nearby(table, models, query), to);
}

MoveChecker::MoveChecker(const Table& table, Models models, const MoveQuery& query)
    : table_(&table), obstacles_(nearby(table, models, query)) {}

MoveCheck MoveChecker::check(Point to) const {
  return tabletop::check(*table_, obstacles_, to);
}

bool Reach::contains(Point p) const {
  return std::binary_search(points.begin(), points.begin() + count, p, point_less);
}

void reach(const Table& table, Models models, const MoveQuery& query, Reach& out) {
  out.count = 0;
  out.truncated = false;
  const Nearby n = nearby(table, models, query);
  Collector collect(table, n, out);
  // Contact and cover points lie within a base's width (and a few units of rounding) of their
  // model or piece: those further than the budget are skipped without placing them.
  const std::int64_t slack = n.budget + n.diameter + 16;
  for (ModelMask m = query.contact_with; m; m &= m - 1) {
    const Model& target = models[std::countr_zero(m)];
    const std::int64_t far = slack + target.diameter;
    if (squared_distance(n.start, target.at) > far * far) continue;
    offer_contact(collect, n, target.at, target.diameter);
  }
  for (PieceMask m = query.cover_of; m; m &= m - 1) {
    const Piece& piece = table.pieces[std::countr_zero(m)];
    if (!boxes_meet(n.start.x - slack, n.start.y - slack, n.start.x + slack, n.start.y + slack,
                    piece.low, piece.high))
      continue;
    offer_cover(collect, n, piece);
  }
  for (int i = 0; i < query.objective_count && i < kMaxObjectives; ++i)
    collect.offer_special(query.objectives[i]);
  collect.sort_specials();
  // The lattice, clipped to the disc of the budget and to where the base fits on the table.
  const std::int64_t step = std::max<std::int64_t>(query.lattice, 1);
  const std::int64_t radius_floor = n.diameter / 2;
  const std::int64_t low_x = std::max<std::int64_t>(n.start.x - n.budget, radius_floor);
  const std::int64_t high_x = std::min<std::int64_t>(n.start.x + n.budget, table.width);
  for (std::int64_t x = lattice_ceil(low_x, step); x <= high_x && !collect.full(); x += step) {
    const std::int64_t dx = x - n.start.x;
    const std::int64_t dy_max =
        static_cast<std::int64_t>(isqrt(static_cast<std::uint64_t>(n.budget * n.budget - dx * dx)));
    const std::int64_t low_y = std::max<std::int64_t>(n.start.y - dy_max, radius_floor);
    const std::int64_t high_y = std::min<std::int64_t>(n.start.y + dy_max, table.depth);
    for (std::int64_t y = lattice_ceil(low_y, step); y <= high_y && !collect.full(); y += step)
      collect.offer_lattice(Point{static_cast<std::int32_t>(x), static_cast<std::int32_t>(y)});
    if (collect.full()) out.truncated = true;
  }
  collect.finish();
}

int snap(const Reach& reach, Point wanted) {
  int best = -1;
  std::int64_t best_distance = 0;
  for (int i = 0; i < reach.count; ++i) {
    const std::int64_t d = squared_distance(reach.points[i], wanted);
    if (best < 0 || d < best_distance) {
      best = i;
      best_distance = d;
    }
  }
  return best;
}

}  // namespace warband::tabletop
