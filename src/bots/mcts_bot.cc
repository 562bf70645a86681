#include "bots/mcts_bot.h"

#include <algorithm>
#include <chrono>
#include <cmath>

#include "core/rng.h"

namespace warband::bots {

Action MctsBot::choose(const State& state, Rng& rng, const Budget& budget) {
  const int player = state.current_player();
  const std::vector<Action> legal = state.legal_actions();
  if (legal.size() == 1) return legal.front();
  nodes_.clear();
  nodes_.emplace_back();
  const auto start = std::chrono::steady_clock::now();
  std::int64_t done = 0;
  for (;; ++done) {
    // The caller's budget, like ms=, is read every few iterations: a clock read costs more than a
    // short rollout.
    if ((done & 7) == 0 && budget.exhausted()) break;
    if (options_.milliseconds > 0) {
      // Check the clock every few iterations: it costs more than a short rollout.
      if ((done & 7) == 0 && std::chrono::steady_clock::now() - start >=
                                 std::chrono::milliseconds(options_.milliseconds))
        break;
    } else if (done >= options_.iterations) {
      break;
    }
    auto determinised = state.determinize(player, rng);
    iterate(*determinised, rng);
  }
  last_iterations_ = done;
  if (done == 0) return legal.front();  // out of budget before the first iteration
  // The most visited root action (legal here by construction: the root's own actions do not
  // depend on what is hidden from its player); ties to the better mean value.
  const Edge* best = nullptr;
  for (const Edge& edge : nodes_[0].edges) {
    if (std::find(legal.begin(), legal.end(), edge.action) == legal.end()) continue;
    if (!best || edge.visits > best->visits ||
        (edge.visits == best->visits && edge.value_sum > best->value_sum))
      best = &edge;
  }
  return best ? best->action : rng.pick(legal);
}

void MctsBot::iterate(State& state, Rng& rng) {
  // The edges walked, with the player who chose each.
  struct Step {
    int node;
    int edge;
    int player;
  };
  std::vector<Step> path;
  int node = 0;
  bool expanded = false;
  while (!state.is_terminal() && !expanded) {
    if (state.is_chance()) {
      state.apply(rng.sample(state.chance_outcomes()));
      continue;
    }
    const int player = state.current_player();
    state.legal_actions_into(actions_);
    // Count availability; sort the legal actions into tried ones (their edges) and untried ones.
    legal_edges_.clear();
    untried_.clear();
    for (Action action : actions_) {
      auto& edges = nodes_[node].edges;
      const auto found = std::find_if(edges.begin(), edges.end(),
                                      [&](const Edge& edge) { return edge.action == action; });
      if (found == edges.end()) {
        untried_.push_back(action);
      } else {
        ++found->available;
        legal_edges_.push_back(static_cast<int>(found - edges.begin()));
      }
    }
    int chosen = -1;
    const double limit = options_.widen > 0
                             ? std::max(2.0, options_.widen * std::sqrt(nodes_[node].visits + 1.0))
                             : 1e300;
    if (!untried_.empty() &&
        (legal_edges_.empty() || static_cast<double>(nodes_[node].edges.size()) < limit)) {
      const Action action = options_.widen > 0 ? best_untried(state, node, player, rng)
                                               : untried_[rng.below(untried_.size())];
      const int child = static_cast<int>(nodes_.size());
      nodes_.emplace_back();  // may move nodes_[node]: index it afresh from here
      nodes_[node].edges.push_back({.action = action, .child = child, .available = 1});
      chosen = static_cast<int>(nodes_[node].edges.size()) - 1;
      expanded = true;
    } else {
      double best = -1e300;
      for (int i : legal_edges_) {
        const Edge& edge = nodes_[node].edges[i];
        const double score =
            edge.value_sum / edge.visits +
            options_.exploration *
                std::sqrt(std::log(static_cast<double>(edge.available)) / edge.visits);
        if (score > best) {
          best = score;
          chosen = i;
        }
      }
    }
    const Edge& edge = nodes_[node].edges[chosen];
    path.push_back({node, chosen, player});
    state.apply(edge.action);
    node = edge.child;
  }
  const std::vector<double> values = rollout(state, rng);
  for (const Step& step : path) {
    Node& at = nodes_[step.node];
    ++at.visits;
    Edge& edge = at.edges[step.edge];
    ++edge.visits;
    edge.value_sum += values[step.player];
  }
}

Action MctsBot::best_untried(const State& state, int node, int player, Rng& rng) {
  // From a random start, so that actions the heuristic cannot tell apart come in no fixed order.
  const std::size_t offset = rng.below(untried_.size());
  Action best_action = untried_[offset];
  double best = -1e300;
  for (std::size_t k = 0; k < untried_.size(); ++k) {
    const Action action = untried_[(k + offset) % untried_.size()];
    auto& priors = nodes_[node].priors;
    const auto found = std::find_if(priors.begin(), priors.end(),
                                    [&](const auto& entry) { return entry.first == action; });
    double value;
    if (found != priors.end()) {
      value = found->second;
    } else {
      value = prior(state, action, player, rng);
      priors.emplace_back(action, value);
    }
    if (value > best) {
      best = value;
      best_action = action;
    }
  }
  return best_action;
}

double MctsBot::prior(const State& state, Action action, int player, Rng& rng) {
  auto next = state.clone();
  next->apply(action);
  while (next->is_chance())
    next->apply(rng.sample(next->chance_outcomes()));
  return next->evaluate()[player];
}

std::vector<double> MctsBot::rollout(State& state, Rng& rng) {
  int decisions = 0;
  while (!state.is_terminal()) {
    if (state.is_chance()) {
      state.apply(rng.sample(state.chance_outcomes()));
      continue;
    }
    if (options_.rollout >= 0 && decisions >= options_.rollout) return state.evaluate();
    state.legal_actions_into(actions_);
    state.apply(actions_[rng.below(actions_.size())]);
    ++decisions;
  }
  return state.returns();
}

}  // namespace warband::bots
