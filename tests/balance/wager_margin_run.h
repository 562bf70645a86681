// The wager ruleset's margin mode as the balance tests run it (margin_test.cc,
// margin_luck_test.cc): Red takes each round with probability 0.5 + kMarginSlope x the strength
// difference, mirrored pairs on two threads, priced by the margin.
#pragma once

#include <cstdint>

#include "balance/balance_run.h"
#include "balance/margin_outcome.h"
#include "tests/balance/wager_ruleset.h"

namespace warband::wager {

inline constexpr double kMarginSlope = 0.08;

inline balance::BalanceSettings margin_run(std::int64_t games, std::uint64_t seed) {
  balance::BalanceSettings settings;
  settings.ruleset = kRuleset;
  settings.base_setup = {{"margin_slope", kMarginSlope}};
  settings.games = games;
  settings.seed = seed;
  settings.threads = 2;
  settings.mirrored = true;
  settings.outcome = balance::Outcome::kMargin;
  return settings;
}

}  // namespace warband::wager
