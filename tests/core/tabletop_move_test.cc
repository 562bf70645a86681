// Movement on a tabletop counted by hand: legs refused through bases and impassable terrain, the
// reach with its points that matter, snapping, determinism (src/core/tabletop_move.h).
#include "core/tabletop_move.h"
#include "tests/support/tabletop_models.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

namespace warband::tabletop {
namespace {

MoveQuery leg(int model, int budget) {
  MoveQuery q;
  q.model = model;
  q.budget = budget;
  return q;
}

TEST(TabletopMove, RefusedThroughABaseUnlessItIsPassable) {
  Table table = empty_table();
  std::vector<Model> models;
  const int mover = add_model(models, 1000, 1000);
  const int enemy = add_model(models, 1300, 1000);
  MoveQuery q = leg(mover, 1000);
  const MoveCheck through = check_move(table, models, q, Point{1600, 1000});
  EXPECT_EQ(through.problem, MoveProblem::kThroughModel);
  EXPECT_EQ(through.index, enemy);
  EXPECT_TRUE(check_move(table, models, q, Point{1200, 1000}).ok());  // into base contact
  EXPECT_EQ(check_move(table, models, q, Point{1201, 1000}).problem, MoveProblem::kOntoModel);
  // Past its side: 0.95" from its centre is through it, 1.34" is clear.
  EXPECT_EQ(check_move(table, models, q, Point{1600, 1200}).problem, MoveProblem::kThroughModel);
  EXPECT_TRUE(check_move(table, models, q, Point{1600, 1300}).ok());
  // A friend may be passed through, not ended on.
  q.passable_models = ModelMask{1} << enemy;
  EXPECT_TRUE(check_move(table, models, q, Point{1600, 1000}).ok());
  EXPECT_EQ(check_move(table, models, q, Point{1350, 1000}).problem, MoveProblem::kOntoModel);
}

TEST(TabletopMove, ImpassableTerrainTheTableEdgeAndTheBudget) {
  Table table = empty_table();
  std::vector<Model> models;
  const int mover = add_model(models, 1000, 1000);
  table.pieces[0] = make_rectangle(Point{1000, 1500}, 400, 100, 0, 3, 300, kImpassable);
  table.pieces[1] = make_rectangle(Point{2000, 1500}, 400, 100, 0, 3, 300);
  table.piece_count = 2;
  MoveQuery q = leg(mover, 1000);
  const MoveCheck wall = check_move(table, models, q, Point{1000, 1900});
  EXPECT_EQ(wall.problem, MoveProblem::kThroughPiece);
  EXPECT_EQ(wall.index, 0);
  EXPECT_TRUE(check_move(table, models, q, Point{1000, 1400}).ok());  // touching the wall
  EXPECT_EQ(check_move(table, models, q, Point{1000, 1401}).problem, MoveProblem::kOntoPiece);
  // Past its end: the wall ends at x = 1200; a base going straight up x = 1250 brushes its
  // corners and passes, one a unit further in does not.
  models[mover].at = Point{1250, 1000};
  EXPECT_TRUE(check_move(table, models, q, Point{1250, 1900}).ok());
  models[mover].at = Point{1249, 1000};
  EXPECT_EQ(check_move(table, models, q, Point{1249, 1900}).problem, MoveProblem::kThroughPiece);
  // The other piece is not impassable, unless the query says it blocks.
  models[mover].at = Point{2000, 1000};
  EXPECT_TRUE(check_move(table, models, q, Point{2000, 1900}).ok());
  q.blocking_pieces = PieceMask{1} << 1;
  EXPECT_EQ(check_move(table, models, q, Point{2000, 1900}).problem, MoveProblem::kThroughPiece);
  models[mover].at = Point{100, 1000};
  EXPECT_EQ(check_move(table, models, q, Point{49, 1000}).problem, MoveProblem::kOffTable);
  EXPECT_TRUE(check_move(table, models, q, Point{50, 1000}).ok());
  EXPECT_EQ(check_move(table, models, leg(mover, 500), Point{100, 1501}).problem,
            MoveProblem::kTooFar);
  EXPECT_TRUE(
      check_move(table, models, leg(mover, 500), Point{400, 1400}).ok());  // 3-4-5: exactly 5"
}

// A MoveChecker gathers a query's obstacles once and answers as check_move does, refusals and
// their reasons included.
TEST(TabletopMove, ACheckerAnswersAsCheckMoveEverywhere) {
  Table table = empty_table();
  std::vector<Model> models;
  const int mover = add_model(models, 1000, 1000);
  add_model(models, 1300, 1000);
  table.pieces[0] = make_rectangle(Point{1000, 1500}, 400, 100, 0, 3, 300, kImpassable);
  table.piece_count = 1;
  const MoveQuery q = leg(mover, 800);
  const MoveChecker checker(table, models, q);
  int refused = 0;
  for (int x = 0; x <= 2000; x += 25)
    for (int y = 0; y <= 2000; y += 25) {
      const MoveCheck alone = check_move(table, models, q, Point{x, y});
      const MoveCheck checked = checker.check(Point{x, y});
      ASSERT_EQ(checked.problem, alone.problem) << x << "," << y;
      ASSERT_EQ(checked.index, alone.index) << x << "," << y;
      refused += !alone.ok();
    }
  EXPECT_GT(refused, 1000);  // every kind of refusal was met, not only legal points
  EXPECT_EQ(checker.check(Point{1600, 1000}).problem, MoveProblem::kThroughModel);
  EXPECT_EQ(checker.check(Point{1000, 1700}).problem, MoveProblem::kThroughPiece);
}

// Contact points are skipped for a target too far for the budget, and kept up to the budget's
// last unit: the nearest contact with an enemy 3" away is 2" from the start.
TEST(TabletopReach, ContactIsOfferedExactlyToTheBudget) {
  Table table = empty_table();
  std::vector<Model> models;
  const int mover = add_model(models, 1000, 1000);
  const int enemy = add_model(models, 1300, 1000);
  add_model(models, 3000, 3000);
  MoveQuery q = leg(mover, 200);
  q.lattice = 1000;  // no lattice point inside the budget: only the points that matter
  q.contact_with = ModelMask{1} << enemy | ModelMask{1} << 2;
  Reach r;
  reach(table, models, q, r);
  EXPECT_EQ(r.count, 1);
  EXPECT_TRUE(r.contains(Point{1200, 1000}));
  q.budget = 199;
  reach(table, models, q, r);
  EXPECT_EQ(r.count, 0);
}

TEST(TabletopReach, TheLatticeWithinOneInchCountedByHand) {
  Table table = empty_table();
  std::vector<Model> models;
  const int mover = add_model(models, 1000, 1000);
  Reach r;
  reach(table, models, leg(mover, 100), r);
  // Half-inch points within 1": 4 at 1", 4 at 0.5", 4 diagonal at 0.71"; the start is not one.
  EXPECT_EQ(r.count, 12);
  EXPECT_FALSE(r.truncated);
  EXPECT_TRUE(r.contains(Point{1050, 1050}));
  EXPECT_FALSE(r.contains(Point{1100, 1050}));
  EXPECT_FALSE(r.contains(Point{1000, 1000}));
}

TEST(TabletopReach, HoldsBaseContactWithATargetOffTheLattice) {
  Table table = empty_table();
  std::vector<Model> models;
  const int mover = add_model(models, 1000, 1000);
  const int enemy = add_model(models, 1303, 1017);
  MoveQuery q = leg(mover, 600);
  q.contact_with = ModelMask{1} << enemy;
  Reach r;
  reach(table, models, q, r);
  ASSERT_GT(r.count, 0);
  // The contact point nearest the start, and others around the enemy, all legal and in contact.
  Model probe = models[mover];
  int contacts = 0;
  for (int i = 0; i < r.count; ++i) {
    probe.at = r.points[i];
    if (in_contact(probe, models[enemy])) ++contacts;
    EXPECT_TRUE(check_move(table, models, q, r.points[i]).ok());
  }
  // The nearest and three of the eight around it (135, 180 and 225 degrees); the other five are
  // on the enemy's far side, where a straight leg would pass through its base.
  EXPECT_EQ(contacts, 4);
  // The nearest: 1" from the enemy's centre towards the start's (0.997, 0.056 of an inch back).
  EXPECT_TRUE(r.contains(Point{1203, 1011}));
  // Sorted by x then y, each once.
  for (int i = 1; i < r.count; ++i)
    EXPECT_TRUE(r.points[i - 1].x < r.points[i].x ||
                (r.points[i - 1].x == r.points[i].x && r.points[i - 1].y < r.points[i].y));
}

TEST(TabletopReach, CoverEdgesAndObjectives) {
  Table table = empty_table();
  std::vector<Model> models;
  const int mover = add_model(models, 1000, 1000);
  const int hedge = 0;
  table.pieces[hedge] = make_rectangle(Point{1513, 1000}, 100, 400, 0, 2, 100, kImpassable);
  table.piece_count = 1;
  MoveQuery q = leg(mover, 800);
  q.cover_of = PieceMask{1} << hedge;
  q.objectives[0] = Point{1111, 1234};
  q.objectives[1] = Point{1513, 1000};  // on the hedge: refused
  q.objective_count = 2;
  Reach r;
  reach(table, models, q, r);
  EXPECT_TRUE(r.contains(Point{1413, 1000}));  // touching the hedge's west side, nearest
  EXPECT_TRUE(r.contains(Point{1413, 1000}));
  EXPECT_TRUE(r.contains(Point{1111, 1234}));
  EXPECT_FALSE(r.contains(Point{1513, 1000}));
  // Nothing of the reach overlaps or lies beyond the hedge along a blocked leg.
  for (int i = 0; i < r.count; ++i)
    EXPECT_FALSE(base_overlaps_piece(table.pieces[hedge], r.points[i], 100));
  EXPECT_FALSE(r.contains(Point{1700, 1000}));
}

TEST(TabletopReach, SnapsATypedPointToTheNearestDestination) {
  Table table = empty_table();
  std::vector<Model> models;
  const int mover = add_model(models, 1000, 1000);
  const int enemy = add_model(models, 1303, 1017);
  MoveQuery q = leg(mover, 600);
  q.contact_with = ModelMask{1} << enemy;
  Reach r;
  reach(table, models, q, r);
  // A click beside the contact point snaps onto it, not onto the lattice point (1200, 1000).
  const int contact = snap(r, Point{1205, 1012});
  ASSERT_GE(contact, 0);
  EXPECT_EQ(r.points[contact], (Point{1203, 1011}));
  // A click on the enemy's base snaps to a legal point (no overlap).
  const int onto = snap(r, Point{1303, 1017});
  ASSERT_GE(onto, 0);
  EXPECT_FALSE(bases_overlap(r.points[onto], 100, Point{1303, 1017}, 100));
  // Far off the table: the nearest destination along that side.
  EXPECT_EQ(r.points[snap(r, Point{-5000, 1000})], (Point{400, 1000}));
  Reach none;
  EXPECT_EQ(snap(none, Point{0, 0}), -1);
}

TEST(TabletopReach, AFullListKeepsThePointsThatMatter) {
  Table table = empty_table();
  std::vector<Model> models;
  const int mover = add_model(models, 2400, 2400);
  const int enemy = add_model(models, 4013, 2417);
  // A 20" leg on the half-inch lattice: about 5,000 points, more than kMaxReach.
  MoveQuery q = leg(mover, 2000);
  q.contact_with = ModelMask{1} << enemy;
  Reach r;
  reach(table, models, q, r);
  EXPECT_TRUE(r.truncated);
  EXPECT_EQ(r.count, kMaxReach);
  // The contact point nearest the start is kept though the lattice stopped short of it.
  EXPECT_TRUE(r.contains(Point{3913, 2416}));
  EXPECT_FALSE(r.contains(Point{3900, 2400}));
  q.lattice = 100;  // a wider lattice fits
  reach(table, models, q, r);
  EXPECT_FALSE(r.truncated);
  EXPECT_TRUE(r.contains(Point{3900, 2400}));
}

TEST(TabletopReach, TheSameListEveryTimeAndOnEveryMachine) {
  Table table = empty_table();
  std::vector<Model> models;
  const int mover = add_model(models, 2000, 2000);
  const int enemy = add_model(models, 2333, 2111, 125);
  add_model(models, 1800, 2300, 200);
  table.pieces[0] = make_rectangle(Point{2100, 1700}, 300, 80, 300, 2, 100, kImpassable);
  table.pieces[1] = make_circle(Point{1600, 1700}, 250, 3, 200, kImpassable);
  table.piece_count = 2;
  MoveQuery q = leg(mover, 700);
  q.contact_with = ModelMask{1} << enemy;
  q.cover_of = 0b11;
  Reach a;
  Reach b;
  reach(table, models, q, a);
  reach(table, models, q, b);
  ASSERT_EQ(a.count, b.count);
  EXPECT_TRUE(std::equal(a.points.begin(), a.points.begin() + a.count, b.points.begin()));
  // The pinned count and a checksum of the codes: integer geometry gives these on every machine
  // (a change of the geometry's rules must update them on purpose).
  std::uint64_t hash = 1469598103934665603ull;
  for (int i = 0; i < a.count; ++i)
    hash = (hash ^ pack_place(a.points[i], 0)) * 1099511628211ull;
  EXPECT_EQ(a.count, 327);
  EXPECT_EQ(hash, 5242694120796359697ull);
}

}  // namespace
}  // namespace warband::tabletop
