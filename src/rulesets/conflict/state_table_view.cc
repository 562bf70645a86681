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
  }
  return "?";
}

}  // namespace

nlohmann::json ConflictState::table_view(int /*viewer*/) const {
  const ConflictGame& game = *game_;
  const tabletop::Table& table = game.table();
  const nlohmann::json pieces = tabletop::pieces_json(table, game.piece_names());
  nlohmann::json models = nlohmann::json::array();
  for (int m = 0; m < game.model_count(); ++m) {
    const GameModel& model = game.model(m);
    const ModelState& s = data_.models[m];
    nlohmann::json conditions = nlohmann::json::object();
    for (int c = 0; c < kConditionCount; ++c)
      if (s.conditions[c] > 0) conditions[effect_keys()[c]] = s.conditions[c];
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
                      {"attack_reach", inches(model.attack_reach)},
                      {"influence", inches(model.influence)},
                      {"conditions", conditions}});
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
