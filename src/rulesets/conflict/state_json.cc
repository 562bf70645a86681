// Conflict state <-> JSON (saves, views, hashes), and the state's consistency check. A save read
// back gives an equal state; a malformed one is an InputError naming the field.
#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include <utility>

#include "core/error.h"
#include "core/json_fields.h"
#include "core/json_sorted_fill.h"
#include "rulesets/conflict/conflict_state.h"

namespace warband::conflict {
namespace {

// Objects are filled in place, their keys in sorted order (core/json_sorted_fill.h), rather than
// from initializer lists, which nlohmann::json copies element by element: a state's JSON is what
// saves, views and the conformance suite are made of. A key added here goes into state_hash.cc's
// text too.
nlohmann::json model_json(const ModelState& s) {
  nlohmann::json json(nlohmann::json::value_t::object);
  auto& o = json.get_ref<JsonObject&>();
  // Ability actions' marks only when set: a game without them saves and hashes as before them.
  if (s.abilities_used != 0) json_put_sorted(o, "abilities_used", s.abilities_used);
  json_put_sorted(o, "activated", s.activated);
  json_put_sorted(o, "aid_bonus", s.aid_bonus);
  json_put_sorted(o, "aid_target", s.aid_target);
  json_put_sorted(o, "at", JsonArray{s.at.x, s.at.y});
  json_put_sorted(o, "braced", s.braced);
  json_put_sorted(o, "charging", s.charging);
  json_put_sorted(o, "conditions", s.conditions);
  json_put_sorted(o, "exhaust", s.exhaust);
  json_put_sorted(o, "facing", s.facing);
  json_put_sorted(o, "focus", s.focus);
  if (s.guard != 0) json_put_sorted(o, "guard", s.guard);
  json_put_sorted(o, "on_piece", s.on_piece);
  json_put_sorted(o, "out", s.out);
  json_put_sorted(o, "prone", s.prone);
  json_put_sorted(o, "ran", s.ran);
  json_put_sorted(o, "took_cover", s.took_cover);
  json_put_sorted(o, "wounds", s.wounds);
  return json;
}

template <typename Array>
void read_small_array(const JsonFields& f, std::string_view key, Array& out, int lo, int hi) {
  const JsonItems items = f.array(key);
  if (items.size() != out.size())
    throw InputError(items.where(), fmt::format("expected {} numbers", out.size()));
  for (std::size_t i = 0; i < out.size(); ++i)
    out[i] = static_cast<typename Array::value_type>(items.integer(i, lo, hi));
}

}  // namespace

nlohmann::json ConflictState::to_json() const {
  const StateData& d = data_;
  JsonArray models;
  models.reserve(static_cast<std::size_t>(game_->model_count()));
  for (int m = 0; m < game_->model_count(); ++m)
    models.push_back(model_json(d.models[m]));
  const int pieces = game_->table().piece_count;
  JsonArray destroyed;
  for (int p = 0; p < pieces; ++p)
    if (d.destroyed >> p & 1) destroyed.push_back(p);
  JsonArray objectives;
  objectives.reserve(static_cast<std::size_t>(game_->objective_count()));
  for (int o = 0; o < game_->objective_count(); ++o) {
    nlohmann::json objective(nlohmann::json::value_t::object);
    auto& fields = objective.get_ref<JsonObject&>();
    json_put_sorted(fields, "at", JsonArray{d.objective_at[o].x, d.objective_at[o].y});
    json_put_sorted(fields, "carrier", d.objective_carrier[o]);
    json_put_sorted(fields, "owner", d.objective_owner[o]);
    objectives.push_back(std::move(objective));
  }
  nlohmann::json json(nlohmann::json::value_t::object);
  auto& o = json.get_ref<JsonObject&>();
  if (d.ability >= 0) json_put_sorted(o, "ability", d.ability);
  json_put_sorted(o, "active", d.active);
  json_put_sorted(o, "attack", d.attack);
  json_put_sorted(o, "card_count", d.card_count);
  json_put_sorted(o, "cards", d.cards);
  json_put_sorted(o, "deployed", d.deployed);
  json_put_sorted(o, "destroyed", std::move(destroyed));
  json_put_sorted(o, "end_reason", d.end_reason);
  json_put_sorted(o, "format", kStateFormat);
  json_put_sorted(o, "impact", d.impact);
  json_put_sorted(o, "initiative", d.initiative);
  json_put_sorted(o, "last_damage", d.last_damage);
  json_put_sorted(o, "leg", static_cast<int>(d.leg));
  json_put_sorted(o, "models", std::move(models));
  json_put_sorted(o, "objectives", std::move(objectives));
  json_put_sorted(o, "piece_wounds",
                  JsonArray(d.piece_wounds.begin(), d.piece_wounds.begin() + pieces));
  json_put_sorted(o, "player", d.player);
  json_put_sorted(o, "round", d.round);
  json_put_sorted(o, "stage", static_cast<int>(d.stage));
  json_put_sorted(o, "strides_left", d.strides_left);
  json_put_sorted(o, "target_piece", d.target_piece);
  json_put_sorted(o, "target_pos", d.target_pos);
  json_put_sorted(o, "targets", JsonArray(d.targets.begin(), d.targets.begin() + d.target_count));
  json_put_sorted(o, "winner", d.winner);
  return json;
}

void ConflictState::load_json(const nlohmann::json& json) {
  const JsonFields f(json, "state");
  if (f.string("format") != kStateFormat)
    throw InputError(f.where_of("format"), fmt::format("expected \"{}\"", kStateFormat));
  StateData d;
  const int count = game_->model_count();
  d.stage = static_cast<Stage>(f.integer("stage", 0, static_cast<int>(Stage::kReaction)));
  d.round = static_cast<std::int8_t>(f.integer("round", 1, game_->round_limit()));
  d.player = static_cast<std::int8_t>(f.integer("player", 0, 1));
  d.initiative = static_cast<std::int8_t>(f.integer("initiative", 0, 1));
  d.active = static_cast<std::int8_t>(f.integer("active", -1, count - 1));
  d.strides_left = static_cast<std::int8_t>(f.integer("strides_left", 0, 100));
  d.leg = static_cast<LegKind>(f.integer("leg", 0, static_cast<int>(LegKind::kShift)));
  d.winner = static_cast<std::int8_t>(f.integer("winner", -1, 2));
  d.end_reason = static_cast<std::int8_t>(
      f.integer("end_reason", 0, static_cast<int>(EndReason::kObjectivesTied)));
  read_small_array(f, "cards", d.cards, -1, kDeckSize - 1);
  d.card_count = static_cast<std::int8_t>(f.integer("card_count", 0, 4));
  d.attack = static_cast<std::int8_t>(f.integer("attack", -1, 63));
  const JsonItems targets = f.array("targets");
  if (targets.size() > static_cast<std::size_t>(count))
    throw InputError(targets.where(), "more targets than models");
  d.target_count = static_cast<std::int8_t>(targets.size());
  for (std::size_t i = 0; i < targets.size(); ++i)
    d.targets[i] = static_cast<std::int8_t>(targets.integer(i, 0, count - 1));
  d.target_pos = static_cast<std::int8_t>(f.integer("target_pos", 0, d.target_count));
  d.last_damage = static_cast<std::int8_t>(f.integer("last_damage", -1, 100));
  // Terrain that fights back: absent from saves made before it, which had whole terrain.
  const tabletop::Table& pieces = game_->table();
  d.target_piece = static_cast<std::int8_t>(
      f.optional_integer("target_piece", -1, pieces.piece_count - 1).value_or(-1));
  d.impact = static_cast<std::int8_t>(f.optional_integer("impact", 0, 20).value_or(0));
  // Ability actions: absent when no ability action's flip is being made.
  d.ability = static_cast<std::int8_t>(
      f.optional_integer("ability", 0, kMaxAbilityActions - 1).value_or(-1));
  for (int p = 0; p < pieces.piece_count; ++p)
    d.piece_wounds[p] = static_cast<std::int8_t>(piece_max_wounds(p));
  // Objectives: absent from saves made before them, on tables that had none.
  d.objective_owner.fill(-1);
  d.objective_carrier.fill(-1);
  for (int o = 0; o < game_->objective_count(); ++o)
    d.objective_at[o] = game_->table_objective(o).at;
  if (const auto objectives = f.optional_array("objectives")) {
    if (objectives->size() != static_cast<std::size_t>(game_->objective_count()))
      throw InputError(objectives->where(),
                       fmt::format("expected {} objectives", game_->objective_count()));
    for (int o = 0; o < game_->objective_count(); ++o) {
      const JsonFields of = objectives->object(o);
      d.objective_owner[o] = static_cast<std::int8_t>(of.integer("owner", -1, 1));
      d.objective_carrier[o] = static_cast<std::int8_t>(of.integer("carrier", -1, count - 1));
      const JsonItems at = of.array("at");
      if (at.size() != 2) throw InputError(at.where(), "expected [x, y]");
      d.objective_at[o] = {static_cast<std::int32_t>(at.integer(0, 0, pieces.width)),
                           static_cast<std::int32_t>(at.integer(1, 0, pieces.depth))};
    }
  }
  // Deployment by the players: absent from saves made before it, whose models were all placed.
  for (int side = 0; side < 2; ++side)
    d.deployed[side] = static_cast<std::int8_t>(game_->side_size(side));
  if (const auto deployed = f.optional_array("deployed")) {
    if (deployed->size() != 2) throw InputError(deployed->where(), "expected [Red's, Blue's]");
    for (int side = 0; side < 2; ++side)
      d.deployed[side] =
          static_cast<std::int8_t>(deployed->integer(side, 0, game_->side_size(side)));
  }
  if (const auto destroyed = f.optional_array("destroyed"))
    for (std::size_t i = 0; i < destroyed->size(); ++i)
      d.destroyed |= tabletop::PieceMask{1} << destroyed->integer(i, 0, pieces.piece_count - 1);
  if (const auto wounds = f.optional_array("piece_wounds")) {
    if (wounds->size() != static_cast<std::size_t>(pieces.piece_count))
      throw InputError(wounds->where(), fmt::format("expected {} numbers", pieces.piece_count));
    for (int p = 0; p < pieces.piece_count; ++p)
      d.piece_wounds[p] = static_cast<std::int8_t>(wounds->integer(p, 0, piece_max_wounds(p)));
  }
  const JsonItems models = f.array("models");
  if (models.size() != static_cast<std::size_t>(count))
    throw InputError(models.where(), fmt::format("expected {} models", count));
  const tabletop::Table& table = game_->table();
  for (int m = 0; m < count; ++m) {
    const JsonFields mf = models.object(m);
    ModelState& s = d.models[m];
    const JsonItems at = mf.array("at");
    if (at.size() != 2) throw InputError(at.where(), "expected [x, y]");
    s.at = {static_cast<std::int32_t>(at.integer(0, 0, table.width)),
            static_cast<std::int32_t>(at.integer(1, 0, table.depth))};
    s.facing = static_cast<std::int16_t>(mf.integer("facing", 0, tabletop::kTurn - 1));
    s.wounds = static_cast<std::int16_t>(mf.integer("wounds", 0, game_->model(m).character.wounds));
    s.on_piece = static_cast<std::int8_t>(mf.integer("on_piece", -1, table.piece_count - 1));
    s.out = mf.boolean("out");
    s.activated = mf.boolean("activated");
    s.prone = mf.boolean("prone");
    s.ran = mf.boolean("ran");
    s.braced = mf.boolean("braced");
    s.took_cover = mf.boolean("took_cover");
    s.charging = mf.boolean("charging");
    s.focus = static_cast<std::uint8_t>(mf.integer("focus", 0, 10));
    s.aid_target = static_cast<std::int8_t>(mf.integer("aid_target", -1, count - 1));
    s.aid_bonus = static_cast<std::uint8_t>(mf.integer("aid_bonus", 0, kMaxTokens));
    s.guard = static_cast<std::uint8_t>(mf.optional_integer("guard", 0, 10).value_or(0));
    s.abilities_used = static_cast<std::uint8_t>(
        mf.optional_integer("abilities_used", 0, (1 << kMaxAbilityActions) - 1).value_or(0));
    read_small_array(mf, "exhaust", s.exhaust, 0, 2);
    read_small_array(mf, "conditions", s.conditions, 0, kMaxTokens);
  }
  const StateData kept = data_;
  data_ = d;
  try {
    check_consistency();
  } catch (const InvariantError& error) {
    data_ = kept;
    throw InputError("state", error.what());
  }
}

void ConflictState::check_consistency() const {
  const StateData& d = data_;
  const int count = game_->model_count();
  auto fail = [](const std::string& what) { throw InvariantError("conflict state: " + what); };
  const bool in_activation = d.stage == Stage::kActivation || d.stage == Stage::kMoving ||
                             d.stage == Stage::kAttackCards || d.stage == Stage::kReaction;
  if (in_activation != (d.active >= 0))
    fail("an active model outside an activation, or none in one");
  if (d.active >= 0) {
    if (d.active >= count || d.models[d.active].out) fail("the active model is not standing");
    if (d.models[d.active].activated) fail("the active model has already activated");
    if ((game_->model(d.active).side != d.player) != (d.stage == Stage::kReaction))
      fail("the player to decide is neither the active model's nor, at a reaction, the target's");
  }
  if ((d.stage == Stage::kOver) != (d.winner >= 0)) fail("a winner before the end, or none at it");
  if (d.stage != Stage::kInitiative && d.stage != Stage::kAttackCards && d.card_count != 0)
    fail("cards held outside a flip");
  for (int i = 0; i < d.card_count; ++i)
    if (d.cards[i] < 0 || d.cards[i] >= kDeckSize) fail("a flip holds no card");
  for (int i = 1; i < d.card_count; i += 2)
    if (d.cards[i] == d.cards[i - 1]) fail("a flip drew one card twice");
  if (d.stage != Stage::kAttackCards && (d.target_piece >= 0 || d.impact > 0))
    fail("an attack on a piece or an impact outside a flip");
  if (d.target_piece >= 0 && d.impact > 0) fail("an attack on a piece and an impact at once");
  if (d.stage == Stage::kAttackCards && d.impact > 0 && (d.attack >= 0 || d.target_count != 1))
    fail("an impact needs one target and no attack");
  if (d.stage == Stage::kAttackCards && d.target_piece >= 0 &&
      ((d.destroyed >> d.target_piece & 1) ||
       !(game_->table().pieces[d.target_piece].flags & tabletop::kReinforced)))
    fail("an attack on a piece that is not standing reinforced terrain");
  if (d.stage == Stage::kReaction &&
      (d.target_count == 0 || d.target_pos >= d.target_count || d.card_count != 0 ||
       d.models[d.targets[d.target_pos]].prone ||
       game_->model(d.targets[d.target_pos]).side != d.player))
    fail("a reaction with no standing declared target, or after the cards");
  if (d.ability >= 0) {
    const GameModel& user = game_->model(d.active >= 0 ? d.active : 0);
    if (d.stage != Stage::kAttackCards || d.active < 0 ||
        d.ability >= static_cast<int>(user.actions.size()) || !user.actions[d.ability].action.flip)
      fail("an ability flip outside a flip, or for no resisted ability action of the active model");
    if (d.attack >= 0 || d.target_piece >= 0 || d.impact > 0 || d.target_count != 1 ||
        d.target_pos != 0)
      fail("an ability flip needs one target and no attack");
  }
  if ((d.stage == Stage::kAttackCards || d.stage == Stage::kReaction) && d.impact == 0 &&
      d.ability < 0) {
    if (d.attack < 0 ||
        d.attack >= static_cast<int>(game_->model(d.active).character.attacks.size()))
      fail("an attack card with no attack");
    if (d.target_piece < 0 && d.target_pos >= d.target_count) fail("an attack with no target left");
  }
  if (d.stage == Stage::kAttackCards || d.stage == Stage::kReaction) {
    // While the declared target answers, target_pos points at it and no target is resolved yet.
    for (int i = d.stage == Stage::kReaction ? 0 : d.target_pos; i < d.target_count; ++i)
      if (d.targets[i] == d.active || d.models[d.targets[i]].out)
        fail("an attack's target left to resolve is the attacker or knocked out");
  }
  if ((d.stage == Stage::kInitiative || d.stage == Stage::kAttackCards) &&
      d.card_count >= (d.stage == Stage::kAttackCards ? flip_cards() : 4))
    fail("a flip with every card drawn is not resolved");
  if (d.stage == Stage::kAttackCards && d.target_pos > 0 && d.card_count < 2)
    fail("a later target of an attack without the attacker's cards");
  const bool all_placed =
      d.deployed[0] == game_->side_size(0) && d.deployed[1] == game_->side_size(1);
  if ((d.stage == Stage::kDeploy) == all_placed) fail("deployment and the models placed disagree");
  if (d.stage == Stage::kDeploy && d.deployed[d.player] >= game_->side_size(d.player))
    fail("the player to deploy has no model left to place");
  if (d.stage == Stage::kChooseModel && unactivated(d.player) == 0)
    fail("the player to choose has no model left to activate");
  const tabletop::Table& table = game_->table();
  for (int p = 0; p < table.piece_count; ++p) {
    const bool gone = d.destroyed >> p & 1;
    const int max = piece_max_wounds(p);
    if (d.piece_wounds[p] < 0 || d.piece_wounds[p] > max ||
        (max > 0 && gone != (d.piece_wounds[p] == 0)))
      fail(fmt::format("the {}: its wounds and whether it is destroyed disagree",
                       game_->piece_name(p)));
  }
  for (int o = 0; o < game_->objective_count(); ++o) {
    const int carrier = d.objective_carrier[o];
    if (carrier >= 0 &&
        (d.models[carrier].out || game_->model(carrier).side != d.objective_owner[o]))
      fail(fmt::format("the {} is carried by a model knocked out or not of the side holding it",
                       game_->table_objective(o).name));
  }
  if (table.piece_count < tabletop::kMaxPieces && (d.destroyed >> table.piece_count) != 0)
    fail("a destroyed piece the table does not have");
  for (int m = 0; m < count; ++m) {
    const ModelState& s = d.models[m];
    const GameModel& model = game_->model(m);
    if (s.out != (s.wounds == 0))
      fail(fmt::format("{}: knocked out and wounds disagree", model.label));
    if (s.abilities_used >> model.actions.size() != 0)
      fail(fmt::format("{}: an ability action used that it does not have", model.label));
    if ((s.aid_target >= 0) != (s.aid_bonus > 0))
      fail(fmt::format("{}: an aid bonus without its enemy, or an enemy without one", model.label));
    if (s.out || !placed(m)) continue;
    if (!table.base_on_table(s.at, model.diameter))
      fail(fmt::format("{} is off the table", model.label));
    if (s.on_piece >= 0 &&
        !tabletop::base_within_piece(table.pieces[s.on_piece], s.at, model.diameter))
      fail(fmt::format("{} is not on the piece it stands on", model.label));
    if (s.on_piece >= 0 && (d.destroyed >> s.on_piece & 1))
      fail(fmt::format("{} stands on a destroyed piece", model.label));
    for (int other = m + 1; other < count; ++other)
      if (!d.models[other].out && placed(other) &&
          tabletop::bases_overlap(s.at, model.diameter, d.models[other].at,
                                  game_->model(other).diameter))
        fail(fmt::format("{} and {} overlap", model.label, game_->model(other).label));
  }
}

std::unique_ptr<State> ConflictGame::state_from_json(const nlohmann::json& json) const {
  auto state = std::make_unique<ConflictState>(shared_from_this());
  state->load_json(json);
  return state;
}

}  // namespace warband::conflict
