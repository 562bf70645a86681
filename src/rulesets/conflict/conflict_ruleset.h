// The capabilities conflict_ruleset.cc puts in the ruleset's one registry entry.
#pragma once

#include "core/odds.h"

namespace warband::conflict {

OddsQuery odds_query();  // conflict_odds.cc

}  // namespace warband::conflict
