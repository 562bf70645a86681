// The capabilities atomspast_ruleset.cc puts in AtomsPast's one registry entry, each built where
// it is implemented.
#pragma once

#include <vector>

#include "core/balance_hooks.h"
#include "core/builder.h"
#include "core/odds.h"

namespace warband::atomspast {

OddsQuery odds_query();        // odds_query.cc
BalanceHooks balance_hooks();  // balance_hooks.cc

namespace builder {
std::vector<BuildOperation> edit_operations();    // edit_operations.cc
std::vector<BuildOperation> report_operations();  // report_operations.cc
std::vector<BuildOperation> deck_operations();    // deck_operations.cc
}  // namespace builder

}  // namespace warband::atomspast
