// A Game's table as data for graphical front ends (docs/api.md, "The A Game view", kind
// "tabletop"): Conflict's fields (the table, its pieces, the models with position, base, facing,
// size and wounds) plus each model's dice pools left and conditions, and the last roll's dice.
#include <fmt/format.h>

#include "core/tabletop_text.h"
#include "core/tabletop_view.h"
#include "rulesets/agame/agame_state.h"
#include "rulesets/agame/attack_pipeline.h"
#include "rulesets/agame/dice_pools.h"

namespace warband::agame {
namespace {

using tabletop::point_json;

// The four pools' dice by name: a ModelState's left or a Model's per round.
template <class Holder>
nlohmann::json pools_json(const Holder& holder) {
  nlohmann::json pools = nlohmann::json::object();
  for (const PoolName& pool : kPoolNames)
    pools[std::string(pool.name)] = dice_in(holder, pool.pool);
  return pools;
}

double view_inches(std::int64_t units) {
  return tabletop::inches_value(units);
}

std::string action_kind_id(ActionKind kind) {
  switch (kind) {
    case ActionKind::kDie:
      return "die";
    case ActionKind::kActivate:
      return "activate";
    case ActionKind::kMove:
      return "move";
    case ActionKind::kStandUp:
      return "stand_up";
    case ActionKind::kAttack:
      return "attack_target";
    case ActionKind::kAbility:
      return "ability";
    case ActionKind::kEndActivation:
      return "end_activation";
    case ActionKind::kMoveTo:
      return "destination";
    case ActionKind::kStopMoving:
      return "stop";
    case ActionKind::kAllocate:
      return "allocate";
    case ActionKind::kDodge:
      return "dodge";
    case ActionKind::kReact:
      return "react";
    case ActionKind::kDecline:
      return "decline";
    case ActionKind::kDraftChoice:
      return "draft";
    case ActionKind::kPlayCard:
      return "play_card";
    case ActionKind::kKeepCards:
      return "keep_cards";
    case ActionKind::kPlace:
      return "place";
  }
  return "?";
}

}  // namespace

nlohmann::json AGameState::table_view(int /*viewer*/) const {
  const AGameGame& game = *game_;
  const tabletop::Table& table = this->table();
  const nlohmann::json pieces = tabletop::pieces_json(table, piece_names());
  nlohmann::json models = nlohmann::json::array();
  for (int m = 0; m < game.model_count(); ++m) {
    const GameModel& model = game.model(m);
    const ModelState& s = data_.models[m];
    nlohmann::json conditions = nlohmann::json::object();
    if (s.dying) conditions["dying"] = 1;
    if (s.mistform) conditions["mistform"] = 1;
    if (s.unmovable) conditions["unmovable"] = 1;
    if (s.charmed) conditions["charmed"] = 1;
    int reach = 0;
    for (const Attack& attack : model.profile.attacks)
      if (!attack.reaction_only && attack.kind == AttackKind::kMelee)
        reach = std::max(reach, attack.reach);
    models.push_back({{"label", model.label},
                      {"name", model.profile.name},
                      {"class", model.profile.model_class},
                      {"side", model.side},
                      {"at", point_json(s.at)},
                      {"diameter", view_inches(model.diameter)},
                      {"facing", nullptr},  // A Game has no facing (ruling "Facing")
                      {"size", model.profile.size},
                      {"wounds", s.wounds},
                      {"max_wounds", model.profile.wounds},
                      {"out", s.dead || s.dying},
                      {"dead", s.dead},
                      {"prone", s.prone},
                      {"activated", s.activated},
                      {"on_piece", -1},
                      {"attack_reach", view_inches(reach)},
                      {"influence", 0},
                      {"dice", pools_json(s)},
                      {"max_dice", pools_json(model.profile)},
                      {"conditions", conditions}});
  }
  nlohmann::json view = {{"kind", "tabletop"},
                         {"text", to_string()},
                         {"name", game.table_name()},
                         {"width", view_inches(table.width)},
                         {"depth", view_inches(table.depth)},
                         {"pieces", pieces},
                         {"models", models},
                         {"zone", nullptr},
                         {"round", data_.round},
                         {"round_limit", game.round_limit()},
                         {"active", data_.active},
                         {"strides_left", nullptr}};
  // The cards' objectives: where, worth what, held by whom (-1: nobody).
  nlohmann::json objectives = nlohmann::json::array();
  for (const Placed& placed : placed()) {
    if (placed_piece(placed)) continue;
    objectives.push_back({{"name", game.card(placed.card).name},
                          {"point", point_json(placed.at)},
                          {"points", game.card(placed.card).effects.front().amount},
                          {"holder", objective_holder(placed)}});
  }
  view["objectives"] = objectives;
  nlohmann::json units = nlohmann::json::array();
  for (int m = 0; m < game.model_count(); ++m)
    units.push_back(game.model(m).label);
  view["units"] = units;
  if (data_.last.attacker >= 0) {
    const LastRoll& r = data_.last;
    nlohmann::json roll = {{"attacker", r.attacker},
                           {"target", r.target},
                           {"attack_name", game.model(r.attacker).profile.attacks[r.attack].name},
                           {"cover", r.cover},
                           {"high_ground", r.high_ground}};
    // Each die's face and what it did, so that the board marks them without knowing a rule.
    const char* const kPhases[3] = {"attack", "dodge", "save"};
    const char* const kSuccess[3] = {"hit", "dodge", "save"};
    const char* const kFailure[3] = {"miss", "failure", "failure"};
    nlohmann::json needs = nlohmann::json::object();
    nlohmann::json results = nlohmann::json::object();
    for (int phase = 0; phase < 3; ++phase) {
      roll[kPhases[phase]] =
          std::vector<int>(r.faces[phase].begin(), r.faces[phase].begin() + r.count[phase]);
      needs[kPhases[phase]] = r.needs[phase];
      nlohmann::json marks = nlohmann::json::array();
      for (int i = 0; i < r.count[phase]; ++i)
        marks.push_back(meets_target(r.faces[phase][i], r.needs[phase], game.parameters().faces)
                            ? kSuccess[phase]
                            : kFailure[phase]);
      results[kPhases[phase]] = marks;
    }
    roll["needs"] = needs;
    roll["results"] = results;
    roll["wounds"] = r.wounds >= 0 ? nlohmann::json(r.wounds) : nlohmann::json(nullptr);
    view["last_roll"] = roll;
  }
  // The draft's table and the hands (null without the draft): web/components/card_draft.js.
  // Not "cards", which AtomsPast's view uses for its spells' texts.
  view["draft"] = cards_view();
  if (data_.stage == Stage::kOver) view["result"] = end_reason();
  return view;
}

nlohmann::json AGameState::action_view(Action action) const {
  const ActionKind kind = kind_of(action);
  const int m = model_of(action);
  const int payload = static_cast<int>(payload_of(action));
  nlohmann::json view = {
      {"text", action_to_string(action)},          {"kind", action_kind_id(kind)},
      {"unit", kind == ActionKind::kDie ? -1 : m}, {"target", -1},
      {"cells", nlohmann::json::array()},          {"private_to", -1}};
  switch (kind) {
    case ActionKind::kAttack:
    case ActionKind::kAbility:
      if ((payload & 0xff) != kNoTarget) view["target"] = payload & 0xff;
      break;
    case ActionKind::kPlace:
      view["unit"] = -1;  // the model field says a wall is turned
      view["point"] = point_json(tabletop::unpack_point(payload_of(action)));
      break;
    case ActionKind::kMoveTo:
      // The terminal lists a model's legs as one entry, then the points.
      view["group"] = model_name(m) + " moves";
      view["point"] = point_json(tabletop::unpack_point(payload_of(action)));
      break;
    case ActionKind::kDie:
      view["face"] = payload;
      break;
    case ActionKind::kDraftChoice:
      view["unit"] = -1;  // the model field holds the side choosing
      view["side"] = m;
      view["card_index"] = payload;
      break;
    case ActionKind::kPlayCard:
      view["hand_slot"] = payload;
      view["side"] = game_->model(m).side;
      break;
    default:
      break;
  }
  return view;
}

}  // namespace warband::agame
