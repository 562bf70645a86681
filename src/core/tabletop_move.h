// Movement on a tabletop: where a model may go in one straight leg, as a finite sorted list of
// destinations (the legal actions of a continuous board), and the snap of any typed or clicked
// point to the nearest of them.
//
// A path is one straight segment from the model's position. A Move of several legs (Strides of
// at most a base diameter each, movement dice of about 3" each) is one reach query per leg, each
// leg chosen in turn: the ruleset spends its budget leg by leg, so a model
// goes around an obstacle in two legs, as on a real table, and each query stays a few
// microseconds with no search. Along its leg the base (its whole width, the swept disc) may not
// pass through another model's base (except those in `passable_models`, e.g. friends) nor a
// blocking piece (impassable ones, plus `blocking_pieces`); it may touch them. It must end wholly
// on the table, overlapping no base (friends included) and no blocking piece. Obstacles the base
// already overlaps where it starts do not hold it back (it may always move out).
#pragma once

#include <array>
#include <cstdint>

#include "core/tabletop.h"
#include "core/tabletop_sight.h"

namespace warband::tabletop {

// The most destinations a reach lists: a leg of 16" on the half-inch lattice (about 3,200
// points) fits, with the points that matter.
inline constexpr int kMaxReach = 4096;
inline constexpr int kMaxObjectives = 16;

struct MoveQuery {
  int model = 0;                  // the mover: an index into the models
  std::int64_t budget = 0;        // the longest leg: how far its centre may travel, units
  std::int64_t lattice = 50;      // destinations every `lattice` units in x and y (half an inch)
  ModelMask passable_models = 0;  // may be passed through (not ended on)
  PieceMask blocking_pieces = 0;  // blocked like the impassable ones
  // The points that matter, listed besides the lattice when the mover can get there:
  ModelMask contact_with = 0;  // base contact with each: the point nearest the start, and 8 more
                               // around the target every 45 degrees
  PieceMask cover_of = 0;      // touching each piece's edge: nearest the start, and around it
  std::array<Point, kMaxObjectives> objectives{};  // these points exactly
  int objective_count = 0;
};

// Why a destination is refused (kNone: it is legal). `index` names the model or piece.
enum class MoveProblem : std::uint8_t {
  kNone,
  kTooFar,        // further than the budget
  kOffTable,      // the base would not lie wholly on the table
  kOntoModel,     // the base would overlap model `index`
  kOntoPiece,     // the base would overlap blocking piece `index`
  kThroughModel,  // the way passes through model `index`'s base
  kThroughPiece,  // the way passes through blocking piece `index`
};
struct MoveCheck {
  MoveProblem problem = MoveProblem::kNone;
  int index = -1;
  bool ok() const { return problem == MoveProblem::kNone; }
};
MoveCheck check_move(const Table& table, Models models, const MoveQuery& query, Point to);

// The obstacles within a leg's reach of its start, gathered once per query.
struct MoveObstacles {
  Models models;
  Point start;
  int diameter = 0;
  std::int64_t budget = 0;
  ModelMask end_models = 0;   // may not be overlapped at the end
  ModelMask path_models = 0;  // may not be passed through
  PieceMask end_pieces = 0;
  PieceMask path_pieces = 0;
};
// check_move for many destinations of one query: the obstacles are gathered once, not at every
// destination. The table and the models must outlive it.
class MoveChecker {
 public:
  MoveChecker(const Table& table, Models models, const MoveQuery& query);
  MoveCheck check(Point to) const;

 private:
  const Table* table_;
  MoveObstacles obstacles_;
};

struct Reach {
  // Destinations sorted by pack_place(point, 0) (x, then y), each once; the start is not one.
  std::array<Point, kMaxReach> points{};
  int count = 0;
  bool truncated = false;  // the list filled up: more may have fit (use a wider lattice)
  bool contains(Point p) const;
};
// Fills `out` (no allocation). The points that matter come first into the list, so a truncated
// reach still has them.
void reach(const Table& table, Models models, const MoveQuery& query, Reach& out);

// The index of the destination nearest `wanted` (squared distance; ties to the earlier in the
// list), or -1 when the reach is empty.
int snap(const Reach& reach, Point wanted);

}  // namespace warband::tabletop
