// Bots' sense of an A Game position (State::evaluate): standing models weighted by their wounds
// left (less what the hits of an attack being rolled are expected to cost, the cards played on it
// included) and their size, how near each stands to the nearest enemy (a melee warband must close
// in), and the cards held, each its card_value, so that a card is played when it gains more than
// keeping it. Dice held are not counted: a bot that valued them would never roll them.
#include <algorithm>

#include "rulesets/agame/agame_state.h"
#include "rulesets/agame/attack_pipeline.h"

namespace warband::agame {
namespace {

// A held card's card_value (cards.cc) in the score's units, where a goblin's wound is about 0.5:
// a die or a wound on the card is worth a tenth of a wound held, less than it gains when played.
constexpr double kHeldCardWeight = 0.05;

}  // namespace

std::vector<double> AGameState::evaluate() const {
  if (is_terminal()) return returns();
  const AGameGame& game = *game_;
  const int faces = game.parameters().faces;
  // The wounds the current target is expected to lose to the attack being rolled on it: the hits
  // rolled, and the attack dice still to roll at their chance (dodges yet to come not counted).
  int pending_target = -1;
  double pending = 0;
  const Strike& current = strike();
  const bool in_strike = (data_.stage == Stage::kDodge || data_.stage == Stage::kRoll ||
                          data_.stage == Stage::kCardReaction) &&
                         current.attacker >= 0 && current.pos < current.target_count;
  // At the attacker's before_roll cards the target's roll has not begun: its numbers are worked
  // out as they will be; afterwards LastRoll holds them, and its wounds once they are dealt.
  const bool begun =
      !(data_.stage == Stage::kCardReaction && data_.card_moment == CardMoment::kAttackRoll);
  if (in_strike && !(begun && data_.last.wounds >= 0)) {
    pending_target = current.targets[current.pos];
    double hits = hits_after_dodges(current.hits, current.dodges) - current.saves;
    if (current.phase == Phase::kAttack) {
      const int need = begun ? data_.last.needs[0] : hit_target_against(current) + current.chance;
      const int dice = begun ? current.to_roll : current.dice + current.extra_dice;
      hits += std::max(0, dice - current.rolled) * static_cast<double>(faces_meeting(need, faces)) /
              faces;
    }
    const int save = begun ? data_.last.needs[2]
                           : save_target_against(current.attacker, current.attack, pending_target) +
                                 current.power;
    const double fails = 1.0 - static_cast<double>(faces_meeting(save, faces)) / faces;
    pending = std::max(0.0, hits) * fails *
              std::max(1, wounds_caused(current.attacker, current.attack, pending_target, 1,
                                        current.damage));
  }
  constexpr double kFar = 24.0 * tabletop::kUnitsPerInch;
  double score[2] = {0, 0};
  for (int m = 0; m < game.model_count(); ++m) {
    if (!standing(m)) continue;
    const ModelState& s = data_.models[m];
    const GameModel& model = game.model(m);
    const Model& p = model.profile;
    const double weight = 1.0 + p.size / 6.0;
    const double wounds = std::max(0.0, s.wounds - (m == pending_target ? pending : 0.0));
    score[model.side] += weight * (0.4 + 0.6 * wounds / std::max(1, p.wounds));
    if (s.prone) score[model.side] -= 0.2;
    if (s.mistform) score[model.side] += 0.3;
    // Within reach of an enemy is worth most; short of it, a melee model gains by closing in.
    int reach = 0;
    for (const Attack& attack : p.attacks)
      if (!attack.reaction_only) reach = std::max(reach, attack.reach + attack.move);
    std::int64_t nearest = -1;
    for (int other = 0; other < game.model_count(); ++other)
      if (standing(other) && game.model(other).side != model.side) {
        const std::int64_t gap = tabletop::edge_distance(model_geometry(m), model_geometry(other));
        if (nearest < 0 || gap < nearest) nearest = gap;
      }
    if (nearest >= 0 && nearest <= reach)
      score[model.side] += 0.3;
    else if (nearest >= 0)
      score[model.side] +=
          0.15 * (1.0 - std::min(kFar, static_cast<double>(nearest - reach)) / kFar);
  }
  // The cards' objectives held: each victory point about a model standing at the round limit.
  if (!placed().empty())
    for (int side = 0; side < 2; ++side)
      score[side] += objective_points(side);
  // The cards picked in the draft, then those held unplayed: each its value (cards.cc), so a
  // greedy bot picks the better card, and plays one only for more than it is worth held.
  if (draft_) {
    for (int side = 0; side < 2; ++side)
      for (const std::string& id : draft_->hand(side))
        score[side] += kHeldCardWeight * card_value(*find_card(game.cards(), id));
  } else if (game.draft_on()) {
    for (int side = 0; side < 2; ++side)
      for (int slot = 0; slot < data_.draft.hand_size[side]; ++slot)
        if (holds(side, slot))
          score[side] += kHeldCardWeight * card_value(game.card(data_.draft.hands[side][slot]));
  }
  const double total = score[0] + score[1];
  const double value = total > 0 ? (score[0] - score[1]) / total : 0.0;
  return {value, -value};
}

}  // namespace warband::agame
