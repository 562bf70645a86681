// The capabilities agame_ruleset.cc puts in the ruleset's one registry entry.
#pragma once

#include "core/odds.h"

namespace warband::agame {

OddsQuery odds_query();  // agame_odds.cc

}  // namespace warband::agame
