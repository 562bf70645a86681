// What Conflict's views give a board renderer (docs/api.md, "The Conflict view"): an attack's
// sight lines, each clear or hidden, and the cover it counts; the rear arc of the table view.
#include <gtest/gtest.h>

#include <cmath>

#include "tests/rulesets/conflict/conflict_fixture.h"

namespace warband::conflict {
namespace {

using testing::Arena;
using testing::character_toml;

const std::string kArcher = character_toml(
    "Archer", 2, 1, 0, 0, 5,
    "[[characters.attacks]]\nname = \"Bow\"\ntype = \"physical\"\ntarget = \"single\"\nrange "
    "= 12\nstrength = 2\n");
const std::string kGuard =
    character_toml("Guard", 2, 2, 1, 2, 10,
                   "[[characters.attacks]]\nname = \"Blade\"\ntype = \"physical\"\ntarget = "
                   "\"single\"\nrange = 0\nstrength = 4\n");

std::string wall(double x, double width, int size) {
  return "[[piece]]\nname = \"Wall\"\nshape = \"rectangle\"\nx = " + std::to_string(x) +
         "\ny = 19\nwidth = " + std::to_string(width) +
         "\ndepth = 0.5\nsize = " + std::to_string(size) + "\nheight = 1\n";
}

// A size 1 wall across the whole line: every line crosses it, none is hidden (it is smaller than
// the target), and it is Full Cover (ruling "Cover"), as attack_odds counts it.
TEST(ConflictTableView, AnAttackCarriesItsSightLinesAndCover) {
  Arena arena(wall(18, 4, 1), kArcher, kGuard);
  arena.keep_only({0, 1});
  arena.place(0, 18, 10, 90);
  arena.place(1, 18, 20, 270);
  arena.activate(0);
  const Action shoot = encode_action(ActionKind::kAttack, 0, 1);
  ASSERT_TRUE(arena.legal(shoot));
  const nlohmann::json view = arena.state().action_view(shoot);
  EXPECT_EQ(view["target"], 1);
  EXPECT_EQ(view["sight"]["from"], nlohmann::json::array({18.0, 10.0}));
  ASSERT_EQ(view["sight"]["lines"].size(), 5u);
  EXPECT_EQ(view["sight"]["clear"], 5);
  const double radius = arena.state().table_view(-1)["models"][1]["diameter"].get<double>() / 2;
  for (const nlohmann::json& line : view["sight"]["lines"]) {
    EXPECT_TRUE(line["clear"].get<bool>());
    // Each line ends on the target's base, across it square to the line of fire.
    EXPECT_NEAR(line["to"][1].get<double>(), 20.0, 0.01);
    EXPECT_LE(std::abs(line["to"][0].get<double>() - 18.0), radius);
  }
  EXPECT_EQ(view["cover"], "full");
  EXPECT_EQ(view["flanking"], false);
  EXPECT_EQ(view["high_ground"], false);
}

// A size 2 wall over the left half of the line: the lines to the left of the target's centre are
// hidden, the centre line grazes its end and the right ones are clear; the attack is still legal.
TEST(ConflictTableView, LinesTheTerrainHidesAreMarked) {
  Arena arena(wall(16, 4, 2), kArcher, kGuard);
  arena.keep_only({0, 1});
  arena.place(0, 18, 10, 90);
  arena.place(1, 18, 20, 270);
  arena.activate(0);
  const Action shoot = encode_action(ActionKind::kAttack, 0, 1);
  ASSERT_TRUE(arena.legal(shoot));
  const nlohmann::json view = arena.state().action_view(shoot);
  int clear = 0;
  for (const nlohmann::json& line : view["sight"]["lines"]) {
    const bool open = line["clear"].get<bool>();
    clear += open ? 1 : 0;
    EXPECT_EQ(open, line["to"][0].get<double>() >= 18.0) << line.dump();
  }
  EXPECT_EQ(view["sight"]["clear"], clear);
  EXPECT_EQ(clear, arena.state().clear_sight(arena.state().scene(), 0, 1));
  EXPECT_GT(clear, 0);
  EXPECT_LT(clear, 5);
  // A target partly hidden has Full Cover (ruling "Cover").
  EXPECT_EQ(view["cover"], "full");
}

TEST(ConflictTableView, TheTableGivesTheRearArc) {
  Arena arena("", kArcher, kGuard);
  EXPECT_EQ(arena.state().table_view(-1)["rear_arc"], 180.0);
}

}  // namespace
}  // namespace warband::conflict
