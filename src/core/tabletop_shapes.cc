#include "core/tabletop_shapes.h"

#include <algorithm>

namespace warband::tabletop::shapes {

namespace {

// The squared distance from q to the segment a-b as num / den (den > 0), exactly.
void squared_distance_to_segment(Point q, Point a, Point b, Wide& num, Wide& den) {
  const std::int64_t vx = std::int64_t{b.x} - a.x;
  const std::int64_t vy = std::int64_t{b.y} - a.y;
  const std::int64_t wx = std::int64_t{q.x} - a.x;
  const std::int64_t wy = std::int64_t{q.y} - a.y;
  const std::int64_t length2 = vx * vx + vy * vy;
  const std::int64_t along = wx * vx + wy * vy;
  den = 1;
  if (length2 == 0 || along <= 0) {
    num = Wide{wx} * wx + Wide{wy} * wy;
  } else if (along >= length2) {
    num = squared_distance(q, b);
  } else {
    const Wide c = cross(vx, vy, wx, wy);
    num = c * c;
    den = length2;
  }
}

int sign(std::int64_t v) {
  return (v > 0) - (v < 0);
}

// Whether p, known to be collinear with a-b, lies within the segment's box.
bool on_segment(Point a, Point b, Point p) {
  return std::min(a.x, b.x) <= p.x && p.x <= std::max(a.x, b.x) && std::min(a.y, b.y) <= p.y &&
         p.y <= std::max(a.y, b.y);
}

// Whether every corner of `other` lies on or outside the line of one of `quad`'s edges.
bool separated_by_an_edge_of(const Quad& quad, const Quad& other) {
  for (int i = 0; i < 4; ++i) {
    const Point a = quad[i];
    const Point b = quad[(i + 1) % 4];
    bool all_outside = true;
    for (const Point p : other)
      if (side(a, b, p) > 0) all_outside = false;
    if (all_outside) return true;
  }
  return false;
}

}  // namespace

bool point_segment_within(Point q, Point a, Point b, std::int64_t twice_r, bool strict) {
  if (twice_r < 0) return false;
  Wide num = 0;
  Wide den = 1;
  squared_distance_to_segment(q, a, b, num, den);
  const Wide lhs = 4 * num;
  const Wide rhs = Wide{twice_r} * twice_r * den;
  return strict ? lhs < rhs : lhs <= rhs;
}

bool segments_intersect(Point a, Point b, Point c, Point d) {
  const int d1 = sign(side(c, d, a));
  const int d2 = sign(side(c, d, b));
  const int d3 = sign(side(a, b, c));
  const int d4 = sign(side(a, b, d));
  if (d1 * d2 < 0 && d3 * d4 < 0) return true;
  return (d1 == 0 && on_segment(c, d, a)) || (d2 == 0 && on_segment(c, d, b)) ||
         (d3 == 0 && on_segment(a, b, c)) || (d4 == 0 && on_segment(a, b, d));
}

bool quad_contains(const Quad& quad, Point p) {
  for (int i = 0; i < 4; ++i)
    if (side(quad[i], quad[(i + 1) % 4], p) < 0) return false;
  return true;
}

bool segment_quad_within(Point a, Point b, const Quad& quad, std::int64_t twice_r, bool strict) {
  const bool touches = quad_contains(quad, a) || quad_contains(quad, b) || (!(a == b) && [&] {
                         for (int i = 0; i < 4; ++i)
                           if (segments_intersect(a, b, quad[i], quad[(i + 1) % 4])) return true;
                         return false;
                       }());
  if (touches) return strict ? twice_r > 0 : twice_r >= 0;
  // Apart: the nearest points are an end of one segment against the other segment.
  for (int i = 0; i < 4; ++i) {
    const Point c = quad[i];
    const Point d = quad[(i + 1) % 4];
    if (point_segment_within(a, c, d, twice_r, strict) ||
        point_segment_within(b, c, d, twice_r, strict) ||
        point_segment_within(c, a, b, twice_r, strict))
      return true;
  }
  return false;
}

bool segment_crosses_quad(Point a, Point b, const Quad& quad) {
  // Cyrus-Beck clipping with exact fractions: the parameters t in [0, 1] where a + t (b - a) is
  // strictly inside every edge form an interval (low, high); it crosses when that is not empty.
  const std::int64_t vx = std::int64_t{b.x} - a.x;
  const std::int64_t vy = std::int64_t{b.y} - a.y;
  Wide low_num = 0, low_den = 1, high_num = 1, high_den = 1;
  for (int i = 0; i < 4; ++i) {
    const Point c = quad[i];
    const Point d = quad[(i + 1) % 4];
    const std::int64_t start = side(c, d, a);  // the edge function at t = 0
    const std::int64_t slope = cross(std::int64_t{d.x} - c.x, std::int64_t{d.y} - c.y, vx, vy);
    if (slope == 0) {
      if (start <= 0) return false;
    } else if (slope > 0) {  // inside for t > -start / slope
      if (Wide{-start} * low_den > low_num * slope) {
        low_num = -start;
        low_den = slope;
      }
    } else {  // inside for t < start / -slope
      if (Wide{start} * high_den < high_num * -slope) {
        high_num = start;
        high_den = -slope;
      }
    }
  }
  return low_num * high_den < high_num * low_den;
}

bool quads_overlap(const Quad& a, const Quad& b) {
  return !separated_by_an_edge_of(a, b) && !separated_by_an_edge_of(b, a);
}

bool quad_holds_disc(const Quad& quad, Point q, std::int64_t diameter) {
  for (int i = 0; i < 4; ++i) {
    const Point c = quad[i];
    const Point d = quad[(i + 1) % 4];
    const std::int64_t s = side(c, d, q);  // distance to the edge's line times the edge's length
    if (s < 0) return false;
    const std::int64_t ex = std::int64_t{d.x} - c.x;
    const std::int64_t ey = std::int64_t{d.y} - c.y;
    if (Wide{4} * s * s < Wide{diameter} * diameter * (ex * ex + ey * ey)) return false;
  }
  return true;
}

}  // namespace warband::tabletop::shapes
