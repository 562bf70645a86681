// Seed 002's casting and its effects, played through the engine: each rules comment quotes the
// seed. The wizards are written for each test (a file in the test's temporary folder).
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <memory>

#include "core/registry.h"
#include "rulesets/spellweavers/spellweavers_game.h"
#include "rulesets/spellweavers/spellweavers_state.h"
#include "tests/support/grid_cells.h"
#include "tests/support/legal_actions.h"

namespace warband::spellweavers {
namespace {

// A wizard file holding `spells` (TOML [[spells]] tables), with the Tetra Master talent (no
// discount: costs are the builder's plain ones). One file a test: ctest runs tests side by side.
std::string wizard_file(const std::string& name, const std::string& spells) {
  const std::string path = ::testing::TempDir() + "/" + name + "_" +
                           ::testing::UnitTest::GetInstance()->current_test_info()->name() +
                           ".wizard.toml";
  std::ofstream(path) << "name = \"" << name << "\"\ntalent = \"tetra-master\"\n\n" << spells;
  return path;
}

const char* kSpells = R"(
[[spells]]
name = "Bolt"
effects = ["damage:3"]
area = "single"
range = "medium"

[[spells]]
name = "Daze"
effects = ["status:stun"]
area = "single"
range = "medium"

[[spells]]
name = "Venom"
effects = ["status:poison"]
area = "single"
range = "medium"

[[spells]]
name = "Stone"
effects = ["terrain:wall"]
area = "single"
range = "medium"

[[spells]]
name = "Bear"
effects = ["conjure:grizzly-bear"]
area = "single"
range = "close"

[[spells]]
name = "Imps"
effects = ["conjure:annoying-imps"]
area = "single"
range = "medium"
)";

const char* kSupportSpells = R"(
[[spells]]
name = "Mend"
effects = ["healing:2"]
area = "single"
range = "medium"

[[spells]]
name = "Cleanse"
effects = ["status:dispel"]
area = "single"
range = "medium"

[[spells]]
name = "Push"
effects = ["shift:2"]
area = "single"
range = "medium"

[[spells]]
name = "Flick"
effects = ["damage:2"]
area = "single"
range = "medium"
specials = ["snapcast"]

[[spells]]
name = "Mire"
effects = ["status:slow"]
area = "single"
range = "medium"

[[spells]]
name = "Renew"
effects = ["status:regenerate"]
area = "single"
range = "medium"
)";

// Red casts from E5, Blue stands at E8; Open Field with no terrain conditions.
std::unique_ptr<SpellweaversState> duel(const char* spells = kSpells) {
  const nlohmann::json setup = {
      {"map", "open_field"},
      {"warbands",
       nlohmann::json::array(
           {wizard_file(spells == kSpells ? "Caster" : "Helper", spells), "quadrata"})}};
  auto game = std::static_pointer_cast<const SpellweaversGame>(make_game("spellweavers", setup));
  std::unique_ptr<SpellweaversState> state(
      static_cast<SpellweaversState*>(game->new_initial_state().release()));
  auto& d = state->mutable_data();
  d.terrain.fill(0);
  d.combatants[0].cell = warband::testing::C(4, 4);
  d.combatants[1].cell = warband::testing::C(4, 7);
  state->check_consistency();
  return state;
}

int spell_index(const SpellweaversState& state, const std::string& name) {
  const auto& spells = state.spellweavers().wizard(0).spells;
  for (std::size_t i = 0; i < spells.size(); ++i)
    if (spells[i].spell.name == name) return static_cast<int>(i);
  return -1;
}

// The top-level choice: the spell, with `actions` actions.
Action spell_choice(const SpellweaversState& state, const std::string& spell, int actions = 1) {
  return encode(ActionKind::kCastSpell, spell_index(state, spell), actions);
}

// The next decision: where the committed spell lands.
Action placement(grid::Cell where, int orientation = 0) {
  return encode(ActionKind::kPlacement,
                placement_code(AreaPlacement{where, static_cast<std::uint8_t>(orientation)}));
}

// Casts `spell` at `where` as a player does, the spell then its placement; false (and nothing
// placed) when either is not offered.
bool cast(SpellweaversState& state, const std::string& spell, grid::Cell where, int actions = 1) {
  if (!has_action(state, spell_choice(state, spell, actions))) return false;
  std::unique_ptr<State> placing = state.clone();
  placing->apply(spell_choice(state, spell, actions));
  if (!has_action(*placing, placement(where))) return false;
  state.apply(spell_choice(state, spell, actions));
  state.apply(placement(where));
  return true;
}

bool can_cast(const SpellweaversState& state, const std::string& spell, grid::Cell where,
              int actions = 1) {
  std::unique_ptr<State> copy = state.clone();
  return cast(static_cast<SpellweaversState&>(*copy), spell, where, actions);
}

bool any_cast(const State& state) {
  const std::vector<Action> legal = state.legal_actions();
  return std::any_of(legal.begin(), legal.end(),
                     [](Action a) { return kind_of(a) == ActionKind::kCastSpell; });
}

// "To cast a spell, spend its MP cost from your wizard's MP"; "You cannot cast more than one
// spell in a single turn." Bolt: Damage 3 (power 15) costs 15 - 1 x 5 = 10 MP with 1 action.
TEST(SpellweaversCasting, ACastPaysMpAndAnActionAndIsTheTurnsOnlySpell) {
  auto state = duel();
  ASSERT_TRUE(cast(*state, "Bolt", warband::testing::C(4, 7)));
  EXPECT_EQ(state->data().combatants[0].mp, 60 - 10);
  EXPECT_EQ(state->data().actions_left, 1);
  // "Deal Xd6 damage to each affected combatant": 3d6 is one chance node of 16 totals.
  ASSERT_TRUE(state->is_chance());
  EXPECT_EQ(state->chance_outcomes().size(), 16u);
  state->apply(encode(ActionKind::kRollTotal, 11));
  EXPECT_EQ(state->data().combatants[1].hp, 30 - 11);
  EXPECT_EQ(state->current_player(), 0);
  EXPECT_FALSE(any_cast(*state));
}

// "For a spell that normally requires 1 action to cast, you may spend 2 actions to cast it in
// order to reduce its MP cost": 15 - 2 x 5 = 5 MP, and the turn is over.
TEST(SpellweaversCasting, TwoActionsCostLessAndEndTheTurn) {
  auto state = duel();
  ASSERT_TRUE(cast(*state, "Bolt", warband::testing::C(4, 7), 2));
  EXPECT_EQ(state->data().combatants[0].mp, 60 - 5);
  state->apply(encode(ActionKind::kRollTotal, 3));
  EXPECT_EQ(state->data().actor, 1);  // Blue's turn
}

// "Protection - ... When the affected combatant takes damage, reduce that damage by 4 (but not to
// less than 1)."
TEST(SpellweaversCasting, ProtectionReducesSpellDamage) {
  auto state = duel();
  state->mutable_data().combatants[1].conditions = condition_bit(StatusCondition::kProtection);
  ASSERT_TRUE(cast(*state, "Bolt", warband::testing::C(4, 7)));
  state->apply(encode(ActionKind::kRollTotal, 10));
  EXPECT_EQ(state->data().combatants[1].hp, 30 - 6);
}

// Ruling "One roll a spell": the roll's line says whom the total reaches and how much each takes
// after its reductions, so a player sees what the spell did (it once read "Spell damage 3d6: 10").
TEST(SpellweaversCasting, TheSpellsRollSaysWhomItReachesAndHowMuch) {
  auto state = duel();
  state->mutable_data().combatants[1].conditions = condition_bit(StatusCondition::kProtection);
  ASSERT_TRUE(cast(*state, "Bolt", warband::testing::C(4, 7)));
  EXPECT_EQ(state->action_to_string(encode(ActionKind::kRollTotal, 10)),
            "Spell damage 3d6: 10 → 6 damage to B1 Quadrata the Stacker (after reductions)");
  auto healed = duel(kSupportSpells);
  healed->mutable_data().combatants[0].hp = 25;
  ASSERT_TRUE(cast(*healed, "Mend", warband::testing::C(4, 4)));  // on itself
  EXPECT_EQ(healed->action_to_string(encode(ActionKind::kRollTotal, 9)),
            "Spell healing 2d6: 9 → 5 HP back to R1 Helper");
}

// "Stun - Power: 20. Remove: 4+. Effect: The affected combatant cannot take actions. At the end
// of their turn, remove this condition without rolling." The roll when applied: 3 keeps it.
TEST(SpellweaversCasting, StunIsRolledWhenAppliedThenSkipsATurnAndEnds) {
  auto state = duel();
  ASSERT_TRUE(cast(*state, "Daze", warband::testing::C(4, 7)));
  ASSERT_TRUE(state->is_chance());
  EXPECT_EQ(state->chance_outcomes().size(), 6u);
  state->apply(encode(ActionKind::kRemovalDie, 3));
  EXPECT_TRUE(state->data().combatants[1].conditions & condition_bit(StatusCondition::kStun));
  state->apply(encode(ActionKind::kEndTurn));
  // Blue's turn passes without a decision: it is Red's turn again and the Stun is gone.
  EXPECT_EQ(state->data().actor, 0);
  EXPECT_EQ(state->data().round, 2);
  EXPECT_FALSE(state->data().combatants[1].conditions & condition_bit(StatusCondition::kStun));
}

TEST(SpellweaversCasting, StunRemovedByItsRollWhenApplied) {
  auto state = duel();
  ASSERT_TRUE(cast(*state, "Daze", warband::testing::C(4, 7)));
  state->apply(encode(ActionKind::kRemovalDie, 4));  // 4+: removed at once
  EXPECT_FALSE(state->data().combatants[1].conditions & condition_bit(StatusCondition::kStun));
}

// "Poison - ... When the affected combatant rolls to remove this condition at end of turn, they
// take damage equal to the roll's result (even on a roll of 6)."
TEST(SpellweaversCasting, PoisonDealsItsEndOfTurnRoll) {
  auto state = duel();
  ASSERT_TRUE(cast(*state, "Venom", warband::testing::C(4, 7)));
  state->apply(encode(ActionKind::kRemovalDie, 2));  // stays
  state->apply(encode(ActionKind::kEndTurn));
  ASSERT_EQ(state->data().actor, 1);
  state->apply(encode(ActionKind::kEndTurn));  // Blue's turn ends: its Poison roll
  ASSERT_TRUE(state->is_chance());
  state->apply(encode(ActionKind::kRemovalDie, 6));  // 6 damage, and removed
  EXPECT_EQ(state->data().combatants[1].hp, 30 - 6);
  EXPECT_FALSE(state->data().combatants[1].conditions & condition_bit(StatusCondition::kPoison));
}

// "Wall - This square cannot be moved into and blocks line of sight. This square can be damaged,
// and if it takes damage, remove this condition."
TEST(SpellweaversCasting, AWallBlocksMovesAndDamageRemovesIt) {
  auto state = duel();
  const int square = grid::cell_index(warband::testing::C(4, 5));
  ASSERT_TRUE(cast(*state, "Stone", warband::testing::C(4, 5)));
  EXPECT_EQ(state->data().terrain[square], 1 + static_cast<int>(TerrainCondition::kWall));
  EXPECT_FALSE(has_action(*state, encode(ActionKind::kMove, square, 0)));
  // Blue behind the wall is out of sight now: no Bolt at it (next turn), but the wall itself is.
  state->apply(encode(ActionKind::kEndTurn));
  state->apply(encode(ActionKind::kEndTurn));
  EXPECT_FALSE(can_cast(*state, "Bolt", warband::testing::C(4, 7)));
  ASSERT_TRUE(cast(*state, "Bolt", warband::testing::C(4, 5)));
  EXPECT_EQ(state->data().terrain[square], 0);  // no combatant there: no roll, the wall falls
}

// "Grizzly Bear - ... HP: 15. Movement: 3. Innate Attack "Maul": Deal 3d6 damage to an adjacent
// combatant." "They take their turn immediately after the summoner's turn, including the turn
// that they are conjured."
TEST(SpellweaversCasting, TheBearActsRightAfterItsSummonerAndMaulsFor3d6) {
  auto state = duel();
  state->mutable_data().combatants[1].cell = warband::testing::C(4, 7);
  // The Bear's power allows no fewer than both actions; Close range: 2 squares.
  ASSERT_TRUE(cast(*state, "Bear", warband::testing::C(4, 6), 2));
  const int bear = conjuration_slot(0, 0);
  ASSERT_TRUE(state->present(bear));
  EXPECT_EQ(state->data().combatants[bear].hp, 15);
  EXPECT_EQ(state->data().actor, bear);
  const Action maul = encode(ActionKind::kStrike, 1);
  ASSERT_TRUE(has_action(*state, maul));
  state->apply(maul);
  EXPECT_EQ(state->chance_outcomes().size(), 16u);  // 3..18
  state->apply(encode(ActionKind::kRollTotal, 12));
  EXPECT_EQ(state->data().combatants[1].hp, 30 - 12);
}

// "Annoying Imps - ... Quantity: 3. HP: 1." "If there is more than one conjured entity, the rest
// are conjured on unoccupied squares adjacent to the affected square." And "A wizard can only have
// a single conjuration on the battlefield at a time".
TEST(SpellweaversCasting, ImpsAppearAroundTheSquareAndReplaceTheBear) {
  auto state = duel();
  ASSERT_TRUE(
      cast(*state, "Bear", warband::testing::C(4, 5), 2));  // both actions: Red's turn is over
  state->apply(encode(ActionKind::kEndTurn));               // the bear
  state->apply(encode(ActionKind::kEndTurn));               // Blue
  ASSERT_TRUE(cast(*state, "Imps", warband::testing::C(8, 8)));
  for (int k = 0; k < kConjurationSlots; ++k) {
    const int imp = conjuration_slot(0, k);
    ASSERT_TRUE(state->present(imp)) << k;
    EXPECT_EQ(state->data().combatants[imp].kind, CombatantKind::kAnnoyingImp);
    EXPECT_EQ(state->data().combatants[imp].hp, 1);
    EXPECT_LE(grid::chebyshev(state->data().combatants[imp].cell, warband::testing::C(8, 8)), 1);
  }
  EXPECT_EQ(state->data().combatants[conjuration_slot(0, 0)].cell, warband::testing::C(8, 8));
}

void put(SpellweaversState& state, grid::Cell cell, TerrainCondition condition) {
  state.mutable_data().terrain[grid::cell_index(cell)] =
      static_cast<std::uint8_t>(1 + static_cast<int>(condition));
}

// "Burning - When a combatant enters this square or starts their turn in this square, they take
// 1d6 damage."
TEST(SpellweaversTerrain, BurningBurnsOnEnteringAndAtTurnStart) {
  auto state = duel();
  put(*state, warband::testing::C(4, 5), TerrainCondition::kBurning);
  const Action into_fire =
      encode(ActionKind::kMove, grid::cell_index(warband::testing::C(4, 5)), 1);
  ASSERT_TRUE(has_action(*state, into_fire));
  // Around the fire costs nothing: the move's action counts 0 Burning squares.
  EXPECT_TRUE(has_action(
      *state, encode(ActionKind::kMove, grid::cell_index(warband::testing::C(4, 6)), 0)));
  state->apply(into_fire);
  ASSERT_TRUE(state->is_chance());
  EXPECT_EQ(state->chance_outcomes().size(), 6u);
  state->apply(encode(ActionKind::kRollTotal, 4));
  EXPECT_EQ(state->data().combatants[0].hp, 30 - 4);
  state->apply(encode(ActionKind::kEndTurn));
  state->apply(encode(ActionKind::kEndTurn));  // Blue; Red starts its turn in the fire
  ASSERT_TRUE(state->is_chance());
  state->apply(encode(ActionKind::kRollTotal, 2));
  EXPECT_EQ(state->data().combatants[0].hp, 30 - 6);
  EXPECT_EQ(state->current_player(), 0);
}

// "Rough - Moving into or out of this square ends that combatant's movement."
TEST(SpellweaversTerrain, RoughEndsAMoveEnteringOrLeaving) {
  auto state = duel();
  put(*state, warband::testing::C(4, 5), TerrainCondition::kRough);
  put(*state, warband::testing::C(3, 5), TerrainCondition::kRough);
  put(*state, warband::testing::C(5, 5), TerrainCondition::kRough);
  EXPECT_TRUE(has_action(
      *state, encode(ActionKind::kMove, grid::cell_index(warband::testing::C(4, 5)), 0)));
  // E7 lies two squares south: the ways through row 6 all enter Rough, which ends the move.
  EXPECT_FALSE(has_action(
      *state, encode(ActionKind::kMove, grid::cell_index(warband::testing::C(4, 6)), 0)));
  state->apply(encode(ActionKind::kMove, grid::cell_index(warband::testing::C(4, 5)), 0));
  // Leaving Rough: one square only.
  EXPECT_TRUE(has_action(
      *state, encode(ActionKind::kMove, grid::cell_index(warband::testing::C(4, 6)), 0)));
  EXPECT_FALSE(has_action(
      *state, encode(ActionKind::kMove, grid::cell_index(warband::testing::C(4, 2)), 0)));
}

// "Dark - Combatants cannot see across this square and do not have line-of-sight through it."
TEST(SpellweaversTerrain, DarkBlocksASpellsSight) {
  auto state = duel();
  ASSERT_TRUE(can_cast(*state, "Bolt", warband::testing::C(4, 7)));
  put(*state, warband::testing::C(4, 5), TerrainCondition::kDark);
  put(*state, warband::testing::C(3, 5), TerrainCondition::kDark);
  put(*state, warband::testing::C(5, 5), TerrainCondition::kDark);
  EXPECT_FALSE(can_cast(*state, "Bolt", warband::testing::C(4, 7)));
}

// "Fortified - When a combatant on this square takes damage, reduce that damage by 4 (but not to
// less than 1)."
TEST(SpellweaversTerrain, FortifiedReducesDamage) {
  auto state = duel();
  put(*state, warband::testing::C(4, 7), TerrainCondition::kFortified);
  ASSERT_TRUE(cast(*state, "Bolt", warband::testing::C(4, 7)));
  state->apply(encode(ActionKind::kRollTotal, 9));
  EXPECT_EQ(state->data().combatants[1].hp, 30 - 5);
}

// "Healing - Restore Xd6 HP to each affected combatant"; ruling: never above max HP.
TEST(SpellweaversCasting, HealingRestoresUpToMaxHp) {
  auto state = duel(kSupportSpells);
  state->mutable_data().combatants[0].hp = 20;
  ASSERT_TRUE(cast(*state, "Mend", warband::testing::C(4, 4)));  // on itself
  ASSERT_TRUE(state->is_chance());
  EXPECT_EQ(state->chance_outcomes().size(), 11u);
  state->apply(encode(ActionKind::kRollTotal, 12));
  EXPECT_EQ(state->data().combatants[0].hp, 30);
}

// "Dispel - Remove: N/A. Effect: Remove all status conditions from the affected combatant." At
// once: no roll.
TEST(SpellweaversCasting, DispelRemovesEveryConditionAtOnce) {
  auto state = duel(kSupportSpells);
  state->mutable_data().combatants[1].conditions =
      condition_bit(StatusCondition::kPoison) | condition_bit(StatusCondition::kProtection);
  ASSERT_TRUE(cast(*state, "Cleanse", warband::testing::C(4, 7)));
  EXPECT_FALSE(state->is_chance());
  EXPECT_EQ(state->data().combatants[1].conditions, 0);
}

// "Shift - Move each affected combatant to a square up to X spaces away." Ruling: the caster
// chooses, among the free squares within X (or staying).
TEST(SpellweaversCasting, ShiftLetsTheCasterPlaceTheCombatant) {
  auto state = duel(kSupportSpells);
  ASSERT_TRUE(cast(*state, "Push", warband::testing::C(4, 7)));
  ASSERT_EQ(state->current_player(), 0);  // Red places Blue's wizard
  const std::vector<Action> legal = state->legal_actions();
  EXPECT_EQ(legal.size(), 25u);  // the 5 x 5 squares around E8, staying put included
  EXPECT_TRUE(
      has_action(*state, encode(ActionKind::kShift, grid::cell_index(warband::testing::C(4, 9)))));
  EXPECT_FALSE(
      has_action(*state, encode(ActionKind::kShift, grid::cell_index(warband::testing::C(4, 10)))));
  state->apply(encode(ActionKind::kShift, grid::cell_index(warband::testing::C(6, 9))));
  EXPECT_EQ(state->data().combatants[1].cell, warband::testing::C(6, 9));
  EXPECT_EQ(state->current_player(), 0);
  EXPECT_EQ(state->data().actions_left, 1);
}

// Snapcast: "you may cast this spell without using an action" (Flick: power 13 < 15).
TEST(SpellweaversCasting, SnapcastCastsWithNoActionAndKeepsTheTurnOpen) {
  auto state = duel(kSupportSpells);
  state->apply(encode(ActionKind::kDefend));
  state->apply(encode(ActionKind::kMove, grid::cell_index(warband::testing::C(4, 5)), 0));
  // No action left, but a Snapcast spell can still be cast: the turn waits.
  ASSERT_EQ(state->data().actor, 0);
  ASSERT_EQ(state->data().actions_left, 0);
  ASSERT_TRUE(cast(*state, "Flick", warband::testing::C(4, 7), 0));
  state->apply(encode(ActionKind::kRollTotal, 7));
  EXPECT_EQ(state->data().combatants[1].hp, 30 - 7);
  EXPECT_EQ(state->data().actor, 1);  // one spell a turn: now the turn ends
}

// "Slow - When the affected combatant uses an action to move, they can move only 1 square."
TEST(SpellweaversCasting, SlowLimitsAMoveToOneSquare) {
  auto state = duel(kSupportSpells);
  ASSERT_TRUE(cast(*state, "Mire", warband::testing::C(4, 7)));
  state->apply(encode(ActionKind::kRemovalDie, 1));  // stays
  state->apply(encode(ActionKind::kEndTurn));
  ASSERT_EQ(state->data().actor, 1);
  EXPECT_TRUE(has_action(
      *state, encode(ActionKind::kMove, grid::cell_index(warband::testing::C(4, 8)), 0)));
  EXPECT_FALSE(has_action(
      *state, encode(ActionKind::kMove, grid::cell_index(warband::testing::C(4, 9)), 0)));
}

// "Regenerate - When the affected combatant rolls to remove this condition at end of turn, they
// regain HP equal to the roll's result (even on a roll of 6)."
TEST(SpellweaversCasting, RegenerateHealsItsEndOfTurnRoll) {
  auto state = duel(kSupportSpells);
  state->mutable_data().combatants[0].hp = 10;
  ASSERT_TRUE(cast(*state, "Renew", warband::testing::C(4, 4)));  // on itself
  state->apply(encode(ActionKind::kRemovalDie, 1));               // stays
  state->apply(encode(ActionKind::kEndTurn));  // its own turn ends: the end-of-turn roll
  ASSERT_TRUE(state->is_chance());
  state->apply(encode(ActionKind::kRemovalDie, 6));  // 6 HP back, and removed
  EXPECT_EQ(state->data().combatants[0].hp, 16);
  EXPECT_FALSE(state->data().combatants[0].conditions &
               condition_bit(StatusCondition::kRegenerate));
}

// A Shift into Burning that knocks out the last enemy wizard ends the battle there: the spell
// resolves no further (it once read the cleared spell and crashed).
TEST(SpellweaversCasting, AShiftIntoBurningThatEndsTheBattleEndsTheSpell) {
  auto state = duel(kSupportSpells);
  put(*state, warband::testing::C(4, 9), TerrainCondition::kBurning);
  state->mutable_data().combatants[1].hp = 2;
  ASSERT_TRUE(cast(*state, "Push", warband::testing::C(4, 7)));
  state->apply(encode(ActionKind::kShift, grid::cell_index(warband::testing::C(4, 9))));
  ASSERT_TRUE(state->is_chance());
  state->apply(encode(ActionKind::kRollTotal, 5));
  EXPECT_TRUE(state->is_terminal());
  EXPECT_EQ(state->returns(), (std::vector<double>{1.0, -1.0}));
  state->check_consistency();
}

// "Annoying Imps - ... Innate Attack "Jab": Deal 1 damage to an adjacent combatant": no roll, and
// Defend cannot take it below 1.
TEST(SpellweaversCasting, AnImpsJabDealsOneWithoutARoll) {
  auto state = duel();
  state->mutable_data().combatants[1].defending = true;
  ASSERT_TRUE(cast(*state, "Imps", warband::testing::C(4, 6)));  // beside Blue at E8
  state->apply(encode(ActionKind::kEndTurn));
  const int imp = conjuration_slot(0, 0);
  ASSERT_EQ(state->data().actor, imp);
  state->apply(encode(ActionKind::kStrike, 1));
  EXPECT_FALSE(state->is_chance());
  EXPECT_EQ(state->data().combatants[1].hp, 29);
}

}  // namespace
}  // namespace warband::spellweavers
