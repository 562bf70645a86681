#include "bots/greedy_bot.h"

#include <algorithm>

#include "core/rng.h"

namespace warband::bots {
namespace {

// Values closer than this are ties (sums of probabilities are not exact).
constexpr double kTie = 1e-9;

}  // namespace

std::vector<double> GreedyBot::action_values(const State& state, Rng& rng,
                                             const Budget& budget) const {
  const int player = state.current_player();
  const std::vector<Action> actions = state.legal_actions();
  std::vector<double> values;
  values.reserve(actions.size());
  for (Action action : actions) {
    if (budget.exhausted()) break;
    auto next = state.clone();
    next->apply(action);
    const double found = value(*next, player, options_.depth - 1, options_.nodes, rng, budget);
    if (budget.exhausted()) break;  // cut short inside: not a value
    values.push_back(found);
  }
  return values;
}

Action GreedyBot::choose(const State& state, Rng& rng, const Budget& budget) {
  const std::vector<Action> actions = state.legal_actions();
  if (actions.size() == 1) return actions.front();
  const std::vector<double> values = action_values(state, rng, budget);
  if (values.empty()) return actions.front();  // out of budget before any action was valued
  const double best = *std::max_element(values.begin(), values.end());
  std::vector<Action> ties;
  for (std::size_t i = 0; i < values.size(); ++i)
    if (values[i] >= best - kTie) ties.push_back(actions[i]);
  return rng.pick(ties);
}

double GreedyBot::value(const State& state, int player, int depth, double nodes, Rng& rng,
                        const Budget& budget) const {
  if (budget.exhausted()) return 0;  // the caller throws this value away
  if (state.is_terminal()) return state.returns()[player];
  if (state.is_chance()) {
    const std::vector<ChanceOutcome> outcomes = state.chance_outcomes();
    const double count = static_cast<double>(outcomes.size());
    if (nodes >= count) {
      // Exact: every outcome, weighted by its probability.
      double total = 0;
      for (const ChanceOutcome& outcome : outcomes) {
        auto next = state.clone();
        next->apply(outcome.action);
        total += outcome.probability * value(*next, player, depth, nodes / count, rng, budget);
      }
      return total;
    }
    // Too big to expand: the mean of as many sampled outcomes as the node budget allows.
    const int samples = std::max(1, static_cast<int>(nodes));
    double total = 0;
    for (int i = 0; i < samples; ++i) {
      auto next = state.clone();
      next->apply(rng.sample(outcomes));
      total += value(*next, player, depth, nodes / samples, rng, budget);
    }
    return total / samples;
  }
  // Another player's decision, or ours beyond the look-ahead: the heuristic.
  if (state.current_player() != player || depth <= 0) return state.evaluate()[player];
  std::vector<Action> actions = state.legal_actions();
  // More follow-ups than the budget: the best of as many sampled ones as it allows (a cheap bot,
  // greedy:nodes=8, looks at a few places a unit could go rather than every one).
  const std::size_t affordable = std::max<std::size_t>(1, static_cast<std::size_t>(nodes));
  if (actions.size() > affordable) {
    for (std::size_t i = 0; i < affordable; ++i)  // a partial Fisher-Yates shuffle
      std::swap(actions[i], actions[i + rng.below(actions.size() - i)]);
    actions.resize(affordable);
  }
  const double share = nodes / static_cast<double>(actions.size());
  double best = -2;
  for (Action action : actions) {
    auto next = state.clone();
    next->apply(action);
    best = std::max(best, value(*next, player, depth - 1, share, rng, budget));
  }
  return best;
}

}  // namespace warband::bots
