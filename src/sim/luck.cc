#include "sim/luck.h"

#include "core/error.h"

namespace warband::sim {

double red_value(const State& state) {
  const std::vector<double> values = state.evaluate();
  if (values.size() < 2) return 0.5;
  return 0.5 + (values[0] - values[1]) / 4.0;
}

double chance_luck(const State& state, Action outcome) {
  WB_CHECK(state.is_chance());
  const std::vector<ChanceOutcome> outcomes = state.chance_outcomes();
  if (outcomes.size() == 1) return 0.0;  // a forced outcome is no luck
  double expected = 0, drawn = 0, total = 0;
  bool found = false;
  for (const ChanceOutcome& chance : outcomes) {
    std::unique_ptr<State> after = state.clone();
    after->apply(chance.action);
    const double value = red_value(*after);
    expected += chance.probability * value;
    total += chance.probability;
    if (chance.action == outcome) {
      drawn = value;
      found = true;
    }
  }
  WB_CHECK(found);
  return drawn - (total > 0 ? expected / total : 0.0);
}

}  // namespace warband::sim
