// Seed 000's worked examples, replayed through the engine with forced dice.
#include <gtest/gtest.h>

#include <map>
#include <string>

#include "rulesets/atomspast/atomspast_state.h"
#include "rulesets/atomspast/half_ranges.h"
#include "tests/rulesets/atomspast/atomspast_fixture.h"

namespace warband::atomspast {
namespace {

using testing::clear_board_except;
using testing::find_unit;
using testing::first_turn;
using testing::has_action;
using testing::keep_only;
using testing::place;
using testing::roll_dice;
using testing::sample_game;
using testing::set_stat;
using testing::to_battlefield;

// "Example roll with total values for MS 3/MD 4: dice values: 1, 3, 2, 6 = 7 (1 + 3 + 2 + 1) ...
// If this dice roll had been done by an extremely powerful MS 6 Unit ... (12)."
TEST(AtomsPastSeedExamples, SkillRollCountsFacesUpToTheSkill) {
  const int faces[] = {1, 3, 2, 6};
  int at_skill_3 = 0, at_skill_6 = 0;
  for (int face : faces) {
    at_skill_3 += skill_die_value(face, 3);
    at_skill_6 += skill_die_value(face, 6);
  }
  EXPECT_EQ(at_skill_3, 7);
  EXPECT_EQ(at_skill_6, 12);
}

// A Red unit with [MS 3/MD 4] attacks Blue's Footmen, whose Shield blocks two damage.
TEST(AtomsPastSeedExamples, MeleeAttackRollsSkillDiceAndTheShieldBlocks) {
  auto game = sample_game(testing::open_ground_setup());
  auto state = first_turn(game);
  const int warrior = find_unit(*game, 0, "orc_warrior");
  const int footmen = find_unit(*game, 1, "footmen");
  ASSERT_GE(warrior, 0);
  ASSERT_GE(footmen, 0);
  keep_only(*state, {warrior, footmen});
  place(*state, warrior, 10, 8);
  place(*state, footmen, 11, 8);
  set_stat(*state, warrior, Stat::kMeleeSkill, 3);
  set_stat(*state, warrior, Stat::kMeleeDice, 4);
  set_stat(*state, warrior, Stat::kMeleeRange, 1);
  set_stat(*state, footmen, Stat::kShield, 2);
  auto& data = state->mutable_data();
  data.units[footmen].max_wounds = data.units[footmen].wounds = 10;
  state->check_consistency();

  to_battlefield(*state);
  ASSERT_TRUE(has_action(*state, encode(ActionKind::kMeleeAttack, warrior)));
  state->apply(encode(ActionKind::kMeleeAttack, warrior));
  ASSERT_EQ(state->data().step, Step::kAttackTarget);
  const Action attack = encode(ActionKind::kAttackTarget, footmen, 0);
  ASSERT_TRUE(has_action(*state, attack));
  EXPECT_NE(state->action_to_string(attack).find("Melee [S3/D4]"), std::string::npos)
      << state->action_to_string(attack);
  state->apply(attack);
  EXPECT_EQ(state->data().roll.skill, 3);
  EXPECT_EQ(state->data().roll.dice, 4);
  roll_dice(*state, {1, 3, 2});
  const std::string last_die = state->action_to_string(encode(ActionKind::kDie, 6));
  EXPECT_NE(last_die.find("Attack [S3/D4]: 6 counts 1 (above Skill 3), 1, 3, 2 count as rolled "
                          "→ 7"),
            std::string::npos)
      << last_die;
  EXPECT_NE(last_die.find("5 damage (Shield blocks 2)"), std::string::npos) << last_die;
  roll_dice(*state, {6});
  EXPECT_EQ(state->data().units[footmen].wounds, 10 - 5);
  // "place a dice showing a 4 to represent the ... cost": Attack costs AcTi 4.
  EXPECT_EQ(state->data().units[warrior].acti, 4);
}

// "He rolls [S3/D4] and gets a 2,3,1,5 = 7 ... He distributes the Downticks evenly but then has an
// remaining Downtick. He chooses Spell A to get an additional Downtick."
TEST(AtomsPastSeedExamples, ChannelSpreadsEvenlyAndThePlayerPlacesTheRemainder) {
  auto game = sample_game();
  auto state = first_turn(game);
  auto& player = state->mutable_data().players[0];
  player.zone[0] = ZoneCard{0, 6, 0};  // Spell A
  player.zone[1] = ZoneCard{1, 4, 0};  // Spell B
  player.zone_size = 2;
  ASSERT_TRUE(has_action(*state, encode(ActionKind::kChannel)));
  state->apply(encode(ActionKind::kChannel));
  roll_dice(*state, {2, 3, 1, 5});
  ASSERT_EQ(state->data().roll.total, 7);
  // 7 over two spells: three each, one left for the player to place.
  ASSERT_EQ(state->data().step, Step::kChannelExtra);
  EXPECT_EQ(state->legal_actions(), (std::vector<Action>{encode(ActionKind::kExtraDowntick, 0),
                                                         encode(ActionKind::kExtraDowntick, 1)}));
  state->apply(encode(ActionKind::kExtraDowntick, 0));
  EXPECT_EQ(state->data().players[0].zone[0].acti, 6 - 3 - 1);
  EXPECT_EQ(state->data().players[0].zone[1].acti, 4 - 3);
  EXPECT_EQ(state->data().step, Step::kPhase);
  // "For his second and final Spell Action he chooses to place another Spell": Channel is spent.
  EXPECT_FALSE(has_action(*state, encode(ActionKind::kChannel)));
}

// Downticks past AcTi 0 become Boost, and Boost adds to the Cast Result.
TEST(AtomsPastSeedExamples, DowntickAtZeroBoostsAndBoostAddsToTheCast) {
  auto game = sample_game();
  auto state = first_turn(game);
  auto& player = state->mutable_data().players[0];
  const int spell = game->kon_spell(0);  // castable whenever a friendly unit stands
  player.zone[0] = ZoneCard{static_cast<std::int8_t>(spell), 1, 0};
  player.zone_size = 1;
  state->apply(encode(ActionKind::kChannel));
  roll_dice(*state, {1, 1, 1, 1});  // 4 Downticks: 1 to reach AcTi 0, then 3 Boost
  EXPECT_EQ(state->data().players[0].zone[0].acti, 0);
  EXPECT_EQ(state->data().players[0].zone[0].boost, 3);
  state->apply(encode(ActionKind::kCast, 0));
  roll_dice(*state, {1, 1, 1});
  const std::string last = state->action_to_string(encode(ActionKind::kDie, 2));
  EXPECT_NE(last.find("→ 5; + Boost 3 − AcTi 0 = 8"), std::string::npos) << last;
  roll_dice(*state, {2});
  EXPECT_EQ(state->data().spell.x, 8);
  EXPECT_EQ(state->data().players[0].zone_size, 0);
}

// "If there is more than zero AcTi remaining the Spell fails."
TEST(AtomsPastSeedExamples, CastFailsWhileAcTiRemains) {
  auto game = sample_game();
  auto state = first_turn(game);
  auto& player = state->mutable_data().players[0];
  player.zone[0] = ZoneCard{static_cast<std::int8_t>(game->kon_spell(0)), 9, 0};
  player.zone_size = 1;
  state->apply(encode(ActionKind::kCast, 0));
  roll_dice(*state, {3, 3, 3, 2});  // 11 ≥ 9: would succeed...
  auto failing = first_turn(game);
  auto& zone_player = failing->mutable_data().players[0];
  zone_player.zone[0] = ZoneCard{static_cast<std::int8_t>(game->kon_spell(0)), 9, 0};
  zone_player.zone_size = 1;
  failing->apply(encode(ActionKind::kCast, 0));
  roll_dice(*failing, {1, 6, 2, 4});  // 1 + 1 + 2 + 1 = 5 < 9
  EXPECT_FALSE(failing->data().spell.active);
  ASSERT_EQ(failing->data().players[0].zone_size, 1);
  EXPECT_EQ(failing->data().players[0].zone[0].acti, 9);  // unchanged (ruling)
  EXPECT_TRUE(state->data().spell.active);                // the 11 did succeed
  EXPECT_EQ(state->data().spell.x, 2);
}

// "Grafted Strike has an AcTi of 6 ... He chose five for it's Power Level ... Cast Result of 10
// ... a Target Unit would be Altered +1MS and make a Melee Attack with +4Md (10 - 6 = 4)".
TEST(AtomsPastSeedExamples, KonSpellCastsAtTwicePowerLevel) {
  auto game = sample_game(testing::open_ground_setup());
  ASSERT_EQ(game->spell(game->kon_spell(0)).id, "grafted_strike");
  ASSERT_EQ(game->spell(game->kon_spell(0)).acti, 6);
  ASSERT_EQ(game->kon_power_level(0), 5);
  auto state = first_turn(game);
  // "The AcTi for his Spell would then start at five" (before any Kon Phase downtick).
  auto fresh = testing::new_state(game);
  EXPECT_EQ(fresh->data().players[0].kon_spell_acti, 5);

  const int warrior = find_unit(*game, 0, "orc_warrior");
  const int footmen = find_unit(*game, 1, "footmen");
  keep_only(*state, {warrior, footmen});
  place(*state, warrior, 10, 8);
  place(*state, footmen, 11, 8);
  auto& data = state->mutable_data();
  data.players[0].kon_spell_acti = 0;
  data.units[footmen].max_wounds = data.units[footmen].wounds = 60;
  const int skill_before = state->stat(warrior, Stat::kMeleeSkill);
  const int dice_before = state->stat(warrior, Stat::kMeleeDice);

  state->apply(encode(ActionKind::kDone));  // to the Kon Phase
  const Action cast = encode(ActionKind::kKonCast);
  ASSERT_TRUE(has_action(*state, cast));
  EXPECT_NE(state->action_to_string(cast).find("Power Level 5 (Cast Result 10, X = 4)"),
            std::string::npos)
      << state->action_to_string(cast);
  state->apply(cast);
  EXPECT_EQ(state->data().players[0].kon_spell_acti, 5);  // "after casting return to five"
  ASSERT_EQ(state->data().step, Step::kSpellTarget);
  state->apply(encode(ActionKind::kSpellTarget, warrior));
  EXPECT_EQ(state->stat(warrior, Stat::kMeleeSkill), skill_before + 1);  // altered +1 MS
  ASSERT_EQ(state->data().step, Step::kAttackTarget);
  EXPECT_TRUE(has_action(*state, encode(ActionKind::kDecline)));  // "may perform"
  state->apply(encode(ActionKind::kAttackTarget, footmen, 0));
  EXPECT_EQ(state->data().roll.dice, dice_before + 4);  // +X MD with X = 4
  EXPECT_EQ(state->data().roll.skill, skill_before + 1);
  roll_dice(*state, std::vector<int>(dice_before + 4, 1));
  EXPECT_EQ(state->data().units[warrior].acti, 0);  // a spell's attack is free
  EXPECT_EQ(state->data().phase, Phase::kBattlefield);
}

// "The Kon's ... AcTi for it's Battlefield Actions" downticks in the Kon Phase only, and the Kon
// acts through its Kon Action, not in the Battlefield Phase.
TEST(AtomsPastSeedExamples, KonActsOnlyThroughItsKonAction) {
  auto game = sample_game(testing::open_ground_setup());
  auto state = first_turn(game);
  const int kon = game->kon_unit(0);
  state->mutable_data().units[kon].acti = 3;
  state->apply(encode(ActionKind::kDone));
  EXPECT_EQ(state->data().units[kon].acti, 2);  // Kon Phase downtick
  EXPECT_TRUE(has_action(*state, encode(ActionKind::kKonDowntickUnit)));
  state->apply(encode(ActionKind::kKonDowntickUnit));
  EXPECT_EQ(state->data().units[kon].acti, 1);
  ASSERT_EQ(state->data().phase, Phase::kBattlefield);
  EXPECT_EQ(state->data().units[kon].acti, 1);  // no second downtick in the Battlefield Phase
  for (Action action : state->legal_actions()) {
    if (kind_of(action) == ActionKind::kDone) continue;
    EXPECT_NE(arg_a(action), kon) << state->action_to_string(action);
  }
}

// "To win the game you must destroy your opponents Kon."
TEST(AtomsPastSeedExamples, DestroyingTheEnemyKonWins) {
  auto game = sample_game(testing::open_ground_setup());
  auto state = first_turn(game);
  const int warrior = find_unit(*game, 0, "orc_warrior");
  const int red_kon = game->kon_unit(0), blue_kon = game->kon_unit(1);
  clear_board_except(*state, {warrior, red_kon, blue_kon});
  place(*state, red_kon, 0, 0);
  place(*state, warrior, 10, 8);
  place(*state, blue_kon, 11, 8);
  auto& data = state->mutable_data();
  data.units[blue_kon].wounds = 1;
  set_stat(*state, blue_kon, Stat::kShield, 0);
  to_battlefield(*state);
  state->apply(encode(ActionKind::kMeleeAttack, warrior));
  state->apply(encode(ActionKind::kAttackTarget, blue_kon, 0));
  roll_dice(*state, std::vector<int>(state->data().roll.dice, 1));
  ASSERT_TRUE(state->is_terminal());
  EXPECT_EQ(state->returns(), (std::vector<double>{1.0, -1.0}));
  ASSERT_EQ(state->ending(), 0);
  EXPECT_EQ(game->endings()[0], "Kon destroyed in combat");
}

// How a game ended (Game::endings()), read from constructed terminal states: Blue's Kon
// destroyed while Red's spell resolves, while Blue's own spell resolves, by the Dangerous
// Terrain of its move; and the turn limit with both Kons standing.
TEST(AtomsPastSeedExamples, EndingsSayHowTheKonFell) {
  auto game = sample_game(testing::open_ground_setup());
  ASSERT_FALSE(game->spells().empty());
  const auto ended = [&](int active, bool spell, int danger, bool kon_alive) {
    auto state = first_turn(game);
    EXPECT_EQ(state->ending(), -1);
    auto& data = state->mutable_data();
    data.phase = Phase::kGameOver;
    data.winner = kon_alive ? -1 : 0;
    data.active = static_cast<std::int8_t>(active);
    data.units[game->kon_unit(1)].alive = kon_alive;
    data.action = {};
    data.spell.active = spell;
    data.spell.spell = spell ? 0 : -1;
    data.danger = static_cast<std::int8_t>(danger);
    const int ending = state->ending();
    return ending >= 0 ? std::string(game->endings()[ending]) : std::string("none");
  };
  EXPECT_EQ(ended(0, true, 0, false), "Kon destroyed by an enemy spell");
  EXPECT_EQ(ended(1, true, 0, false), "Kon destroyed by its side's spell");
  EXPECT_EQ(ended(1, false, 2, false), "Kon destroyed by Dangerous Terrain");
  EXPECT_EQ(ended(1, false, 0, false), "Kon destroyed by another effect");
  EXPECT_EQ(ended(0, false, 0, true), "turn limit reached");
  EXPECT_EQ(game->endings().size(), 6u);
}

// Charge: "a Move with a +1 modifier, and a Melee Attack with +1MD against the target", only
// when not engaged.
TEST(AtomsPastSeedExamples, ChargeMovesOneFurtherAndAddsOneDie) {
  auto game = sample_game(testing::open_ground_setup());
  auto state = first_turn(game);
  const int warrior = find_unit(*game, 0, "orc_warrior");
  const int footmen = find_unit(*game, 1, "footmen");
  keep_only(*state, {warrior, footmen});
  set_stat(*state, warrior, Stat::kMove, 3);
  set_stat(*state, warrior, Stat::kMeleeRange, 1);
  place(*state, warrior, 5, 8);
  place(*state, footmen, 10, 8);  // 5 away: Move 3 + 1 reaches the next space, not 3 alone
  auto& data = state->mutable_data();
  data.units[footmen].max_wounds = data.units[footmen].wounds = 60;
  to_battlefield(*state);
  const Action charge = encode(ActionKind::kCharge, warrior, footmen);
  ASSERT_TRUE(has_action(*state, charge));
  state->apply(charge);
  ASSERT_EQ(state->data().step, Step::kDestination);
  // The only spaces within Melee Range 1 of the Footmen that are 4 away: (9, 8).
  const auto destinations = state->legal_actions();
  ASSERT_EQ(destinations.size(), 1u);
  EXPECT_EQ(grid::placement_at(arg_a(destinations[0])).anchor, (grid::Cell{9, 8}));
  const int dice = state->stat(warrior, Stat::kMeleeDice);
  state->apply(destinations[0]);
  ASSERT_EQ(state->data().step, Step::kAttackRoll);
  EXPECT_EQ(state->data().roll.dice, dice + 1);
  roll_dice(*state, std::vector<int>(dice + 1, 1));
  EXPECT_EQ(state->data().units[warrior].acti, 4);

  // Engaged units cannot charge.
  auto engaged = first_turn(game);
  keep_only(*engaged, {warrior, footmen});
  place(*engaged, warrior, 5, 8);
  place(*engaged, footmen, 6, 8);
  to_battlefield(*engaged);
  for (Action action : engaged->legal_actions())
    EXPECT_NE(kind_of(action), ActionKind::kCharge) << engaged->action_to_string(action);
}

// "Two Goblin Archers with RS 3, RD 3, RR 7 ... choose to make a Combined Ranged Attack and roll
// [RS 4/ RD 4] ... They both get an AcTi 4 for Attacking."
TEST(AtomsPastSeedExamples, CombinedAttackOfTwoGoblinArchers) {
  auto game = sample_game(testing::open_ground_setup());
  auto state = first_turn(game);
  const int first = find_unit(*game, 0, "goblin_archer");
  const int second = first + 1;
  const int footmen = find_unit(*game, 1, "footmen");
  ASSERT_GE(first, 0);
  ASSERT_EQ(game->roster()[second].profile->id, "goblin_archer");
  const auto& archer = *game->roster()[first].profile;
  ASSERT_EQ(archer.ranged.skill, 3);
  ASSERT_EQ(archer.ranged.dice, 3);
  ASSERT_EQ(archer.ranged.range, 7);
  keep_only(*state, {first, second, footmen});
  place(*state, first, 10, 4);
  place(*state, second, 11, 4);    // Range 1 of each other (within 1.5)
  place(*state, footmen, 10, 10);  // Range 6 from the first, 7 from the second
  auto& data = state->mutable_data();
  data.units[footmen].max_wounds = data.units[footmen].wounds = 60;
  to_battlefield(*state);
  state->apply(encode(ActionKind::kRangedAttack, first));
  const Action combined = encode(ActionKind::kAttackTarget, footmen, second + 1);
  ASSERT_TRUE(has_action(*state, combined));
  EXPECT_NE(state->action_to_string(combined).find("Ranged [S4/D4]"), std::string::npos)
      << state->action_to_string(combined);
  state->apply(combined);
  EXPECT_EQ(state->data().roll.skill, 4);
  EXPECT_EQ(state->data().roll.dice, 4);
  roll_dice(*state, {1, 2, 3, 4});
  EXPECT_EQ(state->data().units[footmen].wounds, 60 - (1 + 2 + 3 + 4 - 2));  // Shield 2
  EXPECT_EQ(state->data().units[first].acti, 4);
  EXPECT_EQ(state->data().units[second].acti, 4);
}

// "Units that have no AcTi and are within Range 1.5 of each other can choose to perform a Combined
// Attack": Range 1.5 counts a diagonal step as 1.5 (ruling "Ranges written with .5"), so an archer
// diagonal to the first is a partner, and one two spaces straight on is not.
TEST(AtomsPastSeedExamples, RangeOnePointFiveReachesTheDiagonalNeighbours) {
  auto game = sample_game(testing::open_ground_setup());
  const int first = find_unit(*game, 0, "goblin_archer");
  const int second = first + 1;
  const int footmen = find_unit(*game, 1, "footmen");
  ASSERT_EQ(game->roster()[second].profile->id, "goblin_archer");
  const auto may_combine = [&](int second_x, int second_y) {
    auto state = first_turn(game);
    keep_only(*state, {first, second, footmen});
    place(*state, first, 10, 4);
    place(*state, second, second_x, second_y);
    place(*state, footmen, 10, 9);  // within both archers' Range 7
    to_battlefield(*state);
    state->apply(encode(ActionKind::kRangedAttack, first));
    return has_action(*state, encode(ActionKind::kAttackTarget, footmen, second + 1));
  };
  EXPECT_TRUE(may_combine(11, 4));   // straight on: 1
  EXPECT_TRUE(may_combine(11, 5));   // diagonal: 1.5
  EXPECT_TRUE(may_combine(9, 3));    // diagonal: 1.5
  EXPECT_FALSE(may_combine(12, 4));  // two straight on: 2
  EXPECT_FALSE(may_combine(12, 5));  // a knight's move: 2.5

  const grid::Board& board = game->board();
  EXPECT_EQ(diagonal_range_halves(board, {10, 4}, {11, 5}), 3);
  EXPECT_EQ(diagonal_range_halves(board, {10, 4}, {12, 5}), 5);
  EXPECT_EQ(diagonal_range_halves(board, {10, 4}, {13, 7}), 9);
}

// Flanking: "Enemy Units directly to each side of it ... +1MD"; Outnumbered: "within two or more
// Enemy Units Melee Range, and those Enemy Units are not in Melee Range of other friendly Units
// ... +1MS".
TEST(AtomsPastSeedExamples, FlankedAndOutnumberedTargetsAreEasierToHit) {
  auto game = sample_game(testing::open_ground_setup());
  auto state = first_turn(game);
  const int warrior = find_unit(*game, 0, "orc_warrior");
  const int other = warrior + 1;
  const int footmen = find_unit(*game, 1, "footmen");
  ASSERT_EQ(game->roster()[other].profile->id, "orc_warrior");
  keep_only(*state, {warrior, other, footmen});
  place(*state, footmen, 10, 8);
  place(*state, warrior, 9, 8);  // west
  place(*state, other, 11, 8);   // east: flanked, and two enemies busy with nobody else
  auto& data = state->mutable_data();
  data.units[footmen].max_wounds = data.units[footmen].wounds = 60;
  const int skill = state->stat(warrior, Stat::kMeleeSkill);
  const int dice = state->stat(warrior, Stat::kMeleeDice);
  to_battlefield(*state);
  state->apply(encode(ActionKind::kMeleeAttack, warrior));
  state->apply(encode(ActionKind::kAttackTarget, footmen, 0));
  EXPECT_EQ(state->data().roll.skill, skill + 1);  // Outnumbered
  EXPECT_EQ(state->data().roll.dice, dice + 1);    // Flanked

  // One attacker north of it alone: neither.
  auto lone = first_turn(game);
  keep_only(*lone, {warrior, footmen});
  place(*lone, footmen, 10, 8);
  place(*lone, warrior, 10, 7);
  to_battlefield(*lone);
  lone->apply(encode(ActionKind::kMeleeAttack, warrior));
  lone->apply(encode(ActionKind::kAttackTarget, footmen, 0));
  EXPECT_EQ(lone->data().roll.skill, skill);
  EXPECT_EQ(lone->data().roll.dice, dice);
}

// Outnumbered with reach: "those Enemy Units are not in Melee Range of other friendly Units". Red
// warriors stand west and east of Blue's Footmen; a second Blue unit stands two spaces east of
// the eastern warrior. With a Range 2 weapon it has that warrior in its Melee Range: the warrior
// no longer counts, and the Footmen are not Outnumbered. With Range 1, and the warrior given
// Range 2 instead, the warrior reaches the Blue unit but is not in its Melee Range: it counts.
TEST(AtomsPastSeedExamples, OutnumberedCountsEnemiesNoFriendHasInItsMeleeRange) {
  auto game = sample_game(testing::open_ground_setup());
  const int warrior = find_unit(*game, 0, "orc_warrior");
  const int other = warrior + 1;
  const int footmen = find_unit(*game, 1, "footmen");
  const int blue_kon = game->kon_unit(1);
  int ally = -1;  // a second Blue unit, not the Kon
  for (int unit = 0; unit < static_cast<int>(game->roster().size()) && ally < 0; ++unit)
    if (game->roster()[unit].side == 1 && unit != footmen && unit != blue_kon) ally = unit;
  ASSERT_GE(ally, 0);
  const auto attack_skill = [&](int ally_reach, int warrior_reach) {
    auto state = first_turn(game);
    keep_only(*state, {warrior, other, footmen, ally});
    place(*state, footmen, 10, 8);
    place(*state, warrior, 9, 8);
    place(*state, other, 11, 8);
    place(*state, ally, 13, 8);
    for (int unit : {warrior, other, ally})
      set_stat(*state, unit, Stat::kMeleeDice, 3);
    set_stat(*state, warrior, Stat::kMeleeRange, 1);
    set_stat(*state, other, Stat::kMeleeRange, warrior_reach);
    set_stat(*state, ally, Stat::kMeleeRange, ally_reach);
    auto& data = state->mutable_data();
    data.units[footmen].max_wounds = data.units[footmen].wounds = 60;
    state->check_consistency();
    to_battlefield(*state);
    state->apply(encode(ActionKind::kMeleeAttack, warrior));
    state->apply(encode(ActionKind::kAttackTarget, footmen, 0));
    return state->data().roll.skill - state->stat(warrior, Stat::kMeleeSkill);
  };
  EXPECT_EQ(attack_skill(1, 1), 1);  // nobody's reach touches the eastern warrior: Outnumbered
  EXPECT_EQ(attack_skill(2, 1), 0);  // the Blue unit's pike reaches it: not Outnumbered
  EXPECT_EQ(attack_skill(1, 2), 1);  // its own pike reaches the Blue unit: still Outnumbered
}

// "Unit's moving through Dangerous Terrain take S6 DX damage", and a Shield blocks it when
// shield_blocks_spell_damage says so (ruling "Shield"): a Shield 2 warrior steps from open ground
// onto Broken Hills' lava seep (F13, Dangerous 2) and rolls 6, 6 = 12.
TEST(AtomsPastSeedExamples, ShieldBlocksDangerousTerrainOnlyWhenTheParameterSaysSo) {
  const auto damage_taken = [](bool shield_blocks) {
    auto game = sample_game(
        {{"map", "broken_hills"}, {"parameters", {{"shield_blocks_spell_damage", shield_blocks}}}});
    const auto& board = game->board();
    const grid::Cell seep{5, 12};
    EXPECT_EQ(dangerous(board.at(seep)), 2);
    grid::Cell from{};  // an open neighbour at the seep's height
    bool found = false;
    for (const grid::Cell c :
         {grid::Cell{4, 12}, grid::Cell{6, 12}, grid::Cell{5, 11}, grid::Cell{5, 13}})
      if (!found && board.contains(c) && board.at(c).terrain == 0 && dangerous(board.at(c)) == 0 &&
          board.at(c).height == board.at(seep).height) {
        from = c;
        found = true;
      }
    EXPECT_TRUE(found);
    auto state = first_turn(game);
    const int warrior = find_unit(*game, 0, "orc_warrior");
    keep_only(*state, {warrior});
    place(*state, warrior, from.x, from.y);
    set_stat(*state, warrior, Stat::kMove, 1);
    set_stat(*state, warrior, Stat::kShield, 2);
    auto& data = state->mutable_data();
    data.units[warrior].max_wounds = data.units[warrior].wounds = 30;
    state->check_consistency();
    to_battlefield(*state);
    state->apply(encode(ActionKind::kMove, warrior));
    const Action onto_seep =
        encode(ActionKind::kDestination, grid::placement_index(grid::Placement{seep, false}), 2);
    EXPECT_TRUE(has_action(*state, onto_seep));
    state->apply(onto_seep);
    EXPECT_EQ(state->data().step, Step::kDangerRoll);
    roll_dice(*state, {6, 6});
    return 30 - state->data().units[warrior].wounds;
  };
  EXPECT_EQ(damage_taken(true), 12 - 2);
  EXPECT_EQ(damage_taken(false), 12);
}

// "each grid spaces Higher Ground value can't be more than 1 difference than those around it ...
// then it could cascade down, like for models on a hill" (ruling "Multi-space units"): on Broken
// Hills' tor, row 9 climbs 1, 2, 3, 4 from I9, and a 1x3 base lies along it (the whole-base
// reading refused it); across the mesa's cliff (6 to 0 between Z9 and AA9) it does not.
TEST(AtomsPastSeedExamples, ALongBaseLiesAlongTheTorsSlope) {
  auto game = sample_game({{"map", "broken_hills"}});
  const grid::Board& board = game->board();
  ASSERT_EQ(board.at({8, 8}).height, 1);
  ASSERT_EQ(board.at({9, 8}).height, 2);
  ASSERT_EQ(board.at({10, 8}).height, 3);
  const grid::Footprint wyvern{1, 3};
  EXPECT_TRUE(grid::can_stand(board, wyvern, {{8, 8}, true}, {}));    // 1, 2, 3
  EXPECT_TRUE(grid::can_stand(board, wyvern, {{9, 8}, true}, {}));    // 2, 3, 4
  EXPECT_FALSE(grid::can_stand(board, wyvern, {{24, 8}, true}, {}));  // 6, 6, 0
}

// Paths through Dangerous Terrain (ruling "Difficult and Dangerous terrain"): the player chooses
// the path, so a destination that a safe detour within the Move reaches is never offered through
// the danger. On Broken Hills the lava seep (F13-G14, Dangerous 2) lies between F12 and F15:
// straight through costs 3, round it 5 or more.
TEST(AtomsPastSeedExamples, AMoveWithRoomForADetourIsNotForcedThroughDanger) {
  auto game = sample_game({{"map", "broken_hills"}});
  const int warrior = find_unit(*game, 0, "orc_warrior");
  const int beyond = grid::placement_index(grid::Placement{grid::Cell{5, 14}, false});
  const auto offered_danger = [&](int move) {
    auto state = first_turn(game);
    keep_only(*state, {warrior});
    place(*state, warrior, 5, 11);
    set_stat(*state, warrior, Stat::kMove, move);
    state->check_consistency();
    to_battlefield(*state);
    state->apply(encode(ActionKind::kMove, warrior));
    for (Action action : state->legal_actions())
      if (kind_of(action) == ActionKind::kDestination && arg_a(action) == beyond)
        return arg_b(action);
    return -1;  // not offered
  };
  EXPECT_EQ(offered_danger(2), -1);  // out of reach
  EXPECT_EQ(offered_danger(3), 2);   // only straight through the seep
  EXPECT_EQ(offered_danger(7), 0);   // round it, safe
}

// The turn limit is the project's (ruling "The game"), and it scores only what the opponent
// destroyed: a warrior that dies on the lava seep it walked onto is credited to nobody, while
// one destroyed by an enemy attack is credited to the enemy.
TEST(AtomsPastSeedExamples, UnitsLostToTheirOwnMoveScoreNothingForTheOpponent) {
  auto game = sample_game({{"map", "broken_hills"}});
  const int warrior = find_unit(*game, 0, "orc_warrior");
  const int footmen = find_unit(*game, 1, "footmen");
  const int warrior_points = game->roster()[warrior].profile->points;
  ASSERT_GT(warrior_points, 0);
  const grid::Cell seep{5, 12};
  ASSERT_EQ(dangerous(game->board().at(seep)), 2);

  auto walked = first_turn(game);
  keep_only(*walked, {warrior});
  place(*walked, warrior, 4, 12);
  set_stat(*walked, warrior, Stat::kShield, 0);
  walked->mutable_data().units[warrior].wounds = 1;
  walked->check_consistency();
  to_battlefield(*walked);
  walked->apply(encode(ActionKind::kMove, warrior));
  const Action onto_seep =
      encode(ActionKind::kDestination, grid::placement_index(grid::Placement{seep, false}), 2);
  ASSERT_TRUE(has_action(*walked, onto_seep));
  walked->apply(onto_seep);
  roll_dice(*walked, {6, 6});
  EXPECT_FALSE(walked->data().units[warrior].alive);
  EXPECT_EQ(walked->data().players[1].points_destroyed, 0);

  auto attacked = first_turn(game);
  keep_only(*attacked, {warrior, footmen});
  place(*attacked, footmen, 10, 1);
  place(*attacked, warrior, 11, 1);
  set_stat(*attacked, footmen, Stat::kMeleeRange, 1);
  set_stat(*attacked, footmen, Stat::kMeleeDice, 3);
  set_stat(*attacked, warrior, Stat::kShield, 0);
  attacked->mutable_data().units[warrior].wounds = 1;
  attacked->check_consistency();
  // Blue attacks on Blue's turn: Red passes its first turn.
  while (attacked->data().active == 0 && !attacked->is_terminal())
    attacked->apply(encode(ActionKind::kDone));
  while (attacked->data().phase != Phase::kBattlefield)
    attacked->apply(encode(ActionKind::kDone));
  ASSERT_TRUE(has_action(*attacked, encode(ActionKind::kMeleeAttack, footmen)));
  attacked->apply(encode(ActionKind::kMeleeAttack, footmen));
  attacked->apply(encode(ActionKind::kAttackTarget, warrior, 0));
  roll_dice(*attacked, {1, 1, 1});
  EXPECT_FALSE(attacked->data().units[warrior].alive);
  EXPECT_EQ(attacked->data().players[1].points_destroyed, warrior_points);
}

// Higher Ground: "If your Unit is on Higher Ground than target enemy Unit, your Unit gets a +1S
// modifier to it's attack rolls". Found on Broken Hills: two open neighbours one level apart.
TEST(AtomsPastSeedExamples, HigherGroundAddsOneSkill) {
  auto game = sample_game({{"map", "broken_hills"}});
  const auto& board = game->board();
  grid::Cell high{}, low{};
  bool found = false;
  for (int y = 4; y < 14 && !found; ++y)
    for (int x = 0; x + 1 < board.width() && !found; ++x) {
      const grid::Cell a{static_cast<std::int8_t>(x), static_cast<std::int8_t>(y)};
      const grid::Cell b{static_cast<std::int8_t>(x + 1), static_cast<std::int8_t>(y)};
      if (board.at(a).terrain || board.at(b).terrain || dangerous(board.at(a)) ||
          dangerous(board.at(b)))
        continue;
      if (board.at(a).height == board.at(b).height + 1) {
        high = a, low = b, found = true;
      }
    }
  ASSERT_TRUE(found);
  auto state = first_turn(game);
  const int warrior = find_unit(*game, 0, "orc_warrior");
  const int footmen = find_unit(*game, 1, "footmen");
  const int red_kon = game->kon_unit(0), blue_kon = game->kon_unit(1);
  clear_board_except(*state, {warrior, footmen, red_kon, blue_kon});
  place(*state, red_kon, 0, 0);
  place(*state, blue_kon, 0, 17);
  place(*state, warrior, high.x, high.y);
  place(*state, footmen, low.x, low.y);
  const int skill = state->stat(warrior, Stat::kMeleeSkill);
  to_battlefield(*state);
  state->apply(encode(ActionKind::kMeleeAttack, warrior));
  state->apply(encode(ActionKind::kAttackTarget, footmen, 0));
  EXPECT_EQ(state->data().roll.skill, skill + 1);
}

// The destinations a Move (or Run) of `unit` offers now, as placement index -> the action.
std::map<int, Action> offered_destinations(const AtomsPastState& state) {
  std::map<int, Action> out;
  for (Action action : state.legal_actions())
    if (kind_of(action) == ActionKind::kDestination) out[arg_a(action)] = action;
  return out;
}

int placement_at(int x, int y, bool rotated = false) {
  return grid::placement_index(grid::Placement{
      grid::Cell{static_cast<std::int8_t>(x), static_cast<std::int8_t>(y)}, rotated});
}

// Multi-space units and ledges (ruling "Multi-space units"), seed 000: "Units can't move through
// different height terrain or terrain they can't stand on, unless they have enough movement to
// get completely through it. No horse knight models with the butt on Ground 0 and the head on
// Ground 4 on a successful charge." On Broken Hills the mesa's north edge (T5 to T6) is a ledge
// of 2. Tom's Orc Boar Rider Kon (1x2, lengthwise north-south) climbs it lengthwise for 1 + 2 + 2
// = 5 (turning sideways first would cost 7 or more): with Move 5 it gets completely up; with its
// own Move 4 it cannot, and it never stops half-way with its head on 2 and its tail on 0.
TEST(AtomsPastSeedExamples, CavalryClimbsALedgeLengthwiseWhenItsMoveTakesItCompletelyUp) {
  auto game = sample_game({{"map", "broken_hills"}});
  const int kon = game->kon_unit(0);
  ASSERT_EQ(game->roster()[kon].profile->id, "orc_boar_rider");
  ASSERT_EQ(game->board().at(grid::Cell{19, 4}).height, 0);
  ASSERT_EQ(game->board().at(grid::Cell{19, 5}).height, 2);
  const auto destinations_with_move = [&](int move) {
    auto state = first_turn(game);
    keep_only(*state, {});
    place(*state, kon, 19, 2);  // T3-T4
    set_stat(*state, kon, Stat::kMove, move);
    state->check_consistency();
    state->apply(encode(ActionKind::kDone));  // to the Kon Phase: the Kon acts there
    EXPECT_EQ(state->data().phase, Phase::kKonPhase);
    state->apply(encode(ActionKind::kMove, kon));
    return offered_destinations(*state);
  };
  const int on_top = placement_at(19, 5);    // T6-T7, both on Higher Ground 2
  const int half_way = placement_at(19, 4);  // T5 (0) and T6 (2)
  const auto with_five = destinations_with_move(5);
  EXPECT_TRUE(with_five.count(on_top));
  EXPECT_FALSE(with_five.count(half_way));
  const auto with_four = destinations_with_move(4);
  EXPECT_FALSE(with_four.count(on_top));
  EXPECT_FALSE(with_four.count(half_way));
  EXPECT_TRUE(with_four.count(placement_at(19, 3)));  // T4-T5, still below the ledge
}

// Difficult Terrain (ruling "Difficult and Dangerous terrain"), seed 000: "Unit's moving through a
// Difficult Terrain grid space get a cumulative -1 to their Move stat for turn". On Broken Hills
// the wood B9-E9 is Difficult. A Run moves "twice it's Move Stat", so each wood space takes 2
// from it: from A9 with Move 4 a Run (8) reaches C9 (1 + 2, then 1 + 2) but not D9 (9); a Move
// (4) reaches C9 too (1 + 1, then 1 + 1). The loss lasts the turn: after two wood spaces the
// warrior's Move is 2 until Blue's turn begins.
TEST(AtomsPastSeedExamples, DifficultTerrainTakesFromTheMoveStatForTheTurn) {
  auto game = sample_game({{"map", "broken_hills"}});
  const int warrior = find_unit(*game, 0, "orc_warrior");
  ASSERT_GE(warrior, 0);
  const int b9 = placement_at(1, 8), c9 = placement_at(2, 8), d9 = placement_at(3, 8);
  const auto ready_in_the_battlefield_phase = [&]() {
    auto state = first_turn(game);
    keep_only(*state, {warrior});
    place(*state, warrior, 0, 8);  // A9
    set_stat(*state, warrior, Stat::kMove, 4);
    state->check_consistency();
    to_battlefield(*state);
    return state;
  };

  auto moving = ready_in_the_battlefield_phase();
  moving->apply(encode(ActionKind::kMove, warrior));
  const auto move = offered_destinations(*moving);
  ASSERT_TRUE(move.count(c9));
  EXPECT_EQ(destination_move_lost(move.at(b9)), 1);
  EXPECT_EQ(destination_move_lost(move.at(c9)), 2);
  EXPECT_FALSE(move.count(d9));

  auto running = ready_in_the_battlefield_phase();
  running->apply(encode(ActionKind::kRun, warrior));
  const auto run = offered_destinations(*running);
  ASSERT_TRUE(run.count(c9));
  EXPECT_FALSE(run.count(d9));                      // 3 + 3 + 3: a Run loses 2 per wood space
  EXPECT_EQ(destination_move_lost(run.at(c9)), 2);  // the Move stat loses 1 per space
  EXPECT_NE(running->action_to_string(run.at(c9)).find("Move -2 this turn"), std::string::npos);
  running->apply(run.at(c9));
  EXPECT_EQ(running->stat(warrior, Stat::kMove), 2);

  // Ready again this turn (as a spell's free action would make it), it has Move 2 left: back to
  // B9 (wood, 2) but not out to A9 (3).
  running->mutable_data().units[warrior].acti = 0;
  running->check_consistency();
  running->apply(encode(ActionKind::kMove, warrior));
  const auto again = offered_destinations(*running);
  EXPECT_TRUE(again.count(b9));
  EXPECT_FALSE(again.count(placement_at(0, 8)));
  running->apply(again.at(b9));
  EXPECT_EQ(running->stat(warrior, Stat::kMove), 1);

  // "for turn": Blue's turn gives every unit its whole Move again.
  running->apply(encode(ActionKind::kDone));
  EXPECT_EQ(running->data().active, 1);
  EXPECT_EQ(running->stat(warrior, Stat::kMove), 4);
}

}  // namespace
}  // namespace warband::atomspast
