// Seed 003's worked examples and hand-counted facts, played through the engine with forced cards.
#include <gtest/gtest.h>

#include <map>

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

using testing::kSmall;
using testing::kTiny;

// "Probability of Each Sum: -3 4 ways ... 7 4 ways" out of the 153 pairs: the initiative flip's
// chance nodes, enumerated exactly, give the seed's table.
TEST(ConflictSeedExamples, TwoCardFlipGivesTheSeedsTable) {
  Arena arena("", kSmall, kSmall);
  const std::map<int, int> ways = {{-3, 4}, {-2, 6}, {-1, 4}, {0, 20}, {1, 20}, {2, 23},
                                   {3, 20}, {4, 22}, {5, 20}, {6, 10}, {7, 4}};
  std::map<int, double> probability;
  const ConflictState& state = arena.state();
  ASSERT_TRUE(state.is_chance());
  const std::vector<ChanceOutcome> firsts = state.chance_outcomes();
  ASSERT_EQ(firsts.size(), 18u);
  for (const ChanceOutcome& first : firsts) {
    auto after = state.clone();
    after->apply(first.action);
    const std::vector<ChanceOutcome> seconds = after->chance_outcomes();
    ASSERT_EQ(seconds.size(), 17u);  // without replacement
    for (const ChanceOutcome& second : seconds)
      probability[card_value(static_cast<int>(payload_of(first.action))) +
                  card_value(static_cast<int>(payload_of(second.action)))] +=
          first.probability * second.probability;
  }
  ASSERT_EQ(probability.size(), ways.size());
  for (const auto& [sum, count] : ways)
    EXPECT_NEAR(probability[sum], count / 153.0, 1e-12) << sum;
}

// "a size 1 model climbing size 4 terrain would lose 4 Strides" (ruling "Climb": the Movement
// section's cost, the terrain size divided by the model size rounded up).
TEST(ConflictSeedExamples, SizeOneModelClimbingSizeFourTerrainLosesFourStrides) {
  Arena arena(
      "[[piece]]\nname = \"Tower\"\nshape = \"circle\"\nx = 18\ny = 18\ndiameter = 6\nsize = "
      "4\nheight = 3\n",
      kTiny, kTiny);
  arena.keep_only({0, 1});
  arena.place(0, 18, 14.5);  // its base touches the tower's edge
  arena.place(1, 18, 33, 270);
  arena.activate(0);
  EXPECT_EQ(arena.state().data().strides_left, 5);  // a Tiny model's Strides
  arena.state().apply(encode_action(ActionKind::kMove, 0, 0));
  const Action climb = encode_action(ActionKind::kClimb, 0, 0);
  ASSERT_TRUE(arena.legal(climb));
  EXPECT_EQ(arena.state().climb_cost(0, 0), 4);
  EXPECT_EQ(arena.state().action_to_string(climb), "R1 Imp climbs the Tower (4 Strides)");
  arena.state().apply(climb);
  EXPECT_EQ(arena.state().data().strides_left, 1);
  const ModelState& imp = arena.state().data().models[0];
  EXPECT_EQ(imp.on_piece, 0);
  EXPECT_TRUE(tabletop::base_within_piece(arena.game().table().pieces[0], imp.at, 100));
  // "placed within 1/2" of the edge from where it climbed": the base's edge 0.05" inside.
  EXPECT_EQ(imp.at, (tabletop::Point{1800, 1555}));
  arena.state().check_consistency();
}

// "falling from a terrain feature that is Size 3 deals 3 damage" (ruling "Falling": the height
// fallen in sizes, at least 1, plus half the faller's size rounded down).
TEST(ConflictSeedExamples, FallingFromSizeThreeDealsThreeDamage) {
  EXPECT_EQ(ConflictState::falling_damage(3, 1), 3);
  EXPECT_EQ(ConflictState::falling_damage(3, 4), 5);
  EXPECT_EQ(ConflictState::falling_damage(0, 1), 1);  // "minimum 1"

  // A Large model on a size 3 hill pushes a Tiny one off its edge: 1 damage, 3 for the fall.
  const std::string pusher = character_toml(
      "Ogre", 3, 0, 0, 0, 10,
      melee_attack(1, "effects = [{ effect = \"push\", trigger = \"always\", tokens = 1 }]\n"));
  Arena arena(
      "[[piece]]\nname = \"Hill\"\nshape = \"circle\"\nx = 18\ny = 18\ndiameter = 8\nsize = "
      "3\nheight = 2\n",
      pusher, kTiny);
  arena.keep_only({0, 1});
  arena.place(0, 18.5, 18, 0);
  arena.place(1, 21.3, 18, 180);
  arena.state().mutable_data().models[0].on_piece = 0;
  arena.state().mutable_data().models[1].on_piece = 0;
  arena.activate(0);
  const Action attack = encode_action(ActionKind::kAttack, 0, 1);
  ASSERT_TRUE(arena.legal(attack));
  EXPECT_EQ(arena.state().push_distance(0, 1), 100);  // half of 2 sizes: 1"
  EXPECT_EQ(arena.state().attack_odds(0, 0, 1).attack, 1);
  EXPECT_EQ(arena.state().attack_odds(0, 0, 1).defense, 0);
  arena.state().apply(attack);
  arena.state().apply(Arena::stay_standing(1));
  for (Card c : {kAceSpades, kJackSpades, kJackHearts})
    arena.state().apply(Arena::card(c));
  // The card that completes the flip says its result: 1 + A♠ J♠ (0) against 0 + J♥ A♥ (0).
  EXPECT_EQ(arena.state().action_to_string(Arena::card(kAceHearts)),
            "Defense card: A♥ → 1 against 0: 1 damage to B1 Imp");
  arena.state().apply(Arena::card(kAceHearts));
  const ModelState& imp = arena.state().data().models[1];
  EXPECT_EQ(imp.wounds, 10 - 1 - 3);
  EXPECT_TRUE(imp.prone);
  EXPECT_EQ(imp.on_piece, -1);
  EXPECT_EQ(imp.at, (tabletop::Point{2230, 1800}));  // 1" directly away
  arena.state().check_consistency();
}

// Throw (Model): "Target model must be at least two sizes smaller and in base-to-base contact.
// [...] Range = (Your Size - Target Size - 1) inches. The target becomes prone."
TEST(ConflictSeedExamples, ThrowRangeIsYourSizeLessTargetSizeLessOne) {
  const std::string giant = character_toml("Giant", 4, 0, 0, 0, 12, melee_attack(1));
  Arena arena("", giant, kTiny + kSmall);
  arena.keep_only({0, 1, 2});
  arena.place(0, 18, 10, 90);
  arena.place(1, 18, 12, 270);  // the Imp, base to base (1.5" + 0.5" apart)
  arena.place(2, 30, 30, 270);
  EXPECT_EQ(arena.state().throw_range(0, 1), 200);  // 4 - 1 - 1 = 2"
  EXPECT_EQ(arena.state().throw_range(0, 2), 100);  // 4 - 2 - 1 = 1"
  arena.state().mutable_data().models[2].braced = true;
  EXPECT_EQ(arena.state().throw_range(0, 2), 0);  // braced: counts as size 3, one smaller
  arena.activate(0);
  const Action throw_imp = encode_action(
      ActionKind::kManeuver, 0,
      static_cast<std::uint64_t>(Maneuver::kThrowModel) | (1 << 8) | (kAttackSlot << 16));
  ASSERT_TRUE(arena.legal(throw_imp));
  EXPECT_EQ(arena.state().action_to_string(throw_imp),
            "R1 Giant throws B1 Imp 2\" (costs its Attack)");
  arena.state().apply(throw_imp);
  const ModelState& imp = arena.state().data().models[1];
  EXPECT_EQ(imp.at, (tabletop::Point{1800, 1400}));  // 2" straight away from the Giant
  EXPECT_TRUE(imp.prone);
  EXPECT_EQ(arena.state().data().models[0].exhaust[kAttackSlot], 1);
  EXPECT_FALSE(arena.legal(encode_action(ActionKind::kAttack, 0, 1)));  // the Attack is spent
  arena.state().check_consistency();
}

// Aid: "+1 attack bonus to friendly model within the model's Influence against an enemy model
// within the model's Attack Reach"; it costs 1 Stride and lasts until that friend attacks.
TEST(ConflictRules, AidGivesAFriendPlusOneAgainstThatEnemy) {
  Arena arena("", kSmall + kSmall, kSmall);
  arena.keep_only({0, 1, 2});
  arena.place(0, 10, 10, 0);      // the aider
  arena.place(1, 10, 12.5, 0);    // its friend, 1.25" away edge to edge (Influence 2")
  arena.place(2, 11.5, 10, 180);  // the enemy, 0.25" from the aider (Attack Reach 1")
  const int before = arena.state().attack_odds(1, 0, 2).attack;
  arena.activate(0);
  const Action aid = encode_action(
      ActionKind::kManeuver, 0, static_cast<std::uint64_t>(Maneuver::kAid) | (1 << 8) | (2 << 16));
  ASSERT_TRUE(arena.legal(aid));
  EXPECT_EQ(arena.state().action_to_string(aid), "R1 Guard aids R2 Guard against B1 Guard");
  arena.state().apply(aid);
  EXPECT_EQ(arena.state().data().strides_left, 3);
  EXPECT_EQ(arena.state().attack_odds(1, 0, 2).attack, before + 1);
  arena.state().check_consistency();
}

// Hand-counted: a Small model (1.25" base, 4 Strides) has 5"; a 2" leg costs 2 Strides, and the
// rest (2.5") reaches 2" more, not 3".
TEST(ConflictRules, MoveSpendsAStridePerBaseDiameter) {
  Arena arena("", kSmall, kSmall);
  arena.keep_only({0, 1});
  arena.place(0, 10, 10);
  arena.place(1, 30, 30, 270);
  arena.activate(0);
  arena.state().apply(encode_action(ActionKind::kMove, 0, 0));
  EXPECT_GE(arena.move_to(0, 15, 10), 0);  // 5": 4 Strides
  EXPECT_LT(arena.move_to(0, 16, 10), 0);
  const Action leg = arena.move_to(0, 12, 10);
  ASSERT_GE(leg, 0);
  EXPECT_EQ(arena.state().action_to_string(leg), "R1 Guard moves to (12, 10)");
  arena.state().apply(leg);
  EXPECT_EQ(arena.state().data().strides_left, 2);
  EXPECT_EQ(arena.state().data().models[0].facing, 0);  // it faces the way it went
  EXPECT_GE(arena.move_to(0, 14, 10), 0);
  EXPECT_LT(arena.move_to(0, 15, 10), 0);
}

// Hand-counted: Skill 2 + Strength 4 + 3♠ 2♠ = 11 against Defense 1 + Resistance 2 + A♥ J♥ = 3:
// 8 damage. Attacked from behind, the same attack is 7 against 3 (Flanking +1).
TEST(ConflictRules, AttackDealsTheDifference) {
  Arena arena("", kSmall, kSmall);
  arena.keep_only({0, 1});
  arena.place(0, 10, 10, 0);
  arena.place(1, 11.25, 10, 180);  // base to base, facing the attacker
  arena.activate(0);
  const Action attack = encode_action(ActionKind::kAttack, 0, /*attack 0, target*/ 1);
  ASSERT_TRUE(arena.legal(attack));
  EXPECT_EQ(arena.state().action_to_string(attack),
            "R1 Guard attacks B1 Guard with Blade (6 against 3)");
  arena.place(1, 11.25, 10, 0);  // its back to the attacker
  EXPECT_EQ(arena.state().attack_odds(0, 0, 1).attack, 7);
  EXPECT_TRUE(arena.state().attack_odds(0, 0, 1).flanking);
  arena.place(1, 11.25, 10, 180);
  arena.state().apply(attack);
  arena.state().apply(Arena::stay_standing(1));
  for (Card c : {kThreeSpades, kTwoSpades, kAceHearts, kJackHearts})
    arena.state().apply(Arena::card(c));
  EXPECT_EQ(arena.state().data().models[1].wounds, 2);
  EXPECT_EQ(arena.state().data().last_damage, 8);
  EXPECT_EQ(arena.state().data().stage, Stage::kActivation);
  EXPECT_FALSE(arena.legal(attack));  // one Attack an activation
}

// "If the opposing player has at least 2 more un-activated models than the active player, the
// active player may choose to pass".
TEST(ConflictRules, PassNeedsTheOpponentTwoModelsAhead) {
  Arena arena("", kSmall + kSmall, kSmall + kSmall + kSmall);
  StateData& d = arena.state().mutable_data();
  d.stage = Stage::kChooseModel;
  d.card_count = 0;
  d.player = 0;
  const Action pass = encode_action(ActionKind::kPass, 0, 0);
  EXPECT_FALSE(arena.legal(pass));  // 2 against 3
  d.models[0].activated = true;     // 1 against 3
  ASSERT_TRUE(arena.legal(pass));
  arena.state().apply(pass);
  EXPECT_EQ(arena.state().current_player(), 1);
  EXPECT_EQ(arena.state().unactivated(0), 1);  // passing activates nothing
}

// "a model cannot end its movement at a distance greater than its starting distance from the
// closest engaging enemy, unless using the Disengage maneuver".
TEST(ConflictRules, EngagedModelsDisengageToStepAway) {
  Arena arena("", kSmall, kSmall);
  arena.keep_only({0, 1});
  arena.place(0, 10, 10, 0);
  arena.place(1, 11.5, 10, 180);  // 0.25" apart, within its 1" Attack Reach
  arena.activate(0);
  arena.state().apply(encode_action(ActionKind::kMove, 0, 0));
  EXPECT_LT(arena.move_to(0, 8, 10), 0);
  arena.state().apply(encode_action(ActionKind::kStopMoving, 0, 0));
  const Action disengage =
      encode_action(ActionKind::kManeuver, 0, static_cast<std::uint64_t>(Maneuver::kDisengage));
  ASSERT_TRUE(arena.legal(disengage));
  arena.state().apply(disengage);
  EXPECT_GE(arena.move_to(0, 8, 10), 0);
}

// Ruling "Cover": terrain one size smaller than the target is Full Cover (+2 Defense); terrain of
// its size hides it (no attack).
TEST(ConflictRules, CoverBySizeAndHiddenTargets) {
  const std::string shooter = character_toml(
      "Archer", 2, 1, 0, 0, 5,
      "[[characters.attacks]]\nname = \"Bow\"\ntype = \"physical\"\ntarget = \"single\"\nrange "
      "= 12\nstrength = 2\n");
  for (int wall_size : {1, 2}) {
    Arena arena(
        "[[piece]]\nname = \"Wall\"\nshape = \"rectangle\"\nx = 18\ny = 19\nwidth = "
        "4\ndepth = 0.5\nsize = " +
            std::to_string(wall_size) + "\nheight = 1\n",
        shooter, kSmall);
    arena.keep_only({0, 1});
    arena.place(0, 18, 10, 90);
    arena.place(1, 18, 20, 270);
    arena.activate(0);
    const Action shoot = encode_action(ActionKind::kAttack, 0, 1);
    if (wall_size == 1) {
      ASSERT_TRUE(arena.legal(shoot));
      EXPECT_EQ(arena.state().attack_odds(0, 0, 1).cover, 2);
      EXPECT_EQ(arena.state().attack_odds(0, 0, 1).defense, 1 + 2 + 2);
    } else {
      EXPECT_FALSE(arena.legal(shoot));
    }
  }
}

// "A model may fall prone at any time": outside its activation, when an attack declares it the
// target (ruling "Prone"), its player chooses before the cards. Prone, a Guard in base contact is
// hit at +1: Skill 2 + Strength 4 + 1 = 7 against 3; a model already prone is not asked.
TEST(ConflictRules, TheDeclaredTargetMayFallProneBeforeTheCards) {
  Arena arena("", kSmall, kSmall);
  arena.keep_only({0, 1});
  arena.place(0, 10, 10, 0);
  arena.place(1, 11.25, 10, 180);
  arena.activate(0);
  auto second = arena.state().clone();
  arena.state().apply(encode_action(ActionKind::kAttack, 0, 1));
  EXPECT_EQ(arena.state().data().stage, Stage::kReaction);
  EXPECT_EQ(arena.state().current_player(), 1);  // Blue answers in Red's activation
  const std::vector<Action> answers = arena.state().legal_actions();
  ASSERT_EQ(answers.size(), 2u);
  EXPECT_EQ(arena.state().action_to_string(answers[0]), "B1 Guard falls prone");
  EXPECT_EQ(arena.state().action_to_string(answers[1]), "B1 Guard stays standing");
  arena.state().check_consistency();
  arena.state().apply(answers[0]);
  EXPECT_TRUE(arena.state().data().models[1].prone);
  EXPECT_TRUE(arena.state().is_chance());
  EXPECT_EQ(arena.state().attack_odds(0, 0, 1).attack, 7);
  for (Card c : {kThreeSpades, kTwoSpades, kAceHearts, kJackHearts})
    arena.state().apply(Arena::card(c));
  EXPECT_EQ(arena.state().data().models[1].wounds, 10 - 9);
  EXPECT_EQ(arena.state().current_player(), 0);  // back to Red's activation
  arena.state().check_consistency();

  auto& other = static_cast<ConflictState&>(*second);
  other.mutable_data().models[1].prone = true;
  other.apply(encode_action(ActionKind::kAttack, 0, 1));
  EXPECT_TRUE(other.is_chance());
}

// "Breakthrough: Affects models in a 1" wide line": the line lists the models in its order, so
// the one declared (the farther here) is found among them to answer before the cards.
TEST(ConflictRules, TheDeclaredTargetOfABreakthroughAnswersNotTheFirstInLine) {
  const std::string lancer =
      character_toml("Lancer", 2, 1, 0, 0, 5,
                     "[[characters.attacks]]\nname = \"Lance\"\ntype = \"physical\"\ntarget = "
                     "\"breakthrough\"\nrange = 8\nstrength = 2\n");
  Arena arena("", lancer,
              character_toml("Near", 2, 1, 0, 0, 5, melee_attack(1)) +
                  character_toml("Far", 2, 1, 0, 0, 5, melee_attack(1)));
  arena.place(0, 10, 10, 0);
  arena.place(1, 12.5, 10, 180);
  arena.place(2, 16, 10, 180);
  arena.activate(0);
  arena.state().apply(encode_action(ActionKind::kAttack, 0, 0 << 8 | 2));
  ASSERT_EQ(arena.state().data().stage, Stage::kReaction);
  ASSERT_EQ(arena.state().data().target_count, 2);
  EXPECT_EQ(arena.state().data().targets[0], 1);  // the line's order: Near first
  arena.state().check_consistency();
  const std::vector<Action> answers = arena.state().legal_actions();
  ASSERT_EQ(answers.size(), 2u);
  EXPECT_EQ(arena.state().action_to_string(answers[0]), "B2 Far falls prone");
  arena.state().apply(answers[0]);
  EXPECT_TRUE(arena.state().data().models[2].prone);
  EXPECT_FALSE(arena.state().data().models[1].prone);
  EXPECT_EQ(arena.state().data().target_pos, 0);  // the cards resolve from the line's first
  EXPECT_TRUE(arena.state().is_chance());
  arena.state().check_consistency();
}

// "A model may fall prone at any time"; "A prone model counts as one size category smaller for
// determining cover": a Small model behind a size 1 wall has Full Cover, prone it is hidden.
TEST(ConflictRules, FallingProneHidesBehindSmallerTerrain) {
  const std::string shooter = character_toml(
      "Archer", 2, 1, 0, 0, 5,
      "[[characters.attacks]]\nname = \"Bow\"\ntype = \"physical\"\ntarget = \"single\"\nrange "
      "= 12\nstrength = 2\n");
  Arena arena(
      "[[piece]]\nname = \"Wall\"\nshape = \"rectangle\"\nx = 18\ny = 19\nwidth = "
      "4\ndepth = 0.5\nsize = 1\nheight = 0.5\n",
      shooter, kSmall);
  arena.keep_only({0, 1});
  arena.place(0, 18, 10, 90);
  arena.place(1, 18, 20, 270);
  arena.activate(1);
  const Action drop = encode_action(ActionKind::kFallProne, 1, 0);
  ASSERT_TRUE(arena.legal(drop));
  EXPECT_EQ(arena.state().action_to_string(drop), "B1 Guard falls prone");
  EXPECT_EQ(arena.state().clear_sight(arena.state().scene(), 0, 1), 5);
  arena.state().apply(drop);
  EXPECT_TRUE(arena.state().data().models[1].prone);
  EXPECT_EQ(arena.state().cover_size(1), 1);
  EXPECT_EQ(arena.state().clear_sight(arena.state().scene(), 0, 1), 0);
  EXPECT_FALSE(arena.legal(drop));  // already prone
}

// A save read back is the same state; a broken one names its field.
TEST(ConflictRules, SavesRoundTripAndNameTheirProblems) {
  Arena arena("", kSmall, kSmall);
  const nlohmann::json saved = arena.state().to_json();
  const auto back = arena.game().state_from_json(saved);
  EXPECT_EQ(back->to_json(), saved);
  nlohmann::json broken = saved;
  broken["models"][0]["wounds"] = 99;
  try {
    arena.game().state_from_json(broken);
    FAIL() << "accepted 99 wounds";
  } catch (const InputError& error) {
    EXPECT_NE(std::string(error.what()).find("state.models[0].wounds"), std::string::npos)
        << error.what();
  }
}

}  // namespace
}  // namespace warband::conflict
