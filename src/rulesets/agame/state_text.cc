// A Game in words: each action ("R1 Vampire Swordfighter attacks B2 Great Ram of Shamborga with
// Vicious Stab"), each die with what it did, and the table as core's character map with a roster
// line per model and its dice pools left.
#include <fmt/format.h>

#include <vector>

#include "core/tabletop_picture.h"
#include "core/tabletop_text.h"
#include "rulesets/agame/agame_state.h"
#include "rulesets/agame/attack_pipeline.h"

namespace warband::agame {
namespace {

constexpr int kColumnInches = 1;
constexpr int kRowInches = 2;

}  // namespace

std::string AGameState::action_to_string(Action action) const {
  const int m = model_of(action);
  const int payload = static_cast<int>(payload_of(action));
  switch (kind_of(action)) {
    case ActionKind::kDie: {
      if (data_.stage == Stage::kShuffle)
        return fmt::format(
            "Shuffle: {}'s deck, card {} of those left",
            data_.draft.shuffled[0] < static_cast<int>(game_->deck(0).size()) ? "Red" : "Blue",
            payload);
      if (data_.stage == Stage::kRollOff)
        return fmt::format("Roll-off for the draft: {} is the first player",
                           payload == 1 ? "Red" : "Blue");
      if (data_.stage == Stage::kReactionRoll) {
        const Ability& ability = game_->model(data_.reactor).profile.abilities[data_.reaction];
        return fmt::format("{} die: {} ({}+: {})", ability.name, payload, ability.chance,
                           meets_target(payload, ability.chance, game_->parameters().faces)
                               ? "success"
                               : "failure");
      }
      const Strike& s = strike();
      const int faces = game_->parameters().faces;
      // While rolling, the N+ fixed when the roll began (the cards played at it included); before
      // it (a die asked about early), as it would be now.
      const bool rolling = data_.stage == Stage::kRoll;
      const int target = s.targets[s.pos];
      switch (s.phase) {
        case Phase::kAttack: {
          const int hit = rolling ? data_.last.needs[0] : hit_target_against(s) + s.chance;
          const bool cover = rolling
                                 ? data_.last.cover
                                 : hit_target_against(s) !=
                                       game_->model(s.attacker).profile.attacks[s.attack].chance;
          return fmt::format("Attack die: {} ({}+{}: {})", payload, hit, cover ? " in cover" : "",
                             meets_target(payload, hit, faces) ? "hit" : "miss");
        }
        case Phase::kDodge: {
          const int dodge = rolling
                                ? data_.last.needs[1]
                                : dodge_target_against(s.attacker, s.attack, target) + s.accuracy;
          return fmt::format("Dodge die: {} ({}+: {})", payload, dodge,
                             meets_target(payload, dodge, faces) ? "dodge" : "failure");
        }
        case Phase::kSave: {
          const int save = rolling ? data_.last.needs[2]
                                   : save_target_against(s.attacker, s.attack, target) + s.power;
          return fmt::format("Save die: {} ({}+: {})", payload, save,
                             meets_target(payload, save, faces) ? "saved" : "failure");
        }
      }
      return "?";
    }
    case ActionKind::kActivate:
      return fmt::format("Activate {}{}", model_name(m),
                         data_.models[m].charmed ? " (charmed: the enemy plays it)" : "");
    case ActionKind::kMove:
      return fmt::format("{} spends a movement die to move ({}\"; {} left)", model_name(m),
                         tabletop::inches_text(game_->parameters().movement_per_die),
                         data_.models[m].movement_dice - 1);
    case ActionKind::kStandUp:
      return fmt::format("{} spends a movement die to stand up", model_name(m));
    case ActionKind::kAttack: {
      const int attack = payload >> 8;
      const int target = payload & 0xff;
      const Attack& a = game_->model(m).profile.attacks[attack];
      const std::string cost =
          a.cost > 0 ? fmt::format(", costs {} {} die", a.cost, a.cost_dice) : "";
      if (a.move > 0)
        return fmt::format(
            "{}: {} (moves up to {}\" through models, then attacks each model "
            "passed{})",
            model_name(m), a.name, tabletop::inches_text(a.move), cost);
      if (target == kNoTarget)
        return fmt::format("{}: {} on every enemy within {}\"{}", model_name(m), a.name,
                           tabletop::inches_text(a.reach), cost);
      // Rulings "Cover" and "High ground": what the position adds, said where it is chosen.
      const int cover = cover_against(m, attack, target);
      const std::string position = fmt::format(
          "{}{}",
          cover > 0 ? fmt::format(", in cover: hits on {}+", hit_target(a.chance, cover)) : "",
          high_ground(m, target) ? ", from high ground" : "");
      return fmt::format("{} attacks {} with {} (dodge {}+, save {}+{}{})", model_name(m),
                         model_name(target), a.name, dodge_target_against(m, attack, target),
                         save_target_against(m, attack, target), position, cost);
    }
    case ActionKind::kAbility: {
      const Ability& ability = game_->model(m).profile.abilities[payload >> 8];
      const int target = payload & 0xff;
      if (target == kNoTarget) return fmt::format("{}: {}", model_name(m), ability.name);
      return fmt::format("{}: {} on {}", model_name(m), ability.name, model_name(target));
    }
    case ActionKind::kEndActivation:
      return fmt::format("End {}'s activation", model_name(m));
    case ActionKind::kMoveTo: {
      const tabletop::Point to = tabletop::unpack_point(payload_of(action));
      const char* verb = data_.leg == LegKind::kCharge  ? "charges"
                         : data_.leg == LegKind::kBlink ? "blinks"
                                                        : "moves";
      return fmt::format("{} {} to {}", model_name(m), verb, tabletop::point_text(to));
    }
    case ActionKind::kStopMoving:
      return fmt::format("{} stays where it is", model_name(m));
    case ActionKind::kAllocate: {
      const Attack& a = game_->model(m).profile.attacks[strike().attack];
      return fmt::format("{} rolls {} {} for {}", model_name(m), payload,
                         payload == 1 ? "die" : "dice", a.name);
    }
    case ActionKind::kDodge:
      return payload == 0 ? fmt::format("{} does not dodge", model_name(m))
                          : fmt::format("{} rolls {} dodge {}", model_name(m), payload,
                                        payload == 1 ? "die" : "dice");
    case ActionKind::kReact:
      return fmt::format("{} reacts: {}", model_name(m),
                         game_->model(m).profile.abilities[payload].name);
    case ActionKind::kDecline:
      return fmt::format("{} does not react", model_name(m));
    case ActionKind::kDraftChoice: {
      const OfferedCard& offered = draft_->table()[payload];
      return fmt::format("{} {} ({}'s deck)", draft_->step() == DraftStep::kBurn ? "Burn" : "Pick",
                         find_card(game_->cards(), offered.card)->name,
                         offered.deck == 0 ? "Red" : "Blue");
    }
    case ActionKind::kPlayCard:
    case ActionKind::kKeepCards:
      return card_action_text(action);
    case ActionKind::kPlace:
      return fmt::format("Place {} at {}{}", game_->card(data_.placing_card).name,
                         tabletop::point_text(tabletop::unpack_point(payload_of(action))),
                         m == 1 ? ", turned a quarter" : "");
  }
  return "?";
}

std::string AGameState::to_string() const {
  std::vector<tabletop::PictureMark> marks;
  for (int m = 0; m < game_->model_count(); ++m)
    if (!data_.models[m].dead) marks.push_back({data_.models[m].at, game_->model(m).label});
  const std::vector<std::string> map =
      tabletop::table_picture(table(), marks, kColumnInches, kRowInches);
  std::string out = fmt::format(
      "{}, round {} of {}. Blue's edge on top; 1 column = {}\", 1 row = {}\"\n",
      game_->table_name(), data_.round, game_->round_limit(), kColumnInches, kRowInches);
  for (const std::string& row : map)
    out += "  " + row + "\n";
  if (const std::string key = tabletop::table_picture_key(table()); !key.empty())
    out += "  " + key + "\n";
  for (int m = 0; m < game_->model_count(); ++m) {
    const GameModel& model = game_->model(m);
    const ModelState& s = data_.models[m];
    if (s.dead) {
      out += fmt::format("{}: dead\n", model_name(m));
      continue;
    }
    std::string tokens;
    if (s.dying) tokens += ", DYING";
    if (s.activated) tokens += ", activated";
    if (s.prone && !s.dying) tokens += ", prone";
    if (s.mistform) tokens += ", Mistform";
    if (s.unmovable) tokens += ", unmovable";
    if (s.charmed) tokens += ", charmed";
    out += fmt::format("{}: {}, wounds {}/{}, dice A{} D{} W{} M{}{}\n", model_name(m),
                       tabletop::point_text(s.at), s.wounds, model.profile.wounds, s.attack_dice,
                       s.defense_dice, s.wild_dice, s.movement_dice, tokens);
  }
  // A roll under way is shown at every board; a finished one once, at the first board after it.
  const bool rolling = data_.last.attacker >= 0 && data_.last.wounds < 0;
  if (rolling || (data_.last.attacker >= 0 && roll_just_ended_)) {
    const LastRoll& r = data_.last;
    auto dice = [&](int phase) {
      std::string text;
      for (int i = 0; i < r.count[phase]; ++i)
        text += fmt::format("{}{}", i ? ", " : "", r.faces[phase][i]);
      return text.empty() ? std::string("-") : text;
    };
    const std::string who = fmt::format("{} on {} with {}", game_->model(r.attacker).label,
                                        game_->model(r.target).label,
                                        game_->model(r.attacker).profile.attacks[r.attack].name);
    if (rolling && r.count[0] + r.count[1] + r.count[2] == 0)
      out += fmt::format("Rolling: {}, no die rolled yet\n", who);
    else
      out += fmt::format(
          "{}: {}: attack {}; dodge {}; save {}{}\n", rolling ? "Rolling" : "Last roll", who,
          dice(0), dice(1), dice(2),
          r.wounds >= 0 ? fmt::format(" → {} wound{}", r.wounds, r.wounds == 1 ? "" : "s") : "");
  }
  out += cards_text();
  if (data_.stage == Stage::kOver) out += end_reason() + "\n";
  return out;
}

}  // namespace warband::agame
