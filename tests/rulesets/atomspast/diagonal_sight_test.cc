// Seed 000, Line of Sight: "Perfectly diagonal LoS: the Player in control of the Attacking Unit
// chooses one side of the grid spaces to affect LoS. This is the choice for the entire drawn LoS,
// not on a space by space basis." Hand-made positions on a test map of open ground with a few
// spaces of terrain (ruling "Corners and diagonal lines").
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <string>
#include <vector>

#include "core/registry.h"
#include "rulesets/atomspast/atomspast_state.h"
#include "tests/rulesets/atomspast/atomspast_fixture.h"
#include "tests/rulesets/atomspast/content_copy.h"
#include "tests/support/test_files.h"

namespace warband::atomspast {
namespace {

using testing::clear_board_except;
using testing::find_unit;
using testing::first_turn;
using testing::has_action;
using testing::place;
using testing::roll_dice;
using testing::sample_game;
using testing::set_stat;
using testing::to_battlefield;

// The map, 28x18 open ground but for (x, y from the north-west corner, as grid::Cell):
//   (5,7) heavy cover and (4,8) Obscuring: the two sides of the diagonal (3,6) -> (5,8);
//   (2,7) light cover and (3,8) Obscuring: the two sides of the diagonal (4,6) -> (2,8);
//   (20,6) on Higher Ground 1.
std::vector<std::string> map_rows() {
  std::vector<std::string> rows(18, std::string(28, '.'));
  rows[7][5] = 'B';
  rows[8][4] = 'o';
  rows[7][2] = 'h';
  rows[8][3] = 'o';
  return rows;
}

// A content folder: the shipped one plus the test map "diagonal_sight", made once per process.
std::string content_root() {
  static const testing::ContentCopy copy;
  static const std::string root = [] {
    std::ofstream map(copy.dir() / "maps" / "diagonal_sight.toml");
    map << "id = \"diagonal_sight\"\nname = \"Diagonal Sight\"\n"
        << "description = \"Test map: corners with different terrain on either side.\"\n"
        << "deployment = \"north-south\"\nterrain = [\n";
    for (const std::string& row : map_rows())
      map << "  \"" << row << "\",\n";
    map << "]\nheights = [\n";
    for (int y = 0; y < 18; ++y) {
      std::string row(28, '0');
      if (y == 6) row[20] = '1';
      map << "  \"" << row << "\",\n";
    }
    map << "]\n\n[legend]\n\".\" = []\n\"B\" = [\"heavy_cover\"]\n\"h\" = [\"light_cover\"]\n"
        << "\"o\" = [\"obscuring\"]\n";
    return copy.root().string();
  }();
  return root;
}

std::shared_ptr<const AtomsPastGame> diagonal_game() {
  return sample_game({{"content_dir", content_root()}, {"map", "diagonal_sight"}});
}

struct Position {
  std::shared_ptr<const AtomsPastGame> game;
  std::unique_ptr<AtomsPastState> state;
  int archer = -1;
  int footmen = -1;
};

// Red's Goblin Archer [RS 3/RD 3/RR 7] (and [MS 3/MD 1/MR 4] when it attacks in melee) at
// (ax, ay), Blue's Footmen at (tx, ty), the Kons far away; Red's Battlefield Phase.
Position position(int ax, int ay, int tx, int ty) {
  Position p;
  p.game = diagonal_game();
  p.state = first_turn(p.game);
  p.archer = find_unit(*p.game, 0, "goblin_archer");
  p.footmen = find_unit(*p.game, 1, "footmen");
  EXPECT_GE(p.archer, 0);
  EXPECT_GE(p.footmen, 0);
  auto& state = *p.state;
  const int red_kon = p.game->kon_unit(0), blue_kon = p.game->kon_unit(1);
  clear_board_except(state, {p.archer, p.footmen, red_kon, blue_kon});
  place(state, red_kon, 0, 0);
  place(state, blue_kon, 27, 17);
  place(state, p.archer, ax, ay);
  place(state, p.footmen, tx, ty);
  set_stat(state, p.archer, Stat::kRangedSkill, 3);
  set_stat(state, p.archer, Stat::kRangedDice, 3);
  set_stat(state, p.archer, Stat::kRangedRange, 7);
  set_stat(state, p.archer, Stat::kMeleeSkill, 3);
  set_stat(state, p.archer, Stat::kMeleeDice, 1);
  set_stat(state, p.archer, Stat::kMeleeRange, 4);
  state.check_consistency();
  to_battlefield(state);
  return p;
}

Action line(grid::Cell from, grid::Cell to, int side) {
  return encode(ActionKind::kAttackLine, grid::cell_index(from), 2 * grid::cell_index(to) + side);
}

// (3,6) -> (5,8), heading south-east: the north-east side crosses (4,6) (4,7) (5,7), heavy cover
// next to the target; the south-west side (3,7) (4,7) (4,8), one Obscuring space. The engine
// used to take the side with fewer Obscuring spaces, heavy cover, -2 where the other costs -1.
TEST(AtomsPastDiagonalSight, TheAttackingPlayerChoosesTheSideOfTheCorners) {
  const grid::Cell from{3, 6}, to{5, 8};
  Position p = position(from.x, from.y, to.x, to.y);
  auto& state = *p.state;
  ASSERT_TRUE(has_action(state, encode(ActionKind::kRangedAttack, p.archer)));
  state.apply(encode(ActionKind::kRangedAttack, p.archer));
  const Action target = encode(ActionKind::kAttackTarget, p.footmen, 0);
  ASSERT_TRUE(has_action(state, target));
  // The target's description gives the best side's roll and says a side is chosen next.
  EXPECT_TRUE(contains_text(state.action_to_string(target), "Ranged [S2/D3] at Range 4"))
      << state.action_to_string(target);
  EXPECT_TRUE(contains_text(state.action_to_string(target), "[S1/D3] on its other side"))
      << state.action_to_string(target);
  state.apply(target);

  // A decision of the attacking player, not a chance node: both sides are offered.
  ASSERT_EQ(state.data().step, Step::kAttackLine);
  ASSERT_EQ(state.current_player(), 0);
  const Action north_east = line(from, to, 0);  // (4,6) (4,7) (5,7): heavy cover next to G9
  const Action south_west = line(from, to, 1);  // (3,7) (4,7) (4,8): one Obscuring space
  EXPECT_EQ(state.legal_actions(), (std::vector<Action>{north_east, south_west}));
  EXPECT_EQ(state.action_to_string(north_east),
            unit_name(*p.game, p.archer) + " draws the line to " + unit_name(*p.game, p.footmen) +
                " on the north-east side of the corners: heavy cover -2 RS → Ranged [S1/D3]");
  EXPECT_TRUE(contains_text(state.action_to_string(south_west),
                            "on the south-west side of the corners: 1 Obscuring space -1 RS → "
                            "Ranged [S2/D3]"))
      << state.action_to_string(south_west);

  // The table view asks for the side, and each option shows its line.
  const nlohmann::json table = state.table_view(0);
  EXPECT_TRUE(contains_text(table["prompt"].get<std::string>(), "choose the side it is drawn on"))
      << table["prompt"];
  const nlohmann::json view = state.action_view(south_west);
  EXPECT_EQ(view["kind"], "attack_line");
  EXPECT_EQ(view["unit"], p.archer);
  EXPECT_EQ(view["target"], p.footmen);
  EXPECT_EQ(view["line"]["side"], "south-west");
  EXPECT_EQ(view["line"]["obscuring"], 1);
  EXPECT_EQ(view["line"]["cover"], nullptr);
  EXPECT_EQ(view["line"]["crosses"], nlohmann::json::parse("[[3,7],[4,7],[4,8]]"));
  EXPECT_EQ(state.action_view(north_east)["line"]["cover"], "heavy");

  // The decision round-trips through a save.
  const nlohmann::json saved = state.to_json();
  const auto loaded = p.game->state_from_json(saved);
  EXPECT_EQ(loaded->to_json(), saved);
  EXPECT_EQ(loaded->legal_actions(), state.legal_actions());

  // Each side gives its own modifier: heavy cover -2S, or one Obscuring space -1RS.
  AtomsPastState heavy = state;
  heavy.apply(north_east);
  ASSERT_EQ(heavy.data().step, Step::kAttackRoll);
  EXPECT_EQ(heavy.data().roll.skill, 3 - 2);
  EXPECT_EQ(heavy.data().roll.dice, 3);
  AtomsPastState obscured = state;
  obscured.apply(south_west);
  ASSERT_EQ(obscured.data().step, Step::kAttackRoll);
  EXPECT_EQ(obscured.data().roll.skill, 3 - 1);
  roll_dice(obscured, {2, 2, 2});
  EXPECT_EQ(obscured.data().step, Step::kPhase);
  EXPECT_EQ(obscured.data().units[p.archer].acti, 4);  // the Attack is paid as usual
}

// (4,6) -> (2,8), heading south-west: one side crosses (3,6) (3,7) (2,7), light cover next to
// the target; the other (4,7) (3,7) (3,8), one Obscuring space. Both cost a ranged attack 1: the
// same attack, so no choice. A melee attack does not count Obscuring: for it the sides differ.
TEST(AtomsPastDiagonalSight, SidesThatCostTheSameSkillOfferNoChoice) {
  const grid::Cell from{4, 6}, to{2, 8};
  {
    Position p = position(from.x, from.y, to.x, to.y);
    auto& state = *p.state;
    state.apply(encode(ActionKind::kRangedAttack, p.archer));
    state.apply(encode(ActionKind::kAttackTarget, p.footmen, 0));
    ASSERT_EQ(state.data().step, Step::kAttackRoll);
    EXPECT_EQ(state.data().roll.skill, 3 - 1);
  }
  {
    Position p = position(from.x, from.y, to.x, to.y);
    auto& state = *p.state;
    ASSERT_TRUE(has_action(state, encode(ActionKind::kMeleeAttack, p.archer)));
    state.apply(encode(ActionKind::kMeleeAttack, p.archer));
    state.apply(encode(ActionKind::kAttackTarget, p.footmen, 0));
    ASSERT_EQ(state.data().step, Step::kAttackLine);
    // The light-cover side (-1 MS) and the Obscuring side (no modifier in melee).
    const auto actions = state.legal_actions();
    ASSERT_EQ(actions.size(), 2u);
    std::vector<int> skills;
    for (Action action : actions) {
      AtomsPastState copy = state;
      copy.apply(action);
      skills.push_back(copy.data().roll.skill);
    }
    std::sort(skills.begin(), skills.end());
    EXPECT_EQ(skills, (std::vector<int>{3 - 1, 3}));
  }
}

// A perfect diagonal over open ground: both sides are the same line to the attack.
TEST(AtomsPastDiagonalSight, AnOpenDiagonalOffersNoChoice) {
  Position p = position(10, 10, 13, 13);
  auto& state = *p.state;
  state.apply(encode(ActionKind::kRangedAttack, p.archer));
  state.apply(encode(ActionKind::kAttackTarget, p.footmen, 0));
  ASSERT_EQ(state.data().step, Step::kAttackRoll);
  EXPECT_EQ(state.data().roll.skill, 3);
}

// Seed, Terrain: "If your Unit is on Higher Ground than target enemy Unit, your Unit gets a +1S
// modifier". A 1x2 unit on (20,5) (Higher Ground 0) and (20,6) (Higher Ground 1) shoots at a 1x2
// unit on (22,5) and (22,6): both straight lines are at Range 2 and clear, and the attacker is
// given the one from the higher space (before issue 15 the first found, the lower one).
TEST(AtomsPastDiagonalSight, TheBestLineCountsHigherGround) {
  auto game = diagonal_game();
  auto state = first_turn(game);
  const int rider = find_unit(*game, 0, "wolf_rider");
  const int outrider = find_unit(*game, 1, "elf_outrider");
  ASSERT_GE(rider, 0);
  ASSERT_GE(outrider, 0);
  ASSERT_EQ(game->roster()[rider].profile->base.h, 2);
  ASSERT_EQ(game->roster()[outrider].profile->base.h, 2);
  const int red_kon = game->kon_unit(0), blue_kon = game->kon_unit(1);
  clear_board_except(*state, {rider, outrider, red_kon, blue_kon});
  place(*state, red_kon, 0, 0);
  place(*state, blue_kon, 27, 17);
  place(*state, rider, 20, 5);
  place(*state, outrider, 22, 5);
  set_stat(*state, rider, Stat::kRangedSkill, 3);
  set_stat(*state, rider, Stat::kRangedDice, 2);
  set_stat(*state, rider, Stat::kRangedRange, 3);
  state->check_consistency();
  ASSERT_EQ(game->board().at({20, 6}).height, 1);
  to_battlefield(*state);
  state->apply(encode(ActionKind::kRangedAttack, rider));
  state->apply(encode(ActionKind::kAttackTarget, outrider, 0));
  ASSERT_EQ(state->data().step, Step::kAttackRoll);
  EXPECT_EQ(state->data().roll.skill, 3 + 1);
}

}  // namespace
}  // namespace warband::atomspast
