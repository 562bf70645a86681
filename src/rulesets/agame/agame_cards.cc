// A Game's draft cards played (content/agame/cards.toml): a held card played once, as a decision
// of its holder, at its timing (docs/rulings/agame.md, "Cards in play"). Only a card that can do
// something now is offered, so a player holding none is not asked.
#include <fmt/format.h>

#include <algorithm>

#include "rulesets/agame/agame_state.h"

namespace warband::agame {
namespace {

// A model's dice left in a pool: writable for a ModelState, read-only for a const one.
template <class State>
auto& pool_of(State& s, Pool pool) {
  switch (pool) {
    case Pool::kAttack:
      return s.attack_dice;
    case Pool::kDefense:
      return s.defense_dice;
    case Pool::kWild:
      return s.wild_dice;
    default:
      return s.movement_dice;
  }
}

int profile_pool(const Model& p, Pool pool) {
  switch (pool) {
    case Pool::kAttack:
      return p.attack_dice;
    case Pool::kDefense:
      return p.defense_dice;
    case Pool::kWild:
      return p.wild_dice;
    default:
      return p.movement_dice;
  }
}

}  // namespace

bool AGameState::effect_does_something(const CardEffect& effect, int model) const {
  const ModelState& s = data_.models[model];
  const Model& p = game_->model(model).profile;
  switch (effect.kind) {
    case EffectKind::kExtraDice:
      // At an activation's start: movement and wild dice to spend in it.
      return (effect.pool == Pool::kMovement || effect.pool == Pool::kWild) &&
             pool_of(s, effect.pool) < kMaxDice;
    case EffectKind::kRefreshDice:
      return pool_of(s, effect.pool) < profile_pool(p, effect.pool);
    case EffectKind::kHeal:
      return !s.dead && s.wounds < p.wounds;
    case EffectKind::kStandUp:
      return s.prone && !s.dying;
    case EffectKind::kMove:
      return standing(model) && !s.unmovable;
    case EffectKind::kModify:
      return effect.stat == Stat::kAccuracy;
    case EffectKind::kCancelHits:
      return data_.stage != Stage::kOver && strike().hits > 0;
    case EffectKind::kGrantAbility:
      switch (effect.ability) {
        case GrantedAbility::kMistform:
          return !s.mistform && standing(model);
        case GrantedAbility::kImmovable:
          return !s.unmovable;
        case GrantedAbility::kIgnoreRoughTerrain:
          return !s.pathfinder && !s.mistform;
        case GrantedAbility::kWide:
          return !s.sweeping;
        case GrantedAbility::kNone:
          return false;
      }
      return false;
    default:
      // Terrain, objectives, re-rolls and counter-attacks are not played yet: never offered.
      return false;
  }
}

bool AGameState::card_playable(int side, int slot, int model, CardTiming timing,
                               ReactionTrigger trigger) const {
  if (!holds(side, slot)) return false;
  const Card& card = game_->card(data_.draft.hands[side][slot]);
  if (card.timing != timing || card.reaction_to != trigger) return false;
  // Every effect must be one the engine plays, and one of them must change something.
  bool any = false;
  for (const CardEffect& effect : card.effects) {
    const bool played_kind =
        effect.kind != EffectKind::kPlaceTerrain && effect.kind != EffectKind::kPlaceObjective &&
        effect.kind != EffectKind::kReroll && effect.kind != EffectKind::kCounterAttack &&
        !(effect.kind == EffectKind::kModify && effect.stat != Stat::kAccuracy) &&
        !(effect.kind == EffectKind::kExtraDice && effect.pool != Pool::kMovement &&
          effect.pool != Pool::kWild);
    if (!played_kind) return false;
    any |= effect_does_something(effect, model);
  }
  return any;
}

void AGameState::cards_into(std::vector<Action>& out, int model, CardTiming timing,
                            ReactionTrigger trigger) const {
  const int side = game_->model(model).side;
  const DraftData& d = data_.draft;
  for (int slot = 0; slot < d.hand_size[side]; ++slot) {
    if (!card_playable(side, slot, model, timing, trigger)) continue;
    // Two copies of a card are one choice: the first held is offered.
    bool copy = false;
    for (int before = 0; before < slot; ++before)
      copy |= holds(side, before) && d.hands[side][before] == d.hands[side][slot];
    if (!copy) out.push_back(encode_action(ActionKind::kPlayCard, model, slot));
  }
}

bool AGameState::has_card_for(int model, CardTiming timing, ReactionTrigger trigger) const {
  if (!game_->draft_on()) return false;
  std::vector<Action> actions;
  cards_into(actions, model, timing, trigger);
  return !actions.empty();
}

void AGameState::play_card(int model, int slot) {
  const int side = game_->model(model).side;
  data_.draft.played[side] |= static_cast<std::uint16_t>(1u << slot);
  const Card& card = game_->card(data_.draft.hands[side][slot]);
  ModelState& s = data_.models[model];
  const Model& p = game_->model(model).profile;
  bool moves = false;
  int move_budget = 0;
  for (const CardEffect& effect : card.effects) {
    switch (effect.kind) {
      case EffectKind::kExtraDice: {
        std::int8_t& pool = pool_of(s, effect.pool);
        pool = static_cast<std::int8_t>(std::min(kMaxDice, pool + effect.amount));
        break;
      }
      case EffectKind::kRefreshDice: {
        std::int8_t& pool = pool_of(s, effect.pool);
        pool = static_cast<std::int8_t>(
            std::max<int>(pool, std::min(profile_pool(p, effect.pool), pool + effect.amount)));
        break;
      }
      case EffectKind::kHeal:
        if (s.dying) {
          // As a heal ability (ruling "Dying"): back in the fight, still prone.
          s.dying = false;
          s.wounds = static_cast<std::int8_t>(std::min(p.wounds, effect.amount));
        } else {
          s.wounds = static_cast<std::int8_t>(std::min(p.wounds, s.wounds + effect.amount));
        }
        break;
      case EffectKind::kStandUp:
        if (!s.dying) s.prone = false;
        break;
      case EffectKind::kMove:
        moves = standing(model) && !s.unmovable && !s.prone;
        move_budget = effect.amount * tabletop::kUnitsPerInch;
        break;
      case EffectKind::kModify:
        s.card_accuracy = static_cast<std::int8_t>(s.card_accuracy + effect.amount);
        break;
      case EffectKind::kCancelHits: {
        Strike& strike = data_.strikes[data_.depth];
        strike.hits = static_cast<std::int8_t>(std::max(0, strike.hits - effect.amount));
        break;
      }
      case EffectKind::kGrantAbility:
        switch (effect.ability) {
          case GrantedAbility::kMistform:
            s.mistform = true;
            s.mist_ending = model == data_.active;  // ruling "Cards in play": to the round's end
            break;
          case GrantedAbility::kImmovable:
            s.unmovable = true;
            break;
          case GrantedAbility::kIgnoreRoughTerrain:
            s.pathfinder = true;
            break;
          case GrantedAbility::kWide:
            s.sweeping = true;
            break;
          case GrantedAbility::kNone:
            break;
        }
        break;
      default:
        break;
    }
  }
  if (moves && model == data_.active) {
    // A card's move is a leg of its own, as a movement die's but of the card's length.
    data_.leg = LegKind::kSprint;
    data_.leg_budget = move_budget;
    data_.stage = Stage::kMoving;
  }
}

bool AGameState::open_card_window(int model, ReactionTrigger trigger) {
  if (!has_card_for(model, CardTiming::kReaction, trigger)) return false;
  data_.card_model = static_cast<std::int8_t>(model);
  data_.card_trigger = static_cast<std::int8_t>(trigger);
  data_.stage = Stage::kCardReaction;
  return true;
}

void AGameState::close_card_window() {
  const auto trigger = static_cast<ReactionTrigger>(data_.card_trigger);
  data_.card_model = -1;
  data_.card_trigger = 0;
  if (trigger == ReactionTrigger::kHit) {
    after_hits();
  } else {
    after_wounds();
  }
}

std::string AGameState::card_action_text(Action action) const {
  const int m = model_of(action);
  if (kind_of(action) == ActionKind::kKeepCards)
    return fmt::format("Play no card on {}", model_name(m));
  const int side = game_->model(m).side;
  const Card& card = game_->card(data_.draft.hands[side][payload_of(action)]);
  return fmt::format("Play {} on {}: {}", card.name, model_name(m), card.text);
}

}  // namespace warband::agame
