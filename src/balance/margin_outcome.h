// What a balance fit reads as a game's outcome: its RESULT (win, draw, loss: a logistic fit) or
// its MARGIN, a continuous score of how much of each army was destroyed (a linear fit). The
// margin keeps what a win/lose bit throws away (by how much), so it can price units with fewer
// games; but it prices a unit's worth to the margin, not to winning, and the two differ where a
// leader's fall decides the game (docs/sim.md, "Pricing from the margin").
#pragma once

#include <map>
#include <string>

#include "sim/match.h"

namespace warband::balance {

enum class Outcome { kResult, kMargin };

// "result" or "margin"; anything else an InputError naming `where` (a CLI option, a JSON field).
Outcome parse_outcome(const std::string& text, const std::string& where);
const char* outcome_name(Outcome outcome);
// What a fitted value is in: "log-odds" (of winning) for the result, "margin" for the margin.
const char* outcome_value_unit(Outcome outcome);
// One paragraph for a report: which outcome priced the units, and what that means.
std::string outcome_explanation(Outcome outcome);

// The reference prices, by unit name: the content's before any `--set` or repricing. The margin
// weighs each unit by them (its yardstick), and the rate is scaled by them. A yardstick that
// moved with the prices under test would make a unit's price part of its own worth (a dearer
// unit that rarely falls dilutes the share of everything else its side loses), so a planted
// price would pull its own estimate (docs/sim.md, "What recovered means"). Empty: each unit's
// own points as the game played them.
using ReferencePrices = std::map<std::string, int>;

// The share of a side's points destroyed by the end of `game`: a fallen unit counts whole, a
// standing one pro rata to the wounds it lost (UnitResult::wounds of max_wounds). In [0, 1]; 0
// for a side with no units. Units worth no points count as one point each when the whole side is.
// A unit's points are the yardstick's for its name when it has one.
double points_destroyed_share(const sim::GameResult& game, int side,
                              const ReferencePrices& yardstick = {});

// Red's margin: the share of Blue's points destroyed minus the share of Red's, in [-1, 1]. Read
// from the units' final statuses only, so every ruleset that lists its units gets it.
double points_margin(const sim::GameResult& game, const ReferencePrices& yardstick = {});

// Red's outcome as the fit reads it: the result (a win 1, a draw 1/2) less the game's measured
// luck (GameResult::luck, on the result's scale), or the margin.
double red_outcome(const sim::GameResult& game, Outcome outcome,
                   const ReferencePrices& yardstick = {});

}  // namespace warband::balance
