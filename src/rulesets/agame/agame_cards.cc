// A Game's draft cards played (content/agame/cards.toml): a held card played once, as a decision
// of its holder, at its timing (docs/rulings/agame.md, "Cards in play"). Only a card that can do
// something now is offered, so a player holding none is not asked.
#include <fmt/format.h>

#include <algorithm>

#include "rulesets/agame/agame_state.h"
#include "rulesets/agame/attack_pipeline.h"
#include "rulesets/agame/dice_pools.h"

namespace warband::agame {
namespace {

// The timing and the event of the cards played at a moment.
CardTiming timing_of(CardMoment moment) {
  switch (moment) {
    case CardMoment::kAttackRoll:
    case CardMoment::kDefenseRoll:
      return CardTiming::kBeforeRoll;
    case CardMoment::kRerolls:
      return CardTiming::kAfterRoll;
    case CardMoment::kAttacked:
    case CardMoment::kHit:
    case CardMoment::kWounded:
    case CardMoment::kAllDodged:
    case CardMoment::kDying:
    case CardMoment::kEnemyMoved:
      return CardTiming::kReaction;
    case CardMoment::kSetup:
      return CardTiming::kSetup;
    default:
      return CardTiming::kActivation;
  }
}

ReactionTrigger trigger_of(CardMoment moment) {
  switch (moment) {
    case CardMoment::kAttacked:
      return ReactionTrigger::kAttacked;
    case CardMoment::kHit:
      return ReactionTrigger::kHit;
    case CardMoment::kWounded:
      return ReactionTrigger::kWounded;
    case CardMoment::kAllDodged:
      return ReactionTrigger::kAllDodged;
    case CardMoment::kDying:
      return ReactionTrigger::kDying;
    case CardMoment::kEnemyMoved:
      return ReactionTrigger::kEnemyMoved;
    default:
      return ReactionTrigger::kNone;
  }
}

// Whether the engine plays the effect at the moment (docs/rules/agame.md lists the rest).
bool effect_played(const CardEffect& effect, CardMoment moment) {
  switch (effect.kind) {
    case EffectKind::kExtraDice:
      return moment == CardMoment::kActivation
                 ? effect.pool == Pool::kMovement || effect.pool == Pool::kWild
                 : effect.pool == Pool::kAttack || effect.pool == Pool::kDefense;
    case EffectKind::kModify:
      return moment != CardMoment::kActivation || effect.stat == Stat::kAccuracy;
    case EffectKind::kMove:
      return moment == CardMoment::kActivation || moment == CardMoment::kAttacked;
    case EffectKind::kCounterAttack:
      return moment == CardMoment::kAllDodged || moment == CardMoment::kDying ||
             moment == CardMoment::kEnemyMoved;
    case EffectKind::kPlaceTerrain:
      return moment == CardMoment::kSetup || moment == CardMoment::kActivation;
    case EffectKind::kPlaceObjective:
      return moment == CardMoment::kSetup;
    default:
      return true;
  }
}

// Whether a target moved by `amount` changes how many of the die's faces meet it.
bool changes(int target, int amount, int faces) {
  return faces_meeting(target, faces) != faces_meeting(target + amount, faces);
}

}  // namespace

bool AGameState::effect_does_something(const CardEffect& effect, int model,
                                       CardMoment moment) const {
  const ModelState& s = data_.models[model];
  const Model& p = game_->model(model).profile;
  const int faces = game_->parameters().faces;
  const Strike& strike = this->strike();
  const int target = strike.targets[strike.pos];
  // The attacker's cards change its attack on any of its targets; the defender's its own roll.
  auto any_target = [&](auto&& does) {
    Strike each = strike;
    for (each.pos = 0; each.pos < strike.target_count; ++each.pos)
      if (standing(each.targets[each.pos]) && does(each, each.targets[each.pos])) return true;
    return false;
  };
  const bool attacker = moment == CardMoment::kAttackRoll;
  const bool defender = moment == CardMoment::kDefenseRoll || moment == CardMoment::kAttacked;
  switch (effect.kind) {
    case EffectKind::kExtraDice:
      if (moment == CardMoment::kActivation) return dice_in(s, effect.pool) < kMaxDice;
      if (attacker && effect.pool == Pool::kAttack)
        return strike.dice + strike.extra_dice < kMaxDice;
      // Iron Guard: a dodge die more, when a dodge can succeed.
      return moment == CardMoment::kDefenseRoll && effect.pool == Pool::kDefense &&
             faces_meeting(data_.last.needs[1], faces) > 0 &&
             std::min(kMaxDice, dodge_dice_left(model)) + strike.extra_dodge < kMaxDice;
    case EffectKind::kRefreshDice:
      return dice_in(s, effect.pool) < dice_in(p, effect.pool);
    case EffectKind::kHeal:
      return !s.dead && s.wounds < p.wounds;
    case EffectKind::kStandUp:
      return s.prone && !s.dying;
    case EffectKind::kMove:
      if (moment == CardMoment::kAttacked)
        // Dash for Cover: not against a charge (it has reached the model already).
        return standing(model) && !s.unmovable && !s.prone &&
               game_->model(strike.attacker).profile.attacks[strike.attack].move == 0;
      return standing(model) && !s.unmovable;
    case EffectKind::kModify:
      if (moment == CardMoment::kActivation) return effect.stat == Stat::kAccuracy;
      if (attacker) {
        return any_target([&](const Strike& each, int t) {
          switch (effect.stat) {
            case Stat::kChance:
              return changes(hit_target_against(each) + strike.chance, effect.amount, faces);
            case Stat::kAccuracy:
              return dodge_dice_left(t) > 0 &&
                     changes(
                         dodge_target_against(strike.attacker, strike.attack, t) + strike.accuracy,
                         effect.amount, faces);
            case Stat::kPower:
              return changes(save_target_against(strike.attacker, strike.attack, t) + strike.power,
                             effect.amount, faces);
            case Stat::kDamage:
              return wounds_caused(strike.attacker, strike.attack, t, 1, strike.damage) <
                     wounds_caused(strike.attacker, strike.attack, t, 1,
                                   strike.damage + effect.amount);
            default:
              return false;
          }
        });
      }
      if (!defender) return false;
      if (effect.stat == Stat::kDefense)
        return moment == CardMoment::kDefenseRoll &&
               dodge_dice_left(model) + strike.extra_dodge > 0 &&
               changes(data_.last.needs[1], effect.amount, faces);
      return effect.stat == Stat::kSave && changes(data_.last.needs[2], effect.amount, faces) &&
             wounds_caused(strike.attacker, strike.attack, target, 1, strike.damage) > 0;
    case EffectKind::kCancelHits:
      return data_.stage != Stage::kOver && strike.hits > 0;
    case EffectKind::kReroll:
      return moment == CardMoment::kRerolls && rerollable() > 0;
    case EffectKind::kCounterAttack: {
      if (moment == CardMoment::kEnemyMoved) {
        // Overwatch: the mover's move ended within the card's range of the model, standing.
        const int mover = data_.active;
        return standing(model) && standing(mover) && effect.range > 0 &&
               controller(mover) != game_->model(model).side &&
               tabletop::within_edge(model_geometry(model), model_geometry(mover),
                                     effect.range * tabletop::kUnitsPerInch) &&
               counter_attack_of(model, mover) >= 0;
      }
      // At the attack's own moments only (never a counter to a counter), on a standing enemy.
      const int enemy = strike.attacker;
      return data_.depth == 0 && standing(enemy) && controller(enemy) != game_->model(model).side &&
             counter_attack_of(model, enemy) >= 0;
    }
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
      return false;
  }
}

int AGameState::rerollable() const {
  const Strike& s = strike();
  if (s.rolled < s.to_roll) return 0;
  switch (s.phase) {
    case Phase::kAttack:
      return s.to_roll - s.hits;
    case Phase::kDodge:
      // A dodge re-rolled only matters while hits are left to dodge.
      return s.dodges < s.hits ? s.to_roll - s.dodges : 0;
    case Phase::kSave:
      return s.to_roll - s.saves;
  }
  return 0;
}

int AGameState::counter_attack_of(int model, int enemy) const {
  const Model& profile = game_->model(model).profile;
  const Scene scene = this->scene();
  for (int k = 0; k < static_cast<int>(profile.attacks.size()); ++k) {
    const Attack& a = profile.attacks[k];
    if (a.move > 0) continue;  // a charge is a move, not an answer
    if (tabletop::within_edge(scene.models[scene.slot[model]], scene.models[scene.slot[enemy]],
                              a.reach) &&
        in_sight(scene, model, enemy))
      return k;
  }
  return -1;
}

bool AGameState::card_playable(int side, int slot, int model, CardMoment moment) const {
  if (!holds(side, slot)) return false;
  const Card& card = game_->card(data_.draft.hands[side][slot]);
  if (card.timing != timing_of(moment) || card.reaction_to != trigger_of(moment)) return false;
  // Every effect must be one the engine plays, and one of them must change something: a piece or
  // an objective, that there is a spot for it.
  bool any = false;
  for (const CardEffect& effect : card.effects) {
    if (!effect_played(effect, moment)) return false;
    if (effect.kind == EffectKind::kPlaceTerrain || effect.kind == EffectKind::kPlaceObjective) {
      static thread_local std::vector<Action> spots;
      spots.clear();
      placements_into(spots, data_.draft.hands[side][slot], side, /*first_only=*/true);
      any |= !spots.empty();
    } else {
      any |= effect_does_something(effect, model, moment);
    }
  }
  return any;
}

void AGameState::cards_into(std::vector<Action>& out, int model, CardMoment moment) const {
  const int side = game_->model(model).side;
  const DraftData& d = data_.draft;
  for (int slot = 0; slot < d.hand_size[side]; ++slot) {
    if (!card_playable(side, slot, model, moment)) continue;
    // Two copies of a card are one choice: the first held is offered.
    bool copy = false;
    for (int before = 0; before < slot; ++before)
      copy |= holds(side, before) && d.hands[side][before] == d.hands[side][slot];
    if (!copy) out.push_back(encode_action(ActionKind::kPlayCard, model, slot));
  }
}

bool AGameState::has_card_for(int model, CardMoment moment) const {
  if (!game_->draft_on()) return false;
  // Asked at every roll: no allocation, and nothing to look at once the hand is played out.
  const int side = game_->model(model).side;
  const DraftData& d = data_.draft;
  if (d.played[side] == (1u << d.hand_size[side]) - 1) return false;
  for (int slot = 0; slot < d.hand_size[side]; ++slot)
    if (card_playable(side, slot, model, moment)) return true;
  return false;
}

void AGameState::play_card(int model, int slot) {
  const int side = game_->model(model).side;
  data_.draft.played[side] |= static_cast<std::uint16_t>(1u << slot);
  const Card& card = game_->card(data_.draft.hands[side][slot]);
  const CardMoment moment =
      data_.stage == Stage::kCardReaction ? data_.card_moment : CardMoment::kActivation;
  ModelState& s = data_.models[model];
  const Model& p = game_->model(model).profile;
  Strike& strike = data_.strikes[data_.depth];
  const auto add = [](std::int8_t& value, int amount) {
    value = static_cast<std::int8_t>(value + amount);
  };
  bool moves = false;
  int move_budget = 0;
  for (const CardEffect& effect : card.effects) {
    switch (effect.kind) {
      case EffectKind::kExtraDice: {
        if (moment == CardMoment::kAttackRoll) {
          add(strike.extra_dice,
              std::min(effect.amount, kMaxDice - strike.dice - strike.extra_dice));
        } else if (moment == CardMoment::kDefenseRoll) {
          add(strike.extra_dodge, effect.amount);  // the kDodge choice leaves room for them
        } else {
          std::int8_t& pool = dice_in(s, effect.pool);
          pool = static_cast<std::int8_t>(std::min(kMaxDice, pool + effect.amount));
        }
        break;
      }
      case EffectKind::kRefreshDice: {
        std::int8_t& pool = dice_in(s, effect.pool);
        pool = static_cast<std::int8_t>(
            std::max<int>(pool, std::min(dice_in(p, effect.pool), pool + effect.amount)));
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
        if (moment == CardMoment::kActivation) {
          add(s.card_accuracy, effect.amount);
        } else if (moment == CardMoment::kAttackRoll) {
          switch (effect.stat) {
            case Stat::kAccuracy:
              add(strike.accuracy, effect.amount);
              break;
            case Stat::kPower:
              add(strike.power, effect.amount);
              break;
            case Stat::kDamage:
              add(strike.damage, effect.amount);
              break;
            case Stat::kChance:
              add(strike.chance, effect.amount);
              break;
            default:
              break;
          }
        } else if (effect.stat == Stat::kDefense) {
          add(data_.last.needs[1], effect.amount);  // this target's roll only
        } else if (effect.stat == Stat::kSave) {
          add(data_.last.needs[2], effect.amount);
        }
        break;
      case EffectKind::kCancelHits:
        strike.hits = static_cast<std::int8_t>(std::max(0, strike.hits - effect.amount));
        break;
      case EffectKind::kPlaceTerrain:
      case EffectKind::kPlaceObjective:
        // Where it goes is the player's next decision (agame_placing.cc).
        data_.placing_card = data_.draft.hands[side][slot];
        data_.placing_side = static_cast<std::int8_t>(side);
        data_.stage = Stage::kPlacing;
        break;
      case EffectKind::kCounterAttack: {
        // The card's dice, from no pool, on the attacker alone (ruling "Counter-attack cards");
        // Overwatch's is an attack of its own on the mover, in the mover's activation.
        const bool overwatch = moment == CardMoment::kEnemyMoved;
        const int enemy = overwatch ? data_.active : data_.strikes[0].attacker;
        Strike& counter = data_.strikes[overwatch ? 0 : 1];
        counter = Strike{};
        counter.attacker = static_cast<std::int8_t>(model);
        counter.attack = static_cast<std::int8_t>(counter_attack_of(model, enemy));
        counter.dice = static_cast<std::int8_t>(std::min(kMaxDice, effect.amount));
        counter.targets[0] = static_cast<std::int8_t>(enemy);
        counter.target_count = 1;
        if (!overwatch) data_.depth = 1;
        break;
      }
      case EffectKind::kReroll: {
        // The failed dice are taken back and rolled again (the first ones shown, up to the
        // card's number): the roll goes on with them as dice not rolled yet.
        const int phase = static_cast<int>(strike.phase);
        const int faces = game_->parameters().faces;
        int again = std::min(effect.amount, rerollable());
        auto& shown = data_.last.faces[phase];
        std::int8_t& count = data_.last.count[phase];
        int kept = 0;
        for (int i = 0; i < count; ++i) {
          if (again > 0 && !meets_target(shown[i], data_.last.needs[phase], faces)) {
            --again;
            --strike.rolled;
            continue;
          }
          shown[kept++] = shown[i];
        }
        count = static_cast<std::int8_t>(kept);
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
  if (moves && moment == CardMoment::kAttacked) {
    // Dash for Cover: the target's own leg, in the attacker's activation.
    data_.dasher = static_cast<std::int8_t>(model);
    data_.leg = LegKind::kSprint;
    data_.leg_budget = move_budget;
  } else if (moves && model == data_.active) {
    // A card's move is a leg of its own, as a movement die's, but of the card's length.
    data_.leg = LegKind::kSprint;
    data_.leg_budget = move_budget;
    data_.stage = Stage::kMoving;
  }
}

void AGameState::play_moment_card(int model, int slot) {
  const CardMoment moment = data_.card_moment;
  play_card(model, slot);
  if (data_.dasher >= 0) {
    // Dash for Cover: its leg first; after_dash() goes on with the attack or past it.
    data_.card_model = -1;
    data_.card_moment = CardMoment::kNone;
    data_.stage = Stage::kMoving;
    return;
  }
  if (moment == CardMoment::kRerolls) {
    // The dice taken back are rolled before anything else; the window opens again after them.
    data_.card_model = -1;
    data_.card_moment = CardMoment::kNone;
    data_.stage = Stage::kRoll;
    return;
  }
  if ((data_.depth == 1 && (moment == CardMoment::kAllDodged || moment == CardMoment::kDying)) ||
      (moment == CardMoment::kEnemyMoved && data_.strikes[0].attacker == model)) {
    // A counter-attack is the model's answer: it is rolled, then the attack goes on with its
    // next target (end_strike), no other card or reaction of the model's answering it.
    data_.card_model = -1;
    data_.card_moment = CardMoment::kNone;
    begin_target();
    return;
  }
  // A side may play several cards at one moment, one at a time, until it passes or has none left.
  if (!has_card_for(data_.card_model, moment)) close_card_window();
}

bool AGameState::open_move_window() {
  const int mover = data_.active;
  for (int w = 0; w < game_->model_count(); ++w)
    if (game_->model(w).side != controller(mover) && plays_own(w) &&
        open_card_window(w, CardMoment::kEnemyMoved))
      return true;
  return false;
}

bool AGameState::open_card_window(int model, CardMoment moment) {
  if (!has_card_for(model, moment)) return false;
  data_.card_model = static_cast<std::int8_t>(model);
  data_.card_moment = moment;
  data_.stage = Stage::kCardReaction;
  return true;
}

void AGameState::close_card_window() {
  const CardMoment moment = data_.card_moment;
  data_.card_model = -1;
  data_.card_moment = CardMoment::kNone;
  switch (moment) {
    case CardMoment::kAttackRoll:
      begin_target();
      return;
    case CardMoment::kAttacked:
      data_.stage = Stage::kRoll;
      return;
    case CardMoment::kHit:
      before_dodge();
      return;
    case CardMoment::kDefenseRoll:
      after_hits();
      return;
    case CardMoment::kRerolls:
      end_of_phase();
      return;
    case CardMoment::kDying:
      after_fall();
      return;
    case CardMoment::kAllDodged:
      ability_reactions();
      return;
    case CardMoment::kEnemyMoved:
      data_.stage = Stage::kActivation;  // the mover goes on
      return;
    default:
      after_wounds();
      return;
  }
}

std::string AGameState::card_action_text(Action action) const {
  const int m = model_of(action);
  const bool setup = data_.stage == Stage::kSetupCards;
  if (kind_of(action) == ActionKind::kKeepCards)
    return setup ? "Play no more setup cards" : fmt::format("Play no card on {}", model_name(m));
  const int side = game_->model(m).side;
  const Card& card = game_->card(data_.draft.hands[side][payload_of(action)]);
  if (setup) return fmt::format("Play {}: {}", card.name, card.text);
  return fmt::format("Play {} on {}: {}", card.name, model_name(m), card.text);
}

}  // namespace warband::agame
