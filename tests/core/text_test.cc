// The small text helpers, and the project's one "did you mean".
#include "core/text.h"

#include <gtest/gtest.h>

namespace warband {
namespace {

TEST(Text, TrimAndLower) {
  EXPECT_EQ(trim("  a b \n"), "a b");
  EXPECT_EQ(trim(" \t"), "");
  EXPECT_EQ(lower("Orc Warrior 2"), "orc warrior 2");
}

TEST(Text, EditDistanceCountedByHand) {
  EXPECT_EQ(edit_distance("", ""), 0u);
  EXPECT_EQ(edit_distance("move", "move"), 0u);
  EXPECT_EQ(edit_distance("", "abc"), 3u);       // three insertions
  EXPECT_EQ(edit_distance("mvoe", "move"), 2u);  // a swap is two substitutions
  EXPECT_EQ(edit_distance("rnage", "range"), 2u);
  EXPECT_EQ(edit_distance("die_face", "die_faces"), 1u);  // one insertion
  EXPECT_EQ(edit_distance("kitten", "sitting"), 3u);      // k->s, e->i, +g
}

TEST(Text, ClosestMatchIsATypoOrNothing) {
  EXPECT_EQ(closest_match("mvoe", {"id", "name", "move", "wounds"}), "move");
  // The nearest wins, not the last within reach: "rang" is 1 from "range", 2 from "ranged".
  EXPECT_EQ(closest_match("rang", {"ranged", "range"}), "range");
  // Ties go to the earlier candidate.
  EXPECT_EQ(closest_match("cat", {"bat", "hat"}), "bat");
  // More than two edits away: no hint.
  EXPECT_EQ(closest_match("flavour", {"id", "name", "move"}), "");
  // Two edits would rewrite all of "id": no hint for "x".
  EXPECT_EQ(closest_match("x", {"id"}), "");
  EXPECT_EQ(closest_match("anything", {}), "");
  EXPECT_EQ(did_you_mean("spels", {"name", "spells"}), ". Did you mean 'spells'?");
  EXPECT_EQ(did_you_mean("hat", {"name", "talent"}), "");
}

}  // namespace
}  // namespace warband
