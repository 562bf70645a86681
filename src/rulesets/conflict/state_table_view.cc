// Conflict's table as data for graphical front ends (docs/api.md, "Table views", kind
// "tabletop"): the table and its terrain pieces, the models with position, base, facing and
// size, the rings a renderer draws (Attack Reach, Influence) and the zone; lengths in inches.
#include <fmt/format.h>

#include "core/tabletop_text.h"
#include "core/tabletop_view.h"
#include "rulesets/conflict/conflict_state.h"

namespace warband::conflict {
namespace {

using tabletop::point_json;

double inches(std::int64_t units) {
  return tabletop::inches_value(units);
}

std::string action_kind_id(ActionKind kind) {
  switch (kind) {
    case ActionKind::kCard:
      return "card";
    case ActionKind::kPass:
      return "pass";
    case ActionKind::kActivate:
      return "activate";
    case ActionKind::kMove:
      return "move";
    case ActionKind::kManeuver:
      return "maneuver";
    case ActionKind::kAttack:
      return "attack_target";
    case ActionKind::kEndActivation:
      return "end_activation";
    case ActionKind::kMoveTo:
      return "destination";
    case ActionKind::kClimb:
      return "climb";
    case ActionKind::kStandUp:
      return "stand_up";
    case ActionKind::kStopMoving:
      return "stop";
    case ActionKind::kFallProne:
      return "fall_prone";
    case ActionKind::kAttackPiece:
      return "attack_piece";
    case ActionKind::kDeploy:
      return "deploy";
    case ActionKind::kStayStanding:
      return "stay_standing";
    case ActionKind::kUseAbility:
      return "ability";
  }
  return "?";
}

const char* cover_name(int cover) {
  return cover >= 2 ? "full" : cover == 1 ? "partial" : "none";
}

}  // namespace

// What a renderer draws for an attack on a target: the five sight lines from the attacker's
// centre across the target's base (core tabletop::sight), each clear or hidden by terrain, and
// the cover, flanking and high ground the attack counts (attack_odds: the engine's own sums).
void ConflictState::add_sight_view(int attacker, int attack, int target,
                                   nlohmann::json& view) const {
  const Scene standing = scene();
  if (standing.slot[attacker] < 0 || standing.slot[target] < 0) return;
  tabletop::Sight sight;
  tabletop::sight(game_->table(), standing.span(), standing.slot[attacker], standing.slot[target],
                  sight);
  const tabletop::PieceMask hiding = sight_hiding(attacker, target);
  nlohmann::json lines = nlohmann::json::array();
  int clear = 0;
  for (const tabletop::SightLine& line : sight.lines) {
    const bool open = (line.pieces & hiding) == 0;
    clear += open ? 1 : 0;
    lines.push_back({{"to", point_json(line.to)}, {"clear", open}});
  }
  const AttackOdds odds = attack_odds(attacker, attack, target);
  view["sight"] = {
      {"from", point_json(data_.models[attacker].at)}, {"lines", lines}, {"clear", clear}};
  view["cover"] = cover_name(odds.cover);
  view["flanking"] = odds.flanking;
  view["high_ground"] = odds.high_ground;
}

nlohmann::json ConflictState::table_view(int /*viewer*/) const {
  const ConflictGame& game = *game_;
  const tabletop::Table& table = game.table();
  nlohmann::json pieces = tabletop::pieces_json(table, game.piece_names());
  for (int p = 0; p < table.piece_count; ++p) {
    nlohmann::json& piece = pieces[p];
    piece["destroyed"] = (data_.destroyed >> p & 1) != 0;
    piece["wounds"] = data_.piece_wounds[p];
    piece["max_wounds"] = piece_max_wounds(p);
    piece["resistance"] = (table.pieces[p].flags & tabletop::kReinforced) ? piece_resistance(p) : 0;
  }
  nlohmann::json models = nlohmann::json::array();
  for (int m = 0; m < game.model_count(); ++m) {
    const GameModel& model = game.model(m);
    const ModelState& s = data_.models[m];
    nlohmann::json conditions = nlohmann::json::object();
    for (int c = 0; c < kConditionCount; ++c)
      if (s.conditions[c] > 0) conditions[effect_keys()[c]] = s.conditions[c];
    // The tokens beside the model: what its maneuvers left on it until its next activation.
    nlohmann::json markers = nlohmann::json::object();
    if (s.ran) markers["ran"] = true;
    if (s.braced) markers["braced"] = true;
    if (s.took_cover) markers["took_cover"] = true;
    if (s.charging) markers["charging"] = true;
    if (s.focus > 0) markers["focus"] = s.focus;
    if (s.guard > 0) markers["guard"] = s.guard;
    if (s.aid_bonus > 0) markers["aid"] = {{"against", s.aid_target}, {"bonus", s.aid_bonus}};
    models.push_back({{"label", model.label},
                      {"name", model.character.name},
                      {"side", model.side},
                      {"at", point_json(s.at)},
                      {"diameter", inches(model.diameter)},
                      {"facing", s.facing / 10.0},
                      {"size", model.character.size},
                      {"wounds", s.wounds},
                      {"max_wounds", model.character.wounds},
                      {"out", s.out},
                      {"prone", s.prone},
                      {"activated", s.activated},
                      {"on_piece", s.on_piece},
                      {"deployed", placed(m)},
                      {"attack_reach", inches(model.attack_reach)},
                      {"influence", inches(model.influence)},
                      {"conditions", conditions},
                      {"markers", markers},
                      {"abilities", model.character.abilities}});
  }
  nlohmann::json objectives = nlohmann::json::array();
  static const char* const kKinds[] = {"seize", "activate", "carry"};
  for (int o = 0; o < game.objective_count(); ++o) {
    const Objective& objective = game.table_objective(o);
    objectives.push_back({{"name", objective.name},
                          {"kind", kKinds[static_cast<int>(objective.kind)]},
                          {"points", objective.points},
                          {"at", point_json(objective_position(o))},
                          {"diameter", inches(game.rules().objective_marker)},
                          {"owner", data_.objective_owner[o]},
                          {"carrier", data_.objective_carrier[o]}});
  }
  nlohmann::json zones = nlohmann::json::array();
  for (int side = 0; side < 2; ++side) {
    tabletop::Point low, high;
    deployment_zone(side, low, high);
    zones.push_back({{"side", side}, {"low", point_json(low)}, {"high", point_json(high)}});
  }
  nlohmann::json view = {{"kind", "tabletop"},
                         {"text", to_string()},
                         {"name", game.table_name()},
                         {"width", inches(table.width)},
                         {"depth", inches(table.depth)},
                         {"pieces", pieces},
                         {"models", models},
                         {"zone",
                          {{"centre", point_json(game.objective())},
                           {"radius", inches(game.rules().objective_radius)}}},
                         {"deployment_zones", zones},
                         {"objectives", objectives},
                         {"deploying", next_to_deploy()},
                         {"rear_arc", game.rules().rear_arc / 10.0},
                         {"round", data_.round},
                         {"round_limit", game.round_limit()},
                         {"active", data_.active},
                         {"strides_left", data_.strides_left}};
  nlohmann::json units = nlohmann::json::array();
  for (int m = 0; m < game.model_count(); ++m)
    units.push_back(game.model(m).label);
  view["units"] = units;
  if (data_.stage == Stage::kOver) view["result"] = end_reason();
  return view;
}

nlohmann::json ConflictState::action_view(Action action) const {
  const ActionKind kind = kind_of(action);
  const int m = model_of(action);
  const std::uint64_t payload = payload_of(action);
  nlohmann::json view = {{"text", action_to_string(action)},
                         {"kind", action_kind_id(kind)},
                         {"unit", kind == ActionKind::kCard || kind == ActionKind::kPass ? -1 : m},
                         {"target", -1},
                         {"cells", nlohmann::json::array()},
                         {"private_to", -1}};
  switch (kind) {
    case ActionKind::kAttack:
      view["target"] = static_cast<int>(payload & 0xff);
      add_sight_view(m, static_cast<int>((payload >> 8) & 0xff), static_cast<int>(payload & 0xff),
                     view);
      break;
    case ActionKind::kMoveTo:
      // The terminal lists a model's legs as one entry, then the points.
      view["group"] = model_name(m) + " moves";
      view["point"] = point_json(unpack_point(payload));
      break;
    case ActionKind::kManeuver:
      if ((payload & 0xff) == static_cast<std::uint64_t>(Maneuver::kThrowModel))
        view["target"] = static_cast<int>((payload >> 8) & 0xff);
      if ((payload & 0xff) == static_cast<std::uint64_t>(Maneuver::kAid))
        view["target"] = static_cast<int>(payload >> 16);
      if ((payload & 0xff) == static_cast<std::uint64_t>(Maneuver::kInteract))
        view["objective"] = static_cast<int>(payload >> 8);
      if ((payload & 0xff) == static_cast<std::uint64_t>(Maneuver::kThrowTerrain)) {
        view["piece"] = static_cast<int>((payload >> 8) & 0xff);
        const int aim = static_cast<int>(payload >> 18);
        if (aim >= kAimPiece)
          view["aim_piece"] = aim - kAimPiece;
        else
          view["target"] = aim;
      }
      break;
    case ActionKind::kAttackPiece:
      view["piece"] = static_cast<int>(payload & 0xff);
      break;
    case ActionKind::kUseAbility:
      view["target"] = static_cast<int>(payload & 0xff);
      view["ability"] = game_->model(m).actions[payload >> 8].name;
      break;
    case ActionKind::kDeploy:
      view["group"] = model_name(m) + " deploys";
      if (payload != 0) view["point"] = point_json(unpack_point(payload));
      break;
    case ActionKind::kClimb:
      view["piece"] = static_cast<int>(payload);
      break;
    default:
      break;
  }
  return view;
}

}  // namespace warband::conflict
