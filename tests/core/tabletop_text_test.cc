// The tabletop in words and typed text (src/core/tabletop_text.h): inches, points as typed at the
// terminal, and why a destination is refused.
#include "core/tabletop_text.h"

#include <gtest/gtest.h>

#include <vector>

namespace warband::tabletop {
namespace {

TEST(TabletopText, InchesAsWritten) {
  EXPECT_EQ(inches_text(1225), "12.25");
  EXPECT_EQ(inches_text(1250), "12.5");
  EXPECT_EQ(inches_text(1200), "12");
  EXPECT_EQ(inches_text(5), "0.05");
  EXPECT_EQ(inches_text(0), "0");
  EXPECT_EQ(inches_text(-150), "-1.5");
  EXPECT_EQ(point_text(Point{1250, 700}), "(12.5, 7)");
}

TEST(TabletopText, PointsAsAHumanTypesThem) {
  for (const char* typed : {"12.5 7", "12.5,7", "(12.5, 7)", "  12.50 ,  7.0  ", "( 12.5 7 )"}) {
    const TypedPoint p = parse_typed_point(typed);
    EXPECT_TRUE(p.ok()) << typed << ": " << p.problem;
    EXPECT_EQ(p.point, (Point{1250, 700})) << typed;
  }
  for (const char* typed : {"12.5; 7", "[12.5, 7]", "12.5\" 7\"", "+12.5 +7"}) {
    const TypedPoint p = parse_typed_point(typed);
    EXPECT_TRUE(p.ok()) << typed << ": " << p.problem;
    EXPECT_EQ(p.point, (Point{1250, 700})) << typed;
  }
  EXPECT_EQ(parse_typed_point("0.05 .5").point, (Point{5, 50}));
  // A point off the table is still a point (the menu says it is off the table).
  EXPECT_EQ(parse_typed_point("-5 2").point, (Point{-500, 200}));
  EXPECT_EQ(parse_typed_point("(-0.5, -12.25)").point, (Point{-50, -1225}));
  EXPECT_EQ(parse_typed_point("-0 2").point, (Point{0, 200}));
  EXPECT_EQ(parse_typed_point("12.5").problem,
            "expected a point as two numbers of inches with at most two decimals, such as 12.5, "
            "7 or -2 7; got \"12.5\"");
  for (const char* wrong :
       {"", "12.125 7", "- 1 7", "--1 7", "12.5 7 3", "(12.5, 7", "12.5, 7)", "(12.5, 7]", "a b",
        "12.5,,7", "1234567 1", ". 7", "12.57", "- 7", "12.5\"\" 7"}) {
    const TypedPoint p = parse_typed_point(wrong);
    EXPECT_FALSE(p.ok()) << wrong;
    EXPECT_NE(p.problem.find("such as 12.5, 7"), std::string::npos) << wrong;
  }
  // A long line is quoted cut short.
  const std::string long_line(100, 'x');
  EXPECT_NE(parse_typed_point(long_line).problem.find(std::string(40, 'x') + "...\""),
            std::string::npos);
}

TEST(TabletopText, WhyADestinationIsRefused) {
  MoveQuery q;
  q.budget = 650;
  EXPECT_EQ(move_refusal(MoveCheck{}, q, ""), "");
  EXPECT_EQ(move_refusal(MoveCheck{MoveProblem::kTooFar, -1}, q, ""),
            "it is further than this move allows (6.5 inches)");
  EXPECT_EQ(move_refusal(MoveCheck{MoveProblem::kOffTable, -1}, q, ""),
            "the whole base must stand on the table");
  EXPECT_EQ(move_refusal(MoveCheck{MoveProblem::kOntoModel, 2}, q, "the Orc Warrior"),
            "the base would overlap the Orc Warrior's base");
  EXPECT_EQ(move_refusal(MoveCheck{MoveProblem::kThroughPiece, 0}, q, "the Watchtower"),
            "the straight way there passes through the Watchtower");
}

}  // namespace
}  // namespace warband::tabletop
