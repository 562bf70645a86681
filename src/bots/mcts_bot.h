// The MCTS bot: UCT over information sets. Each iteration determinises the root from the acting
// player's view (State::determinize), so the search never sees the opponent's hand; the tree is
// keyed by the decisions' actions only ("open loop": chance outcomes are sampled with the rng and
// not branched on), and at a node only the actions legal in this iteration's state compete, UCB
// counting how often each was available. Leaves are valued by a random rollout, to the end
// (returns()) or cut after N random decisions (evaluate()). The tree is thrown away after each
// choice. See docs/sim.md ("Bots").
#pragma once

#include <cstdint>
#include <vector>

#include "bots/bot.h"

namespace warband::bots {

struct MctsOptions {
  // The defaults are the ladder's (docs/sim.md, "Bots"): they beat greedy.
  int iterations = 2000;      // budget per decision, unless `milliseconds` > 0
  int milliseconds = 0;       // a time budget instead (not reproducible)
  double exploration = 0.05;  // UCB's c: evaluate() moves by hundredths, so c is small
  int rollout = 0;            // random decisions before evaluate(); -1 plays to the end
  // Progressive widening: a node with n visits has at most max(2, widen * sqrt(n)) children,
  // the untried actions taken best first by the heuristic one step on; 0 tries every action.
  double widen = 2.0;
};

class MctsBot : public Bot {
 public:
  MctsBot(std::string spec, MctsOptions options) : spec_(std::move(spec)), options_(options) {}
  using Bot::choose;
  Action choose(const State& state, Rng& rng, const Budget& budget) override;
  const std::string& spec() const override { return spec_; }

  // How many iterations the last choose() ran.
  std::int64_t last_iterations() const { return last_iterations_; }

 private:
  struct Edge {
    Action action;
    int child;  // node index
    int visits = 0;
    int available = 0;     // iterations in which the action was legal here
    double value_sum = 0;  // for the player who chose it
  };
  struct Node {
    std::vector<Edge> edges;
    int visits = 0;
    // The heuristic value of actions seen here, for the player to move (widening's order).
    std::vector<std::pair<Action, double>> priors;
  };

  // One iteration from the root state `root` (already determinised); `player` the root's.
  void iterate(State& state, Rng& rng);
  // The value of `state` for each player after a rollout.
  std::vector<double> rollout(State& state, Rng& rng);
  // The heuristic value for `player` one action on (chance sampled to the next decision).
  double prior(const State& state, Action action, int player, Rng& rng);
  // Among untried_ at `node`: the action with the best prior.
  Action best_untried(const State& state, int node, int player, Rng& rng);

  std::string spec_;
  MctsOptions options_;
  std::vector<Node> nodes_;
  std::vector<Action> actions_;   // scratch: legal actions
  std::vector<Action> untried_;   // scratch: legal actions without an edge at the node
  std::vector<int> legal_edges_;  // scratch: edges whose action is legal at the node
  std::int64_t last_iterations_ = 0;
};

}  // namespace warband::bots
