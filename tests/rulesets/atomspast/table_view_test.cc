// The AtomsPast table view and action views (docs/api.md, "Table views"): the board a browser
// draws, checked against the engine itself: reach and targets against the legal actions they
// stand for, hands hidden from the other side, every action described.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <cstdlib>
#include <functional>
#include <set>
#include <utility>

#include "atomspast_fixture.h"
#include "core/error.h"
#include "core/registry.h"
#include "core/rng.h"
#include "tests/support/test_scale.h"

namespace warband::atomspast::testing {
namespace {

using CellList = std::set<std::pair<int, int>>;

CellList cell_list(const nlohmann::json& cells) {
  CellList out;
  for (const auto& cell : cells)
    out.insert({cell.at(0).get<int>(), cell.at(1).get<int>()});
  return out;
}

CellList footprint_cells(const AtomsPastState& state, int unit, int placement_index) {
  grid::FootprintCells cells;
  grid::covered_cells(state.footprint(unit), grid::placement_at(placement_index), cells);
  CellList out;
  for (int i = 0; i < cells.count; ++i)
    out.insert({cells.cells[i].x, cells.cells[i].y});
  return out;
}

// Plays a game with seeded random decisions (as `warband play --red bot --blue bot` does) and
// calls `visit` on every state it passes through, the terminal one included.
void play_random_game(std::uint64_t seed, const nlohmann::json& setup,
                      const std::function<void(const AtomsPastState&)>& visit) {
  auto state = new_state(sample_game(setup));
  Rng dice(mix_seed(seed, 0)), bots(mix_seed(seed, 1));
  while (true) {
    visit(*state);
    if (state->is_terminal()) break;
    state->apply(state->is_chance() ? dice.sample(state->chance_outcomes())
                                    : bots.pick(state->legal_actions()));
  }
}

const char* const kMaps[] = {"broken_hills", "ruined_keep", "ashen_valley", "training_ground"};

// What the legal actions say a unit may do now: the spaces its Move ends in and the enemies it
// may attack, found by taking each of its actions on a copy.
struct UnitOptions {
  CellList reach;
  std::set<int> targets;
};

UnitOptions options_from_legal_actions(const AtomsPastState& state, int unit) {
  UnitOptions options;
  const auto& d = state.data();
  if (d.step == Step::kDestination || d.step == Step::kAttackTarget) {
    if (unit != d.action.actor) return options;
    for (Action action : state.legal_actions()) {
      if (kind_of(action) == ActionKind::kDestination)
        for (const auto& cell : footprint_cells(state, unit, arg_a(action)))
          options.reach.insert(cell);
      if (kind_of(action) == ActionKind::kAttackTarget) options.targets.insert(arg_a(action));
    }
    if (d.action.kind == UnitActionKind::kCharge) options.targets.insert(d.action.target);
    return options;
  }
  for (Action action : state.legal_actions()) {
    const ActionKind kind = kind_of(action);
    if (arg_a(action) != unit) continue;
    if (kind == ActionKind::kCharge) options.targets.insert(arg_b(action));
    if (kind != ActionKind::kMove && kind != ActionKind::kMeleeAttack &&
        kind != ActionKind::kRangedAttack)
      continue;
    AtomsPastState probe(state);
    probe.apply(action);
    for (Action next : probe.legal_actions()) {
      if (kind_of(next) == ActionKind::kDestination)
        for (const auto& cell : footprint_cells(probe, unit, arg_a(next)))
          options.reach.insert(cell);
      if (kind_of(next) == ActionKind::kAttackTarget) options.targets.insert(arg_a(next));
    }
  }
  return options;
}

// ---------------------------------------------------------------------------------------------
// A fresh game.

TEST(AtomsPastTableView, FreshGameShowsTheMapAndTheUndeployedWarbands) {
  const auto game = sample_game({{"map", "broken_hills"}});
  const auto state = new_state(game);
  const nlohmann::json view = state->table_view(-1);
  EXPECT_EQ(view["kind"], "grid");
  EXPECT_EQ(view["width"], 28);
  EXPECT_EQ(view["height"], 18);
  EXPECT_EQ(view["map"]["id"], "broken_hills");
  EXPECT_EQ(view["map"]["name"], "Broken Hills");
  EXPECT_EQ(view["phase"], "dice_off");
  EXPECT_EQ(view["round"], 0);
  EXPECT_EQ(view["prompt"], "Dice-off: who goes first");
  EXPECT_TRUE(view["roll"].is_null());
  EXPECT_TRUE(view["winner"].is_null());

  // Terrain and heights, space by space, against the board.
  const grid::Board& board = game->board();
  ASSERT_EQ(view["terrain"].size(), 18u);
  ASSERT_EQ(view["heights"].size(), 18u);
  for (int y = 0; y < 18; ++y) {
    const std::string row = view["terrain"][y];
    ASSERT_EQ(row.size(), 28u);
    ASSERT_EQ(view["heights"][y].size(), 28u);
    for (int x = 0; x < 28; ++x) {
      const grid::Space& space =
          board.at(grid::Cell{static_cast<std::int8_t>(x), static_cast<std::int8_t>(y)});
      const auto& legend = view["legend"].at(std::string(1, row[x]));
      EXPECT_EQ(legend["blocks_move"], (space.terrain & kWall) != 0) << x << "," << y;
      EXPECT_EQ(legend["blocks_sight"], (space.terrain & (kWall | kBlocksSight)) != 0);
      EXPECT_EQ(legend["difficult"], (space.terrain & kDifficult) != 0);
      EXPECT_EQ(legend["dangerous"], dangerous(space));
      EXPECT_EQ(view["heights"][y][x], space.height);
    }
  }
  // Broken Hills (content/atomspast/maps/broken_hills.toml): its first row is open ground, D4 is
  // a barricade (heavy cover), Q4 a wall, F13 the lava seep, and the tor rises to 4 at K9.
  EXPECT_EQ(view["terrain"][0], std::string(28, '.'));
  EXPECT_EQ(view["legend"]["."]["name"], "open ground");
  const auto symbol_at = [&](int x, int y) {
    return std::string(1, view["terrain"][y].get<std::string>()[x]);
  };
  EXPECT_EQ(view["legend"][symbol_at(16, 3)]["name"], "wall");
  EXPECT_EQ(view["legend"][symbol_at(22, 3)]["cover"], "heavy");
  EXPECT_EQ(view["legend"][symbol_at(5, 12)]["dangerous"], 2);
  EXPECT_EQ(view["legend"][symbol_at(2, 7)]["flags"],
            nlohmann::json::array({"difficult", "obscuring"}));
  EXPECT_TRUE(view["legend"][symbol_at(2, 7)]["cover"].is_null());
  EXPECT_EQ(view["heights"][8][12], 4);
  // Every symbol in the legend is used on the map, and no two kinds share one.
  std::set<std::string> used;
  for (const auto& row : view["terrain"])
    for (char symbol : row.get<std::string>())
      used.insert(std::string(1, symbol));
  EXPECT_EQ(used.size(), view["legend"].size());

  ASSERT_EQ(view["units"].size(), game->roster().size());
  for (const auto& unit : view["units"]) {
    EXPECT_FALSE(unit["deployed"]);
    EXPECT_TRUE(unit["alive"]);
    EXPECT_TRUE(unit["cells"].empty());
    EXPECT_FALSE(unit.contains("reach")) << "no decision yet: no options";
  }
  const auto& kon = view["units"][game->kon_unit(0)];
  EXPECT_TRUE(kon["kon"]);
  EXPECT_EQ(kon["side"], 0);
  // Its card's rows in words, and its AcTi as the token's badge.
  EXPECT_EQ(kon["badge"], kon["acti"]);
  ASSERT_EQ(kon["stats"].size(), 7u);
  EXPECT_EQ(kon["stats"][0],
            nlohmann::json::array({"AcTi", std::to_string(kon["acti"].get<int>())}));
  EXPECT_EQ(kon["stats"][1],
            nlohmann::json::array({"Wounds", fmt::format("{} / {}", kon["wounds"].get<int>(),
                                                         kon["max_wounds"].get<int>())}));
  EXPECT_EQ(kon["stats"][4][0], "Melee");
  EXPECT_EQ(kon["stats"][4][1], kon["melee"].is_null() ? "—" : kon["melee"].get<std::string>());
  EXPECT_NE(view["unit_key"].get<std::string>().find("the badge is its AcTi"), std::string::npos);
  ASSERT_EQ(view["players"].size(), 2u);
  for (int side = 0; side < 2; ++side) {
    const auto& player = view["players"][side];
    EXPECT_EQ(player["name"], side == 0 ? "Red" : "Blue");
    EXPECT_EQ(player["hand"], nlohmann::json::array());
    EXPECT_EQ(player["hand_size"], 0);
    EXPECT_EQ(player["deck"], game->parameters().deck_size - 1) << "the Kon's copy leaves it";
    EXPECT_EQ(player["discard"], 0);
    EXPECT_EQ(player["kon_spell"], game->spell(game->kon_spell(side)).name);
    EXPECT_EQ(player["kon_spell_acti"], game->kon_power_level(side));
    EXPECT_TRUE(player["zone"].empty());
  }
}

TEST(AtomsPastTableView, OtherMapsAndFirstTurn) {
  for (const char* map : kMaps) {
    const auto game = sample_game({{"map", map}});
    const auto state = first_turn(game);
    const nlohmann::json view = state->table_view(0);
    EXPECT_EQ(view["map"]["id"], map);
    EXPECT_EQ(view["phase"], "spell");
    EXPECT_EQ(view["round"], 1);
    EXPECT_EQ(view["active"], 0);
    EXPECT_EQ(view["prompt"], "Red: Spell Phase: place, channel or cast a spell, or end the phase");
    for (const auto& unit : view["units"]) {
      EXPECT_TRUE(unit["deployed"]) << map;
      EXPECT_EQ(unit.contains("sight"), unit["side"] == 0) << "the side to move's units only";
    }
    EXPECT_EQ(view["players"][0]["hand_size"], 5);
    EXPECT_EQ(view["players"][0]["hand"].size(), 5u);
    EXPECT_TRUE(view["players"][1]["hand"].is_null());
  }
}

// ---------------------------------------------------------------------------------------------
// Prompts along a turn.

TEST(AtomsPastTableView, PromptsSayWhatToDecide) {
  const auto game = sample_game(open_ground_setup());
  auto state = first_turn(game);
  state->apply(encode(ActionKind::kDone));  // end the Spell Phase
  EXPECT_EQ(state->table_view(0)["prompt"], "Red: choose a Kon Action");
  state->apply(encode(ActionKind::kDone));  // the Kon waits
  ASSERT_EQ(state->data().phase, Phase::kBattlefield);
  EXPECT_EQ(state->table_view(0)["prompt"],
            "Red: choose a unit to activate, or end the Battlefield Phase");
  const int warrior = find_unit(*game, 0, "orc_warrior");
  ASSERT_GE(warrior, 0);
  EXPECT_EQ(state->table_view(0)["acting_unit"], -1);
  ASSERT_TRUE(has_action(*state, encode(ActionKind::kMove, warrior)));
  state->apply(encode(ActionKind::kMove, warrior));
  EXPECT_EQ(state->table_view(0)["prompt"], "Red: choose where Orc Warrior moves");
  EXPECT_EQ(state->table_view(0)["acting_unit"], warrior);
  // Blue watches the same prompt, without Red's options.
  const nlohmann::json blue = state->table_view(1);
  EXPECT_EQ(blue["prompt"], "Red: choose where Orc Warrior moves");
  EXPECT_FALSE(blue["units"][warrior].contains("reach"));
}

// Phases in words and turns counted as the rules count them, in the table view and the
// terminal's header alike.
TEST(AtomsPastTableView, PhasesInWordsAndTurnsCountedAsTheRulesDo) {
  const auto game = sample_game(open_ground_setup());
  auto fresh = new_state(game);
  EXPECT_EQ(fresh->table_view(0)["phase_name"], "Dice-off");
  EXPECT_EQ(fresh->table_view(0)["turn"], 0);

  auto state = first_turn(game);
  nlohmann::json view = state->table_view(0);
  EXPECT_EQ(view["phase_name"], "Spell Phase");
  EXPECT_EQ(view["round"], 1);
  EXPECT_EQ(view["turn"], 1);
  EXPECT_NE(state->to_string().find("round 1 · turn 1 (Red to act) · Spell Phase\n"),
            std::string::npos)
      << state->to_string();
  state->apply(encode(ActionKind::kDone));
  EXPECT_EQ(state->table_view(0)["phase_name"], "Kon Phase");
  state->apply(encode(ActionKind::kDone));
  EXPECT_EQ(state->table_view(0)["phase_name"], "Battlefield Phase");
  // Red ends its turn: Blue's is the second turn of the first round, however many actions and
  // draws it took to get there.
  state->apply(encode(ActionKind::kDone));
  while (state->is_chance() || state->data().active == 0)
    state->apply(state->is_chance() ? state->chance_outcomes().front().action
                                    : state->legal_actions().front());
  view = state->table_view(1);
  EXPECT_EQ(view["active"], 1);
  EXPECT_EQ(view["round"], 1);
  EXPECT_EQ(view["turn"], 2);
  const std::string text = state->to_string();
  EXPECT_NE(text.find("round 1 · turn 2 (Blue to act)"), std::string::npos) << text;
  EXPECT_EQ(text.find("spell_phase"), std::string::npos);
}

// The dice box (the table view's roll) and the log (the die's action text) explain a roll in the
// same words: which dice count 1, what the others count, the total.
TEST(AtomsPastTableView, TheDiceBoxAndTheLogExplainARollAlike) {
  const auto game = sample_game(open_ground_setup());
  auto state = first_turn(game);
  const int warrior = find_unit(*game, 0, "orc_warrior");
  const int footmen = find_unit(*game, 1, "footmen");
  keep_only(*state, {warrior, footmen});
  place(*state, warrior, 10, 8);
  place(*state, footmen, 11, 8);
  set_stat(*state, warrior, Stat::kMeleeSkill, 4);
  set_stat(*state, warrior, Stat::kMeleeDice, 4);
  set_stat(*state, warrior, Stat::kMeleeRange, 1);
  set_stat(*state, footmen, Stat::kShield, 0);
  auto& data = state->mutable_data();
  data.units[footmen].max_wounds = data.units[footmen].wounds = 10;
  to_battlefield(*state);
  state->apply(encode(ActionKind::kMeleeAttack, warrior));
  state->apply(encode(ActionKind::kAttackTarget, footmen, 0));
  ASSERT_TRUE(state->is_chance());

  EXPECT_EQ(state->table_view(0)["roll"]["explanation"], "Attack [S4/D4]");
  EXPECT_EQ(state->table_view(0)["roll"]["notation"], "[S4/D4]");
  // A die above the Skill says so as it lands.
  EXPECT_EQ(state->action_to_string(encode(ActionKind::kDie, 6)),
            "Attack [S4/D4] die 1 of 4: 6 (above Skill 4: counts 1)");
  roll_dice(*state, {6, 6, 3});
  EXPECT_EQ(state->table_view(0)["roll"]["explanation"],
            "Attack [S4/D4]: 6, 6 count 1 each (above Skill 4), 3 counts 3 → 5 so far, 1 of 4 "
            "dice to roll");
  const Action last = encode(ActionKind::kDie, 5);
  const std::string logged = state->action_to_string(last);
  EXPECT_EQ(logged, "Attack [S4/D4]: 6, 6, 5 count 1 each (above Skill 4), 3 counts 3 → 6; " +
                        unit_name(*game, footmen) + " takes 6 damage");
  EXPECT_EQ(state->action_view(last)["text"], logged);
  roll_dice(*state, {5});
  // Once over, the box keeps the roll's words (its purpose is the log's last die).
  const nlohmann::json roll = state->table_view(1)["roll"];
  EXPECT_FALSE(roll["in_progress"]);
  EXPECT_EQ(roll["explanation"], "[S4/D4]: 6, 6, 5 count 1 each (above Skill 4), 3 counts 3 → 6");
  EXPECT_NE(logged.find(roll["explanation"].get<std::string>()), std::string::npos);
}

// A move's action view says where it starts and the way it goes, for a front end to draw it.
TEST(AtomsPastActionView, AMoveSaysWhereItStartsAndItsRoute) {
  const auto game = sample_game(open_ground_setup());
  auto state = first_turn(game);
  const int warrior = find_unit(*game, 0, "orc_warrior");
  keep_only(*state, {warrior});
  place(*state, warrior, 10, 8);
  to_battlefield(*state);
  state->apply(encode(ActionKind::kMove, warrior));
  Action move = -1;
  for (Action action : state->legal_actions())
    if (kind_of(action) == ActionKind::kDestination) move = action;
  ASSERT_GE(move, 0);
  const nlohmann::json view = state->action_view(move);
  EXPECT_EQ(view["from"], nlohmann::json::parse("[[10, 8]]"));
  EXPECT_EQ(view["unit"], warrior);
  EXPECT_NE(view["cells"], view["from"]);
  // And the way it goes: for every destination, orthogonal steps from `from` to `cells`, no more
  // of them than the warrior's Move on open ground.
  const int move_stat = state->data().action.budget;
  ASSERT_GT(move_stat, 0);
  int destinations = 0;
  for (Action action : state->legal_actions()) {
    if (kind_of(action) != ActionKind::kDestination) continue;
    ++destinations;
    const nlohmann::json route = state->action_view(action)["path"];
    ASSERT_GE(route.size(), 2u);
    EXPECT_EQ(route.front(), nlohmann::json::parse("[[10, 8]]"));
    EXPECT_EQ(route.back(), state->action_view(action)["cells"]);
    EXPECT_LE(static_cast<int>(route.size()) - 1, move_stat);
    for (std::size_t i = 1; i < route.size(); ++i) {
      const int dx = route[i][0][0].get<int>() - route[i - 1][0][0].get<int>();
      const int dy = route[i][0][1].get<int>() - route[i - 1][0][1].get<int>();
      EXPECT_EQ(std::abs(dx) + std::abs(dy), 1) << route.dump();
    }
  }
  EXPECT_GT(destinations, 4);
}

// ---------------------------------------------------------------------------------------------
// Games played by seeded bots.

void expect_view_is_sound(const AtomsPastState& state, int viewer) {
  const nlohmann::json view = state.table_view(viewer);
  // Plain JSON: it survives a round trip through text.
  EXPECT_EQ(nlohmann::json::parse(view.dump()), view);
  const int width = view["width"], height = view["height"];
  const auto& d = state.data();
  // The phase in words for people (no id), and two turns to a round.
  const std::string phase = view["phase_name"];
  EXPECT_FALSE(phase.empty());
  EXPECT_EQ(phase.find('_'), std::string::npos) << phase;
  if (d.round > 0 && d.phase != Phase::kGameOver) {
    const int turn = view["turn"];
    EXPECT_TRUE(turn == 2 * d.round - 1 || turn == 2 * d.round) << turn << " in round " << d.round;
  }
  for (const auto& unit : view["units"]) {
    const int index = unit["index"];
    EXPECT_EQ(unit["cells"].empty(), !state.on_board(index));
    for (const auto& cell : unit["cells"]) {
      EXPECT_GE(cell[0].get<int>(), 0);
      EXPECT_LT(cell[0].get<int>(), width);
      EXPECT_GE(cell[1].get<int>(), 0);
      EXPECT_LT(cell[1].get<int>(), height);
    }
    if (state.on_board(index)) {
      EXPECT_EQ(static_cast<int>(unit["cells"].size()), state.footprint(index).area());
    }
    const bool options_shown = state.current_player() >= 0 &&
                               (viewer == -1 || viewer == d.active) && unit["side"] == d.active &&
                               state.on_board(index);
    ASSERT_EQ(unit.contains("reach"), options_shown);
    ASSERT_EQ(unit.contains("sight"), options_shown);
    ASSERT_EQ(unit.contains("targets"), options_shown);
  }
  // Hands: the viewer's own (everything for -1), never the other side's.
  for (int side = 0; side < 2; ++side) {
    const auto& player = view["players"][side];
    if (viewer == -1 || viewer == side) {
      ASSERT_TRUE(player["hand"].is_array());
      EXPECT_EQ(player["hand"].size(), player["hand_size"].get<std::size_t>());
    } else {
      EXPECT_TRUE(player["hand"].is_null());
    }
  }
  if (viewer < 0) return;
  // A card only the other side holds is named nowhere in the view.
  const int other = 1 - viewer;
  std::set<int> visible;
  for (int side = 0; side < 2; ++side) {
    visible.insert(state.atomspast().kon_spell(side));
    for (int slot = 0; slot < d.players[side].zone_size; ++slot)
      visible.insert(d.players[side].zone[slot].spell);
  }
  for (int i = 0; i < d.players[viewer].hand_size; ++i)
    visible.insert(d.players[viewer].hand[i]);
  if (d.spell.active) visible.insert(d.spell.spell);
  const std::string text = view.dump();
  for (int i = 0; i < d.players[other].hand_size; ++i) {
    const int spell = d.players[other].hand[i];
    if (visible.count(spell)) continue;
    EXPECT_EQ(text.find("\"" + state.atomspast().spell(spell).name + "\""), std::string::npos)
        << "viewer " << viewer << " sees " << state.atomspast().spell(spell).name;
  }
}

TEST(AtomsPastTableView, BotGamesGiveSoundViewsForEveryViewer) {
  // Four games in release, one under the sanitizers (test_scale.h).
  const int games = scaled_count(4);
  int checked = 0;
  for (std::uint64_t seed = 1; seed <= static_cast<std::uint64_t>(games); ++seed)
    play_random_game(seed, {{"map", kMaps[seed % 4]}}, [&](const AtomsPastState& state) {
      // The set-up and every other round: most of a game, at a test's pace.
      if (state.data().round > 1 && state.data().round % 2 == 0) return;
      for (int viewer = -1; viewer <= 1; ++viewer)
        expect_view_is_sound(state, viewer);
      ++checked;
      if (::testing::Test::HasFailure()) FAIL() << "seed " << seed;
    });
  EXPECT_GT(checked, 125 * games);
}

TEST(AtomsPastTableView, TheEndNamesTheWinner) {
  for (std::uint64_t seed : {42, 43, 44, 45})
    play_random_game(seed, {{"map", "broken_hills"}}, [](const AtomsPastState& state) {
      if (!state.is_terminal()) return;
      const nlohmann::json view = state.table_view(0);
      EXPECT_EQ(view["phase"], "game_over");
      const int winner = state.data().winner;
      ASSERT_GE(winner, 0) << "this game has a winner (`warband play ... --seed 42`: Blue)";
      EXPECT_EQ(view["winner"], winner);
      EXPECT_EQ(state.returns()[winner], 1.0);
      EXPECT_EQ(view["prompt"], winner == 0 ? "Red wins" : "Blue wins");
      // Won by destroying the enemy Kon, or on points at the turn limit.
      const auto& loser_kon = view["units"][state.atomspast().kon_unit(1 - winner)];
      if (loser_kon["alive"]) {
        EXPECT_GT(view["round"].get<int>(), state.atomspast().parameters().turn_limit);
        EXPECT_GT(view["players"][winner]["points_destroyed"].get<int>(),
                  view["players"][1 - winner]["points_destroyed"].get<int>());
      } else {
        EXPECT_TRUE(loser_kon["cells"].empty());
      }
      for (const auto& unit : view["units"])
        EXPECT_FALSE(unit.contains("reach")) << "no decision at the end";
    });
}

TEST(AtomsPastTableView, ReachAndTargetsAreWhatTheLegalActionsAllow) {
  // Six games in release, one under the sanitizers (test_scale.h).
  const int games = scaled_count(6);
  int units_checked = 0, reaches = 0, targets = 0;
  for (std::uint64_t seed = 11; seed < 11 + static_cast<std::uint64_t>(games); ++seed)
    play_random_game(seed, {{"map", kMaps[seed % 4]}}, [&](const AtomsPastState& state) {
      if (state.current_player() < 0) return;
      const auto& d = state.data();
      if (d.phase != Phase::kBattlefield && d.phase != Phase::kKonPhase) return;
      const nlohmann::json view = state.table_view(d.active);
      for (const auto& unit : view["units"]) {
        if (!unit.contains("reach")) continue;
        const int index = unit["index"];
        const UnitOptions expected = options_from_legal_actions(state, index);
        ASSERT_EQ(cell_list(unit["reach"]), expected.reach)
            << "seed " << seed << " unit " << index << "\n"
            << state.to_string();
        std::set<int> shown;
        for (int target : unit["targets"])
          shown.insert(target);
        ASSERT_EQ(shown, expected.targets) << "seed " << seed << " unit " << index;
        // An attack needs a line of sight: every target shows in the unit's sight.
        const CellList sight = cell_list(unit["sight"]);
        for (int target : expected.targets) {
          bool seen = false;
          for (const auto& cell : view["units"][target]["cells"])
            seen |= sight.count({cell[0].get<int>(), cell[1].get<int>()}) > 0;
          EXPECT_TRUE(seen) << "seed " << seed << ": unit " << index << " attacks " << target
                            << " out of sight";
        }
        for (const auto& cell : unit["cells"])
          EXPECT_EQ(sight.count({cell[0].get<int>(), cell[1].get<int>()}), 0u);
        ++units_checked;
        reaches += !expected.reach.empty();
        targets += !expected.targets.empty();
      }
    });
  // The games reach moving and attacking often enough to mean something.
  EXPECT_GT(units_checked, 1000 * games / 6);
  EXPECT_GT(reaches, 300 * games / 6);
  EXPECT_GT(targets, 30 * games / 6);
}

TEST(AtomsPastTableView, SightStopsAtWallsAndUnits) {
  // Broken Hills has a wall at Q4 (16, 3) with open ground on either side. A unit at O4 (15, 3)
  // sees the wall and the open row west of it, but not R4 (17, 3): the line there crosses the
  // wall alone. The enemy Kon at P6 (15, 5) is seen, and hides P7 (15, 6) behind it.
  const auto game = sample_game({{"map", "broken_hills"}});
  auto state = first_turn(game);
  const int kon = game->kon_unit(0);
  const int enemy_kon = game->kon_unit(1);
  clear_board_except(*state, {kon, enemy_kon});
  place(*state, kon, 15, 3);
  place(*state, enemy_kon, 15, 5);
  const nlohmann::json view = state->table_view(0);
  const CellList sight = cell_list(view["units"][kon]["sight"]);
  EXPECT_EQ(sight.count({16, 3}), 1u) << "the wall itself is seen";
  EXPECT_EQ(sight.count({17, 3}), 0u) << "nothing through it";
  EXPECT_EQ(sight.count({12, 3}), 1u);
  EXPECT_EQ(sight.count({15, 5}), 1u) << "the enemy Kon";
  EXPECT_EQ(sight.count({15, 6}), 0u) << "behind the enemy Kon";
  EXPECT_EQ(sight.count({15, 3}), 0u) << "not its own space";
  EXPECT_FALSE(view["units"][enemy_kon].contains("sight")) << "Blue is not to move";
}

// ---------------------------------------------------------------------------------------------
// Action views.

TEST(AtomsPastActionView, EveryLegalActionAndOutcomeIsDescribed) {
  static const std::map<ActionKind, std::string> kKinds = {
      {ActionKind::kFirstPlayer, "first_player"},
      {ActionKind::kDrawCard, "draw_card"},
      {ActionKind::kDie, "die"},
      {ActionKind::kDone, "done"},
      {ActionKind::kDecline, "decline"},
      {ActionKind::kPlaceSpell, "place_spell"},
      {ActionKind::kChannel, "channel"},
      {ActionKind::kCast, "cast"},
      {ActionKind::kExtraDowntick, "extra_downtick"},
      {ActionKind::kKonDowntickUnit, "kon_downtick_unit"},
      {ActionKind::kKonDowntickSpell, "kon_downtick_spell"},
      {ActionKind::kKonCast, "kon_cast"},
      {ActionKind::kDeploy, "deploy"},
      {ActionKind::kMove, "move"},
      {ActionKind::kRun, "run"},
      {ActionKind::kMeleeAttack, "melee_attack"},
      {ActionKind::kRangedAttack, "ranged_attack"},
      {ActionKind::kCharge, "charge"},
      {ActionKind::kDestination, "destination"},
      {ActionKind::kAttackTarget, "attack_target"},
      {ActionKind::kSpellTarget, "spell_target"},
      {ActionKind::kDeployUnit, "deploy_unit"},
      {ActionKind::kAttackLine, "attack_line"},
  };
  // Eight games in release, two under the sanitizers (test_scale.h).
  const int games = scaled_count(8, 2);
  std::set<std::string> seen;
  for (std::uint64_t seed = 21; seed < 21 + static_cast<std::uint64_t>(games); ++seed)
    play_random_game(seed, {{"map", kMaps[seed % 4]}}, [&](const AtomsPastState& state) {
      std::vector<Action> actions = state.legal_actions();
      for (const auto& outcome : state.chance_outcomes())
        actions.push_back(outcome.action);
      const int units = state.data().num_units;
      for (Action action : actions) {
        const nlohmann::json view = state.action_view(action);
        ASSERT_EQ(view["text"], state.action_to_string(action));
        ASSERT_EQ(view["kind"], kKinds.at(kind_of(action)));
        seen.insert(view["kind"]);
        const int unit = view["unit"], target = view["target"];
        ASSERT_GE(unit, -1);
        ASSERT_LT(unit, units);
        ASSERT_GE(target, -1);
        ASSERT_LT(target, units);
        const ActionKind kind = kind_of(action);
        if (kind == ActionKind::kDeploy || kind == ActionKind::kDestination) {
          ASSERT_GE(unit, 0);
          const int placement = kind == ActionKind::kDeploy ? arg_b(action) : arg_a(action);
          EXPECT_EQ(cell_list(view["cells"]), footprint_cells(state, unit, placement));
        } else {
          EXPECT_TRUE(view["cells"].empty());
        }
        if (kind == ActionKind::kMove || kind == ActionKind::kRun || kind == ActionKind::kCharge ||
            kind == ActionKind::kMeleeAttack || kind == ActionKind::kRangedAttack) {
          EXPECT_EQ(unit, arg_a(action));
        }
        if (kind == ActionKind::kCharge) {
          EXPECT_EQ(target, arg_b(action));
        }
        if (kind == ActionKind::kAttackTarget || kind == ActionKind::kSpellTarget) {
          EXPECT_EQ(target, arg_a(action));
        }
        if (kind == ActionKind::kAttackLine) {
          EXPECT_EQ(unit, state.data().action.actor);
          EXPECT_EQ(target, state.data().action.target);
          EXPECT_EQ(view["line"]["from"], nlohmann::json::array({arg_a(action) % grid::kMaxWidth,
                                                                 arg_a(action) / grid::kMaxWidth}));
        }
        // A drawn card is the drawing side's secret; everything else is public.
        EXPECT_EQ(view["private_to"], kind == ActionKind::kDrawCard ? state.data().active : -1);
        EXPECT_EQ(nlohmann::json::parse(view.dump()), view);
      }
    });
  // Random games pass through nearly every kind; these they always do.
  for (const char* kind : {"first_player", "draw_card", "die", "done", "place_spell", "channel",
                           "cast", "deploy_unit", "deploy", "move", "run", "destination",
                           "attack_target", "kon_downtick_unit", "kon_downtick_spell"})
    EXPECT_TRUE(seen.count(kind)) << kind;
}

// ---------------------------------------------------------------------------------------------
// The new-game form's choices.

TEST(AtomsPastSetupChoices, ListTheBuiltInMapsAndWarbands) {
  const Ruleset& entry = Registry::instance().find("atomspast");
  ASSERT_TRUE(entry.setup_choices);
  const nlohmann::json choices = entry.setup_choices("");
  std::map<std::string, std::string> maps;
  for (const auto& map : choices["maps"])
    maps[map["id"]] = map["name"];
  EXPECT_EQ(maps.size(), 4u);
  EXPECT_EQ(maps["broken_hills"], "Broken Hills");
  for (const char* map : kMaps)
    EXPECT_TRUE(maps.count(map)) << map;
  std::map<std::string, int> points;
  for (const auto& warband : choices["warbands"]) {
    points[warband["id"]] = warband["points"];
    EXPECT_FALSE(warband["name"].get<std::string>().empty());
  }
  // The seed's two warbands, 1500 points each (README, "What works today").
  EXPECT_EQ(points.at("toms_orcs"), 1500);
  EXPECT_EQ(points.at("jerrys_elves"), 1500);
  // Each choice plays: a game built from it takes its map and warband.
  const auto game =
      sample_game({{"map", choices["maps"][1]["id"]},
                   {"warbands", {choices["warbands"][0]["id"], choices["warbands"][1]["id"]}}});
  EXPECT_EQ(game->map().id, choices["maps"][1]["id"]);
  EXPECT_EQ(game->warband(0).id, choices["warbands"][0]["id"]);
}

TEST(AtomsPastSetupChoices, AMissingContentFolderIsAnInputError) {
  const Ruleset& entry = Registry::instance().find("atomspast");
  EXPECT_THROW(entry.setup_choices("/nonexistent/warband-content"), InputError);
}

}  // namespace
}  // namespace warband::atomspast::testing
