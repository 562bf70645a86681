// A cast as two decisions (issue 17): the spell and its action count at the top level, then where
// it lands (Step::kPlacement). What each step lists, shows, saves and refuses.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <memory>
#include <set>

#include "cli/play_loop.h"
#include "core/error.h"
#include "core/game_record.h"
#include "core/registry.h"
#include "core/rng.h"
#include "rulesets/spellweavers/spell_area.h"
#include "rulesets/spellweavers/spellweavers_game.h"
#include "rulesets/spellweavers/spellweavers_state.h"
#include "server/game_session.h"
#include "tests/support/grid_cells.h"
#include "tests/support/legal_actions.h"
#include "tests/support/play_loop_run.h"

namespace warband::spellweavers {
namespace {

std::unique_ptr<SpellweaversState> start(const nlohmann::json& setup) {
  auto game = std::static_pointer_cast<const SpellweaversGame>(make_game("spellweavers", setup));
  return std::unique_ptr<SpellweaversState>(
      static_cast<SpellweaversState*>(game->new_initial_state().release()));
}

// Brother Thorn (Red) against Ember the Red on Open Field: Red decides first.
std::unique_ptr<SpellweaversState> thorn_first() {
  return start({{"map", "open_field"},
                {"warbands", nlohmann::json::array({"brother_thorn", "ember_the_red"})}});
}

std::vector<Action> of_kind(const State& state, ActionKind kind) {
  std::vector<Action> out;
  for (const Action action : state.legal_actions())
    if (kind_of(action) == kind) out.push_back(action);
  return out;
}

// The top level lists one action per castable (spell, action count), and no placement.
TEST(SpellweaversStagedCast, TheTopLevelListsEachSpellAndActionCountOnce) {
  const auto state = thorn_first();
  const auto& wizard = state->spellweavers().wizard(0);
  const int mp = state->data().combatants[0].mp;
  std::set<std::pair<int, int>> castable;
  for (std::size_t s = 0; s < wizard.spells.size(); ++s)
    for (int actions = 0; actions <= 2; ++actions) {
      const int cost = wizard.spells[s].mp_cost[actions];
      if (cost >= 0 && cost <= mp) castable.insert({static_cast<int>(s), actions});
    }
  ASSERT_FALSE(castable.empty());
  std::set<std::pair<int, int>> listed;
  for (const Action action : of_kind(*state, ActionKind::kCastSpell))
    listed.insert({arg_a(action), arg_b(action)});
  EXPECT_EQ(listed, castable);
  EXPECT_TRUE(of_kind(*state, ActionKind::kPlacement).empty());
  EXPECT_TRUE(of_kind(*state, ActionKind::kCast).empty());
}

// Choosing the spell pays for it and commits it; the next decision lists exactly the spell's
// distinct placements, by their placement codes.
TEST(SpellweaversStagedCast, ThePlacementStepListsTheSpellsDistinctPlacements) {
  auto state = thorn_first();
  const std::vector<Action> spells = of_kind(*state, ActionKind::kCastSpell);
  ASSERT_FALSE(spells.empty());
  for (const Action choice : spells) {
    auto placing = state->clone();
    placing->apply(choice);
    const auto& d = static_cast<const SpellweaversState&>(*placing).data();
    const GameSpell& spell = state->spellweavers().wizard(0).spells[arg_a(choice)];
    EXPECT_EQ(d.step, Step::kPlacement);
    EXPECT_EQ(placing->current_player(), 0);
    EXPECT_EQ(d.combatants[0].mp, state->data().combatants[0].mp - spell.mp_cost[arg_b(choice)]);
    EXPECT_EQ(d.actions_left, state->data().actions_left - arg_b(choice));
    std::vector<AreaPlacement> placements;
    distinct_placements(state->spellweavers().board(), d.combatants[0].cell, spell.spell,
                        state->sight_blockers(), placements);
    std::vector<Action> expected;
    for (const AreaPlacement& p : placements)
      expected.push_back(encode(ActionKind::kPlacement, placement_code(p)));
    std::sort(expected.begin(), expected.end());
    EXPECT_EQ(placing->legal_actions(), expected) << spell.spell.name;
    placing->check_consistency();
  }
}

// The views a browser's preview is drawn from: a placement's anchor, orientation, the squares it
// affects and, greyed, the area's squares on the board that it does not (out of range here), all
// placements of one step sharing a group.
TEST(SpellweaversStagedCast, APlacementsViewHasItsAffectedAndUnaffectedSquares) {
  const std::string path = ::testing::TempDir() + "/Scorcher_staged.wizard.toml";
  std::ofstream(path) << "name = \"Scorcher\"\ntalent = \"tetra-master\"\n\n"
                         "[[spells]]\nname = \"Scorch\"\neffects = [\"damage:2\"]\n"
                         "area = \"small\"\nshape = \"0,0;1,0;0,1;1,1\"\nrange = \"close\"\n";
  auto state =
      start({{"map", "open_field"}, {"warbands", nlohmann::json::array({path, "quadrata"})}});
  auto& d = state->mutable_data();
  d.terrain.fill(0);
  d.combatants[0].cell = warband::testing::C(4, 4);
  d.combatants[1].cell = warband::testing::C(4, 9);
  const nlohmann::json spell_view = state->action_view(encode(ActionKind::kCastSpell, 0, 1));
  EXPECT_EQ(spell_view["kind"], "cast");
  EXPECT_EQ(spell_view["spell"], "Scorch");
  EXPECT_EQ(spell_view["actions"], 1);
  EXPECT_TRUE(spell_view["mp_cost"].is_number_integer());
  EXPECT_EQ(spell_view["group"], "R1 Scorcher casts Scorch");
  state->apply(encode(ActionKind::kCastSpell, 0, 1));
  // Anchor G7 (6,6): the 2x2 square G7-H8; Close range is 2 squares from E5, so G7 alone.
  const Action corner =
      encode(ActionKind::kPlacement, placement_code({warband::testing::C(6, 6), 0}));
  const std::vector<Action> legal = state->legal_actions();
  ASSERT_TRUE(std::binary_search(legal.begin(), legal.end(), corner));
  const nlohmann::json view = state->action_view(corner);
  EXPECT_EQ(view["kind"], "placement");
  EXPECT_EQ(view["anchor"], nlohmann::json::array({6, 6}));
  EXPECT_EQ(view["orientation"], 0);
  EXPECT_EQ(view["spell"], "Scorch");
  EXPECT_EQ(view["affected"], nlohmann::json::parse("[[6,6]]"));
  EXPECT_EQ(view["unaffected"], nlohmann::json::parse("[[7,6],[6,7],[7,7]]"));
  EXPECT_EQ(view["text"], "R1 Scorcher places Scorch at G7");
  for (const Action action : legal)
    EXPECT_EQ(state->action_view(action)["group"], "R1 Scorcher places Scorch");
  const nlohmann::json table = state->table_view(0);
  EXPECT_EQ(table["placing"]["spell"], "Scorch");
  EXPECT_EQ(table["placing"]["caster"], 0);
  EXPECT_NE(table["prompt"].get<std::string>().find("places Scorch"), std::string::npos);
}

// A save made while a spell waits for its placement reads back to the same state.
TEST(SpellweaversStagedCast, APlacementStepSavesAndLoads) {
  auto state = thorn_first();
  state->apply(of_kind(*state, ActionKind::kCastSpell).front());
  const nlohmann::json json = state->to_json();
  const auto loaded = state->game().state_from_json(json);
  EXPECT_EQ(loaded->to_json(), json);
  EXPECT_EQ(loaded->legal_actions(), state->legal_actions());
  // A placement step whose spell has begun resolving is refused.
  nlohmann::json bad = json;
  bad["cast"]["next_effect"] = 1;
  EXPECT_THROW(state->game().state_from_json(bad), InputError);
}

// A log recorded before casts were staged holds kCast actions: replaying it says so.
TEST(SpellweaversStagedCast, AnOldLogWithAnUnstagedCastIsRefusedSayingWhy) {
  auto game = make_game("spellweavers", nlohmann::json::object());
  GameRecord record("spellweavers", game);
  nlohmann::json log = record.to_json();
  // The old code: spell 0, 1 action, orientation 0, anchor (4, 4) as x + 128, y + 128.
  const Action old_cast = encode(ActionKind::kCast, 0 | 1 << 8, (4 + 128) | (4 + 128) << 8);
  log["actions"] = nlohmann::json::array({old_cast});
  log.erase("final_hash");
  log.erase("result");
  try {
    GameRecord::replay(log);
    FAIL() << "the old cast was accepted";
  } catch (const InputError& error) {
    const std::string what = error.what();
    EXPECT_NE(what.find("before casts were staged"), std::string::npos) << what;
    EXPECT_NE(what.find("action #0"), std::string::npos) << what;
  }
}

// any_placement answers what distinct_placements would, without listing: every content wizard's
// spells from random squares among random Walls and Dark squares.
TEST(SpellweaversStagedCast, AnyPlacementAgreesWithDistinctPlacements) {
  Rng rng(17);
  const char* wizards[] = {"brother_thorn",     "ember_the_red", "grumbold_the_vast",
                           "magnus_overcharge", "quadrata",      "sister_cinder",
                           "vesper_longshot",   "warden_oakhelm"};
  for (const char* name : wizards) {
    const auto state = start(
        {{"map", "walls_and_pillars"}, {"warbands", nlohmann::json::array({name, "quadrata"})}});
    const grid::Board& board = state->spellweavers().board();
    for (int trial = 0; trial < 30; ++trial) {
      grid::Cell caster;
      do {
        caster = warband::testing::C(static_cast<int>(rng.below(board.width())),
                                     static_cast<int>(rng.below(board.height())));
      } while (board.at(caster).flags & grid::kBlocksMove);
      grid::CellSet blockers;
      for (int k = 0; k < 12; ++k)
        blockers.set(
            grid::cell_index(warband::testing::C(static_cast<int>(rng.below(board.width())),
                                                 static_cast<int>(rng.below(board.height())))));
      if (trial % 5 == 0) blockers.set(grid::cell_index(caster));  // in the Dark
      for (const GameSpell& spell : state->spellweavers().wizard(0).spells) {
        std::vector<AreaPlacement> placements;
        distinct_placements(board, caster, spell.spell, blockers, placements);
        EXPECT_EQ(any_placement(board, caster, spell.spell, blockers), !placements.empty())
            << name << " " << spell.spell.name << " from " << grid::cell_name(caster);
      }
    }
  }
}

const nlohmann::json kThornFirst = {
    {"map", "open_field"}, {"warbands", nlohmann::json::array({"brother_thorn", "ember_the_red"})}};

// The browser's undo: a spell committed and not yet placed is taken back whole (its MP too).
TEST(SpellweaversStagedCast, TheServersUndoTakesBackACommittedSpell) {
  server::GameSession session("spellweavers", make_game("spellweavers", kThornFirst),
                              {"human", "human"}, 3);
  session.advance();
  const nlohmann::json before = session.log();
  const Action spell = of_kind(session.state(), ActionKind::kCastSpell).front();
  session.act(spell, session.length());
  ASSERT_EQ(of_kind(session.state(), ActionKind::kPlacement).size(),
            session.state().legal_actions().size());
  ASSERT_TRUE(session.can_undo());
  session.undo(session.length());
  EXPECT_EQ(session.log(), before);
  EXPECT_FALSE(of_kind(session.state(), ActionKind::kCastSpell).empty());
}

// The terminal's back at the placement step takes back the spell's choice.
TEST(SpellweaversStagedCast, TheTerminalsBackTakesBackACommittedSpell) {
  cli::PlaySettings settings;
  settings.players = {"human", "bot"};
  settings.seed = 5;
  const cli::Played played =
      cli::play_loop("spellweavers", settings,
                     "R1 Brother Thorn casts Mending Light (1\nback\nquit\n", kThornFirst);
  EXPECT_EQ(played.end, cli::PlayEnd::kQuit) << played.err;
  EXPECT_NE(played.out.find("places Mending Light"), std::string::npos) << played.out;
  EXPECT_NE(played.out.find("Red takes back: R1 Brother Thorn casts Mending Light (1 action"),
            std::string::npos)
      << played.out;
  EXPECT_EQ(played.record.actions().size(), 0u);
}

}  // namespace
}  // namespace warband::spellweavers
