// Actions a ruleset once listed and no longer does (a choice split in two, a kind renumbered),
// with why: replaying an old log then fails with an error that names the change, not a bare
// "not legal here". A ruleset registers a reason function from one of its own files:
//
//   const RetiredActionsRegistrar retired("spellweavers", [](Action action) { ... });
#pragma once

#include <functional>
#include <string>
#include <string_view>

#include "core/game.h"

namespace warband {

// Returns why `action` is no longer offered, in words, or "" when it is not a retired action.
using RetiredActionReason = std::function<std::string(Action)>;

struct RetiredActionsRegistrar {
  RetiredActionsRegistrar(std::string ruleset, RetiredActionReason reason);
};

// The ruleset's reason for `action`, or "" (no reason registered, or not a retired action).
std::string retired_action_reason(std::string_view ruleset, Action action);

}  // namespace warband
