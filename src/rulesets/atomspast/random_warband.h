// Random legal AtomsPast warbands, for balance runs: units drawn from the whole catalog until
// nothing more fits a budget, exactly one Kon, a legal 50-card deck and the Kon's spell from it.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>

#include "core/rng.h"
#include "rulesets/atomspast/content.h"

namespace warband::atomspast {

// A warband of at most `points_limit` points whose budget is drawn uniformly from
// [points_limit - spread, points_limit] (so that two sides' totals differ: docs/sim.md,
// "Balance"). Legal by validate_warband (checked); throws InputError when the content cannot
// make one (no unit fits the limit, or the spells' Knowledge cannot fill a deck).
WarbandDef random_warband(const Content& content, int points_limit, int spread, Rng& rng);

// The same with the units drawn from only `profiles` profiles of the catalog, chosen at random
// (a skewed list, so that a unit's count difference between two sides varies more: docs/sim.md
// "Variance reduction"); 0 draws from the whole catalog, as above.
WarbandDef random_warband(const Content& content, int points_limit, int spread, int profiles,
                          Rng& rng);

// The warband as the JSON object a setup's "warbands" accepts.
nlohmann::json warband_json(const WarbandDef& warband);

}  // namespace warband::atomspast
