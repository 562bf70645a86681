// Terrain that fights back (seed 003, "Terrain Interaction", "Throw (Terrain)", "Falling"):
// reinforced terrain's wounds and Resistance, attacks on it, destruction and the falls it causes,
// thrown terrain and thrown models hitting models and pieces. Hand-counted positions, forced cards.
#include <gtest/gtest.h>

#include "tests/rulesets/conflict/conflict_fixture.h"

namespace warband::conflict {
namespace {

using testing::Arena;
using testing::character_toml;
using testing::melee_attack;

using testing::kAceHearts;
using testing::kAceSpades;
using testing::kJackHearts;
using testing::kJackSpades;
using testing::kThreeSpades;
using testing::kTwoSpades;

const std::string kGiant = character_toml("Giant", 4, 0, 0, 0, 12, melee_attack(4));
const std::string kGargantuan = character_toml("Titan", 5, 0, 0, 0, 16, melee_attack(4));
using testing::kSmall;
using testing::kTiny;
std::string piece(const std::string& name, double x, double y, double diameter, int size,
                  const std::string& flags) {
  return "[[piece]]\nname = \"" + name + "\"\nshape = \"circle\"\nx = " + std::to_string(x) +
         "\ny = " + std::to_string(y) + "\ndiameter = " + std::to_string(diameter) +
         "\nsize = " + std::to_string(size) + "\nheight = 1\n" + flags + "\n";
}

// Reinforced terrain: "Wounds = size value X 2", "Resistance equal to Size". A size 3 tower has 6
// wounds and Resistance 3: the Giant's A♠ J♠ + Strength 4 = 4 takes 1; 3♠ 2♠ + 4 = 9 takes the
// other 5 and destroys it, and the Imp on top falls 3 sizes (3 damage, prone).
TEST(ConflictTerrain, ReinforcedTerrainTakesWoundsAndFallsDown) {
  Arena arena(piece("Tower", 18, 18, 4, 3, "reinforced = true"), kGiant, kTiny);
  arena.keep_only({0, 1});
  arena.place(0, 18, 14.5, 90);  // the Giant's base 0.5" from the tower, in its 2" reach
  arena.place(1, 18, 18, 270);
  arena.state().mutable_data().models[1].on_piece = 0;
  EXPECT_EQ(arena.state().piece_max_wounds(0), 6);
  EXPECT_EQ(arena.state().piece_resistance(0), 3);
  EXPECT_EQ(arena.state().data().piece_wounds[0], 6);
  arena.activate(0);
  const Action hit = encode_action(ActionKind::kAttackPiece, 0, 0 << 8 | 0);
  ASSERT_TRUE(arena.legal(hit));
  EXPECT_EQ(arena.state().action_to_string(hit),
            "R1 Giant attacks the Tower with Blade (4 against Resistance 3, 6 wounds left)");
  arena.state().apply(hit);
  EXPECT_EQ(arena.state().action_to_string(Arena::card(kAceSpades)), "Attack card: A♠");
  arena.state().apply(Arena::card(kAceSpades));
  EXPECT_EQ(arena.state().action_to_string(Arena::card(kJackSpades)),
            "Attack card: J♠ → 4 against 3: 1 damage to the Tower");
  arena.state().apply(Arena::card(kJackSpades));
  EXPECT_EQ(arena.state().data().piece_wounds[0], 5);
  EXPECT_EQ(arena.state().data().stage, Stage::kActivation);
  arena.state().check_consistency();

  StateData& d = arena.state().mutable_data();  // a second attack, as if in a later activation
  d.models[0].exhaust[kAttackSlot] = 0;
  arena.state().apply(hit);
  for (Card c : {kThreeSpades, kTwoSpades})
    arena.state().apply(Arena::card(c));
  EXPECT_EQ(arena.state().data().piece_wounds[0], 0);
  EXPECT_TRUE(arena.state().data().destroyed & 1);
  const ModelState& imp = arena.state().data().models[1];
  EXPECT_EQ(imp.on_piece, -1);
  EXPECT_TRUE(imp.prone);
  EXPECT_EQ(imp.wounds, 10 - 3);
  arena.state().check_consistency();
  // Gone from the table: nothing stops a leg through where it stood, and it shows as destroyed.
  const nlohmann::json view = arena.state().table_view(0);
  EXPECT_EQ(view["pieces"][0]["destroyed"], true);
  EXPECT_EQ(view["pieces"][0]["wounds"], 0);
  EXPECT_EQ(view["pieces"][0]["max_wounds"], 6);
  // And a save of it reads back equal.
  auto copy = arena.game().state_from_json(arena.state().to_json());
  EXPECT_EQ(static_cast<const ConflictState&>(*copy).data(), arena.state().data());
}

// "Can only be damaged by Physical and Energy attacks": a Psyche attack is not offered, and
// terrain that is not reinforced is never attacked.
TEST(ConflictTerrain, PsycheAttacksAndPlainTerrainAreNotTargets) {
  const std::string seer = character_toml(
      "Seer", 4, 0, 0, 0, 12,
      "[[characters.attacks]]\nname = \"Dread\"\ntype = \"psyche\"\ntarget = \"single\"\nrange = "
      "4\nstrength = 4\n");
  Arena arena(piece("Tower", 18, 18, 4, 3, "reinforced = true") +
                  piece("Crate", 10, 14, 1, 1, "destructible = true"),
              seer + kGiant, kTiny);
  arena.keep_only({0, 1, 2});
  arena.place(0, 18, 14.5, 90);
  arena.place(1, 12, 14, 90);  // the Giant beside the crate
  arena.place(2, 30, 30, 270);
  EXPECT_FALSE(arena.state().may_attack_piece(0, 0, 0));
  EXPECT_FALSE(arena.state().may_attack_piece(1, 0, 1));
}

// Throw (Terrain): "Target terrain must be at least two sizes smaller and within reach. [...]
// Range = (Your Size - Terrain Size - 1) inches. Thrown terrain is destroyed." A Giant throws a
// size 2 barrel (1") at an Imp 0.5" from it: attack value 2 against the Imp's J♠ J♥ = -2: 4
// damage; the barrel is gone.
TEST(ConflictTerrain, ThrownTerrainHitsAModelAndIsDestroyed) {
  Arena arena(piece("Barrel", 18, 18, 1, 2, "destructible = true"), kGiant, kTiny);
  arena.keep_only({0, 1});
  arena.place(0, 18, 15.5, 90);   // 1" from the barrel's edge: in its 2" reach
  arena.place(1, 18, 19.5, 270);  // 0.5" beyond the barrel
  EXPECT_EQ(arena.state().throw_terrain_range(0, 0), 100);
  arena.activate(0);
  const Action toss = encode_action(ActionKind::kManeuver, 0,
                                    static_cast<std::uint64_t>(Maneuver::kThrowTerrain) | (0 << 8) |
                                        (kAttackSlot << 16) | (std::uint64_t{1} << 18));
  ASSERT_TRUE(arena.legal(toss));
  EXPECT_EQ(arena.state().action_to_string(toss),
            "R1 Giant throws the Barrel at B1 Imp (costs its Attack)");
  arena.state().apply(toss);
  EXPECT_TRUE(arena.state().data().destroyed & 1);
  ASSERT_TRUE(arena.state().is_chance());
  EXPECT_EQ(arena.state().action_to_string(Arena::card(kJackSpades)), "Defense card: J♠");
  arena.state().apply(Arena::card(kJackSpades));
  EXPECT_EQ(arena.state().action_to_string(Arena::card(kJackHearts)),
            "Defense card: J♥ → 2 against -2: 4 damage to B1 Imp");
  arena.state().apply(Arena::card(kJackHearts));
  EXPECT_EQ(arena.state().data().models[1].wounds, 10 - 4);
  EXPECT_EQ(arena.state().data().stage, Stage::kActivation);
  EXPECT_EQ(arena.state().data().models[0].exhaust[kAttackSlot], 1);
  arena.state().check_consistency();
  // Out of range (1.5" away), the Imp is no aim.
  Arena far(piece("Barrel", 18, 18, 1, 2, "destructible = true"), kGiant, kTiny);
  far.keep_only({0, 1});
  far.place(0, 18, 15.5, 90);
  far.place(1, 18, 20.5, 270);
  EXPECT_FALSE(far.state().throw_reaches(0, 0, 1));
  // Three sizes larger is not enough for a Large model: size 2 is not two smaller than 3.
  EXPECT_EQ(far.state().throw_terrain_range(1, 0), 0);
}

// "If terrain is impacted by [...] another piece of terrain, it is destroyed if the size of the
// thrown object is greater than the size of the impacted terrain, unless it is reinforced";
// reinforced terrain takes the thrown size as an attack against its Resistance.
TEST(ConflictTerrain, ThrownTerrainBreaksSmallerTerrainAndWoundsReinforced) {
  Arena arena(piece("Barrel", 18, 18, 1, 2, "destructible = true") +
                  piece("Crate", 20, 18, 1, 1, "destructible = true") +
                  piece("Post", 16, 18, 1, 1, "reinforced = true"),
              kGargantuan, kTiny);
  arena.keep_only({0, 1});
  arena.place(0, 18, 15, 90);
  arena.place(1, 33, 33, 270);
  auto throw_at = [&](int aim_piece) {
    return encode_action(ActionKind::kManeuver, 0,
                         static_cast<std::uint64_t>(Maneuver::kThrowTerrain) | (0 << 8) |
                             (kMoveSlot << 16) |
                             (static_cast<std::uint64_t>(kAimPiece + aim_piece) << 18));
  };
  arena.activate(0);
  auto post = arena.state().clone();
  ASSERT_TRUE(arena.legal(throw_at(1)));
  arena.state().apply(throw_at(1));  // size 2 into size 1: broken
  EXPECT_EQ(arena.state().data().destroyed, 0b011u);
  EXPECT_EQ(arena.state().data().strides_left, 0);  // it cost the Move
  arena.state().check_consistency();
  auto& other = static_cast<ConflictState&>(*post);
  other.apply(throw_at(2));  // size 2 against Resistance 1: 1 of the post's 2 wounds
  EXPECT_EQ(other.data().destroyed, 0b001u);
  EXPECT_EQ(other.data().piece_wounds[2], 1);
  other.check_consistency();
}

// Models on Impact: a Giant throws an Imp 2" into a Guard 1" behind it: both land prone, the Imp
// takes 2 (a point per size of the Guard), the Guard 1.
TEST(ConflictTerrain, AThrownModelHittingAModelHurtsBoth) {
  Arena arena("", kGiant, kTiny + kSmall);
  arena.keep_only({0, 1, 2});
  arena.place(0, 18, 10, 90);
  arena.place(1, 18, 12, 270);      // base to base with the Giant
  arena.place(2, 18, 14.125, 270);  // 1" beyond the Imp, in its 2" path
  arena.activate(0);
  const Action hurl = encode_action(
      ActionKind::kManeuver, 0,
      static_cast<std::uint64_t>(Maneuver::kThrowModel) | (1 << 8) | (kAttackSlot << 16));
  ASSERT_TRUE(arena.legal(hurl));
  arena.state().apply(hurl);
  const StateData& d = arena.state().data();
  EXPECT_TRUE(d.models[1].prone);
  EXPECT_TRUE(d.models[2].prone);
  EXPECT_EQ(d.models[1].wounds, 10 - 2);
  EXPECT_EQ(d.models[2].wounds, 10 - 1);
  EXPECT_GT(d.models[1].at.y, 1200);  // it flew until it met the Guard
  EXPECT_LT(d.models[1].at.y, 1400);
  arena.state().check_consistency();
}

// A thrown model hitting a destructible piece smaller than itself breaks it: a Titan throws a
// Guard 2" into a size 1 fence 1" behind it.
TEST(ConflictTerrain, AThrownModelBreaksSmallerTerrain) {
  Arena arena(
      "[[piece]]\nname = \"Fence\"\nshape = \"rectangle\"\nx = 18\ny = 14.5\nwidth = 6\n"
      "depth = 0.25\nsize = 1\nheight = 1\ndestructible = true\n",
      kGargantuan, kSmall);
  arena.keep_only({0, 1});
  arena.place(0, 18, 10, 90);
  arena.place(1, 18, 12.625, 270);  // base to base (2" + 0.625")
  EXPECT_EQ(arena.state().throw_range(0, 1), 200);
  arena.activate(0);
  arena.state().apply(encode_action(
      ActionKind::kManeuver, 0,
      static_cast<std::uint64_t>(Maneuver::kThrowModel) | (1 << 8) | (kAttackSlot << 16)));
  EXPECT_EQ(arena.state().data().destroyed, 1u);
  EXPECT_TRUE(arena.state().data().models[1].prone);
  EXPECT_EQ(arena.state().data().models[1].wounds, 10);  // hitting terrain does not hurt it
  arena.state().check_consistency();
}

}  // namespace
}  // namespace warband::conflict
