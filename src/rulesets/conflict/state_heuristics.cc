// Bots' sense of a Conflict position (State::evaluate): wounds left weighted by size, models in
// the centre zone (what decides at the round limit) and enemies within reach of an attack.
#include <algorithm>

#include "rulesets/conflict/conflict_state.h"

namespace warband::conflict {

std::vector<double> ConflictState::evaluate() const {
  if (is_terminal()) return returns();
  const ConflictGame& game = *game_;
  double score[2] = {0, 0};
  const tabletop::Point zone = game.objective();
  for (int m = 0; m < game.model_count(); ++m) {
    const ModelState& s = data_.models[m];
    if (s.out) continue;
    const GameModel& model = game.model(m);
    const double weight = 1.0 + model.character.size;
    score[model.side] += weight * (0.4 + 0.6 * s.wounds / std::max(1, model.character.wounds));
    if (tabletop::within_edge(s.at, model.diameter + 2 * model.influence, zone,
                              2 * game.rules().objective_radius, 0))
      score[model.side] += 0.5;
    // Closing in: a little for each enemy within this model's longest attack.
    int longest = 0;
    for (const Attack& attack : model.character.attacks)
      longest = std::max(longest, attack.range_inches * 100);
    for (int other = 0; other < game.model_count(); ++other)
      if (!data_.models[other].out && game.model(other).side != model.side &&
          tabletop::within_edge(model_geometry(m), model_geometry(other),
                                model.attack_reach + longest))
        score[model.side] += 0.1;
  }
  const double total = score[0] + score[1];
  const double value = total > 0 ? (score[0] - score[1]) / total : 0.0;
  return {value, -value};
}

}  // namespace warband::conflict
