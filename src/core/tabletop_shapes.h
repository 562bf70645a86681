// The exact predicates tabletop geometry is built from: points against segments, discs and convex
// quadrilaterals, in integer arithmetic with 128-bit products, so that no decision rounds. A
// radius is passed doubled (a diameter, or a doubled clearance) so that half units stay exact.
// Core's own building blocks (tabletop.cc, tabletop_sight.cc, tabletop_move.cc); rulesets use
// the queries of tabletop.h, tabletop_sight.h and tabletop_move.h.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>

#include "core/tabletop.h"

namespace warband::tabletop::shapes {

__extension__ typedef __int128 Wide;  // products of squared distances (up to ~2^80)

using Quad = std::array<Point, 4>;  // convex, counter-clockwise

inline std::int64_t cross(std::int64_t ax, std::int64_t ay, std::int64_t bx, std::int64_t by) {
  return ax * by - ay * bx;
}
// cross(b - a, p - a): > 0 when p is left of the line a -> b.
inline std::int64_t side(Point a, Point b, Point p) {
  return cross(std::int64_t{b.x} - a.x, std::int64_t{b.y} - a.y, std::int64_t{p.x} - a.x,
               std::int64_t{p.y} - a.y);
}

// num / den rounded to the nearest integer, halves away from zero (den > 0).
inline std::int64_t round_div(std::int64_t num, std::int64_t den) {
  return num >= 0 ? (num + den / 2) / den : -((-num + den / 2) / den);
}

// An axis-aligned box: the cheap test before an exact one.
struct Box {
  std::int64_t low_x, low_y, high_x, high_y;
  bool misses(const Box& other) const {
    return other.high_x < low_x || other.low_x > high_x || other.high_y < low_y ||
           other.low_y > high_y;
  }
  bool misses(Point low, Point high) const { return misses(Box{low.x, low.y, high.x, high.y}); }
};
// The box around the segment a-b (a point when a == b), grown by `margin` on every side.
inline Box box_around(Point a, Point b, std::int64_t margin = 0) {
  return Box{std::int64_t{std::min(a.x, b.x)} - margin, std::int64_t{std::min(a.y, b.y)} - margin,
             std::int64_t{std::max(a.x, b.x)} + margin, std::int64_t{std::max(a.y, b.y)} + margin};
}
// The box around a round base of `diameter` centred at `at`.
inline Box base_box(Point at, std::int64_t diameter) {
  return box_around(at, at, (diameter + 1) / 2);
}

// Whether the distance from q to the segment a-b is below (strict) or at most (not strict)
// twice_r / 2.
bool point_segment_within(Point q, Point a, Point b, std::int64_t twice_r, bool strict);
// Whether the closed segments a-b and c-d share a point.
bool segments_intersect(Point a, Point b, Point c, Point d);
// Whether p lies in the quadrilateral, its edge included.
bool quad_contains(const Quad& quad, Point p);
// Whether the distance between the segment a-b and the quadrilateral (0 when they meet) is
// below (strict) or at most twice_r / 2. a == b tests a point (a disc of that radius).
bool segment_quad_within(Point a, Point b, const Quad& quad, std::int64_t twice_r, bool strict);
// Whether the segment a-b passes through the quadrilateral's interior (running along an edge or
// touching a corner does not).
bool segment_crosses_quad(Point a, Point b, const Quad& quad);
// Whether two quadrilaterals share interior area.
bool quads_overlap(const Quad& a, const Quad& b);
// Whether a disc (centre q, diameter d) lies wholly in the quadrilateral.
bool quad_holds_disc(const Quad& quad, Point q, std::int64_t diameter);

}  // namespace warband::tabletop::shapes
