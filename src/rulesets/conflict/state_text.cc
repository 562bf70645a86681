// Conflict in words: each action ("R2 Knight Captain moves to (12.5, 7)"), and the table as a
// scaled character map with a roster line per model.
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <vector>

#include "core/tabletop_picture.h"
#include "core/tabletop_text.h"
#include "rulesets/conflict/combat.h"
#include "rulesets/conflict/conflict_state.h"

namespace warband::conflict {
namespace {

// Inches per character across and down the map: a 36" table is 36 columns by 18 rows.
constexpr int kColumnInches = 1;
constexpr int kRowInches = 2;

std::string facing_text(int facing) {
  return fmt::format("{}°", (facing + 5) / 10 % 360);
}

std::string condition_text(const ModelState& s) {
  static const char* const kNames[kConditionCount] = {
      "Slow",           "Weak",          "Hindered", "Damage Over Time", "Reduced Physical",
      "Reduced Energy", "Reduced Psyche"};
  std::string out;
  for (int c = 0; c < kConditionCount; ++c)
    if (s.conditions[c] > 0) out += fmt::format(", {} {}", kNames[c], s.conditions[c]);
  return out;
}

// What an ability action does, in words: "Hindered +1", "+2 wounds", "a push", "+1 Defense".
std::string ability_effect_text(const AbilityAction& action) {
  switch (action.effect) {
    case AbilityEffect::kInflict:
      return fmt::format("{} +{}", effect_name(action.condition), action.amount);
    case AbilityEffect::kRecover:
      return fmt::format("+{} wound{}", action.amount, action.amount == 1 ? "" : "s");
    case AbilityEffect::kShove:
      return "a push";
    case AbilityEffect::kGuard:
      return fmt::format("+{} Defense", action.amount);
  }
  return "?";
}

}  // namespace

std::string ConflictState::flip_result(int card) const {
  if (data_.stage != Stage::kAttackCards || data_.card_count + 1 != flip_cards()) return "";
  // The flip as apply() resolves it, with `card` as its last: seed, Combat Resolution: "4. If
  // Total Attack Value > Total Defense Value: Hit. Damage = Difference. 5. If Total Attack Value
  // <= Total Defense Value: Miss."
  std::array<int, 4> values{};
  for (int i = 0; i < data_.card_count; ++i)
    values[i] = card_value(data_.cards[i]);
  values[data_.card_count] = card_value(card);
  int attack = 0;
  int defense = 0;
  std::string target;
  if (data_.ability >= 0) {  // ruling "Ability actions": the effect happens on a "Hit"
    const int model = data_.targets[0];
    attack = values[0] + values[1] + ability_flip_attack(data_.active, data_.ability);
    defense = values[2] + values[3] + ability_flip_defense(data_.active, data_.ability, model);
    const ModelAbilityAction& used = game_->model(data_.active).actions[data_.ability];
    if (attack <= defense)
      return fmt::format(" → {} against {}: {} resists {}", attack, defense, model_name(model),
                         used.name);
    return fmt::format(" → {} against {}: {} on {}", attack, defense,
                       ability_effect_text(used.action), model_name(model));
  }
  if (data_.target_piece >= 0) {  // ruling "Terrain that fights back": its Resistance defends
    attack = values[0] + values[1] + piece_attack_bonus();
    defense = piece_resistance(data_.target_piece);
    target = "the " + game_->piece_name(data_.target_piece);
  } else if (data_.impact > 0) {  // a thrown piece: its Size against the target's own flip
    const int model = data_.targets[0];
    attack = data_.impact;
    defense = values[0] + values[1] + impact_defense_bonus(model);
    target = model_name(model);
  } else {
    const int model = data_.targets[data_.target_pos];
    const AttackOdds odds = attack_odds(data_.active, data_.attack, model);
    attack = values[0] + values[1] + odds.attack;
    defense = values[2] + values[3] + odds.defense;
    target = model_name(model);
  }
  const int damage = attack_damage(attack, defense);
  if (damage == 0) return fmt::format(" → {} against {}: misses {}", attack, defense, target);
  return fmt::format(" → {} against {}: {} damage to {}", attack, defense, damage, target);
}

std::string ConflictState::action_to_string(Action action) const {
  const int m = model_of(action);
  const std::uint64_t payload = payload_of(action);
  switch (kind_of(action)) {
    case ActionKind::kCard: {
      const int card = static_cast<int>(payload);
      if (data_.stage == Stage::kInitiative)
        return fmt::format("{} initiative card: {}", data_.card_count < 2 ? "Red's" : "Blue's",
                           card_label(card));
      const char* flip = data_.ability >= 0 ? (data_.card_count < 2 ? "Ability" : "Resist")
                         : data_.card_count < 2 && data_.impact == 0 ? "Attack"
                                                                     : "Defense";
      return fmt::format("{} card: {}{}", flip, card_label(card), flip_result(card));
    }
    case ActionKind::kUseAbility: {
      const int index = static_cast<int>(payload >> 8);
      const int target = static_cast<int>(payload & 0xff);
      const ModelAbilityAction& used = game_->model(m).actions[index];
      static const char* const kCosts[] = {"", ", costs its Move", ", costs its Maneuver",
                                           ", costs its Attack"};
      const std::string flip = used.action.flip
                                   ? fmt::format(", {} against {}", ability_flip_attack(m, index),
                                                 ability_flip_defense(m, index, target))
                                   : "";
      return fmt::format("{} uses {} on {} ({}{}{})", model_name(m), used.name,
                         target == m ? "itself" : model_name(target),
                         ability_effect_text(used.action), flip,
                         kCosts[static_cast<int>(used.action.cost)]);
    }
    case ActionKind::kPass:
      return "Pass the activation";
    case ActionKind::kActivate:
      return fmt::format("Activate {}", model_name(m));
    case ActionKind::kMove:
      return fmt::format("{} moves ({} Strides)", model_name(m), data_.strides_left);
    case ActionKind::kManeuver: {
      const Maneuver maneuver = static_cast<Maneuver>(payload & 0xff);
      if (maneuver == Maneuver::kShake) {
        static const char* const kNames[kConditionCount] = {
            "Slow",           "Weak",          "Hindered", "Damage Over Time", "Reduced Physical",
            "Reduced Energy", "Reduced Psyche"};
        return fmt::format("{} shakes off {}", model_name(m), kNames[(payload >> 8) - 1]);
      }
      if (maneuver == Maneuver::kThrowModel) {
        const int target = static_cast<int>((payload >> 8) & 0xff);
        return fmt::format("{} throws {} {}\" (costs its {})", model_name(m), model_name(target),
                           tabletop::inches_text(throw_range(m, target)),
                           (payload >> 16) == kMoveSlot ? "Move" : "Attack");
      }
      if (maneuver == Maneuver::kThrowTerrain) {
        const int piece = static_cast<int>((payload >> 8) & 0xff);
        const int aim = static_cast<int>(payload >> 18);
        return fmt::format(
            "{} throws the {} at {} (costs its {})", model_name(m), game_->piece_name(piece),
            aim >= kAimPiece ? "the " + game_->piece_name(aim - kAimPiece) : model_name(aim),
            ((payload >> 16) & 3) == kMoveSlot ? "Move" : "Attack");
      }
      if (maneuver == Maneuver::kInteract) {
        const Objective& objective = game_->table_objective(static_cast<int>(payload >> 8));
        const char* verb = objective.kind == ObjectiveKind::kSeize      ? "seizes"
                           : objective.kind == ObjectiveKind::kActivate ? "activates"
                                                                        : "picks up";
        return fmt::format("{} {} the {} ({} Stride{})", model_name(m), verb, objective.name,
                           interact_cost(m), interact_cost(m) == 1 ? "" : "s");
      }
      if (maneuver == Maneuver::kAid)
        return fmt::format("{} aids {} against {}", model_name(m),
                           model_name(static_cast<int>((payload >> 8) & 0xff)),
                           model_name(static_cast<int>(payload >> 16)));
      return fmt::format("{}: {}", model_name(m), maneuver_name(maneuver));
    }
    case ActionKind::kAttack: {
      const int attack = static_cast<int>(payload >> 8);
      const int target = static_cast<int>(payload & 0xff);
      const AttackOdds odds = attack_odds(m, attack, target);
      return fmt::format("{} attacks {} with {} ({} against {})", model_name(m), model_name(target),
                         game_->model(m).character.attacks[attack].name, odds.attack, odds.defense);
    }
    case ActionKind::kEndActivation:
      return fmt::format("End {}'s activation", model_name(m));
    case ActionKind::kMoveTo: {
      const tabletop::Point to = unpack_point(payload);
      const char* verb = data_.leg == LegKind::kCharge      ? "charges"
                         : data_.leg == LegKind::kDisengage ? "disengages"
                         : data_.leg == LegKind::kShift     ? "shifts"
                         : data_.leg == LegKind::kRun       ? "runs"
                                                            : "moves";
      return fmt::format("{} {} to {}", model_name(m), verb, tabletop::point_text(to));
    }
    case ActionKind::kClimb: {
      const int piece = static_cast<int>(payload);
      return fmt::format("{} climbs the {} ({} Strides)", model_name(m), game_->piece_name(piece),
                         climb_cost(m, piece));
    }
    case ActionKind::kStandUp:
      return fmt::format("{} stands up", model_name(m));
    case ActionKind::kStopMoving:
      return fmt::format("{} stops moving", model_name(m));
    case ActionKind::kFallProne:
      return fmt::format("{} falls prone", model_name(m));
    case ActionKind::kStayStanding:
      return fmt::format("{} stays standing", model_name(m));
    case ActionKind::kDeploy:
      if (payload == 0)
        return fmt::format("{} finds no room and stays off the table", model_name(m));
      return fmt::format("{} deploys at {}", model_name(m),
                         tabletop::point_text(unpack_point(payload)));
    case ActionKind::kAttackPiece: {
      const int attack = static_cast<int>(payload >> 8);
      const int piece = static_cast<int>(payload & 0xff);
      const GameModel& a = game_->model(m);
      const Attack& chosen = a.character.attacks[attack];
      const int total = a.character.attack_skill + chosen.strength -
                        data_.models[m].conditions[kWeak] + data_.models[m].focus;
      return fmt::format("{} attacks the {} with {} ({} against Resistance {}, {} wounds left)",
                         model_name(m), game_->piece_name(piece), chosen.name, total,
                         piece_resistance(piece), data_.piece_wounds[piece]);
    }
  }
  return "?";
}

std::string ConflictState::to_string() const {
  std::vector<tabletop::PictureMark> marks;
  for (int m = 0; m < game_->model_count(); ++m)
    if (!data_.models[m].out && placed(m))
      marks.push_back({data_.models[m].at, game_->model(m).label});
  const std::vector<std::string> map =
      tabletop::table_picture(game_->table(), marks, kColumnInches, kRowInches, data_.destroyed);
  std::string out = fmt::format(
      "{}, round {} of {}. Blue's edge on top; 1 column = {}\", 1 row = {}\"\n",
      game_->table_name(), data_.round, game_->round_limit(), kColumnInches, kRowInches);
  for (const std::string& row : map)
    out += "  " + row + "\n";
  if (const std::string key = tabletop::table_picture_key(game_->table(), data_.destroyed);
      !key.empty())
    out += "  " + key + "\n";
  for (int m = 0; m < game_->model_count(); ++m) {
    const GameModel& model = game_->model(m);
    const ModelState& s = data_.models[m];
    if (s.out) {
      out += fmt::format("{}: knocked out\n", model_name(m));
      continue;
    }
    if (!placed(m)) {
      out += fmt::format("{}: not deployed yet\n", model_name(m));
      continue;
    }
    std::string tokens;
    if (s.activated) tokens += ", activated";
    if (s.prone) tokens += ", prone";
    if (s.ran) tokens += ", ran";
    if (s.braced) tokens += ", braced";
    if (s.took_cover) tokens += ", in cover";
    if (s.focus > 0) tokens += ", focused";
    if (s.guard > 0) tokens += fmt::format(", guarded +{}", s.guard);
    for (int a = 0; a < static_cast<int>(model.actions.size()); ++a)
      if (s.abilities_used >> a & 1) tokens += fmt::format(", {} used", model.actions[a].name);
    if (s.aid_bonus > 0)
      tokens +=
          fmt::format(", aided +{} against {}", s.aid_bonus, game_->model(s.aid_target).label);
    if (s.on_piece >= 0) tokens += ", on the " + game_->piece_name(s.on_piece);
    for (int slot = 0; slot < 3; ++slot)
      if (s.exhaust[slot] > 0)
        tokens += fmt::format(", {} exhausted", slot == kMoveSlot       ? "Move"
                                                : slot == kManeuverSlot ? "Maneuver"
                                                                        : "Attack");
    out += fmt::format("{}: {} facing {}, wounds {}/{}{}{}\n", model_name(m),
                       tabletop::point_text(s.at), facing_text(s.facing), s.wounds,
                       model.character.wounds, tokens, condition_text(s));
  }
  // Objectives: who holds each, and where.
  for (int o = 0; o < game_->objective_count(); ++o) {
    const Objective& objective = game_->table_objective(o);
    const int carrier = data_.objective_carrier[o];
    const int owner = data_.objective_owner[o];
    out +=
        fmt::format("The {} ({}, {} point{}): {}\n", objective.name,
                    objective.kind == ObjectiveKind::kSeize      ? "seize"
                    : objective.kind == ObjectiveKind::kActivate ? "activate"
                                                                 : "carry",
                    objective.points, objective.points == 1 ? "" : "s",
                    carrier >= 0 ? "carried by " + model_name(carrier)
                    : owner >= 0 ? std::string(owner == 0 ? "Red's" : "Blue's") + " at " +
                                       tabletop::point_text(data_.objective_at[o])
                                 : "no one's, at " + tabletop::point_text(data_.objective_at[o]));
  }
  // Terrain that fights back: the pieces damaged or gone.
  for (int p = 0; p < game_->table().piece_count; ++p) {
    if (data_.destroyed >> p & 1)
      out += fmt::format("The {}: destroyed\n", game_->piece_name(p));
    else if (data_.piece_wounds[p] < piece_max_wounds(p))
      out += fmt::format("The {}: wounds {}/{}\n", game_->piece_name(p), data_.piece_wounds[p],
                         piece_max_wounds(p));
  }
  if (data_.stage == Stage::kOver) out += end_reason() + "\n";
  return out;
}

}  // namespace warband::conflict
