// The helpers odds queries read their arguments with, and the toy ruleset's query.
#include "core/odds.h"

#include <gtest/gtest.h>

#include "core/error.h"
#include "core/registry.h"
#include "tests/support/input_error.h"

namespace warband {
namespace {

using warband::testing::input_error;

TEST(OddsHelpers, WholeNumbersAreParsedStrictly) {
  const OddsArgs args = {
      {"skill", "3"}, {"low", "-2"},   {"bad", "3x"},  {"empty", ""},
      {"minus", "-"}, {"space", " 3"}, {"plus", "+3"}, {"huge", "99999999999999999999"}};
  EXPECT_EQ(odds_int(args, "skill", 1, 6), 3);
  EXPECT_EQ(odds_int(args, "low", -5, 5), -2);
  EXPECT_EQ(input_error([&] { odds_int(args, "skill", 4, 6); }),
            "--skill: must be a whole number from 4 to 6, got 3");
  EXPECT_EQ(input_error([&] { odds_int(args, "bad", 1, 6); }),
            "--bad: must be a whole number from 1 to 6, got '3x'");
  EXPECT_EQ(input_error([&] { odds_int(args, "empty", 1, 6); }),
            "--empty: must be a whole number from 1 to 6, got ''");
  EXPECT_NE(input_error([&] { odds_int(args, "minus", 1, 6); }), "");
  EXPECT_NE(input_error([&] { odds_int(args, "space", 1, 6); }), "");
  EXPECT_NE(input_error([&] { odds_int(args, "plus", 1, 6); }), "");
  EXPECT_EQ(input_error([&] { odds_int(args, "huge", 1, 6); }),
            "--huge: must be a whole number from 1 to 6, got 99999999999999999999");
}

TEST(OddsHelpers, MissingNumbersFallBackOrAreRequired) {
  const OddsArgs args = {{"dice", "4"}};
  EXPECT_EQ(odds_int(args, "faces", 2, 20, 6), 6);
  EXPECT_EQ(odds_int(args, "dice", 1, 200, 1), 4);
  EXPECT_EQ(input_error([&] { odds_int(args, "skill", 1, 6); }),
            "--skill: missing: give a whole number from 1 to 6");
  // A given value is checked even where a fallback exists.
  EXPECT_NE(input_error([&] { odds_int(args, "dice", 5, 6, 5); }), "");
}

TEST(OddsHelpers, FlagsGivenAndStrings) {
  const OddsArgs args = {{"defend", "true"}, {"off", "false"}, {"odd", "maybe"}, {"gone", "3H"}};
  EXPECT_TRUE(odds_flag(args, "defend"));
  EXPECT_FALSE(odds_flag(args, "off"));
  EXPECT_FALSE(odds_flag(args, "fortified"));
  EXPECT_EQ(input_error([&] { odds_flag(args, "odd"); }),
            "--odd: expected true or false, got 'maybe'");
  EXPECT_TRUE(odds_given(args, "gone"));
  EXPECT_FALSE(odds_given(args, "attack"));
  EXPECT_EQ(odds_string(args, "gone"), "3H");
  EXPECT_EQ(odds_string(args, "attack"), "");
  EXPECT_EQ(odds_string(args, "attack", "1"), "1");
}

TEST(OddsQuery, TheTestBinaryRegistersToyOdds) {
  const OddsQuery& toy = find_odds("toy");
  const OddsResult result = toy.compute({{"dice", "2"}});
  EXPECT_EQ(result.exact.ways(7), 6u);
  EXPECT_EQ(result.exact.denominator(), 36u);
}

}  // namespace
}  // namespace warband
