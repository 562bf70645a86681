// The capabilities agame_ruleset.cc puts in the ruleset's one registry entry.
#pragma once

#include "core/balance_hooks.h"
#include "core/odds.h"

namespace warband::agame {

OddsQuery odds_query();        // agame_odds.cc
BalanceHooks balance_hooks();  // balance_hooks.cc

}  // namespace warband::agame
