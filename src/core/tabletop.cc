#include "core/tabletop.h"

#include <algorithm>
#include <cmath>

#include "core/tabletop_shapes.h"

namespace warband::tabletop {

namespace {

using shapes::round_div;
using shapes::Wide;

// cos and sin by their series, for the compiler alone: |x| <= pi / 4, where 12 terms are exact to
// the last bit of a double.
constexpr double kPi = 3.14159265358979323846;
constexpr double sin_series(double x) {
  double term = x;
  double sum = x;
  for (int n = 1; n < 12; ++n) {
    term *= -x * x / ((2.0 * n) * (2.0 * n + 1));
    sum += term;
  }
  return sum;
}
constexpr double cos_series(double x) {
  double term = 1;
  double sum = 1;
  for (int n = 1; n < 12; ++n) {
    term *= -x * x / ((2.0 * n - 1) * (2.0 * n));
    sum += term;
  }
  return sum;
}
constexpr std::int64_t scaled(double v) {
  const double s = v * static_cast<double>(kDirectionScale);
  return static_cast<std::int64_t>(s >= 0 ? s + 0.5 : s - 0.5);
}

// The first quadrant, reduced to [0, 45] degrees so each value comes from one short series; 45
// degrees takes the same value for both so that a diagonal stays exactly diagonal.
constexpr Direction first_quadrant(int angle) {
  constexpr int kEighth = kTurn / 8;
  constexpr double kRadiansPerUnit = 2 * kPi / kTurn;
  if (angle == kEighth) {
    const std::int64_t v = scaled(cos_series(kEighth * kRadiansPerUnit));
    return Direction{v, v};
  }
  if (angle < kEighth) {
    const double x = angle * kRadiansPerUnit;
    return Direction{scaled(cos_series(x)), scaled(sin_series(x))};
  }
  const double x = (kTurn / 4 - angle) * kRadiansPerUnit;
  return Direction{scaled(sin_series(x)), scaled(cos_series(x))};
}

struct DirectionTable {
  std::array<Direction, kTurn> at{};
  constexpr DirectionTable() {
    constexpr int kQuarter = kTurn / 4;
    for (int angle = 0; angle < kTurn; ++angle) {
      const Direction d = first_quadrant(angle % kQuarter);
      switch (angle / kQuarter) {
        case 0:
          at[angle] = d;
          break;
        case 1:
          at[angle] = Direction{-d.y, d.x};
          break;
        case 2:
          at[angle] = Direction{-d.x, -d.y};
          break;
        default:
          at[angle] = Direction{d.y, -d.x};
          break;
      }
    }
  }
};
constexpr DirectionTable kDirections;

std::int64_t dot(Direction d, std::int64_t x, std::int64_t y) {
  return d.x * x + d.y * y;
}
std::int64_t cross(Direction d, std::int64_t x, std::int64_t y) {
  return d.x * y - d.y * x;
}

// Whether v lies in the wedge centred on `facing` reaching `half` each side (0 <= half <= a
// quarter turn), its edges included (or excluded when `strict`).
bool in_narrow_wedge(int facing, int half, std::int64_t vx, std::int64_t vy, bool strict) {
  const Direction centre = direction(facing);
  const Direction right = direction(facing - half);
  const Direction left = direction(facing + half);
  const std::int64_t a = cross(right, vx, vy);
  const std::int64_t b = -cross(left, vx, vy);
  const std::int64_t c = dot(centre, vx, vy);
  return strict ? (a > 0 && b > 0 && c > 0) : (a >= 0 && b >= 0 && c >= 0);
}

// Which half turn a vector's angle lies in: [0, 180) degrees is 0, [180, 360) is 1.
int half_of(std::int64_t x, std::int64_t y) {
  return (y > 0 || (y == 0 && x > 0)) ? 0 : 1;
}
// Whether the angle of (ax, ay) is at most that of (bx, by), both in [0, kTurn).
bool angle_at_most(std::int64_t ax, std::int64_t ay, std::int64_t bx, std::int64_t by) {
  const int ha = half_of(ax, ay);
  const int hb = half_of(bx, by);
  if (ha != hb) return ha < hb;
  return shapes::cross(ax, ay, bx, by) >= 0;
}

}  // namespace

Direction direction(int angle) {
  return kDirections.at[normalize_angle(angle)];
}

Point point_towards(Point from, int angle, std::int64_t length) {
  const Direction d = direction(angle);
  return Point{static_cast<std::int32_t>(from.x + round_div(length * d.x, kDirectionScale)),
               static_cast<std::int32_t>(from.y + round_div(length * d.y, kDirectionScale))};
}

Point point_along(Point from, Point through, std::int64_t length) {
  const std::int64_t dx = std::int64_t{through.x} - from.x;
  const std::int64_t dy = std::int64_t{through.y} - from.y;
  if (dx == 0 && dy == 0) return from;
  // The vector's length with 8 more bits, so that the offset rounds to the unit.
  const std::int64_t scaled_length =
      static_cast<std::int64_t>(isqrt(static_cast<std::uint64_t>(dx * dx + dy * dy) << 16));
  return Point{static_cast<std::int32_t>(from.x + round_div(dx * length * 256, scaled_length)),
               static_cast<std::int32_t>(from.y + round_div(dy * length * 256, scaled_length))};
}

std::uint64_t isqrt(std::uint64_t n) {
  std::uint64_t r = static_cast<std::uint64_t>(std::sqrt(static_cast<double>(n)));
  r = std::min<std::uint64_t>(r, 0xFFFFFFFFu);
  while (r * r > n)
    --r;
  while (r < 0xFFFFFFFFu && (r + 1) * (r + 1) <= n)
    ++r;
  return r;
}

std::int64_t edge_distance(Point a, int diameter_a, Point b, int diameter_b) {
  // floor(2 * centre distance) - both diameters = floor(2 * gap); halved, rounding down.
  const std::int64_t twice_gap =
      static_cast<std::int64_t>(isqrt(4 * static_cast<std::uint64_t>(squared_distance(a, b)))) -
      diameter_a - diameter_b;
  return twice_gap >= 0 ? twice_gap / 2 : -((-twice_gap + 1) / 2);
}

bool within_edge(Point a, int diameter_a, Point b, int diameter_b, std::int64_t range) {
  const std::int64_t reach = 2 * range + diameter_a + diameter_b;  // twice the centre distance
  if (reach < 0) return false;
  return 4 * squared_distance(a, b) <= reach * reach;
}

bool bases_overlap(Point a, int diameter_a, Point b, int diameter_b) {
  const std::int64_t sum = std::int64_t{diameter_a} + diameter_b;
  return 4 * squared_distance(a, b) < sum * sum;
}

bool in_contact(const Model& a, const Model& b) {
  const std::int64_t sum = std::int64_t{a.diameter} + b.diameter;
  const std::int64_t near = sum - 2 * kContactTolerance;
  const std::int64_t far = sum + 2 * kContactTolerance;
  const std::int64_t twice2 = 4 * squared_distance(a.at, b.at);
  return twice2 <= far * far && (near <= 0 || twice2 >= near * near);
}

bool point_in_arc(Point centre, int facing, int width, Point p) {
  const std::int64_t vx = std::int64_t{p.x} - centre.x;
  const std::int64_t vy = std::int64_t{p.y} - centre.y;
  if ((vx == 0 && vy == 0) || width >= kTurn) return true;
  if (width < 0) return false;
  const int half = width / 2;
  if (half <= kTurn / 4) return in_narrow_wedge(facing, half, vx, vy, false);
  // A wide arc is everything outside the narrow wedge behind it (that wedge's edges are in).
  return !in_narrow_wedge(facing + kHalfTurn, kHalfTurn - half, vx, vy, true);
}

bool base_touches_arc(Point centre, int facing, int width, Point other, int other_diameter) {
  if (point_in_arc(centre, facing, width, other)) return true;
  if (width < 0) return false;
  if (bases_overlap(centre, 0, other, other_diameter)) return true;  // it covers the apex
  // Otherwise it reaches into the wedge across one of the two edges (rays from the centre).
  constexpr std::int64_t kRayLength = 4 * kMaxTableSide;
  const int half = width / 2;
  for (const int edge : {facing - half, facing + half}) {
    const Point far = point_towards(centre, edge, kRayLength);
    if (shapes::point_segment_within(other, centre, far, other_diameter, false)) return true;
  }
  return false;
}

int turn_towards(Point from, Point to, int current) {
  const std::int64_t vx = std::int64_t{to.x} - from.x;
  const std::int64_t vy = std::int64_t{to.y} - from.y;
  if (vx == 0 && vy == 0) return current;
  // The last facing whose angle is at most v's (the table's angles increase with the index).
  int low = 0;
  int high = kTurn - 1;
  while (low < high) {
    const int mid = (low + high + 1) / 2;
    const Direction d = kDirections.at[mid];
    if (angle_at_most(d.x, d.y, vx, vy))
      low = mid;
    else
      high = mid - 1;
  }
  const int next = normalize_angle(low + 1);
  const Wide here = Wide{kDirections.at[low].x} * vx + Wide{kDirections.at[low].y} * vy;
  const Wide there = Wide{kDirections.at[next].x} * vx + Wide{kDirections.at[next].y} * vy;
  if (there > here || (there == here && next < low)) return next;
  return low;
}

Piece make_circle(Point centre, int diameter, int size, int height, std::uint8_t flags) {
  Piece piece;
  piece.shape = Shape::kCircle;
  piece.size = static_cast<std::uint8_t>(size);
  piece.flags = flags;
  piece.centre = centre;
  piece.width = diameter;
  piece.depth = diameter;
  piece.height = height;
  piece.corners.fill(centre);
  const int reach = (diameter + 1) / 2;
  piece.low = Point{centre.x - reach, centre.y - reach};
  piece.high = Point{centre.x + reach, centre.y + reach};
  return piece;
}

Piece make_rectangle(Point centre, int width, int depth, int rotation, int size, int height,
                     std::uint8_t flags) {
  Piece piece;
  piece.shape = Shape::kRectangle;
  piece.size = static_cast<std::uint8_t>(size);
  piece.flags = flags;
  piece.centre = centre;
  piece.width = width;
  piece.depth = depth;
  piece.rotation = static_cast<std::int16_t>(normalize_angle(rotation));
  piece.height = height;
  // Half sides as rounded vectors: the corners then form an exact parallelogram.
  const Direction along = direction(rotation);
  const Direction across = direction(rotation + kTurn / 4);
  const std::int64_t ax = round_div(width * along.x, 2 * kDirectionScale);
  const std::int64_t ay = round_div(width * along.y, 2 * kDirectionScale);
  const std::int64_t bx = round_div(depth * across.x, 2 * kDirectionScale);
  const std::int64_t by = round_div(depth * across.y, 2 * kDirectionScale);
  const auto corner = [&](int sa, int sb) {
    return Point{static_cast<std::int32_t>(centre.x + sa * ax + sb * bx),
                 static_cast<std::int32_t>(centre.y + sa * ay + sb * by)};
  };
  piece.corners = {corner(-1, -1), corner(1, -1), corner(1, 1), corner(-1, 1)};
  piece.low = piece.high = piece.corners[0];
  for (const Point c : piece.corners) {
    piece.low = Point{std::min(piece.low.x, c.x), std::min(piece.low.y, c.y)};
    piece.high = Point{std::max(piece.high.x, c.x), std::max(piece.high.y, c.y)};
  }
  return piece;
}

bool piece_contains(const Piece& piece, Point p) {
  if (piece.shape == Shape::kCircle)
    return 4 * squared_distance(piece.centre, p) <= std::int64_t{piece.width} * piece.width;
  return shapes::quad_contains(piece.corners, p);
}

bool base_overlaps_piece(const Piece& piece, Point at, int diameter) {
  if (piece.shape == Shape::kCircle) return bases_overlap(piece.centre, piece.width, at, diameter);
  return shapes::segment_quad_within(at, at, piece.corners, diameter, true);
}

bool base_within_piece(const Piece& piece, Point at, int diameter) {
  if (piece.shape == Shape::kCircle) {
    const std::int64_t room = std::int64_t{piece.width} - diameter;
    return room >= 0 && 4 * squared_distance(piece.centre, at) <= room * room;
  }
  return shapes::quad_holds_disc(piece.corners, at, diameter);
}

bool pieces_overlap(const Piece& a, const Piece& b) {
  if (a.high.x <= b.low.x || b.high.x <= a.low.x || a.high.y <= b.low.y || b.high.y <= a.low.y)
    return false;
  if (a.shape == Shape::kCircle && b.shape == Shape::kCircle)
    return bases_overlap(a.centre, a.width, b.centre, b.width);
  if (a.shape == Shape::kCircle) return base_overlaps_piece(b, a.centre, a.width);
  if (b.shape == Shape::kCircle) return base_overlaps_piece(a, b.centre, b.width);
  return shapes::quads_overlap(a.corners, b.corners);
}

bool Table::base_on_table(Point at, int diameter) const {
  const std::int64_t x2 = 2 * std::int64_t{at.x};
  const std::int64_t y2 = 2 * std::int64_t{at.y};
  return x2 >= diameter && y2 >= diameter && x2 + diameter <= 2 * std::int64_t{width} &&
         y2 + diameter <= 2 * std::int64_t{depth};
}

bool Table::piece_on_table(const Piece& piece) const {
  if (piece.shape == Shape::kCircle) return base_on_table(piece.centre, piece.width);
  return piece.low.x >= 0 && piece.low.y >= 0 && piece.high.x <= width && piece.high.y <= depth;
}

int Table::piece_at(Point p) const {
  for (int i = 0; i < piece_count; ++i) {
    const Piece& piece = pieces[i];
    if (p.x < piece.low.x || p.x > piece.high.x || p.y < piece.low.y || p.y > piece.high.y)
      continue;
    if (piece_contains(piece, p)) return i;
  }
  return -1;
}

}  // namespace warband::tabletop
