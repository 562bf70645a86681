// A Game's attacks on the tabletop, on hand-counted positions: cover from a partly hidden target,
// sight over the piece a model stands on, high ground, and ranged attacks refused into a friend's
// melee (docs/rulings/agame.md, "Cover", "Line of sight", "High ground", "Ranged attacks into
// melee").
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <string>

#include "rulesets/agame/attack_pipeline.h"
#include "tests/rulesets/agame/agame_fixture.h"

namespace warband::agame {
namespace {

using testing::act;
using testing::Arena;
using testing::kGoblins;
using testing::kJavelin;
using testing::kSpearJab;

constexpr int kArcaneBolt = 0, kFireball = 1;  // the Wizard's

std::string piece(const std::string& name, double x, double y, double width, double depth, int size,
                  double height) {
  return fmt::format(
      "[[piece]]\nname = \"{}\"\nshape = \"rectangle\"\nx = {}\ny = {}\nwidth = {}\ndepth = "
      "{}\nsize = {}\nheight = {}\n",
      name, x, y, width, depth, size, height);
}

// A goblin (Size 4, a 0.8" base) at (12, 12) seen from (4, 12): its five sight lines cross
// x = 10 at y = 12 +- 0.29, +- 0.15 and 12. A post of Size 4 over y 12.2 to 13 at x = 10 hides the
// top line only: partly hidden, in cover.
const std::string kPost = piece("Post", 10, 12.6, 0.5, 0.8, 4, 1);

// The Javelin hits on 6+; in cover (cover_chance 1) on 7+: the same 6 hits in the open and misses
// in cover.
TEST(AGameCover, ASixHitsInTheOpenAndMissesInCover) {
  for (const bool covered : {false, true}) {
    SCOPED_TRACE(covered ? "in cover" : "in the open");
    Arena arena(kGoblins, kGoblins, covered ? kPost : "");
    arena.keep_only({0, 3});
    arena.place(0, 4, 12);
    arena.place(3, 12, 12);
    const Scene scene = arena.state().scene();
    EXPECT_EQ(arena.state().clear_sight(scene, 0, 3), covered ? 4 : 5);
    EXPECT_EQ(arena.state().cover_against(0, kJavelin, 3), covered ? 1 : 0);
    arena.activate(0);
    arena.attack(0, kJavelin, 3);
    EXPECT_EQ(arena.state().action_to_string(act(ActionKind::kDie, 0, 6)),
              covered ? "Attack die: 6 (7+ in cover: miss)" : "Attack die: 6 (6+: hit)");
    arena.allocate(0, 1);
    arena.roll({6});
    // The board's last roll says what the die needed and did, and that cover raised it.
    const nlohmann::json roll = arena.state().table_view(kSeesEverything)["last_roll"];
    EXPECT_EQ(roll["needs"]["attack"], covered ? 7 : 6);
    EXPECT_EQ(roll["results"]["attack"], nlohmann::json({covered ? "miss" : "hit"}));
    EXPECT_EQ(roll["cover"], covered);
    if (covered) {
      EXPECT_EQ(arena.state().data().stage, Stage::kActivation);  // no hit: the attack is over
      EXPECT_EQ(arena.state().data().last.wounds, 0);
    } else {
      EXPECT_EQ(arena.state().data().stage, Stage::kDodge);  // one hit: the goblin may dodge
      EXPECT_EQ(arena.state().strike().hits, 1);
    }
  }
}

// Melee attacks ignore cover; a target wholly hidden cannot be attacked at all.
TEST(AGameCover, MeleeIgnoresCoverAndAHiddenTargetIsNoTarget) {
  Arena arena(kGoblins, kGoblins, kPost + piece("Wall", 4, 9, 3, 0.5, 4, 1));
  arena.keep_only({0, 3, 4});
  arena.place(0, 4, 12);
  arena.place(3, 12, 12);
  arena.place(4, 4, 6);  // 6" away behind the wall: every line hidden
  EXPECT_EQ(arena.state().cover_against(0, kSpearJab, 3), 0);
  EXPECT_EQ(arena.state().clear_sight(arena.state().scene(), 0, 4), 0);
  arena.activate(0);
  EXPECT_TRUE(arena.legal(act(ActionKind::kAttack, 0, (kJavelin << 8) | 3)));
  EXPECT_FALSE(arena.legal(act(ActionKind::kAttack, 0, (kJavelin << 8) | 4)));
}

// The pipeline takes cover as an input, so that the odds can ask it: one die at 6+ hits 5 faces
// in 10, at 7+ in cover 4; the machine's dice read the same.
TEST(AGameCover, ThePipelineRaisesTheHitTarget) {
  AttackRoll roll;
  roll.attack_dice = 1;
  roll.chance = 6;
  roll.resistance = 11;  // never saved
  roll.damage = 1;
  EXPECT_DOUBLE_EQ(attack_wounds(roll).at_least(1), 0.5);
  roll.cover = 1;
  EXPECT_EQ(hit_target(roll.chance, roll.cover), 7);
  EXPECT_DOUBLE_EQ(attack_wounds(roll).at_least(1), 0.4);
  AttackDice dice(roll);
  EXPECT_EQ(dice.action_to_string(6), "Attack die: 6 (miss)");
  dice.apply(6);
  EXPECT_EQ(dice.hits(), 0);
}

// A model standing on a piece is not hidden by it (nor is its view): a goblin on a Size 5 mound
// sees, and is seen by, a goblin in the open; the mound hides a goblin behind it.
TEST(AGameHeight, APieceUnderAModelDoesNotHideIt) {
  Arena arena(kGoblins, kGoblins, piece("Mound", 8, 12, 3, 3, 5, 1));
  arena.keep_only({0, 3, 4});
  arena.place(0, 8, 12);   // on the mound
  arena.place(3, 14, 12);  // in the open
  arena.place(4, 2, 12);   // in the open on the far side
  const Scene scene = arena.state().scene();
  EXPECT_EQ(arena.state().clear_sight(scene, 0, 3), 5);
  EXPECT_EQ(arena.state().clear_sight(scene, 3, 0), 5);
  EXPECT_EQ(arena.state().clear_sight(scene, 3, 4), 0);  // the mound between two in the open
}

// High ground: standing 2" or more above the target (high_ground_height) adds 1 accuracy: the
// Javelin's dodge target against a goblin (Ranged Defense 6+) is 7+ from a 2" rock, 6+ from a 1"
// hedge or level ground.
TEST(AGameHeight, TwoInchesHigherRaisesTheDodgeTarget) {
  Arena arena(kGoblins, kGoblins,
              piece("Rock", 4, 12, 2, 2, 3, 2) + piece("Hedge", 4, 4, 2, 2, 3, 1));
  arena.keep_only({0, 1, 3});
  arena.place(0, 4, 12);  // on the rock
  arena.place(1, 4, 4);   // on the hedge
  arena.place(3, 10, 8);
  EXPECT_EQ(arena.state().standing_height(0), 200);
  EXPECT_EQ(arena.state().standing_height(3), 0);
  EXPECT_TRUE(arena.state().high_ground(0, 3));
  EXPECT_FALSE(arena.state().high_ground(1, 3));
  EXPECT_FALSE(arena.state().high_ground(3, 0));
  EXPECT_EQ(arena.state().dodge_target_against(0, kJavelin, 3), 7);
  EXPECT_EQ(arena.state().dodge_target_against(1, kJavelin, 3), 6);
  EXPECT_EQ(arena.state().dodge_target_against(3, kJavelin, 0), 6);  // shooting up: no bonus
  arena.activate(0);
  arena.attack(0, kJavelin, 3);
  arena.allocate(0, 1);
  arena.roll({6});
  arena.dodge(3, 1);
  EXPECT_EQ(arena.state().action_to_string(act(ActionKind::kDie, 0, 6)),
            "Dodge die: 6 (7+: failure)");
}

// A ranged or magic attack at one model is refused while that model is in melee (within 1") with
// a friend of the attacker; melee attacks and an Area attack's blast are not.
TEST(AGameRangedIntoMelee, RefusedWhileAFriendFightsTheTarget) {
  Arena arena({"Wizard from the Halls of Dolion", "Goblin Skirmisher", "Goblin Skirmisher"},
              kGoblins);
  arena.keep_only({0, 1, 3});
  arena.place(0, 4, 12);
  arena.place(3, 12, 12);
  arena.place(1, 12, 13.5);  // 0.7" from the goblin, edge to edge: in melee with it
  EXPECT_TRUE(arena.state().in_melee_with_friend(0, 3));
  arena.activate(0);
  EXPECT_FALSE(arena.legal(act(ActionKind::kAttack, 0, (kArcaneBolt << 8) | 3)));
  EXPECT_TRUE(arena.legal(act(ActionKind::kAttack, 0, (kFireball << 8) | 3)));
  // The friend steps 1.5" away: the bolt may fly.
  arena.place(1, 12, 14.5);
  EXPECT_FALSE(arena.state().in_melee_with_friend(0, 3));
  EXPECT_TRUE(arena.legal(act(ActionKind::kAttack, 0, (kArcaneBolt << 8) | 3)));
}

// The goblin in melee may still stab the enemy it fights, and the melee does not stop the goblin's
// own javelin: the attacker itself is not its friend.
TEST(AGameRangedIntoMelee, TheAttackerInMeleeMayStillShootOrStab) {
  Arena arena(kGoblins, kGoblins);
  arena.keep_only({1, 3});
  arena.place(1, 12, 13.5);
  arena.place(3, 12, 12);
  arena.activate(1);
  EXPECT_TRUE(arena.legal(act(ActionKind::kAttack, 1, (kSpearJab << 8) | 3)));
  EXPECT_TRUE(arena.legal(act(ActionKind::kAttack, 1, (kJavelin << 8) | 3)));
}

}  // namespace
}  // namespace warband::agame
