// Bots' sense of an A Game position (State::evaluate): standing models weighted by their wounds
// left (less what the hits of an attack being rolled are expected to cost) and their size, and
// how near each stands to the nearest enemy (a melee warband must close in). Dice held are not
// counted: a bot that valued them would never roll them.
#include <algorithm>

#include "rulesets/agame/agame_state.h"
#include "rulesets/agame/attack_pipeline.h"

namespace warband::agame {

std::vector<double> AGameState::evaluate() const {
  if (is_terminal()) return returns();
  const AGameGame& game = *game_;
  const int faces = game.parameters().faces;
  // The wounds the current target is expected to lose to the hits already rolled against it.
  int pending_target = -1;
  double pending = 0;
  if (data_.stage == Stage::kDodge || data_.stage == Stage::kRoll) {
    const Strike& s = strike();
    if (s.phase != Phase::kAttack || s.rolled == s.to_roll) {
      pending_target = s.targets[s.pos];
      const int left = hits_after_dodges(s.hits, s.dodges) - s.saves;
      const int save = save_target_against(s.attacker, s.attack, pending_target);
      const double fails = 1.0 - static_cast<double>(faces_meeting(save, faces)) / faces;
      pending = std::max(0, left) * fails *
                std::max(1, wounds_caused(s.attacker, s.attack, pending_target, 1));
    }
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
  // During the draft, the cards picked: each its value (cards.cc), so a greedy bot picks the
  // better card. Afterwards held cards count nothing: a bot that valued them would never play one.
  if (draft_) {
    for (int side = 0; side < 2; ++side)
      for (const std::string& id : draft_->hand(side))
        score[side] += 0.05 * card_value(*find_card(game.cards(), id));
  }
  const double total = score[0] + score[1];
  const double value = total > 0 ? (score[0] - score[1]) / total : 0.0;
  return {value, -value};
}

}  // namespace warband::agame
