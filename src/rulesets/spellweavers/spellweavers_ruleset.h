// The capabilities spellweavers_ruleset.cc puts in the ruleset's one registry entry.
#pragma once

#include "core/balance_hooks.h"
#include "core/odds.h"

namespace warband::spellweavers {

OddsQuery odds_query();        // odds_query.cc
BalanceHooks balance_hooks();  // balance_hooks.cc

}  // namespace warband::spellweavers
