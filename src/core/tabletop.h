// Tabletop geometry in inches for the games played on a real table with round bases (no grid):
// fixed-point positions, bases, edge-to-edge distance, contact, facing and arcs, terrain pieces
// and the table. Knows no ruleset: what a size hides, what a piece costs to cross or what an arc
// is worth is the ruleset's; core answers the geometry exactly, the same on every machine.
//
// Conventions:
//  - A coordinate is an integer count of 1/100 inch (kUnitsPerInch). The table's corner is (0, 0);
//    x runs along its width, y along its depth. Every query is exact integer arithmetic, or says
//    how it rounds: games, hashes and replays are the same on every machine.
//  - An angle is an integer count of 1/3600 turn (a tenth of a degree, kTurn per turn), measured
//    from the +x direction towards +y. A facing is an angle in [0, kTurn).
//  - Directions come from a table of cosines and sines computed by the compiler (constexpr), scaled
//    by 2^30 and rounded: no run-time libm, whose last bit may differ between machines.
//  - Bases are round. Diameters are whole 1/100 inches; radii may be half units, so distances
//    between edges are compared in doubled units internally and never rounded before a decision.
#pragma once

#include <array>
#include <cstdint>
#include <cstdlib>
#include <span>

namespace warband::tabletop {

inline constexpr int kUnitsPerInch = 100;
// The largest side of a table: keeps every product of coordinates well inside 64 bits and every
// exact comparison of squared distances inside 128 bits.
inline constexpr int kMaxTableSide = 200 * kUnitsPerInch;
inline constexpr int kTurn = 3600;  // angle units per full turn
inline constexpr int kHalfTurn = kTurn / 2;
// Two bases are in contact when the gap between their edges is at most this (either way): a base
// placed "touching" another by hand or by rounding to 1/100 inch still counts.
inline constexpr int kContactTolerance = 2;  // 0.02 inch
// The most terrain pieces a table holds and models a query takes (64-bit masks name sets of them).
inline constexpr int kMaxPieces = 64;
inline constexpr int kMaxModels = 64;

constexpr int inches(int whole) {
  return whole * kUnitsPerInch;
}

struct Point {
  std::int32_t x = 0;
  std::int32_t y = 0;
  friend bool operator==(Point, Point) = default;
};

// Any angle as the same direction in [0, kTurn).
constexpr int normalize_angle(int angle) {
  angle %= kTurn;
  return angle < 0 ? angle + kTurn : angle;
}

// The unit vector of an angle, scaled by kDirectionScale and rounded to the nearest integer.
inline constexpr std::int64_t kDirectionScale = std::int64_t{1} << 30;
struct Direction {
  std::int64_t x = 0;
  std::int64_t y = 0;
};
Direction direction(int angle);
// `length` units from `from` towards `angle`, each coordinate rounded to the nearest unit (halves
// away from zero).
Point point_towards(Point from, int angle, std::int64_t length);

// `length` units from `from` straight towards `through` (or away from it, for a negative length),
// each coordinate rounded to the nearest unit: a Push directly away, a Throw or a Charge in a
// straight line. `from` == `through` gives `from`.
Point point_along(Point from, Point through, std::int64_t length);

// floor(sqrt(n)), exact for every n >= 0 (a floating-point estimate corrected by integer steps).
std::uint64_t isqrt(std::uint64_t n);

inline std::int64_t squared_distance(Point a, Point b) {
  const std::int64_t dx = std::int64_t{a.x} - b.x;
  const std::int64_t dy = std::int64_t{a.y} - b.y;
  return dx * dx + dy * dy;
}
// Centre to centre, rounded down to the unit.
inline std::int64_t distance(Point a, Point b) {
  return static_cast<std::int64_t>(isqrt(static_cast<std::uint64_t>(squared_distance(a, b))));
}

// A model on the table: where its base's centre stands, its base and which way it faces. `size`
// is the ruleset's size category (core only reports it, e.g. for what a sight line crosses).
struct Model {
  Point at;
  std::int32_t diameter = kUnitsPerInch;
  std::int16_t facing = 0;
  std::uint8_t size = 1;
  friend bool operator==(const Model&, const Model&) = default;
};

// Edge to edge: the gap between two bases (negative when they overlap), rounded down to the unit
// (the centre distance is floor(sqrt) in half units, so the result is the exact gap rounded
// towards minus infinity).
std::int64_t edge_distance(Point a, int diameter_a, Point b, int diameter_b);
inline std::int64_t edge_distance(const Model& a, const Model& b) {
  return edge_distance(a.at, a.diameter, b.at, b.diameter);
}
// Whether the gap between the edges is at most `range` (exact: no square root).
bool within_edge(Point a, int diameter_a, Point b, int diameter_b, std::int64_t range);
inline bool within_edge(const Model& a, const Model& b, std::int64_t range) {
  return within_edge(a.at, a.diameter, b.at, b.diameter, range);
}
// Whether the bases overlap (touching edges do not overlap; exact).
bool bases_overlap(Point a, int diameter_a, Point b, int diameter_b);
// Base to base: the gap between the edges is within kContactTolerance either way (exact).
bool in_contact(const Model& a, const Model& b);

// Arcs. The front arc of a facing of width `width` (angle units, 0..kTurn) is the wedge from the
// model's centre centred on the facing, its two edges included; the rear arc of the same width is
// centred on the opposite direction. A point at the model's centre is in every arc.
bool point_in_arc(Point centre, int facing, int width, Point p);
inline bool in_front_arc(const Model& m, int width, Point p) {
  return point_in_arc(m.at, m.facing, width, p);
}
inline bool in_rear_arc(const Model& m, int width, Point p) {
  return point_in_arc(m.at, m.facing + kHalfTurn, width, p);
}
// Whether any part of `other`'s base lies in the wedge (edges included): the base's centre is in
// it, or its edge reaches over one of the wedge's two edges. Use point_in_arc on other.at for
// "its centre is in the arc".
bool base_touches_arc(Point centre, int facing, int width, Point other, int other_diameter);
// The facing in [0, kTurn) whose direction is nearest that of to - from (a binary search of the
// direction table with cross products: no arctangent); ties go to the smaller angle, and
// `from` == `to` keeps `current`.
int turn_towards(Point from, Point to, int current);

// A position and facing in one code of at most 48 bits, for action encodings: x and y in 18 bits
// each (up to 2621.43 inches, well past kMaxTableSide), the facing in 12. Sorting codes sorts by
// x, then y, then facing. An action a browser sends back must stay below 2^53 (JSON numbers are
// doubles there), which leaves 5 bits above a whole place: a game that needs a model and a kind
// beside it packs the point alone (36 bits) with the facing elsewhere or not at all.
inline constexpr int kPointBits = 18;
inline constexpr int kFacingBits = 12;
inline constexpr int kPlaceBits = 2 * kPointBits + kFacingBits;  // 48
inline constexpr std::uint64_t pack_place(Point p, int facing) {
  return (static_cast<std::uint64_t>(p.x) << (kPointBits + kFacingBits)) |
         (static_cast<std::uint64_t>(p.y) << kFacingBits) | static_cast<std::uint64_t>(facing);
}
// A point alone in 36 bits (pack_place without the facing), for a staged destination choice:
// a game packs its kind and model above it and stays below 2^53 (docs/api.md).
inline constexpr std::uint64_t pack_point(Point p) {
  return (static_cast<std::uint64_t>(p.x) << kPointBits) | static_cast<std::uint64_t>(p.y);
}
inline constexpr Point unpack_point(std::uint64_t payload) {
  constexpr std::uint64_t mask = (std::uint64_t{1} << kPointBits) - 1;
  return {static_cast<std::int32_t>((payload >> kPointBits) & mask),
          static_cast<std::int32_t>(payload & mask)};
}
struct Place {
  Point at;
  int facing = 0;
  friend bool operator==(const Place&, const Place&) = default;
};
inline constexpr Place unpack_place(std::uint64_t code) {
  constexpr std::uint64_t point_mask = (std::uint64_t{1} << kPointBits) - 1;
  constexpr std::uint64_t facing_mask = (std::uint64_t{1} << kFacingBits) - 1;
  return Place{Point{static_cast<std::int32_t>((code >> (kPointBits + kFacingBits)) & point_mask),
                     static_cast<std::int32_t>((code >> kFacingBits) & point_mask)},
               static_cast<int>(code & facing_mask)};
}
// Whether pack_place can hold the point (0 <= x, y < 2^18) and the facing (in [0, kTurn)).
inline constexpr bool packable(Point p, int facing) {
  return p.x >= 0 && p.y >= 0 && p.x < (1 << kPointBits) && p.y < (1 << kPointBits) &&
         facing >= 0 && facing < kTurn;
}

// Terrain. A piece's footprint is a circle (rocks, trees, barrels, round towers) or a rectangle
// turned by any angle (walls, buildings, crates, hedges): the shapes the seeds' terrain and a
// tabletop's scenery come in; an irregular hill or ruin is several pieces. A rectangle is kept as
// the convex quadrilateral through its four corners rounded to the unit, so every test against it
// is exact integer arithmetic.
enum class Shape : std::uint8_t { kCircle, kRectangle };

enum PieceFlag : std::uint8_t {
  kImpassable = 1 << 0,    // no base passes through or stands on it
  kReinforced = 1 << 1,    // the ruleset's reinforced terrain (wounds, resistances)
  kDestructible = 1 << 2,  // may be destroyed (thrown into, broken)
};

struct Piece {
  Shape shape = Shape::kCircle;
  std::uint8_t size = 0;   // the ruleset's size category
  std::uint8_t flags = 0;  // PieceFlag bits
  Point centre;
  std::int32_t width = 0;  // a circle's diameter; a rectangle's side along its rotation
  std::int32_t depth = 0;  // a rectangle's other side (a circle's diameter again)
  std::int16_t rotation = 0;
  std::int32_t height = 0;  // units, as the table's coordinates
  // Derived by make_piece: the rectangle's corners counter-clockwise (as seen with +y up), and
  // the bounding box of either shape.
  std::array<Point, 4> corners{};
  Point low;
  Point high;
  friend bool operator==(const Piece&, const Piece&) = default;
};
Piece make_circle(Point centre, int diameter, int size, int height, std::uint8_t flags = 0);
Piece make_rectangle(Point centre, int width, int depth, int rotation, int size, int height,
                     std::uint8_t flags = 0);
// Whether the point lies in the piece's footprint, its edge included.
bool piece_contains(const Piece& piece, Point p);
// Whether a base at `at` overlaps the piece's footprint (touching is not overlapping).
bool base_overlaps_piece(const Piece& piece, Point at, int diameter);
// Whether the whole base lies within the footprint (standing on top of it).
bool base_within_piece(const Piece& piece, Point at, int diameter);
// Whether two footprints share any area (touching edges do not).
bool pieces_overlap(const Piece& a, const Piece& b);

// A table: its size and its terrain pieces. Flat and fixed-size. The models stand on it but are
// passed beside it (Models): a game keeps its table, fixed for the game, in its immutable Game
// and its models in its flat State, so that copying a state copies no terrain.
struct Table {
  std::int32_t width = 0;  // along x, units
  std::int32_t depth = 0;  // along y, units
  int piece_count = 0;
  std::array<Piece, kMaxPieces> pieces{};
  // Whether the whole base lies on the table.
  bool base_on_table(Point at, int diameter) const;
  // Whether the whole footprint lies on the table.
  bool piece_on_table(const Piece& piece) const;
  // The piece whose footprint holds the point (what a model whose centre is there stands on), or
  // -1; pieces of a table document do not overlap, so there is at most one (else the first).
  int piece_at(Point p) const;
};

// The models on a table, at most kMaxModels: a query names a model by its index here, and sets of
// models (ModelMask) and pieces (PieceMask) are bit masks of their indices.
using Models = std::span<const Model>;
using ModelMask = std::uint64_t;  // bit i: models[i]
using PieceMask = std::uint64_t;  // bit i: table.pieces[i]

}  // namespace warband::tabletop
