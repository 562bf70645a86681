// Hand-built positions: a state fast-forwarded to Red's first Spell Phase, units placed and stats
// set directly. Tests replay seed examples with them, and the odds queries' Monte Carlo sets up
// the rolls it samples through the engine's real chance nodes.
#pragma once

#include <memory>
#include <vector>

#include "rulesets/atomspast/atomspast_game.h"
#include "rulesets/atomspast/atomspast_state.h"

namespace warband::atomspast {

std::unique_ptr<AtomsPastState> new_state(const std::shared_ptr<const AtomsPastGame>& game);

// Red wins the dice-off, both players draw the first card kind each time and place nothing, and
// every unit deploys to its first legal placement: the state is Red's first Spell Phase.
std::unique_ptr<AtomsPastState> first_turn(const std::shared_ptr<const AtomsPastGame>& game);

// The first unit of `side` whose profile is `profile_id` (and that is the Kon or not), or -1.
int find_unit(const AtomsPastGame& game, int side, const std::string& profile_id, bool kon = false);

// Sets a unit's effective stat to `value` through its alterations.
void set_stat(AtomsPastState& state, int unit, Stat stat, int value);

// Takes every unit off the board except the ones listed.
void clear_board_except(AtomsPastState& state, const std::vector<int>& keep);

// Stands a unit (alive, deployed) with its anchor at (x, y).
void place(AtomsPastState& state, int unit, int x, int y, bool rotated = false);

}  // namespace warband::atomspast
