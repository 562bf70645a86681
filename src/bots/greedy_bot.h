// The greedy bot: one activation ahead. Each legal action is valued by the expected evaluate()
// of the acting player after it, with chance outcomes weighted by their exact probabilities and
// the same player's following decisions (where the unit goes, what it attacks) maximised, up to
// `depth` decisions in a row. A tree bigger than `nodes` per action samples chance outcomes and
// follow-up decisions instead of expanding them all. Ties are broken with the rng. Out of time
// (Bot::choose's budget) it picks among the actions it valued in full, or plays the first legal
// action if none. See docs/sim.md ("Bots").
#pragma once

#include <vector>

#include "bots/bot.h"

namespace warband::bots {

struct GreedyOptions {
  int depth = 2;     // decisions of the acting player in a row: the action and one follow-up
  int nodes = 1000;  // budget of states looked at per legal action; a decision with more
                     // follow-ups than its share samples that many of them
};

class GreedyBot : public Bot {
 public:
  GreedyBot(std::string spec, GreedyOptions options) : spec_(std::move(spec)), options_(options) {}
  using Bot::choose;
  Action choose(const State& state, Rng& rng, const Budget& budget) override;
  const std::string& spec() const override { return spec_; }

  // The value of each legal action of `state` for its player, in legal_actions() order. When
  // `budget` runs out the list stops at the last action valued in full (possibly empty).
  std::vector<double> action_values(const State& state, Rng& rng,
                                    const Budget& budget = Budget::unlimited()) const;

 private:
  // Expected value for `player` of `state`, looking `depth` more decisions of `player` ahead,
  // within `nodes` states; meaningless (and cut short) once `budget` is exhausted.
  double value(const State& state, int player, int depth, double nodes, Rng& rng,
               const Budget& budget) const;

  std::string spec_;
  GreedyOptions options_;
};

}  // namespace warband::bots
