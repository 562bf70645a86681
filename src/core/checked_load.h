// Loading a saved state (State::state_from_json): the data read is put in place and the state
// checks itself; a save that breaks an invariant is refused as bad input, never half-loaded.
#pragma once

#include <fmt/format.h>

#include <string_view>
#include <utility>

#include "core/error.h"
#include "core/game.h"

namespace warband {

// Puts `loaded` into `data` (the state's own) and runs state.check_consistency(). On an
// InvariantError the state gets its old data back and InputError("state", "inconsistent <game>
// state: ...") is thrown.
template <typename Data>
void adopt_checked(const State& state, Data& data, Data loaded, std::string_view game) {
  Data previous = std::move(data);
  data = std::move(loaded);
  try {
    state.check_consistency();
  } catch (const InvariantError& error) {
    data = std::move(previous);
    throw InputError("state", fmt::format("inconsistent {} state: {}", game, error.what()));
  }
}

}  // namespace warband
