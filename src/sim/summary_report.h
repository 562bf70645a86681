// A sweep summary for people and spreadsheets: aligned text tables and CSV (one row per game).
#pragma once

#include <string>

#include "sim/summary.h"

namespace warband::sim {

// The sweep, the results with Wilson 95% intervals, game length with its 95% interval, and a
// table of per-unit averages (per appearance), one line per unit name and side.
std::string summary_text(const Summary& summary);

// How the games ended: one line per ending (Summary::endings()) with its count, share and 95%
// Wilson interval, and the count by who won; "" when the endings are not known.
std::string endings_text(const std::vector<std::string>& endings, const GameTotals& totals);

// The CSV header and one line per game, by index:
//   index,seed,winner,applies,decisions,final_hash,ending
// winner is red, blue, draw or unfinished; seed is the game's own seed (`warband play --seed`);
// ending is the game's Summary::endings() name (empty when unfinished; the column is left out
// for a summary written before endings were counted).
std::string summary_csv(const Summary& summary);

}  // namespace warband::sim
