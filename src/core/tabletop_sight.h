// What lines and areas on a tabletop touch: circular areas, lines of a width (Breakthrough's "1"
// wide line"), and lines of sight between bases past terrain and models. Core reports what each
// line crosses, with the pieces' sizes and heights on the table; what hides what (a piece's size
// against the target's, cover from a partly hidden base) is the ruleset's.
#pragma once

#include <array>
#include <cstdint>

#include "core/tabletop.h"

namespace warband::tabletop {

// The models whose base an area of radius `radius` centred on `centre` touches (edge to edge
// within the radius, touching included; exact).
ModelMask models_in_area(Models models, Point centre, std::int64_t radius);

// A straight line of a width: the rectangle from `from` to `to`, `width` wide (its corners
// rounded to the unit; exact on lines along x or y). `models` lists the models whose base it
// touches (an edge on the rectangle's edge counts), in order along the line: by the distance of
// their centre's projection from `from`, ties by index.
struct LineHits {
  std::array<std::uint8_t, kMaxModels> models{};
  int count = 0;
};
void models_on_wide_line(Models models, Point from, Point to, std::int64_t width, ModelMask ignore,
                         LineHits& out);

// What one sight line from the viewer's centre to a point crosses: pieces whose footprint it
// passes through (a grazing touch of an edge or corner does not count), and models whose base it
// passes within (a line tangent to a base does not). The viewer and the target are never in it.
struct SightLine {
  Point to;
  PieceMask pieces = 0;
  ModelMask models = 0;
};
// The centre line alone: what the straight line between two models' centres crosses, the two
// models excluded. The cheap "is there a line of sight" question.
SightLine centre_line(const Table& table, Models models, int viewer, int target);

// How much of a target's base the viewer sees: kSightLines lines from the viewer's centre to
// points across the target's base, on its diameter square to the centre line: the centre, both
// ends of that diameter pulled in by one unit (so that they lie on the base), and the two points
// halfway. Ordered from one edge to the other, the centre in the middle.
inline constexpr int kSightLines = 5;
struct Sight {
  std::array<SightLine, kSightLines> lines{};
  // Lines none of whose crossings are in the masks: a ruleset passes what blocks for it (e.g.
  // pieces_at_least(table, target size), the other models) and reads a fraction of kSightLines.
  int clear_lines(PieceMask blocking_pieces, ModelMask blocking_models) const;
};
void sight(const Table& table, Models models, int viewer, int target, Sight& out);

// The pieces of size >= `size` (e.g. those that hide a model of that size).
PieceMask pieces_at_least(const Table& table, int size);
// The pieces with all of `flags`.
PieceMask pieces_with(const Table& table, std::uint8_t flags);
// The largest size among the masked pieces (-1 when none).
int largest_size(const Table& table, PieceMask pieces);

}  // namespace warband::tabletop
