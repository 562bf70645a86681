#include "rulesets/atomspast/scenario.h"

#include <algorithm>

namespace warband::atomspast {

std::unique_ptr<AtomsPastState> new_state(const std::shared_ptr<const AtomsPastGame>& game) {
  return std::unique_ptr<AtomsPastState>(
      dynamic_cast<AtomsPastState*>(game->new_initial_state().release()));
}

std::unique_ptr<AtomsPastState> first_turn(const std::shared_ptr<const AtomsPastGame>& game) {
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

int find_unit(const AtomsPastGame& game, int side, const std::string& profile_id, bool kon) {
  const auto& roster = game.roster();
  for (std::size_t i = 0; i < roster.size(); ++i)
    if (roster[i].side == side && roster[i].profile->id == profile_id && roster[i].is_kon == kon)
      return static_cast<int>(i);
  return -1;
}

void set_stat(AtomsPastState& state, int unit, Stat stat, int value) {
  const int current = state.stat(unit, stat);
  state.mutable_data().units[unit].stat_changes[static_cast<int>(stat)] += value - current;
}

void clear_board_except(AtomsPastState& state, const std::vector<int>& keep) {
  auto& data = state.mutable_data();
  for (int unit = 0; unit < data.num_units; ++unit)
    if (std::find(keep.begin(), keep.end(), unit) == keep.end()) data.units[unit].deployed = false;
}

void place(AtomsPastState& state, int unit, int x, int y, bool rotated) {
  auto& data = state.mutable_data();
  data.units[unit].placement =
      grid::Placement{{static_cast<std::int8_t>(x), static_cast<std::int8_t>(y)}, rotated};
  data.units[unit].deployed = true;
  data.units[unit].alive = true;
}

}  // namespace warband::atomspast
