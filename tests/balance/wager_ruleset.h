// "wager": a tiny synthetic ruleset for the balance machinery's tests (registered in the test
// binary only). Four unit profiles, each with a hidden strength; a game is five chance rounds, Red
// taking each with probability 1 / (1 + exp(-kRoundLogOdds x (Red's strength - Blue's))), and the
// side with more rounds wins. Material decides the odds and nothing else does, so a unit's fair
// price is known: 100 points per 1 of strength. Prices change with `units.ID.points=N`
// (stats untouched), as AtomsPast's do.
#pragma once

#include <string>

namespace warband::wager {

inline constexpr const char* kRuleset = "wager";
inline constexpr double kRoundLogOdds = 0.5;  // per 1 of strength (100 fair points)

// The fair price of a profile of the catalog ("pike", "bow", "horse", "club").
int fair_points(const std::string& id);

}  // namespace warband::wager
