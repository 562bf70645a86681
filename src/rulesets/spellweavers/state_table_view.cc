// The table as data for the browser's grid board (docs/api.md, "Table views"): the squares with
// their stone and terrain conditions, the combatants as units (HP as wounds), what the combatant
// to act may reach and strike, and each action as data.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/grid_json.h"
#include "rulesets/spellweavers/spell_area.h"
#include "rulesets/spellweavers/spellweavers_state.h"

namespace warband::spellweavers {
namespace {

const char* phase_id(Phase phase) {
  switch (phase) {
    case Phase::kInitiative:
      return "initiative";
    case Phase::kPlay:
      return "play";
    case Phase::kGameOver:
      return "game_over";
  }
  return "?";
}

const char* kind_id(CombatantKind kind) {
  switch (kind) {
    case CombatantKind::kWizard:
      return "wizard";
    case CombatantKind::kGrizzlyBear:
      return "grizzly_bear";
    case CombatantKind::kAnnoyingImp:
      return "annoying_imp";
    case CombatantKind::kNone:
      break;
  }
  return "none";
}

const char* action_kind_id(ActionKind kind) {
  switch (kind) {
    case ActionKind::kInitiative:
      return "initiative";
    case ActionKind::kRollTotal:
      return "roll";
    case ActionKind::kRemovalDie:
      return "removal_die";
    case ActionKind::kEndTurn:
      return "end_turn";
    case ActionKind::kMove:
      return "move";
    case ActionKind::kStrike:
      return "strike";
    case ActionKind::kDefend:
      return "defend";
    case ActionKind::kCast:
      return "unstaged_cast";
    case ActionKind::kCastSpell:
      return "cast";
    case ActionKind::kPlacement:
      return "placement";
    case ActionKind::kShift:
      return "shift";
  }
  return "?";
}

}  // namespace

nlohmann::json SpellweaversState::table_view(int /*viewer*/) const {
  const StateData& d = data_;
  const grid::Board& board = game_->board();
  // Terrain: one symbol per square, the legend naming each symbol used.
  nlohmann::json rows = nlohmann::json::array();
  nlohmann::json heights = nlohmann::json::array();
  nlohmann::json legend = {
      {".", {{"name", "open"}, {"blocks_sight", false}, {"blocks_move", false}}}};
  for (int y = 0; y < board.height(); ++y) {
    std::string row;
    nlohmann::json height_row = nlohmann::json::array();
    for (int x = 0; x < board.width(); ++x) {
      const grid::Cell cell{static_cast<std::int8_t>(x), static_cast<std::int8_t>(y)};
      height_row.push_back(board.at(cell).height);
      if (board.at(cell).flags & grid::kBlocksMove) {
        row += '#';
        legend["#"] = {{"name", "stone"}, {"blocks_sight", true}, {"blocks_move", true}};
        continue;
      }
      bool any = false;
      const TerrainCondition condition = terrain_at(cell, any);
      if (!any) {
        row += '.';
        continue;
      }
      const char symbol = terrain_condition_symbol(condition);
      row += symbol;
      legend[std::string(1, symbol)] = {{"name", terrain_condition_name(condition)},
                                        {"blocks_sight", condition == TerrainCondition::kWall ||
                                                             condition == TerrainCondition::kDark},
                                        {"blocks_move", condition == TerrainCondition::kWall}};
    }
    rows.push_back(row);
    heights.push_back(height_row);
  }

  // What the combatant to act may do now: where its move ends, whom it may strike.
  std::vector<Action> legal;
  if (d.phase == Phase::kPlay && d.step == Step::kDecision) legal_actions_into(legal);
  nlohmann::json units = nlohmann::json::array();
  for (int c = 0; c < kMaxCombatants; ++c) {
    if (!present(c) && c >= d.num_wizards) continue;
    const Combatant& combatant = d.combatants[c];
    const bool here = present(c);
    nlohmann::json unit = {
        {"index", c},
        // A wizard's own name beside its label ("R1" "Brother Thorn"); a conjuration's says whose.
        {"name", c < kMaxWizards ? game_->wizard(owner_of(c)).wizard.name : combatant_name(c)},
        {"label", label_of(c)},
        {"side", side_of(c)},
        {"kind", kind_id(here ? combatant.kind : CombatantKind::kWizard)},
        {"kon", false},
        {"deployed", true},
        {"alive", here},
        {"cells",
         here ? nlohmann::json::array({cell_json(combatant.cell)}) : nlohmann::json::array()},
        {"wounds", here ? combatant.hp : 0},
        {"max_wounds", here ? max_hp(c) : game_->parameters().wizard_max_hp},
        {"hp", here ? combatant.hp : 0},
        {"mp", combatant.mp},
        {"max_mp", c < kMaxWizards ? game_->parameters().wizard_max_mp : 0},
        {"defending", combatant.defending},
        {"conditions", conditions_text(combatant.conditions)},
        {"move", c < kMaxWizards ? game_->parameters().move_squares : kConjurationMove},
    };
    // The rows of its card on a board, in the seed's words.
    nlohmann::json stats = nlohmann::json::array();
    stats.push_back(
        {"HP", fmt::format("{} / {}", unit["hp"].get<int>(), unit["max_wounds"].get<int>())});
    if (c < kMaxWizards)
      stats.push_back({"MP", fmt::format("{} / {}", combatant.mp, unit["max_mp"].get<int>())});
    stats.push_back({"Move", fmt::format("{} squares", unit["move"].get<int>())});
    stats.push_back({"Conditions", combatant.conditions ? unit["conditions"].get<std::string>()
                                                        : std::string("none")});
    if (combatant.defending) stats.push_back({"Defending", "4 less damage until its next turn"});
    unit["stats"] = std::move(stats);
    if (c == d.actor && !legal.empty()) {
      nlohmann::json reach = nlohmann::json::array(), targets = nlohmann::json::array();
      for (const Action action : legal) {
        if (kind_of(action) == ActionKind::kMove)
          reach.push_back(cell_json(grid::cell_at(arg_a(action))));
        if (kind_of(action) == ActionKind::kStrike) targets.push_back(arg_a(action));
      }
      unit["reach"] = reach;
      unit["targets"] = targets;
      // What it sees, as its spells do (Wall and Dark squares block): a board draws it and its
      // card counts it (it said "sees 0" whatever the board).
      CasterSight seen;
      caster_sight(game_->board(), combatant.cell, sight_blockers(), seen);
      nlohmann::json sight = nlohmann::json::array();
      for (int y = 0; y < game_->board().height(); ++y)
        for (int x = 0; x < game_->board().width(); ++x)
          if ((seen.rows[y] >> x) & 1u)
            sight.push_back(
                cell_json(grid::Cell{static_cast<std::int8_t>(x), static_cast<std::int8_t>(y)}));
      unit["sight"] = std::move(sight);
    }
    units.push_back(unit);
  }
  nlohmann::json players = nlohmann::json::array();
  for (int side = 0; side < 2; ++side) {
    nlohmann::json wizards = nlohmann::json::array();
    for (int w = 0; w < d.num_wizards; ++w)
      if (game_->wizard(w).side == side) wizards.push_back(game_->wizard(w).wizard.name);
    // No hand, deck or Casting Zone in Spellweavers: the shared panels show what is given.
    std::vector<std::string> names;
    for (const auto& name : wizards)
      names.push_back(name.get<std::string>());
    players.push_back({{"side", side},
                       {"name", side == 0 ? "Red" : "Blue"},
                       {"wizards", wizards},
                       {"summary", fmt::format("{}: {}", names.size() == 1 ? "Wizard" : "Wizards",
                                               fmt::format("{}", fmt::join(names, ", ")))}});
  }
  std::string prompt;
  if (d.phase == Phase::kGameOver)
    prompt = (d.winner < 0 ? std::string("A draw: ")
                           : std::string(d.winner == 0 ? "Red" : "Blue") + " wins: ") +
             end_reason();
  else if (d.phase == Phase::kInitiative)
    prompt = "rolling initiative";
  else if (d.step == Step::kPlacement)
    prompt =
        fmt::format("{}: {} places {}: choose where", side_of(d.cast.caster) == 0 ? "Red" : "Blue",
                    combatant_name(d.cast.caster),
                    game_->wizard(d.cast.caster).spells[d.cast.spell].spell.name);
  else
    prompt = fmt::format("{}: {} to act, {} action{} left",
                         d.actor >= 0 && side_of(d.actor) == 0 ? "Red" : "Blue",
                         combatant_name(d.actor), d.actions_left, d.actions_left == 1 ? "" : "s");
  return {
      {"kind", "grid"},
      {"width", board.width()},
      {"height", board.height()},
      {"map", {{"id", game_->map().id}, {"name", game_->map().name}}},
      {"terrain", rows},
      {"heights", heights},
      {"legend", legend},
      {"deploy_zones", nlohmann::json::array()},
      {"phase", phase_id(d.phase)},
      {"phase_name", d.phase == Phase::kPlay ? "Combat" : phase_id(d.phase)},
      {"round", d.round},
      {"turn", d.round},
      {"active", d.phase == Phase::kPlay ? side_of(d.actor) : 0},
      {"winner", d.phase == Phase::kGameOver && d.winner >= 0 ? nlohmann::json(d.winner)
                                                              : nlohmann::json(nullptr)},
      {"prompt", prompt},
      {"acting_unit", d.phase == Phase::kPlay ? d.actor : -1},
      {"actions_left", d.actions_left},
      {"units", units},
      {"unit_key", "A combatant (a wizard or a conjuration): its label; the bar its HP left"},
      {"players", players},
      {"roll", nullptr},
      // The spell whose placement is the decision now (kPlacement), else null.
      {"placing",
       d.phase == Phase::kPlay && d.step == Step::kPlacement
           ? nlohmann::json{{"caster", d.cast.caster},
                            {"spell", game_->wizard(d.cast.caster).spells[d.cast.spell].spell.name},
                            {"actions", d.cast.actions}}
           : nlohmann::json(nullptr)},
  };
}

nlohmann::json SpellweaversState::action_view(Action action) const {
  const StateData& d = data_;
  nlohmann::json view = {{"text", action_to_string(action)},
                         {"kind", action_kind_id(kind_of(action))},
                         {"unit", d.phase == Phase::kPlay ? d.actor : -1},
                         {"target", -1},
                         {"cells", nlohmann::json::array()},
                         {"private_to", -1}};
  switch (kind_of(action)) {
    case ActionKind::kMove:
    case ActionKind::kShift:
      // The terminal lists a move, a spell and a Shift as one entry each, then the squares.
      view["group"] = kind_of(action) == ActionKind::kMove
                          ? combatant_name(d.actor) + " moves"
                          : "Shift " + combatant_name(d.pending.target);
      view["cells"].push_back(cell_json(grid::cell_at(arg_a(action))));
      if (kind_of(action) == ActionKind::kShift) view["target"] = d.pending.target;
      break;
    case ActionKind::kStrike:
      view["target"] = arg_a(action);
      break;
    case ActionKind::kCastSpell:
      add_cast_spell_view(arg_a(action), arg_b(action), view);
      break;
    case ActionKind::kPlacement:
      add_placement_view(placement_from_code(arg_a(action)), view);
      break;
    case ActionKind::kRollTotal:
    case ActionKind::kRemovalDie:
    case ActionKind::kInitiative:
      view["target"] = d.pending.target;
      view["face"] = arg_a(action);
      break;
    default:
      break;
  }
  return view;
}

}  // namespace warband::spellweavers
