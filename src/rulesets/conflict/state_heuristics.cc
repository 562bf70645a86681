// Bots' sense of a Conflict position (State::evaluate): material (each standing model's points,
// its wounds left counting most of them), the centre zone (what decides at the round limit, so
// worth more as it nears), threat (enemies within reach of a model's longest attack) and a
// Guard's Defense.
#include <algorithm>

#include "rulesets/conflict/conflict_state.h"

namespace warband::conflict {

std::vector<double> ConflictState::evaluate() const {
  if (is_terminal()) return returns();
  const ConflictGame& game = *game_;
  double total_points = 0;
  for (int m = 0; m < game.model_count(); ++m)
    total_points += std::max(1, game.model(m).points);
  // The zone and threat are priced in the average model's points.
  const double average = total_points / std::max(1, game.model_count());
  const double progress = static_cast<double>(data_.round) / std::max(1, game.round_limit());
  const double zone_worth = average * (0.1 + 0.4 * progress);
  const double threat_worth = average * 0.05;
  double score[2] = {0, 0};
  const tabletop::Point zone = game.objective();
  for (int m = 0; m < game.model_count(); ++m) {
    const ModelState& s = data_.models[m];
    if (s.out) continue;
    const GameModel& model = game.model(m);
    const double points = std::max(1, model.points);
    score[model.side] += points * (0.4 + 0.6 * s.wounds / std::max(1, model.character.wounds));
    // A Guard ability's Defense until its next activation: a little of its worth, as a wound of
    // it is harder to take (zero in games without ability actions).
    score[model.side] += points * 0.03 * s.guard;
    if (tabletop::within_edge(s.at, model.diameter + 2 * model.influence, zone,
                              2 * game.rules().objective_radius, 0))
      score[model.side] += zone_worth;
    int longest = 0;
    for (const Attack& attack : model.character.attacks)
      longest = std::max(longest, attack.range_inches * 100);
    for (int other = 0; other < game.model_count(); ++other)
      if (!data_.models[other].out && game.model(other).side != model.side &&
          tabletop::within_edge(model_geometry(m), model_geometry(other),
                                model.attack_reach + longest))
        score[model.side] += threat_worth;
  }
  const double total = score[0] + score[1];
  const double value = total > 0 ? (score[0] - score[1]) / total : 0.0;
  return {value, -value};
}

}  // namespace warband::conflict
