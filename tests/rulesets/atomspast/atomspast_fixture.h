// Helpers for AtomsPast tests: the sample game, a state fast-forwarded to the first turn, and
// forcing dice and positions so that a seed example can be replayed exactly.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "core/registry.h"
#include "rulesets/atomspast/atomspast_game.h"
#include "rulesets/atomspast/atomspast_state.h"

namespace warband::atomspast::testing {

inline std::shared_ptr<const AtomsPastGame> sample_game(const nlohmann::json& setup = {}) {
  return std::dynamic_pointer_cast<const AtomsPastGame>(make_game("atomspast", setup));
}

inline std::unique_ptr<AtomsPastState> new_state(const std::shared_ptr<const AtomsPastGame>& game) {
  return std::unique_ptr<AtomsPastState>(
      dynamic_cast<AtomsPastState*>(game->new_initial_state().release()));
}

// Red wins the dice-off, both players draw the first card kind each time and place nothing, and
// every unit deploys to its first legal placement: the state is Red's first Spell Phase.
inline std::unique_ptr<AtomsPastState> first_turn(
    const std::shared_ptr<const AtomsPastGame>& game) {
  auto state = new_state(game);
  state->apply(encode(ActionKind::kFirstPlayer, 0));
  while (state->data().phase != Phase::kSpellPhase || state->is_chance()) {
    if (state->is_chance()) {
      state->apply(state->chance_outcomes().front().action);
    } else {
      const auto actions = state->legal_actions();
      state->apply(actions.front());  // kDone sorts first: place nothing; else first placement
    }
  }
  return state;
}

inline void roll_dice(AtomsPastState& state, const std::vector<int>& faces) {
  for (int face : faces) {
    ASSERT_TRUE(state.is_chance()) << "expected a die to roll";
    state.apply(encode(ActionKind::kDie, face));
  }
}

inline bool has_action(const AtomsPastState& state, Action action) {
  const auto actions = state.legal_actions();
  return std::find(actions.begin(), actions.end(), action) != actions.end();
}

// The first unit of `side` whose profile is `profile_id`, or -1.
inline int find_unit(const AtomsPastGame& game, int side, const std::string& profile_id,
                     bool kon = false) {
  const auto& roster = game.roster();
  for (std::size_t i = 0; i < roster.size(); ++i)
    if (roster[i].side == side && roster[i].profile->id == profile_id && roster[i].is_kon == kon)
      return static_cast<int>(i);
  return -1;
}

// Sets a unit's effective stat to `value` through its alterations.
inline void set_stat(AtomsPastState& state, int unit, Stat stat, int value) {
  const int current = state.stat(unit, stat);
  state.mutable_data().units[unit].stat_changes[static_cast<int>(stat)] += value - current;
}

// Takes every unit off the board except the ones listed, which stand where given (1x1 anchors).
inline void clear_board_except(AtomsPastState& state, const std::vector<int>& keep) {
  auto& data = state.mutable_data();
  for (int unit = 0; unit < data.num_units; ++unit)
    if (std::find(keep.begin(), keep.end(), unit) == keep.end()) data.units[unit].deployed = false;
}

inline void place(AtomsPastState& state, int unit, int x, int y, bool rotated = false) {
  auto& data = state.mutable_data();
  data.units[unit].placement =
      grid::Placement{{static_cast<std::int8_t>(x), static_cast<std::int8_t>(y)}, rotated};
  data.units[unit].deployed = true;
  data.units[unit].alive = true;
}

// A map id whose terrain is all open and flat in the region used by hand-built scenarios.
inline nlohmann::json open_ground_setup() {
  return {{"map", "training_ground"}};
}

}  // namespace warband::atomspast::testing
