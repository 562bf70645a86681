#include "bots/random_bot.h"

namespace warband::bots {

Action RandomBot::choose(const State& state, Rng& rng, const Budget&) {
  return rng.pick(state.legal_actions());
}

}  // namespace warband::bots
