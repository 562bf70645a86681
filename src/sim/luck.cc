#include "sim/luck.h"

#include "core/error.h"
#include "sim/points_margin.h"
#include "sim/unit_health_reader.h"

namespace warband::sim {

double red_value(const State& state) {
  const std::vector<double> values = state.evaluate();
  if (values.size() < 2) return 0.5;
  return 0.5 + (values[0] - values[1]) / 4.0;
}

double red_points_margin_now(const State& state, const std::vector<UnitResult>& units,
                             std::vector<UnitHealth>& health) {
  read_unit_health(state, dynamic_cast<const UnitHealthView*>(&state), health);
  if (health.size() != units.size()) return 0.0;
  const auto lost = [&](std::size_t i) {
    return unit_lost_share(health[i].wounds, units[i].max_wounds, health[i].alive);
  };
  return points_destroyed_share(units, 1, lost) - points_destroyed_share(units, 0, lost);
}

LuckTerms chance_luck_terms(const State& state, Action outcome,
                            const std::vector<UnitResult>& units, std::vector<UnitHealth>& health) {
  WB_CHECK(state.is_chance());
  const std::vector<ChanceOutcome> outcomes = state.chance_outcomes();
  if (outcomes.size() == 1) return {};  // a forced outcome is no luck
  double expected = 0, drawn = 0, expected_margin = 0, drawn_margin = 0, total = 0;
  bool found = false;
  for (const ChanceOutcome& chance : outcomes) {
    std::unique_ptr<State> after = state.clone();
    after->apply(chance.action);
    const double value = red_value(*after);
    const double margin = units.empty() ? 0.0 : red_points_margin_now(*after, units, health);
    expected += chance.probability * value;
    expected_margin += chance.probability * margin;
    total += chance.probability;
    if (chance.action == outcome) {
      drawn = value;
      drawn_margin = margin;
      found = true;
    }
  }
  WB_CHECK(found);
  if (total <= 0) return {.result = drawn, .margin = drawn_margin};
  return {.result = drawn - expected / total, .margin = drawn_margin - expected_margin / total};
}

double chance_luck(const State& state, Action outcome) {
  std::vector<UnitHealth> unused;
  return chance_luck_terms(state, outcome, {}, unused).result;
}

}  // namespace warband::sim
