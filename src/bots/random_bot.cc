#include "bots/random_bot.h"

namespace warband::bots {

Action RandomBot::choose(const State& state, Rng& rng, const Budget&) {
  state.legal_actions_into(actions_);
  return rng.pick(actions_);
}

}  // namespace warband::bots
