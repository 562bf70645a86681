// The baseline bot: a uniformly random legal action. Any other bot that loses to it is a bug.
#pragma once

#include <vector>

#include "bots/bot.h"

namespace warband::bots {

class RandomBot : public Bot {
 public:
  explicit RandomBot(std::string spec) : spec_(std::move(spec)) {}
  using Bot::choose;
  Action choose(const State& state, Rng& rng, const Budget& budget) override;
  const std::string& spec() const override { return spec_; }

 private:
  std::string spec_;
  std::vector<Action> actions_;  // reused: one list a decision, no allocation once grown
};

}  // namespace warband::bots
