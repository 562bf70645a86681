// Seed 004's worked example ("Combat structure", "Melee") played through the engine, die by die:
// the Vampire's Vicious Stab on the Great Ram. The seed's example Ram is not the Ram of the
// profile (ruling "The Ram in the worked example"), so this game plays the example's own numbers
// from profiles written here; the shipped profiles play the same steps in engine_test.cc.
#include <gtest/gtest.h>

#include "rulesets/agame/attack_pipeline.h"
#include "tests/rulesets/agame/agame_fixture.h"

namespace warband::agame {
namespace {

using testing::Arena;

// The example's numbers: "Vicious stab has a allocation of 1-3", "a Melee Defense of 6+", "an
// armor of 5+", "1 of his defense dice and 2 of his wild dice".
const std::string kExampleProfiles = R"(
[[model]]
name = "Vampire Swordfighter"
size = 6
wounds = 3
attack_dice = 3
defense_dice = 0
wild_dice = 1
movement_dice = 2
melee_defense = 6
ranged_defense = 7
magic_defense = 7
armor = 4
will = 6
body = 8
reflexes = 7

[[model.attack]]
name = "Vicious Stab"
range = '2"'
kind = "melee"
chance = 4
versus = "armor"
min_dice = 1
max_dice = 3
target = "single"
accuracy = 1
power = 2
damage = 1

[[model]]
name = "Great Ram of Shamborga"
size = 12
wounds = 5
attack_dice = 3
defense_dice = 1
wild_dice = 2
movement_dice = 2
melee_defense = 6
ranged_defense = 6
magic_defense = 8
armor = 5
will = 8
body = 6
reflexes = 9

[[model]]
name = "Imp"
size = 2
wounds = 1
attack_dice = 0
defense_dice = 0
wild_dice = 0
movement_dice = 1
melee_defense = 9
ranged_defense = 9
magic_defense = 9
armor = 9
will = 9
body = 9
reflexes = 9
)";

class ViciousStabExample : public ::testing::Test {
 protected:
  ViciousStabExample()
      : arena_({"Vampire Swordfighter", "Imp", "Imp"}, {"Great Ram of Shamborga", "Imp", "Imp"}, "",
               kExampleProfiles) {
    arena_.keep_only({0, 3});
    // "1. Attacker moves into melee range": the Vampire stands 1" from the Ram's base.
    arena_.place(0, 12, 10);
    arena_.place(3, 12, 13.3);  // 1.2" base + 2.4" base: the gap is 3.3 - 1.8 = 1.5"
    arena_.activate(0);
  }
  Arena arena_;
};

TEST_F(ViciousStabExample, PlaysTheSeedsStepsDieByDie) {
  AGameState& state = arena_.state();
  // "2. Attacker picks an attack ability to use. The vampire chooses to use Vicious Stab."
  // "9. ... The great ram increases his melee defense to 7+"; "15. ... brings that to 7+".
  EXPECT_EQ(state.dodge_target_against(0, 0, 3), 7);
  EXPECT_EQ(state.save_target_against(0, 0, 3), 7);
  arena_.attack(0, 0, 3);
  // "3. Vicious Stab is cost 0." "4. ... has a allocation of 1-3. The vampire chooses 3."
  EXPECT_TRUE(arena_.legal(encode_action(ActionKind::kAllocate, 0, 1)));
  EXPECT_FALSE(arena_.legal(encode_action(ActionKind::kAllocate, 0, 4)));
  arena_.allocate(0, 3);
  EXPECT_EQ(state.data().models[0].attack_dice, 0);  // its three attack dice, the wild die kept
  EXPECT_EQ(state.data().models[0].wild_dice, 1);
  // "5. The results are 2, 5, 6." "6. ... 2 is a miss. 5 and 6 are hits."
  arena_.roll({2, 5, 6});
  EXPECT_EQ(state.strike().hits, 2);
  EXPECT_EQ(state.current_player(), 1);  // the Ram's player chooses its dodge dice
  // "10. The ram decides to roll 1 of his defense dice and 2 of his wild dice"
  arena_.dodge(3, 3);
  EXPECT_EQ(state.data().models[3].defense_dice, 0);
  EXPECT_EQ(state.data().models[3].wild_dice, 0);
  // "11. The results are a 1, 5, 7. Two failures and a success."
  arena_.roll({1, 5, 7});
  EXPECT_EQ(state.strike().dodges, 1);
  // "12. 2 - 1 means the attacker now has only hit 1 time." One save die per hit left (ruling
  // "One save die per hit left"): the example's "1, 7" is two; the 1 is the one that counts.
  EXPECT_EQ(hits_after_dodges(state.strike().hits, state.strike().dodges), 1);
  arena_.roll({1});
  // "18. ... The ram suffers 1 wound."
  EXPECT_EQ(state.data().models[3].wounds, 4);
  EXPECT_EQ(state.data().last.wounds, 1);
  EXPECT_EQ(state.data().stage, Stage::kActivation);  // the Vampire's activation goes on
  EXPECT_NE(state.to_string().find("attack 2, 5, 6; dodge 1, 5, 7; save 1 → 1 wound"),
            std::string::npos)
      << state.to_string();
  // The board's view: the dice of the roll and the pools left (docs/api.md, "The A Game view").
  const nlohmann::json view = state.table_view(kSeesEverything);
  EXPECT_EQ(view["kind"], "tabletop");
  EXPECT_EQ(view["last_roll"]["attack_name"], "Vicious Stab");
  EXPECT_EQ(view["last_roll"]["attack"], nlohmann::json({2, 5, 6}));
  EXPECT_EQ(view["last_roll"]["dodge"], nlohmann::json({1, 5, 7}));
  EXPECT_EQ(view["last_roll"]["save"], nlohmann::json({1}));
  EXPECT_EQ(view["last_roll"]["wounds"], 1);
  // Each die marked as the seed reads it: "2 is a miss. 5 and 6 are hits."; "1, 5, 7. Two
  // failures and a success." against 7+; the save at 7+ failed. No cover, no high ground.
  EXPECT_EQ(view["last_roll"]["needs"], nlohmann::json({{"attack", 4}, {"dodge", 7}, {"save", 7}}));
  EXPECT_EQ(view["last_roll"]["results"]["attack"], nlohmann::json({"miss", "hit", "hit"}));
  EXPECT_EQ(view["last_roll"]["results"]["dodge"], nlohmann::json({"failure", "failure", "dodge"}));
  EXPECT_EQ(view["last_roll"]["results"]["save"], nlohmann::json({"failure"}));
  EXPECT_EQ(view["last_roll"]["cover"], false);
  EXPECT_EQ(view["last_roll"]["high_ground"], false);
  EXPECT_TRUE(view["models"][0]["facing"].is_null());  // ruling "Facing"
  EXPECT_EQ(view["models"][3]["dice"]["wild"], 0);
  EXPECT_EQ(view["models"][3]["max_dice"]["wild"], 2);
  EXPECT_EQ(view["models"][0]["dice"]["attack"], 0);
  EXPECT_EQ(view["models"][3]["wounds"], 4);
}

// "16. ... The 7 is an armor save": had the save die shown 7 (7+), no wound.
TEST_F(ViciousStabExample, TheSevenIsAnArmorSave) {
  AGameState& state = arena_.state();
  arena_.attack(0, 0, 3);
  arena_.allocate(0, 3);
  arena_.roll({2, 5, 6});
  arena_.dodge(3, 3);
  arena_.roll({1, 5, 7, 7});
  EXPECT_EQ(state.data().models[3].wounds, 5);
  EXPECT_EQ(state.data().last.wounds, 0);
}

// The chance nodes are exact: each die's ten faces, a tenth each (ruling "Ten-sided dice").
TEST_F(ViciousStabExample, EachDieIsATenSidedChanceNode) {
  AGameState& state = arena_.state();
  arena_.attack(0, 0, 3);
  arena_.allocate(0, 1);
  const std::vector<ChanceOutcome> outcomes = state.chance_outcomes();
  ASSERT_EQ(outcomes.size(), 10u);
  for (int face = 1; face <= 10; ++face) {
    EXPECT_EQ(outcomes[face - 1].action, encode_action(ActionKind::kDie, 0, face));
    EXPECT_DOUBLE_EQ(outcomes[face - 1].probability, 0.1);
  }
  EXPECT_EQ(state.action_to_string(outcomes[3].action), "Attack die: 4 (4+: hit)");
  EXPECT_EQ(state.action_to_string(outcomes[2].action), "Attack die: 3 (4+: miss)");
}

}  // namespace
}  // namespace warband::agame
