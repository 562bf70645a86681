// Seed 000's Pre-Turn and the Additional Effects steps (issue 15, item 9): the deploying player
// chooses the order of deployment; the Spell Phase and the Kon Phase each end with an Additional
// Effects step; the written example's whole Pre-Turn 1 and Turn 1, replayed with forced draws and
// dice.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <set>

#include "core/registry.h"
#include "rulesets/atomspast/atomspast_state.h"
#include "tests/rulesets/atomspast/atomspast_fixture.h"
#include "tests/rulesets/atomspast/content_copy.h"

namespace warband::atomspast {
namespace {

using testing::clear_board_except;
using testing::find_unit;
using testing::first_turn;
using testing::has_action;
using testing::new_state;
using testing::place;
using testing::roll_dice;
using testing::sample_game;
using testing::set_stat;

int spell_index(const AtomsPastGame& game, const std::string& id) {
  for (std::size_t i = 0; i < game.spells().size(); ++i)
    if (game.spell(static_cast<int>(i)).id == id) return static_cast<int>(i);
  ADD_FAILURE() << "no spell " << id << " in the game";
  return 0;
}

void draw(AtomsPastState& state, const std::vector<std::string>& ids) {
  for (const std::string& id : ids) {
    ASSERT_TRUE(state.is_chance() && state.data().step == Step::kDraw) << "expected a draw";
    state.apply(encode(ActionKind::kDrawCard, spell_index(state.atomspast(), id)));
  }
}

// The spaces a unit covers on the board.
std::vector<grid::Cell> cells_of(const AtomsPastState& state, int unit) {
  grid::FootprintCells cells;
  state.cells_of(unit, cells);
  return {cells.cells.begin(), cells.cells.begin() + cells.count};
}

Action deploy_at(int unit, int x, int y, bool rotated = false) {
  return encode(
      ActionKind::kDeploy, unit,
      grid::placement_index({{static_cast<std::int8_t>(x), static_cast<std::int8_t>(y)}, rotated}));
}

// The dice-off to Red, both players drawing the first card kind each time and placing nothing:
// the state is Red's first deployment choice.
std::unique_ptr<AtomsPastState> at_deployment(const std::shared_ptr<const AtomsPastGame>& game) {
  auto state = new_state(game);
  state->apply(encode(ActionKind::kFirstPlayer, 0));
  while (state->data().phase != Phase::kDeploy) {
    if (state->is_chance())
      state->apply(state->chance_outcomes().front().action);
    else
      state->apply(encode(ActionKind::kDone));
  }
  return state;
}

// ---------------------------------------------------------------------------------------------
// Deployment order.

// "Tom deploys all of his Units up to Range 3 from his board edge, then Jerry does the same": in
// the order the deploying player chooses, first which unit, then where.
TEST(AtomsPastPreTurn, TheDeployingPlayerChoosesWhichUnitDeploysNext) {
  auto game = sample_game(testing::open_ground_setup());
  auto state = at_deployment(game);
  ASSERT_EQ(state->data().active, 0);
  ASSERT_EQ(state->data().step, Step::kPhase);
  std::vector<Action> expected;
  std::set<std::string> texts;
  for (int unit = 0; unit < state->data().num_units; ++unit)
    if (state->side_of(unit) == 0) expected.push_back(encode(ActionKind::kDeployUnit, unit));
  ASSERT_GT(expected.size(), 2u);
  EXPECT_EQ(state->legal_actions(), expected);
  for (Action action : expected)
    texts.insert(state->action_to_string(action));
  EXPECT_EQ(texts.size(), expected.size()) << "each choice reads differently";
  EXPECT_EQ(state->table_view(0)["prompt"],
            fmt::format("Red: choose which unit deploys next ({} to deploy)", expected.size()));

  // A Goblin Archer first, not the Kon.
  const int archer = find_unit(*game, 0, "goblin_archer");
  const int kon = game->kon_unit(0);
  const Action choose = encode(ActionKind::kDeployUnit, archer);
  EXPECT_EQ(state->action_to_string(choose), "deploys R4 Goblin Archer next (base 1x1)");
  EXPECT_EQ(state->action_view(choose)["kind"], "deploy_unit");
  EXPECT_EQ(state->action_view(choose)["unit"], archer);
  state->apply(choose);
  ASSERT_EQ(state->data().step, Step::kDeployPlace);
  EXPECT_EQ(state->table_view(0)["prompt"], "Red: choose where R4 Goblin Archer deploys");
  const auto placements = state->legal_actions();
  // Anywhere in the three rows along Red's edge: 28 x 3 spaces for a 1x1 base.
  EXPECT_EQ(placements.size(), 28u * 3u);
  for (Action action : placements) {
    ASSERT_EQ(kind_of(action), ActionKind::kDeploy);
    EXPECT_EQ(arg_a(action), archer);
    EXPECT_LE(grid::placement_at(arg_b(action)).anchor.y, 2);
  }
  state->apply(deploy_at(archer, 5, 1));
  EXPECT_TRUE(state->data().units[archer].deployed);
  EXPECT_FALSE(state->data().units[kon].deployed);
  EXPECT_EQ(state->data().step, Step::kPhase);
  EXPECT_FALSE(has_action(*state, encode(ActionKind::kDeployUnit, archer)));
  EXPECT_EQ(state->legal_actions().size(), expected.size() - 1);
  // The space it took is taken.
  state->apply(encode(ActionKind::kDeployUnit, kon));
  EXPECT_FALSE(has_action(*state, deploy_at(kon, 5, 0)));  // 1x2 down over (5, 1)
  EXPECT_TRUE(has_action(*state, deploy_at(kon, 5, 2, true)));

  // With one unit left the choice is made: only where remains.
  state->apply(deploy_at(kon, 5, 2, true));
  while (state->data().active == 0) {
    if (state->data().step == Step::kPhase) {
      const auto choices = state->legal_actions();
      ASSERT_GT(choices.size(), 1u);
      state->apply(choices.back());
    }
    ASSERT_EQ(state->data().step, Step::kDeployPlace);
    state->apply(state->legal_actions().front());
  }
  // Blue chooses in turn.
  EXPECT_EQ(state->data().active, 1);
  EXPECT_EQ(state->data().phase, Phase::kDeploy);
  for (int unit = 0; unit < state->data().num_units; ++unit)
    EXPECT_EQ(state->data().units[unit].deployed, state->side_of(unit) == 0);
  // The save keeps the choice under way.
  state->apply(state->legal_actions().back());
  ASSERT_EQ(state->data().step, Step::kDeployPlace);
  auto copy = new_state(game);
  copy->load_json(state->to_json());
  EXPECT_EQ(copy->data(), state->data());
  EXPECT_EQ(copy->legal_actions(), state->legal_actions());
}

// While the Kon waits, a placement that would leave it no room is not offered: the Kon must
// stand for the game to go on (ruling "Set-up").
TEST(AtomsPastPreTurn, APlacementThatLeavesTheKonNoRoomIsNotOffered) {
  // One row of deployment: the 1x2 Boar Rider can only lie across it.
  nlohmann::json setup = testing::open_ground_setup();
  setup["parameters"] = {{"deploy_depth", 1}};
  auto game = sample_game(setup);
  auto state = at_deployment(game);
  const int kon = game->kon_unit(0);
  const int archer = find_unit(*game, 0, "goblin_archer");
  // Fill row 1 from column D on, leaving single holes no 1x2 fits in: only A1-C1 hold the Kon.
  int x = 3;
  for (int unit = 0; unit < state->data().num_units && x < 28; ++unit) {
    if (unit == kon || unit == archer) continue;
    const grid::Footprint base = state->footprint(unit);
    const bool rotated = base.h > base.w;
    place(*state, unit, x, 0, rotated);
    x += (rotated ? base.h : base.w) + 1;
  }
  ASSERT_GE(x, 28) << "not enough units to fill the row";
  state->apply(encode(ActionKind::kDeployUnit, archer));
  EXPECT_TRUE(has_action(*state, deploy_at(archer, 0, 0)));
  EXPECT_TRUE(has_action(*state, deploy_at(archer, 2, 0)));
  EXPECT_FALSE(has_action(*state, deploy_at(archer, 1, 0)));  // B1 would split A1-C1
  state->apply(deploy_at(archer, 2, 0));
  // The Kon is the one unit left: its only place is A1-B1.
  ASSERT_EQ(state->data().step, Step::kDeployPlace);
  EXPECT_EQ(state->legal_actions(), (std::vector<Action>{deploy_at(kon, 0, 0, true)}));
}

// ---------------------------------------------------------------------------------------------
// Additional Effects steps.

// A copy of the shipped content in which Leech Swarm repeats at the Spell Phase's Additional
// Effects step and Static Mine at the Kon Phase's (no shipped spell does: ruling "Additional
// Effects").
class PhaseEffectsContent {
 public:
  PhaseEffectsContent() {
    copy_.replace("spells.toml", "every_turn = \"2+X/3\" }",
                  "every_turn = \"2+X/3\", phase = \"spell\" }");
    copy_.replace("spells.toml", "dice = \"1+X/2\", every_turn = 3 }",
                  "dice = \"1+X/2\", every_turn = 3, phase = \"kon\" }");
  }
  nlohmann::json setup() const {
    nlohmann::json setup = testing::open_ground_setup();
    setup["content_dir"] = copy_.root().string();
    return setup;
  }

 private:
  testing::ContentCopy copy_;
};

LastingEffect repeating(int owner, int spell, int unit, int turns) {
  LastingEffect lasting;
  lasting.owner = static_cast<std::int8_t>(owner);
  lasting.spell = static_cast<std::int8_t>(spell);
  lasting.effect = 0;
  lasting.unit = static_cast<std::int8_t>(unit);
  lasting.x = 0;
  lasting.turns_left = static_cast<std::int8_t>(turns);
  lasting.repeats = true;
  return lasting;
}

// "The Spell Phase consists of a Draw step, an Actions step, and an Additional Effects step" and
// the Kon Phase's "Additional Effects. Resolve any additional effects": each resolves the active
// player's effects due there, in the order they were made, and no other.
TEST(AtomsPastPreTurn, SpellAndKonPhaseEffectsResolveInTheirOwnSteps) {
  PhaseEffectsContent content;
  auto game = sample_game(content.setup());
  const int leech = spell_index(*game, "leech_swarm");
  const int mine = spell_index(*game, "static_mine");
  ASSERT_EQ(game->spell(leech).effects[0].phase, EffectPhase::kSpell);
  ASSERT_EQ(game->spell(mine).effects[0].phase, EffectPhase::kKon);
  auto state = first_turn(game);
  const int footmen = find_unit(*game, 1, "footmen");
  const int blademaster = find_unit(*game, 1, "elf_blademaster");
  const int warrior = find_unit(*game, 0, "orc_warrior");
  set_stat(*state, footmen, Stat::kShield, 0);
  set_stat(*state, blademaster, Stat::kShield, 0);
  set_stat(*state, warrior, Stat::kShield, 0);
  auto& data = state->mutable_data();
  data.units[footmen].max_wounds = data.units[footmen].wounds = 40;
  data.units[blademaster].max_wounds = data.units[blademaster].wounds = 40;
  data.units[warrior].max_wounds = data.units[warrior].wounds = 40;
  // Red's: the Kon Phase's mine, then two leeches; Blue's leech waits for Blue's Spell Phase.
  data.lasting[0] = repeating(0, mine, blademaster, 1);
  data.lasting[1] = repeating(0, leech, footmen, 2);
  data.lasting[2] = repeating(1, leech, warrior, 2);
  data.lasting[3] = repeating(0, leech, blademaster, 2);
  data.num_lasting = 4;

  // The Spell Phase's Actions step ends: its Additional Effects step follows at once.
  state->apply(encode(ActionKind::kDone));
  EXPECT_EQ(state->data().phase, Phase::kSpellEffects);
  ASSERT_EQ(state->data().step, Step::kDamageRoll);
  EXPECT_EQ(state->data().spell.pending_unit, footmen);  // the older leech first
  EXPECT_EQ(state->table_view(0)["phase"], "spell_effects");
  roll_dice(*state, {2, 2, 2});
  EXPECT_EQ(state->data().units[footmen].wounds, 40 - 6);
  ASSERT_EQ(state->data().phase, Phase::kSpellEffects);
  EXPECT_EQ(state->data().spell.pending_unit, blademaster);
  roll_dice(*state, {1, 1, 1});
  EXPECT_EQ(state->data().units[blademaster].wounds, 40 - 3);
  EXPECT_EQ(state->data().units[warrior].wounds, 40);  // Blue's leech did not fire
  // Then the Kon Phase, whose own step has the mine.
  ASSERT_EQ(state->data().phase, Phase::kKonPhase);
  EXPECT_FALSE(state->is_chance());
  state->apply(encode(ActionKind::kDone));  // the Kon waits
  EXPECT_EQ(state->data().phase, Phase::kKonEffects);
  ASSERT_EQ(state->data().step, Step::kDamageRoll);
  EXPECT_EQ(state->data().spell.pending_unit, blademaster);
  EXPECT_EQ(state->data().roll.dice, 1);  // [S3/D 1+X/2] at X = 0
  // A save in the middle of the step reads back the same.
  auto copy = new_state(game);
  copy->load_json(state->to_json());
  EXPECT_EQ(copy->data(), state->data());
  roll_dice(*state, {3});
  EXPECT_EQ(state->data().units[blademaster].wounds, 40 - 3 - 3);
  // The mine's one turn is spent; the leeches have one more; nothing repeats in the Battlefield
  // Phase's step.
  ASSERT_EQ(state->data().phase, Phase::kBattlefield);
  ASSERT_EQ(state->data().num_lasting, 3);
  EXPECT_EQ(state->data().lasting[0].spell, leech);
  EXPECT_EQ(state->data().lasting[0].turns_left, 1);
  EXPECT_EQ(state->data().lasting[1].turns_left, 2);  // Blue's
  EXPECT_EQ(state->data().lasting[2].turns_left, 1);
  state->apply(encode(ActionKind::kDone));
  EXPECT_EQ(state->data().active, 1);
  EXPECT_EQ(state->data().phase, Phase::kSpellPhase);
  EXPECT_EQ(state->data().units[footmen].wounds, 40 - 6);
}

// A spell cast in the Actions step whose effect repeats at the Spell Phase's Additional Effects
// step first resolves at the step that follows ("effects from Spells or Abilities that happen
// after the main Spell steps").
TEST(AtomsPastPreTurn, ASpellCastInTheActionsStepRepeatsAtItsAdditionalEffects) {
  PhaseEffectsContent content;
  auto game = sample_game(content.setup());
  const int leech = spell_index(*game, "leech_swarm");
  auto state = first_turn(game);
  const int footmen = find_unit(*game, 1, "footmen");
  set_stat(*state, footmen, Stat::kShield, 0);
  auto& data = state->mutable_data();
  data.units[footmen].max_wounds = data.units[footmen].wounds = 40;
  data.players[0].zone[0] = ZoneCard{static_cast<std::int8_t>(leech), 0, 0};
  data.players[0].zone_size = 1;
  state->apply(encode(ActionKind::kCast, 0));
  roll_dice(*state, {1, 1, 1, 1});  // X = 4: every turn for 2 + 4/3 = 3 Spell Phases
  ASSERT_EQ(state->data().step, Step::kSpellTarget);
  state->apply(encode(ActionKind::kSpellTarget, footmen));
  ASSERT_EQ(state->data().num_lasting, 1);
  EXPECT_EQ(state->data().lasting[0].turns_left, 3);
  EXPECT_EQ(state->data().units[footmen].wounds, 40);  // not now
  state->apply(encode(ActionKind::kDone));
  ASSERT_EQ(state->data().phase, Phase::kSpellEffects);
  roll_dice(*state, {3, 3, 3});
  EXPECT_EQ(state->data().units[footmen].wounds, 40 - 9);
  EXPECT_EQ(state->data().lasting[0].turns_left, 2);
  EXPECT_EQ(state->data().phase, Phase::kKonPhase);
}

// ---------------------------------------------------------------------------------------------
// The written example game: Pre-Turn 1 and Turn 1.

TEST(AtomsPastPreTurn, TheSeedsPreTurnOneAndTurnOneAsWritten) {
  auto game = sample_game(testing::open_ground_setup());
  const int tom = 0, jerry = 1;
  // "He picks his Kon model, a Orc Boar Rider (Orc Kon), and picks the Spell "Grafted Strike" at
  // a Power Level of 5." (Tom's Orcs, the sample warband, say so.)
  const int orc_kon = game->kon_unit(tom);
  const int elf_kon = game->kon_unit(jerry);
  ASSERT_EQ(game->roster()[orc_kon].profile->id, "orc_boar_rider");
  ASSERT_EQ(game->spell(game->kon_spell(tom)).id, "grafted_strike");
  ASSERT_EQ(game->kon_power_level(tom), 5);
  // "Jerry now follows the same steps, picks a Elf Riflemen for his Kon (Elf Kon), and "Bone
  // Explosion" at a Power Level of 3."
  ASSERT_EQ(game->roster()[elf_kon].profile->id, "elf_riflemen");
  ASSERT_EQ(game->spell(game->kon_spell(jerry)).id, "bone_explosion");
  ASSERT_EQ(game->kon_power_level(jerry), 3);

  auto state = new_state(game);
  // "Tom sets a copy of Grafted Strike from his Spell Deck next to his Kon's Unit card with a
  // dice set to 5"; Jerry "puts [...] a Dice showing a 3 for the Spells starting game AcTi".
  EXPECT_EQ(state->data().players[tom].kon_spell_acti, 5);
  EXPECT_EQ(state->data().players[jerry].kon_spell_acti, 3);
  EXPECT_EQ(state->data().players[tom].deck.size(), 49);
  EXPECT_EQ(state->data().players[jerry].deck.size(), 49);

  // "Tom wins the dice off for going first."
  ASSERT_TRUE(state->is_chance());
  ASSERT_EQ(state->chance_outcomes().size(), 2u);
  state->apply(encode(ActionKind::kFirstPlayer, tom));
  // "Tom then shuffles his deck and draws 5 Spell Cards. He picks two of those Spells to place in
  // his Casting Zone and marks the appropriate AcTi for them."
  draw(*state, {"scorpion_tail", "calcify", "sinew_lash", "rot_curse", "leech_swarm"});
  ASSERT_EQ(state->data().players[tom].hand_size, 5);
  ASSERT_FALSE(state->is_chance());
  const int spell_a = spell_index(*game, "scorpion_tail");  // AcTi 5
  const int spell_b = spell_index(*game, "calcify");        // AcTi 5
  state->apply(encode(ActionKind::kPlaceSpell, spell_a));
  state->apply(encode(ActionKind::kPlaceSpell, spell_b));
  EXPECT_EQ(state->data().players[tom].zone_size, 2);
  EXPECT_EQ(state->data().players[tom].zone[0],
            (ZoneCard{static_cast<std::int8_t>(spell_a), 5, 0}));
  EXPECT_EQ(state->data().players[tom].zone[1],
            (ZoneCard{static_cast<std::int8_t>(spell_b), 5, 0}));
  EXPECT_EQ(state->data().players[tom].hand_size, 3);

  // "Jerry then draws 5 Cards and places two of them in his Casting Zone."
  ASSERT_EQ(state->data().active, jerry);
  draw(*state, {"atomic_lance", "lightning_coil", "static_mine", "overcharge", "hawk_eyes"});
  state->apply(encode(ActionKind::kPlaceSpell, spell_index(*game, "atomic_lance")));
  state->apply(encode(ActionKind::kPlaceSpell, spell_index(*game, "static_mine")));
  EXPECT_EQ(state->data().players[jerry].zone_size, 2);

  // "Then the game moves to the Deployment Phase. Tom deploys all of his Units up to Range 3 from
  // his board edge": in the order he chooses; here his Kon last, at K1-K2.
  ASSERT_EQ(state->data().phase, Phase::kDeploy);
  ASSERT_EQ(state->data().active, tom);
  for (int unit = 0; unit < state->data().num_units; ++unit) {
    if (state->side_of(unit) != tom || unit == orc_kon) continue;
    ASSERT_EQ(state->data().step, Step::kPhase);
    state->apply(encode(ActionKind::kDeployUnit, unit));
    // East of the Kon's column, out of its way.
    Action east = 0;
    for (Action action : state->legal_actions())
      if (grid::placement_at(arg_b(action)).anchor.x >= 14) {
        east = action;
        break;
      }
    ASSERT_NE(east, 0);
    state->apply(east);
  }
  ASSERT_EQ(state->data().step, Step::kDeployPlace);  // the Kon alone is left: only where
  EXPECT_EQ(state->data().deploy_next, orc_kon);
  state->apply(deploy_at(orc_kon, 10, 0));
  // "then Jerry does the same."
  ASSERT_EQ(state->data().active, jerry);
  while (state->data().phase == Phase::kDeploy) {
    ASSERT_EQ(state->data().active, jerry);
    state->apply(state->legal_actions().front());
  }
  for (int unit = 0; unit < state->data().num_units; ++unit) {
    ASSERT_TRUE(state->on_board(unit)) << unit_name(*game, unit);
    for (const grid::Cell& cell : cells_of(*state, unit)) {
      if (state->side_of(unit) == tom)
        EXPECT_LE(cell.y, 2) << unit_name(*game, unit);
      else
        EXPECT_GE(cell.y, 15) << unit_name(*game, unit);
    }
  }

  // "Once Jerry is done it is time to begin Turn 1."
  EXPECT_EQ(state->data().round, 1);
  EXPECT_EQ(state->data().phase, Phase::kSpellPhase);
  EXPECT_EQ(state->data().active, tom);
  // Draw step: "they continue to draw cards until they have five cards in hand".
  ASSERT_EQ(state->data().draws_left, 2);
  draw(*state, {"regrowth", "cauterize"});
  EXPECT_EQ(state->data().players[tom].hand_size, 5);

  // "Tom moves to his Spell Phase, he decides to Channel the Spells he has in his Casting Zone. He
  // rolls [S3/D4] and gets a 2,3,1,5 = 7 (2 + 3 + 1 + 1 as the 5 is above Skill 3)."
  state->apply(encode(ActionKind::kChannel));
  roll_dice(*state, {2, 3, 1, 5});
  EXPECT_EQ(state->data().roll.total, 7);
  // "He distributes the Downticks evenly but then has an remaining Downtick. He chooses Spell A to
  // get an additional Downtick."
  ASSERT_EQ(state->data().step, Step::kChannelExtra);
  EXPECT_EQ(state->data().extra_downticks_left, 1);
  state->apply(encode(ActionKind::kExtraDowntick, 0));
  EXPECT_EQ(state->data().players[tom].zone[0].acti, 5 - 3 - 1);
  EXPECT_EQ(state->data().players[tom].zone[1].acti, 5 - 3);
  // "For his second and final Spell Action he chooses to place another Spell in his Casting Zone."
  state->apply(encode(ActionKind::kPlaceSpell, spell_index(*game, "regrowth")));
  EXPECT_EQ(state->data().players[tom].zone_size, 3);
  EXPECT_FALSE(has_action(*state, encode(ActionKind::kChannel)));
  EXPECT_FALSE(
      has_action(*state, encode(ActionKind::kPlaceSpell, spell_index(*game, "cauterize"))));
  state->apply(encode(ActionKind::kDone));  // no effects: the Additional Effects step is ignored

  // "Tom then moves to his Kon Phase. He downticks his Kon's AcTi for his Kon Spell from 5 to 4."
  ASSERT_EQ(state->data().phase, Phase::kKonPhase);
  EXPECT_EQ(state->data().players[tom].kon_spell_acti, 4);
  // "He doesn't have a Battle Actions AcTi to downtick for him yet, but that will change now as
  // Tom picks a Battlefield Action of Run for his Orc Kon."
  EXPECT_EQ(state->data().units[orc_kon].acti, 0);
  EXPECT_FALSE(has_action(*state, encode(ActionKind::kKonDowntickUnit)));
  ASSERT_TRUE(has_action(*state, encode(ActionKind::kRun, orc_kon)));
  state->apply(encode(ActionKind::kRun, orc_kon));
  // "His Orc Kon has a Move of 4, so Tom moves him a total of 8 grid spaces for his Run."
  EXPECT_EQ(state->stat(orc_kon, Stat::kMove), 4);
  ASSERT_EQ(state->data().step, Step::kDestination);
  const auto to = [](int x, int y) {
    return encode(
        ActionKind::kDestination,
        grid::placement_index({{static_cast<std::int8_t>(x), static_cast<std::int8_t>(y)}, false}),
        0);
  };
  EXPECT_TRUE(has_action(*state, to(10, 8)));
  EXPECT_FALSE(has_action(*state, to(10, 9)));  // 9 spaces
  EXPECT_TRUE(has_action(*state, to(6, 4)));    // 4 west and 4 south: 8 too
  EXPECT_FALSE(has_action(*state, to(6, 5)));
  state->apply(to(10, 8));
  EXPECT_EQ(state->data().units[orc_kon].placement.anchor, (grid::Cell{10, 8}));
  EXPECT_EQ(state->data().units[orc_kon].acti, game->parameters().run_acti);  // "that will change"
  // The Kon Phase's Additional Effects step has nothing to resolve: on to the Battlefield Phase.
  EXPECT_EQ(state->data().phase, Phase::kBattlefield);
  EXPECT_EQ(state->data().active, tom);
}

}  // namespace
}  // namespace warband::atomspast
