// "toy": a small two-player dice race that implements the whole game interface, so that every
// generic piece (GameRecord, the conformance suite, the play loop, the CLI, the server and the
// browser's generic game view) is tested without a real ruleset. A test-only ruleset in its own
// folder (toy_ruleset.cc registers it): linked into the test binary and into
// warband_with_test_rulesets, the CLI and server the browser tests run.
//
// Rules. Each player is dealt a hidden card worth 1, 2 or 3 (chance: 1/4, 1/2, 1/4). On your turn
// you may roll a die (chance: 1..6): a 1 loses this turn's total and ends the turn, any other face
// adds to it; bank, adding the turn total to your score and ending the turn; or once per game play
// your card, adding its value to the turn total (and revealing it). Reach the target (default 20)
// and you must bank, and win. After max_turns turns (default 20) the higher score wins; equal
// scores draw. Setup: {"parameters": {"target": 5..100, "max_turns": 1..200}}, both optional.
#pragma once

#include <memory>
#include <nlohmann/json.hpp>

#include "core/game.h"
#include "core/odds.h"

namespace warband::toy {

// Decision actions, in their legal_actions() order.
inline constexpr Action kRoll = 0;
inline constexpr Action kBank = 1;
inline constexpr Action kPlayCard = 2;
// Chance outcomes are the card value (1..3) or the die face (1..6) itself.

std::shared_ptr<const Game> make_toy_game(const nlohmann::json& setup);

// The toy's odds query: the total of --dice N dice (toy_odds.cc).
OddsQuery toy_odds_query();

}  // namespace warband::toy
