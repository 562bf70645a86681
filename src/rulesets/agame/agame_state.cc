// A Game's rules of play (seed 004, "Model Activation", "Combat structure", "Glossary"), as
// docs/rulings/agame.md rules them.
#include "rulesets/agame/agame_state.h"

#include <fmt/format.h>

#include <algorithm>

#include "core/error.h"
#include "core/tabletop_sight.h"
#include "rulesets/agame/attack_pipeline.h"
#include "rulesets/agame/dice_pools.h"

namespace warband::agame {
namespace {

using tabletop::Point;

// Mistform: "Can only be damaged by Radiant, Fire and Arcane damage types."
const std::vector<std::string> kHarmsMist = {"Fire", "Arcane", "Radiant"};

int pool_left(const ModelState& s, const std::string& dice) {
  return dice_in(s, pool_named(dice));
}

}  // namespace

AGameState::AGameState(std::shared_ptr<const AGameGame> game) : game_(std::move(game)) {
  for (int m = 0; m < game_->model_count(); ++m) {
    const GameModel& model = game_->model(m);
    ModelState& s = data_.models[m];
    s.at = model.start;
    s.wounds = static_cast<std::int8_t>(std::min(127, model.profile.wounds));
  }
  start_round();
  if (game_->draft_on()) {
    // The draft comes first: the decks as brought, shuffled by chance (agame_draft.cc).
    for (int side = 0; side < 2; ++side)
      for (std::size_t i = 0; i < game_->deck(side).size(); ++i)
        data_.draft.decks[side][i] = static_cast<std::int8_t>(game_->deck(side)[i]);
    data_.stage = Stage::kShuffle;
  }
}

// ---- queries ----

tabletop::Model AGameState::model_geometry(int model) const {
  const GameModel& m = game_->model(model);
  const ModelState& s = data_.models[model];
  return tabletop::Model{s.at, m.diameter, /*facing=*/0,
                         static_cast<std::uint8_t>(std::min(255, m.profile.size))};
}

Scene AGameState::scene() const {
  Scene scene;
  scene.slot.fill(-1);
  for (int m = 0; m < game_->model_count(); ++m) {
    if (data_.models[m].dead) continue;
    scene.index[scene.count] = static_cast<std::int8_t>(m);
    scene.slot[m] = static_cast<std::int8_t>(scene.count);
    scene.models[scene.count++] = model_geometry(m);
  }
  return scene;
}

bool AGameState::standing(int model) const {
  return !data_.models[model].dead && !data_.models[model].dying;
}

int AGameState::standing_count(int side) const {
  int count = 0;
  for (int m = 0; m < game_->model_count(); ++m)
    count += game_->model(m).side == side && standing(m);
  return count;
}

int AGameState::unactivated(int side) const {
  int count = 0;
  for (int m = 0; m < game_->model_count(); ++m)
    count += game_->model(m).side == side && standing(m) && !data_.models[m].activated;
  return count;
}

int AGameState::controller(int model) const {
  const int side = game_->model(model).side;
  return data_.models[model].charmed ? 1 - side : side;
}

int AGameState::fewest_dice(int model, int attack, bool cost_paid) const {
  const Attack& a = game_->model(model).profile.attacks[attack];
  if (most_dice(model, attack, cost_paid) == 0) return 0;
  return std::max(1, a.special_allocation ? 1 : a.min_dice);
}

int AGameState::most_dice(int model, int attack, bool cost_paid) const {
  const Attack& a = game_->model(model).profile.attacks[attack];
  const ModelState& s = data_.models[model];
  const int cost = cost_paid ? 0 : a.cost;
  if (cost > 0 && pool_left(s, a.cost_dice) < cost) return 0;
  const int available = attack_pool_dice(s, a, cost);
  const int most =
      std::min(kMaxDice, a.special_allocation ? available : std::min(a.max_dice, available));
  const int fewest = std::max(1, a.special_allocation ? 1 : a.min_dice);
  return most >= fewest ? most : 0;
}

int AGameState::dodge_dice_left(int model) const {
  return data_.models[model].defense_dice + data_.models[model].wild_dice;
}

bool AGameState::in_sight(const Scene& scene, int viewer, int target) const {
  return clear_sight(scene, viewer, target) > 0;
}

bool AGameState::may_attack(int attacker, int attack, int target) const {
  if (!standing(attacker)) return false;
  const Attack& a = game_->model(attacker).profile.attacks[attack];
  if (a.reaction_only || most_dice(attacker, attack) == 0) return false;
  const ModelState& s = data_.models[attacker];
  if (a.move > 0) return target == kNoTarget && !s.prone && !s.unmovable;
  const int enemy = 1 - controller(attacker);
  const Scene scene = this->scene();
  const tabletop::Model me = scene.models[scene.slot[attacker]];
  auto reachable = [&](int t) {
    return t != attacker && standing(t) && game_->model(t).side == enemy &&
           tabletop::within_edge(me, scene.models[scene.slot[t]], a.reach) &&
           in_sight(scene, attacker, t) && !refused_into_melee(attacker, attack, t);
  };
  // Sweeping Strike's card makes every attack of the model Wide (ruling "Cards in play").
  const bool everyone_in_reach = (a.target != TargetKind::kSingle || s.sweeping) && a.radius == 0;
  if (target == kNoTarget) {
    if (!everyone_in_reach) return false;
    for (int t = 0; t < game_->model_count(); ++t)
      if (reachable(t)) return true;
    return false;
  }
  return !everyone_in_reach && target < game_->model_count() && reachable(target);
}

int AGameState::strike_targets(int attacker, int attack, int target,
                               std::array<std::int8_t, kMaxGameModels>& out) const {
  const Attack& a = game_->model(attacker).profile.attacks[attack];
  const Scene scene = this->scene();
  int count = 0;
  if (a.move > 0) {
    // "Attack each model you passed through": every base the charge's path (the mover's width)
    // touched, friend or foe, in order along it (ruling "Great Ramming Charge").
    const tabletop::Model me = scene.models[scene.slot[attacker]];
    if (data_.leg_start == me.at) return 0;
    tabletop::LineHits hits;
    tabletop::models_on_wide_line(scene.span(), data_.leg_start, me.at, me.diameter,
                                  tabletop::ModelMask{1} << scene.slot[attacker], hits);
    for (int i = 0; i < hits.count; ++i) {
      const int m = scene.index[hits.models[i]];
      if (standing(m)) out[count++] = static_cast<std::int8_t>(m);
    }
    return count;
  }
  if (target != kNoTarget) {
    out[count++] = static_cast<std::int8_t>(target);
    if (a.radius > 0) {
      // An Area attack with a radius: every standing model that near the target, friends too.
      const tabletop::Model centre = scene.models[scene.slot[target]];
      for (int m = 0; m < game_->model_count(); ++m)
        if (m != target && m != attacker && standing(m) &&
            tabletop::within_edge(centre, scene.models[scene.slot[m]], a.radius))
          out[count++] = static_cast<std::int8_t>(m);
    }
    return count;
  }
  // A Wide or Area attack without a radius: every enemy in reach and sight (ruling "Wide Swing").
  const tabletop::Model me = scene.models[scene.slot[attacker]];
  for (int m = 0; m < game_->model_count(); ++m)
    if (m != attacker && standing(m) && game_->model(m).side != controller(attacker) &&
        tabletop::within_edge(me, scene.models[scene.slot[m]], a.reach) &&
        in_sight(scene, attacker, m) && !refused_into_melee(attacker, attack, m))
      out[count++] = static_cast<std::int8_t>(m);
  return count;
}

int AGameState::dodge_target_against(int attacker, int attack, int target) const {
  const Attack& a = game_->model(attacker).profile.attacks[attack];
  // Rulings "Prone" and "High ground": +1 accuracy on a prone model, +1 from high ground; War
  // Cry's card adds its own (ruling "Cards in play").
  const Parameters& p = game_->parameters();
  return dodge_target(game_->model(target).profile.defense_against(a.kind),
                      a.accuracy + data_.models[attacker].card_accuracy +
                          (data_.models[target].prone ? p.prone_accuracy : 0) +
                          (high_ground(attacker, target) ? p.high_ground_accuracy : 0));
}

int AGameState::save_target_against(int attacker, int attack, int target) const {
  const Attack& a = game_->model(attacker).profile.attacks[attack];
  return save_target(game_->model(target).profile.resistance(a.versus), a.power);
}

int AGameState::wounds_caused(int attacker, int attack, int target, int unsaved,
                              int extra_damage) const {
  if (unsaved <= 0) return 0;
  const Model& by = game_->model(attacker).profile;
  const Model& to = game_->model(target).profile;
  const Attack& a = by.attacks[attack];
  if (data_.models[target].mistform && !has_damage_type(a.keywords, kHarmsMist)) return 0;
  const int damage =
      (a.damage_vs_smaller >= 0 && to.size < by.size ? a.damage_vs_smaller : a.damage) +
      extra_damage;
  return wounds_suffered(unsaved, damage, has_damage_type(a.keywords, to.vulnerable_to),
                         has_damage_type(a.keywords, to.resistant_to));
}

int AGameState::reactions(int target, std::array<std::int8_t, 4>& out) const {
  int count = 0;
  if (!standing(target) || data_.depth != 0) return 0;
  const Strike& s = strike();
  const Model& profile = game_->model(target).profile;
  for (int j = 0; j < static_cast<int>(profile.abilities.size()) && count < 4; ++j) {
    const Ability& ability = profile.abilities[j];
    if (ability.cost > 0 && pool_left(data_.models[target], ability.cost_dice) < ability.cost)
      continue;
    bool may = false;
    if (ability.effect == Effect::kMistform && ability.trigger == Trigger::kAfterAttacked)
      may = !data_.models[target].mistform;
    if (ability.effect == Effect::kCounter && ability.trigger == Trigger::kAllDodged) {
      // "all attack dice were dodged": hits were rolled and the dodges cancelled every one.
      const int attacker = s.attacker;
      const Attack& strike_back = profile.attacks[ability.attack];
      may = s.hits > 0 && s.dodges >= s.hits && standing(attacker) &&
            game_->model(attacker).side != game_->model(target).side &&
            most_dice(target, ability.attack) > 0 &&
            tabletop::within_edge(model_geometry(target), model_geometry(attacker),
                                  strike_back.reach);
    }
    if (may) out[count++] = static_cast<std::int8_t>(j);
  }
  return count;
}

std::string AGameState::model_name(int model) const {
  return game_->model(model).label + " " + game_->model(model).profile.name;
}

// ---- the game interface ----

int AGameState::current_player() const {
  switch (data_.stage) {
    case Stage::kRoll:
    case Stage::kReactionRoll:
    case Stage::kShuffle:
    case Stage::kRollOff:
      return kChancePlayer;
    case Stage::kDraft:
      return draft_->to_choose();
    case Stage::kOver:
      return kTerminalPlayer;
    case Stage::kChooseModel:
      return data_.player;
    case Stage::kActivation:
      return controller(data_.active);
    case Stage::kMoving:
      return controller(mover());
    case Stage::kAllocate:
      return controller(strike().attacker);
    case Stage::kDodge:
      return game_->model(strike().targets[strike().pos]).side;
    case Stage::kReaction:
      return game_->model(data_.reactor).side;
    case Stage::kCardReaction:
      return game_->model(data_.card_model).side;
    case Stage::kSetupCards:
      return data_.player;
    case Stage::kPlacing:
      return data_.placing_side;
  }
  return kTerminalPlayer;
}

std::vector<Action> AGameState::legal_actions() const {
  std::vector<Action> out;
  legal_actions_into(out);
  return out;
}

void AGameState::activation_into(std::vector<Action>& out) const {
  const int m = data_.active;
  const ModelState& s = data_.models[m];
  const Model& profile = game_->model(m).profile;
  // Ruling "Cards in play": an activation card is played before anything else the model does.
  // The model's own side's cards: not while the enemy plays it (Charmed).
  if (data_.card_window && plays_own(m)) cards_into(out, m, CardMoment::kActivation);
  if (s.movement_dice > 0 && !s.unmovable)
    out.push_back(encode_action(s.prone ? ActionKind::kStandUp : ActionKind::kMove, m, 0));
  if (!data_.ability_used) {
    for (int k = 0; k < static_cast<int>(profile.attacks.size()); ++k) {
      if (may_attack(m, k, kNoTarget))
        out.push_back(encode_action(ActionKind::kAttack, m, (k << 8) | kNoTarget));
      for (int t = 0; t < game_->model_count(); ++t)
        if (may_attack(m, k, t)) out.push_back(encode_action(ActionKind::kAttack, m, (k << 8) | t));
    }
  }
  const Scene scene = this->scene();
  for (int j = 0; j < static_cast<int>(profile.abilities.size()); ++j) {
    const Ability& ability = profile.abilities[j];
    if (ability.trigger != Trigger::kActivation || ability.effect == Effect::kNone) continue;
    if (!ability.movement_ability && data_.ability_used) continue;
    if (ability.cost > 0 && pool_left(s, ability.cost_dice) < ability.cost) continue;
    auto add = [&](int target) {
      out.push_back(encode_action(ActionKind::kAbility, m, (j << 8) | target));
    };
    switch (ability.effect) {
      case Effect::kUnmovable:
        if (!s.unmovable) add(kNoTarget);
        break;
      case Effect::kMove:
        if (!s.prone && !s.unmovable) add(kNoTarget);
        break;
      case Effect::kHeal:
      case Effect::kInspire:
        for (int f = 0; f < game_->model_count(); ++f) {
          const ModelState& fs = data_.models[f];
          if (fs.dead || game_->model(f).side != controller(m)) continue;
          if (!tabletop::within_edge(scene.models[scene.slot[m]], scene.models[scene.slot[f]],
                                     ability.range))
            continue;
          if (ability.effect == Effect::kHeal &&
              (fs.dying || fs.wounds < game_->model(f).profile.wounds))
            add(f);
          if (ability.effect == Effect::kInspire && f != m && !fs.dying && fs.wild_dice < kMaxDice)
            add(f);
        }
        break;
      default:
        break;
    }
  }
  out.push_back(encode_action(ActionKind::kEndActivation, m, 0));
}

void AGameState::legs_into(std::vector<Action>& out) const {
  const int m = mover();
  const GameModel& model = game_->model(m);
  const ModelState& s = data_.models[m];
  const Scene scene = this->scene();
  const tabletop::Table& table = this->table();
  tabletop::MoveQuery query;
  query.model = scene.slot[m];
  query.lattice = game_->parameters().move_lattice;
  for (int i = 0; i < scene.count; ++i) {
    const int other = scene.index[i];
    if (other == m) continue;
    if ((data_.leg != LegKind::kStep && data_.leg != LegKind::kSprint) ||
        game_->model(other).side == model.side)
      query.passable_models |= tabletop::ModelMask{1} << i;
    else
      query.contact_with |= tabletop::ModelMask{1} << i;
  }
  static thread_local tabletop::Reach reach;
  std::vector<Point> points;
  auto collect = [&](const tabletop::MoveQuery& q) {
    if (q.budget <= 0) return;
    tabletop::reach(table, scene.span(), q, reach);
    points.insert(points.end(), reach.points.begin(), reach.points.begin() + reach.count);
  };
  const bool steps = data_.leg == LegKind::kStep || data_.leg == LegKind::kSprint;
  if (steps && !s.mistform && !s.pathfinder) {
    // Ruling "Terrain": a leg that crosses or ends on rough terrain (every piece that is not
    // impassable) goes half as far; Mistform passes "over rough terrain without penalty".
    const tabletop::PieceMask rough =
        tabletop::pieces_at_least(table, 0) & ~tabletop::pieces_with(table, tabletop::kImpassable);
    tabletop::MoveQuery clear = query;
    const int budget =
        data_.leg == LegKind::kStep ? game_->parameters().movement_per_die : data_.leg_budget;
    clear.budget = budget;
    clear.blocking_pieces = rough;
    collect(clear);
    tabletop::MoveQuery slowed = query;
    slowed.budget = std::min(game_->parameters().rough_move, budget);
    collect(slowed);
  } else {
    query.budget =
        data_.leg == LegKind::kStep ? game_->parameters().movement_per_die : data_.leg_budget;
    collect(query);
  }
  std::sort(points.begin(), points.end(),
            [](Point a, Point b) { return tabletop::pack_point(a) < tabletop::pack_point(b); });
  points.erase(std::unique(points.begin(), points.end()), points.end());
  for (const Point p : points)
    out.push_back(encode_action(ActionKind::kMoveTo, m, tabletop::pack_point(p)));
  out.push_back(encode_action(ActionKind::kStopMoving, m, 0));
}

void AGameState::legal_actions_into(std::vector<Action>& out) const {
  out.clear();
  switch (data_.stage) {
    case Stage::kChooseModel: {
      const int me = data_.player;
      // Ruling "Dominate Mind": a Charmed model is activated first, by the enemy.
      bool charmed = false;
      for (int m = 0; m < game_->model_count(); ++m)
        charmed |= game_->model(m).side == me && standing(m) && !data_.models[m].activated &&
                   data_.models[m].charmed;
      for (int m = 0; m < game_->model_count(); ++m)
        if (game_->model(m).side == me && standing(m) && !data_.models[m].activated &&
            (!charmed || data_.models[m].charmed))
          out.push_back(encode_action(ActionKind::kActivate, m, 0));
      break;
    }
    case Stage::kActivation:
      activation_into(out);
      break;
    case Stage::kMoving:
      legs_into(out);
      break;
    case Stage::kAllocate: {
      const Strike& s = strike();
      const int most = most_dice(s.attacker, s.attack, /*cost_paid=*/true);
      for (int n = fewest_dice(s.attacker, s.attack, true); n <= most; ++n)
        out.push_back(encode_action(ActionKind::kAllocate, s.attacker, n));
      break;
    }
    case Stage::kDodge: {
      const Strike& s = strike();
      const int target = s.targets[s.pos];
      // Not capped at the hits: the seed's Ram rolls 3 dodge dice against 2 hits. Iron Guard's
      // dice are rolled on top.
      const int most = std::min(kMaxDice - s.extra_dodge, dodge_dice_left(target));
      for (int n = 0; n <= most; ++n)
        out.push_back(encode_action(ActionKind::kDodge, target, n));
      break;
    }
    case Stage::kReaction: {
      std::array<std::int8_t, 4> list{};
      const int count = reactions(data_.reactor, list);
      for (int i = 0; i < count; ++i)
        out.push_back(encode_action(ActionKind::kReact, data_.reactor, list[i]));
      out.push_back(encode_action(ActionKind::kDecline, data_.reactor, 0));
      break;
    }
    case Stage::kCardReaction:
      if (data_.card_moment == CardMoment::kEnemyMoved) {
        // Overwatch: any of the side's models near the move's end may answer it.
        const int side = game_->model(data_.card_model).side;
        for (int w = 0; w < game_->model_count(); ++w)
          if (game_->model(w).side == side) cards_into(out, w, data_.card_moment);
      } else {
        cards_into(out, data_.card_model, data_.card_moment);
      }
      out.push_back(encode_action(ActionKind::kKeepCards, data_.card_model, 0));
      break;
    case Stage::kSetupCards: {
      // A setup card is played on no model: the side's first standing one names the side.
      int anchor = 0;
      while (game_->model(anchor).side != data_.player || !standing(anchor))
        ++anchor;
      cards_into(out, anchor, CardMoment::kSetup);
      out.push_back(encode_action(ActionKind::kKeepCards, anchor, 0));
      break;
    }
    case Stage::kPlacing:
      placements_into(out, data_.placing_card, data_.placing_side);
      break;
    case Stage::kDraft: {
      // Two copies of a card from one deck are one choice (the same card goes the same way).
      const std::vector<OfferedCard>& table = draft_->table();
      for (const int index : draft_->legal_choices())
        if (std::find(table.begin(), table.begin() + index, table[index]) == table.begin() + index)
          out.push_back(encode_action(ActionKind::kDraftChoice, draft_->to_choose(), index));
      break;
    }
    default:
      return;
  }
  std::sort(out.begin(), out.end());
}

std::vector<ChanceOutcome> AGameState::chance_outcomes() const {
  std::vector<ChanceOutcome> out;
  if (data_.stage == Stage::kShuffle) {
    // The next place of the deck being shuffled takes one of the cards not placed yet.
    const int size = static_cast<int>(game_->deck(0).size());
    const int deck = data_.draft.shuffled[0] < size ? 0 : 1;
    const int left = size - data_.draft.shuffled[deck];
    for (int pick = 1; pick <= left; ++pick)
      out.push_back({encode_action(ActionKind::kDie, 0, pick), 1.0 / left});
    return out;
  }
  if (data_.stage == Stage::kRollOff) {
    // Ruling "The draft's first player": a roll-off, even odds.
    for (int side = 1; side <= 2; ++side)
      out.push_back({encode_action(ActionKind::kDie, 0, side), 0.5});
    return out;
  }
  if (data_.stage != Stage::kRoll && data_.stage != Stage::kReactionRoll) return out;
  // One die at a time (staged per die: the dice are shown as the seed's example reads them).
  const int faces = game_->parameters().faces;
  for (int face = 1; face <= faces; ++face)
    out.push_back({encode_action(ActionKind::kDie, 0, face), 1.0 / faces});
  return out;
}

void AGameState::apply(Action action) {
  const int m = model_of(action);
  const int payload = static_cast<int>(payload_of(action));
  if (kind_of(action) != ActionKind::kDie) roll_just_ended_ = false;
  // The activation card's moment passes with the model's first other action.
  if (data_.stage == Stage::kActivation && kind_of(action) != ActionKind::kPlayCard)
    data_.card_window = false;
  switch (kind_of(action)) {
    case ActionKind::kDie:
      if (data_.stage == Stage::kShuffle) {
        shuffle_card(payload);
      } else if (data_.stage == Stage::kRollOff) {
        data_.draft.first = static_cast<std::int8_t>(payload - 1);
        start_draft();
      } else if (data_.stage == Stage::kReactionRoll) {
        const Ability& ability = game_->model(data_.reactor).profile.abilities[data_.reaction];
        if (meets_target(payload, ability.chance, game_->parameters().faces)) {
          data_.models[data_.reactor].mistform = true;
          data_.models[data_.reactor].mist_ending = false;
        }
        data_.reactor = -1;
        data_.reaction = -1;
        next_target();
      } else {
        after_die(payload);
      }
      return;
    case ActionKind::kActivate:
      activate(m);
      return;
    case ActionKind::kMove:
      pay(m, "movement", 1);
      data_.leg = LegKind::kStep;
      data_.leg_budget = game_->parameters().movement_per_die;
      data_.stage = Stage::kMoving;
      return;
    case ActionKind::kStandUp:
      pay(m, "movement", 1);
      data_.models[m].prone = false;
      return;
    case ActionKind::kAttack:
      declare_attack(m, payload >> 8, payload & 0xff);
      return;
    case ActionKind::kAbility:
      use_ability(m, payload >> 8, payload & 0xff);
      return;
    case ActionKind::kEndActivation:
      end_activation();
      return;
    case ActionKind::kMoveTo:
      move_to(tabletop::unpack_point(static_cast<std::uint64_t>(payload_of(action))));
      return;
    case ActionKind::kStopMoving:
      move_to(data_.models[m].at);
      return;
    case ActionKind::kAllocate: {
      Strike& s = data_.strikes[data_.depth];
      // Ruling "Dice pools": attack dice are rolled first, wild dice make up the rest.
      ModelState& a = data_.models[s.attacker];
      const Attack& attack = game_->model(s.attacker).profile.attacks[s.attack];
      int left = payload;
      if (attack.pool == DicePool::kDefense) {
        a.defense_dice = static_cast<std::int8_t>(a.defense_dice - left);
      } else {
        const int from_attack = std::min<int>(left, a.attack_dice);
        a.attack_dice = static_cast<std::int8_t>(a.attack_dice - from_attack);
        a.wild_dice = static_cast<std::int8_t>(a.wild_dice - (left - from_attack));
      }
      s.dice = static_cast<std::int8_t>(payload);
      s.pos = 0;
      // Ruling "Cards at the roll": the attacker's before_roll cards, for the whole attack.
      if (plays_own(s.attacker) && open_card_window(s.attacker, CardMoment::kAttackRoll)) return;
      begin_target();
      return;
    }
    case ActionKind::kDodge: {
      Strike& s = data_.strikes[data_.depth];
      ModelState& t = data_.models[s.targets[s.pos]];
      const int from_defense = std::min<int>(payload, t.defense_dice);
      t.defense_dice = static_cast<std::int8_t>(t.defense_dice - from_defense);
      t.wild_dice = static_cast<std::int8_t>(t.wild_dice - (payload - from_defense));
      s.phase = Phase::kDodge;
      s.to_roll = static_cast<std::int8_t>(payload + s.extra_dodge);
      s.rolled = 0;
      if (s.to_roll == 0) {
        after_die(0);  // no dodge die: straight to the saves
      } else {
        data_.stage = Stage::kRoll;
      }
      return;
    }
    case ActionKind::kReact:
      react(payload);
      return;
    case ActionKind::kDecline:
      data_.reactor = -1;
      next_target();
      return;
    case ActionKind::kDraftChoice:
      draft_choice(payload);
      return;
    case ActionKind::kPlayCard:
      if (data_.stage == Stage::kCardReaction) {
        play_moment_card(m, payload);
      } else if (data_.stage == Stage::kSetupCards) {
        play_card(m, payload);
      } else {
        data_.card_window = false;  // one activation card an activation
        play_card(m, payload);
      }
      return;
    case ActionKind::kKeepCards:
      if (data_.stage == Stage::kSetupCards) {
        // A side that passes plays no more setup cards; the other may go on.
        data_.setup_done |= static_cast<std::uint8_t>(1u << data_.player);
        data_.player = static_cast<std::int8_t>(1 - data_.player);
        setup_step();
        return;
      }
      close_card_window();
      return;
    case ActionKind::kPlace:
      place(tabletop::unpack_point(payload_of(action)), m == 1);
      return;
  }
}

// ---- flow ----

void AGameState::start_round() {
  // Ruling "Dice pools refresh each round": every pool back to its profile's count.
  for (int m = 0; m < game_->model_count(); ++m) {
    ModelState& s = data_.models[m];
    const Model& p = game_->model(m).profile;
    s.activated = false;
    s.attack_dice = static_cast<std::int8_t>(p.attack_dice);
    s.defense_dice = static_cast<std::int8_t>(p.defense_dice);
    s.wild_dice = static_cast<std::int8_t>(p.wild_dice);
    s.movement_dice = static_cast<std::int8_t>(p.movement_dice);
  }
  // Ruling "Turn order": Red activates first in odd rounds, Blue in even ones.
  data_.player = static_cast<std::int8_t>((data_.round - 1) % 2);
  if (unactivated(data_.player) == 0) data_.player = static_cast<std::int8_t>(1 - data_.player);
  data_.stage = Stage::kChooseModel;
  data_.active = -1;
}

void AGameState::activate(int model) {
  ModelState& s = data_.models[model];
  data_.active = static_cast<std::int8_t>(model);
  data_.ability_used = false;
  s.unmovable = false;  // "for 1 round": until its next activation
  if (s.mistform) s.mist_ending = true;
  data_.stage = Stage::kActivation;
  data_.card_window = game_->draft_on();
}

void AGameState::end_activation() {
  const int m = data_.active;
  ModelState& s = data_.models[m];
  if (!placed().empty()) {
    hazard_bites(m);
    check_victory();
    if (data_.stage == Stage::kOver) return;
  }
  s.activated = true;
  s.charmed = false;
  s.pathfinder = s.sweeping = false;
  s.card_accuracy = 0;
  data_.card_window = false;
  if (s.mist_ending) {
    s.mistform = false;
    s.mist_ending = false;
  }
  data_.active = -1;
  data_.ability_used = false;
  next_turn();
}

void AGameState::next_turn() {
  const int me = data_.player;
  data_.stage = Stage::kChooseModel;
  if (unactivated(1 - me) > 0) {
    data_.player = static_cast<std::int8_t>(1 - me);
    return;
  }
  if (unactivated(me) > 0) return;
  // The end of the round: Dying models not healed for `dying_rounds` rounds after the one they
  // fell in die.
  for (int m = 0; m < game_->model_count(); ++m) {
    ModelState& s = data_.models[m];
    if (s.dying && data_.round - s.dying_round >= game_->parameters().dying_rounds) {
      s.dying = false;
      s.dead = true;
      s.prone = false;
    }
  }
  check_victory();
  if (data_.stage == Stage::kOver) return;
  if (data_.round >= game_->round_limit()) {
    finish_by_rounds();
    return;
  }
  ++data_.round;
  start_round();
}

void AGameState::pay(int model, const std::string& dice, int cost) {
  std::int8_t& pool = dice_in(data_.models[model], pool_named(dice));
  pool = static_cast<std::int8_t>(pool - cost);
}

void AGameState::declare_attack(int attacker, int attack, int target) {
  const Attack& a = game_->model(attacker).profile.attacks[attack];
  ModelState& s = data_.models[attacker];
  data_.ability_used = true;
  if (a.cost > 0) pay(attacker, a.cost_dice, a.cost);
  Strike& strike = data_.strikes[0];
  strike = Strike{};
  strike.attacker = static_cast<std::int8_t>(attacker);
  strike.attack = static_cast<std::int8_t>(attack);
  if (a.move > 0) {
    // "First: Move 6". The model may move through other models during this movement."
    data_.leg = LegKind::kCharge;
    data_.leg_budget = a.move;
    data_.leg_start = s.at;
    data_.stage = Stage::kMoving;
    return;
  }
  strike.target_count =
      static_cast<std::int8_t>(strike_targets(attacker, attack, target, strike.targets));
  data_.stage = Stage::kAllocate;
}

void AGameState::move_to(Point to) {
  const int m = mover();
  ModelState& s = data_.models[m];
  const bool moved = s.at != to;
  s.at = to;
  if (data_.dasher >= 0) {
    data_.dasher = -1;
    after_dash();
    return;
  }
  if (data_.leg != LegKind::kCharge) {
    data_.stage = Stage::kActivation;
    if (moved) open_move_window();
    return;
  }
  // "Second: Attack each model you passed through, using Wide attack rules."
  Strike& strike = data_.strikes[0];
  strike.target_count =
      static_cast<std::int8_t>(strike_targets(m, strike.attack, kNoTarget, strike.targets));
  if (strike.target_count == 0) {
    strike = Strike{};
    data_.stage = Stage::kActivation;
    return;
  }
  data_.stage = Stage::kAllocate;
}

void AGameState::begin_target() {
  Strike& s = data_.strikes[data_.depth];
  s.phase = Phase::kAttack;
  s.to_roll = static_cast<std::int8_t>(s.dice + s.extra_dice);
  s.rolled = 0;
  s.hits = s.dodges = s.saves = 0;
  s.extra_dodge = 0;
  data_.last = LastRoll{};
  data_.last.attacker = s.attacker;
  data_.last.target = s.targets[s.pos];
  data_.last.attack = s.attack;
  const int target = s.targets[s.pos];
  set_needs();
  data_.stage = Stage::kRoll;
  // The target's cards answering the attack (Brace for Impact, Rooted) come before its dice.
  if (controller(s.attacker) != game_->model(target).side && plays_own(target))
    open_card_window(target, CardMoment::kAttacked);
}

void AGameState::set_needs() {
  const Strike& s = strike();
  const int target = s.targets[s.pos];
  const int hit = hit_target_against(s);
  // The attacker's cards change every target's numbers (ruling "Cards at the roll").
  data_.last.needs = {
      static_cast<std::int8_t>(hit + s.chance),
      static_cast<std::int8_t>(dodge_target_against(s.attacker, s.attack, target) + s.accuracy),
      static_cast<std::int8_t>(save_target_against(s.attacker, s.attack, target) + s.power)};
  data_.last.cover = hit != game_->model(s.attacker).profile.attacks[s.attack].chance;
  data_.last.high_ground = high_ground(s.attacker, target);
}

void AGameState::after_dash() {
  const Strike& s = strike();
  const int target = s.targets[s.pos];
  const Attack& a = game_->model(s.attacker).profile.attacks[s.attack];
  const Scene scene = this->scene();
  // Ruling "Dash for Cover": out of the attack's reach or sight, the attack on it is lost.
  if (!tabletop::within_edge(scene.models[scene.slot[s.attacker]], scene.models[scene.slot[target]],
                             a.reach) ||
      !in_sight(scene, s.attacker, target)) {
    next_target();
    return;
  }
  set_needs();  // cover or high ground may have changed
  data_.stage = Stage::kRoll;
  open_card_window(target, CardMoment::kAttacked);
}

void AGameState::after_die(int face) {
  Strike& s = data_.strikes[data_.depth];
  if (s.rolled < s.to_roll) {
    // Each die against the N+ its phase needs, fixed when the roll began (LastRoll::needs).
    const int phase = static_cast<int>(s.phase);
    data_.last.faces[phase][data_.last.count[phase]++] = static_cast<std::int8_t>(face);
    ++s.rolled;
    const bool success = meets_target(face, data_.last.needs[phase], game_->parameters().faces);
    switch (s.phase) {
      case Phase::kAttack:
        s.hits = static_cast<std::int8_t>(s.hits + success);
        break;
      case Phase::kDodge:
        s.dodges = static_cast<std::int8_t>(s.dodges + success);
        break;
      case Phase::kSave:
        s.saves = static_cast<std::int8_t>(s.saves + success);
        break;
    }
    if (s.rolled < s.to_roll) return;
  }
  end_of_dice();
}

void AGameState::end_of_dice() {
  const Strike& s = strike();
  // Ruling "Re-rolls": the roller's after_roll cards, on its own failed dice.
  const int roller = s.phase == Phase::kAttack ? s.attacker : s.targets[s.pos];
  if (rerollable() > 0 && plays_own(roller) && open_card_window(roller, CardMoment::kRerolls))
    return;
  end_of_phase();
}

void AGameState::end_of_phase() {
  Strike& s = data_.strikes[data_.depth];
  const int target = s.targets[s.pos];
  switch (s.phase) {
    case Phase::kAttack:
      // Ruling "Cards in play": a card answering the hits (Parry) comes before the dodge.
      if (s.hits > 0 && open_card_window(target, CardMoment::kHit)) return;
      before_dodge();
      return;
    case Phase::kDodge: {
      const int left = hits_after_dodges(s.hits, s.dodges);
      if (left == 0) {
        finish_target();
        return;
      }
      s.phase = Phase::kSave;
      s.to_roll = static_cast<std::int8_t>(left);
      s.rolled = 0;
      data_.stage = Stage::kRoll;
      return;
    }
    case Phase::kSave:
      finish_target();
      return;
  }
}

void AGameState::before_dodge() {
  const Strike& s = strike();
  // Ruling "Cards at the roll": the defender's before_roll cards, once the hits are known.
  if (s.hits > 0 && open_card_window(s.targets[s.pos], CardMoment::kDefenseRoll)) return;
  after_hits();
}

void AGameState::after_hits() {
  Strike& s = data_.strikes[data_.depth];
  const int target = s.targets[s.pos];
  if (s.hits == 0) {
    finish_target();
  } else if (dodge_dice_left(target) > 0) {
    data_.stage = Stage::kDodge;
  } else {
    // No dodge dice to choose: only Iron Guard's, if played.
    s.phase = Phase::kDodge;
    s.to_roll = s.extra_dodge;
    s.rolled = 0;
    if (s.to_roll > 0) {
      data_.stage = Stage::kRoll;
    } else {
      after_die(0);
    }
  }
}

void AGameState::finish_target() {
  Strike& s = data_.strikes[data_.depth];
  const int target = s.targets[s.pos];
  const Attack& a = game_->model(s.attacker).profile.attacks[s.attack];
  const int unsaved = std::max(0, hits_after_dodges(s.hits, s.dodges) - s.saves);
  const int wounds = wounds_caused(s.attacker, s.attack, target, unsaved, s.damage);
  const bool harmed =
      unsaved > 0 && !(data_.models[target].mistform && !has_damage_type(a.keywords, kHarmsMist));
  data_.last.wounds = static_cast<std::int8_t>(wounds);
  roll_just_ended_ = true;
  apply_wounds(target, wounds);
  if (harmed) {
    // Suck the Blood: "Attacker heals one wound." Conditions only on a model still standing.
    ModelState& by = data_.models[s.attacker];
    if (a.heal > 0 && standing(s.attacker))
      by.wounds = static_cast<std::int8_t>(
          std::min(game_->model(s.attacker).profile.wounds, by.wounds + a.heal));
    ModelState& t = data_.models[target];
    if (standing(target)) {
      if (a.condition == Condition::kProne && !t.unmovable) t.prone = true;
      if (a.condition == Condition::kCharmed) t.charmed = true;
    }
  }
  // Ruling "Counter-attack cards": Vengeance's last attack comes before the fall is counted.
  if (wounds > 0 && data_.models[target].dying && data_.depth == 0 &&
      open_card_window(target, CardMoment::kDying))
    return;
  after_fall();
}

void AGameState::after_fall() {
  check_victory();
  if (data_.stage == Stage::kOver) return;
  const Strike& s = strike();
  if (data_.last.wounds > 0 && open_card_window(s.targets[s.pos], CardMoment::kWounded)) return;
  after_wounds();
}

void AGameState::after_wounds() {
  const Strike& s = strike();
  const int target = s.targets[s.pos];
  // Riposte: every hit dodged (as Far Mountain Technique's trigger), before the model's own
  // reactions.
  if (data_.depth == 0 && s.hits > 0 && s.dodges >= s.hits && standing(target) &&
      plays_own(target) && open_card_window(target, CardMoment::kAllDodged))
    return;
  ability_reactions();
}

void AGameState::ability_reactions() {
  const Strike& s = data_.strikes[data_.depth];
  const int target = s.targets[s.pos];
  std::array<std::int8_t, 4> list{};
  if (reactions(target, list) > 0) {
    data_.reactor = static_cast<std::int8_t>(target);
    data_.stage = Stage::kReaction;
    return;
  }
  next_target();
}

void AGameState::next_target() {
  Strike& s = data_.strikes[data_.depth];
  ++s.pos;
  while (s.pos < s.target_count && !standing(s.targets[s.pos]))
    ++s.pos;
  if (s.pos < s.target_count && standing(s.attacker)) {
    begin_target();
    return;
  }
  end_strike();
}

void AGameState::end_strike() {
  if (data_.depth == 1) {
    data_.strikes[1] = Strike{};
    data_.depth = 0;
    next_target();  // the attack the counter answered goes on with its next target
    return;
  }
  data_.strikes[0] = Strike{};
  if (standing(data_.active)) {
    data_.stage = Stage::kActivation;
  } else {
    end_activation();
  }
}

void AGameState::react(int ability_index) {
  const int reactor = data_.reactor;
  const Ability& ability = game_->model(reactor).profile.abilities[ability_index];
  if (ability.cost > 0) pay(reactor, ability.cost_dice, ability.cost);
  if (ability.effect == Effect::kMistform) {
    if (ability.chance > 0) {
      data_.reaction = static_cast<std::int8_t>(ability_index);
      data_.stage = Stage::kReactionRoll;
      return;
    }
    data_.models[reactor].mistform = true;
    data_.reactor = -1;
    next_target();
    return;
  }
  // A counter (Far Mountain Technique): "allocate all defense dice as attack dice to this
  // attack", on the attacker; no reaction answers it (ruling "Reactions").
  const int attacker = strike().attacker;
  Strike& counter = data_.strikes[1];
  counter = Strike{};
  counter.attacker = static_cast<std::int8_t>(reactor);
  counter.attack = static_cast<std::int8_t>(ability.attack);
  counter.dice = static_cast<std::int8_t>(most_dice(reactor, ability.attack));
  counter.targets[0] = static_cast<std::int8_t>(attacker);
  counter.target_count = 1;
  data_.models[reactor].defense_dice =
      static_cast<std::int8_t>(data_.models[reactor].defense_dice - counter.dice);
  data_.reactor = -1;
  data_.depth = 1;
  begin_target();
}

void AGameState::use_ability(int model, int ability_index, int target) {
  const Ability& ability = game_->model(model).profile.abilities[ability_index];
  ModelState& s = data_.models[model];
  if (!ability.movement_ability) data_.ability_used = true;
  if (ability.cost > 0) pay(model, ability.cost_dice, ability.cost);
  switch (ability.effect) {
    case Effect::kUnmovable:
      s.unmovable = true;
      return;
    case Effect::kMove:
      data_.leg = LegKind::kBlink;
      data_.leg_budget = ability.amount;
      data_.stage = Stage::kMoving;
      return;
    case Effect::kHeal: {
      ModelState& f = data_.models[target];
      const int most = game_->model(target).profile.wounds;
      if (f.dying) {
        // Ruling "Dying": healed, it stands back in the fight with the wounds healed, still prone.
        f.dying = false;
        f.wounds = static_cast<std::int8_t>(std::min(most, ability.amount));
      } else {
        f.wounds = static_cast<std::int8_t>(std::min(most, f.wounds + ability.amount));
      }
      return;
    }
    case Effect::kInspire: {
      ModelState& f = data_.models[target];
      f.wild_dice = static_cast<std::int8_t>(std::min(kMaxDice, f.wild_dice + ability.amount));
      return;
    }
    default:
      return;
  }
}

void AGameState::apply_wounds(int model, int wounds) {
  if (wounds <= 0) return;
  ModelState& s = data_.models[model];
  s.wounds = static_cast<std::int8_t>(std::max(0, s.wounds - wounds));
  if (s.wounds == 0) {
    // "If so, they are fall prone and gain the "Dying" condition."
    s.dying = true;
    s.dying_round = data_.round;
    s.prone = true;
    s.mistform = s.mist_ending = s.unmovable = s.charmed = false;
  }
}

void AGameState::check_victory() {
  const int red = standing_count(0);
  const int blue = standing_count(1);
  if (red > 0 && blue > 0) return;
  data_.winner = static_cast<std::int8_t>(red > 0 ? 0 : blue > 0 ? 1 : 2);
  data_.end_reason = static_cast<std::int8_t>(EndReason::kEliminated);
  data_.stage = Stage::kOver;
  data_.active = -1;
  data_.reactor = -1;
  data_.reaction = -1;
  data_.depth = 0;
  data_.strikes = {};
}

void AGameState::finish_by_rounds() {
  // Ruling "Victory": more standing models, then more wounds left on them; else a draw.
  // Ruling "Placed terrain and objectives": each objective held adds its victory points.
  int score[2] = {objective_points(0), objective_points(1)};
  int wounds[2] = {0, 0};
  for (int m = 0; m < game_->model_count(); ++m)
    if (standing(m)) {
      ++score[game_->model(m).side];
      wounds[game_->model(m).side] += data_.models[m].wounds;
    }
  if (score[0] == score[1]) {
    score[0] = wounds[0];
    score[1] = wounds[1];
  }
  data_.winner = static_cast<std::int8_t>(score[0] > score[1] ? 0 : score[1] > score[0] ? 1 : 2);
  data_.end_reason = static_cast<std::int8_t>(EndReason::kRoundLimit);
  data_.stage = Stage::kOver;
  data_.active = -1;
}

std::vector<double> AGameState::returns() const {
  if (data_.stage != Stage::kOver || data_.winner == 2) return {0.0, 0.0};
  return data_.winner == 0 ? std::vector<double>{1.0, -1.0} : std::vector<double>{-1.0, 1.0};
}

namespace {
// AGameGame::endings(), in this order (ruling "Victory"): EndReason less one.
constexpr std::string_view kAGameEndingNames[] = {"every enemy model down", "round limit reached"};
}  // namespace

std::span<const std::string_view> AGameGame::endings() const {
  return kAGameEndingNames;
}

int AGameState::ending() const {
  if (data_.stage != Stage::kOver) return -1;
  return static_cast<EndReason>(data_.end_reason) == EndReason::kRoundLimit ? 1 : 0;
}

std::string AGameState::round_limit_result(const std::string& winner) const {
  // As finish_by_rounds decides it: models standing (and objectives' points), then wounds left.
  int models[2] = {0, 0};
  int wounds[2] = {0, 0};
  for (int m = 0; m < game_->model_count(); ++m)
    if (standing(m)) {
      ++models[game_->model(m).side];
      wounds[game_->model(m).side] += data_.models[m].wounds;
    }
  const int objectives[2] = {objective_points(0), objective_points(1)};
  const int w = data_.winner;
  const int l = 1 - w;
  if (models[0] + objectives[0] != models[1] + objectives[1]) {
    if (objectives[0] == 0 && objectives[1] == 0)
      return fmt::format("{} has more models standing after round {} ({} to {})", winner,
                         data_.round, models[w], models[l]);
    return fmt::format(
        "{} has more models standing and objective points after round {} ({} + {} to {} + {})",
        winner, data_.round, models[w], objectives[w], models[l], objectives[l]);
  }
  return fmt::format(
      "{} has more wounds left on its models standing after round {} ({} to {}, "
      "tied on models standing{})",
      winner, data_.round, wounds[w], wounds[l],
      objectives[0] == 0 && objectives[1] == 0 ? "" : " and objective points");
}

std::string AGameState::end_reason() const {
  if (data_.stage != Stage::kOver) return "";
  const std::string winner = data_.winner == 0 ? "Red" : "Blue";
  switch (static_cast<EndReason>(data_.end_reason)) {
    case EndReason::kEliminated:
      return data_.winner == 2 ? "Both warbands are down"
                               : fmt::format("{} leaves no enemy model standing", winner);
    case EndReason::kRoundLimit:
      return data_.winner == 2
                 ? fmt::format("A draw after round {}: as many models and wounds standing",
                               data_.round)
                 : round_limit_result(winner);
    case EndReason::kNone:
      break;
  }
  return "";
}

void AGameState::unit_health_into(std::vector<UnitHealth>& out) const {
  out.resize(static_cast<std::size_t>(game_->model_count()));
  for (int m = 0; m < game_->model_count(); ++m)
    out[m] = {.wounds = data_.models[m].wounds, .alive = standing(m)};
}

bool AGameState::unit_health_differs(const std::vector<UnitHealth>& seen) const {
  if (seen.size() != static_cast<std::size_t>(game_->model_count())) return true;
  for (int m = 0; m < game_->model_count(); ++m)
    if (seen[m].wounds != data_.models[m].wounds || seen[m].alive != standing(m)) return true;
  return false;
}

std::vector<UnitStatus> AGameState::unit_statuses() const {
  std::vector<UnitStatus> out;
  for (int m = 0; m < game_->model_count(); ++m) {
    const GameModel& model = game_->model(m);
    out.push_back({.name = model.profile.name,
                   .side = model.side,
                   .points = 0,
                   .wounds = data_.models[m].wounds,
                   .max_wounds = model.profile.wounds,
                   .alive = standing(m)});
  }
  return out;
}

}  // namespace warband::agame
