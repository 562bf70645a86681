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
#include "rulesets/atomspast/builder/warband_file.h"
#include "rulesets/atomspast/scenario.h"

namespace warband::atomspast::testing {

// The shipped content as the builder loads it, loaded once.
inline const Content& shipped() {
  static const Content content = builder::load_builder_content("");
  return content;
}

inline std::shared_ptr<const AtomsPastGame> sample_game(const nlohmann::json& setup = {}) {
  return std::dynamic_pointer_cast<const AtomsPastGame>(make_game("atomspast", setup));
}

// The ids of the shipped maps, for tests that run on every map.
inline std::vector<std::string> sample_map_ids() {
  std::vector<std::string> ids;
  for (const MapDef& map : sample_game()->content().maps)
    ids.push_back(map.id);
  return ids;
}

// The set-up helpers live in the ruleset (scenario.h), shared with the odds' Monte Carlo.
using atomspast::first_turn;
using atomspast::new_state;

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

using atomspast::clear_board_except;
using atomspast::find_unit;
using atomspast::place;
using atomspast::set_stat;

// Moves a state from Red's Spell Phase to Red's Battlefield Phase (the Kon waits).
inline void to_battlefield(AtomsPastState& state) {
  ASSERT_EQ(state.data().phase, Phase::kSpellPhase);
  state.apply(encode(ActionKind::kDone));
  ASSERT_EQ(state.data().phase, Phase::kKonPhase);
  state.apply(encode(ActionKind::kDone));
  ASSERT_EQ(state.data().phase, Phase::kBattlefield);
}

// Clears the board but `units` and the two Kons, which stand out of the way in the far corners
// (Red's at A1, Blue's at AB18): the usual start of a hand-made position.
inline void keep_only(AtomsPastState& state, std::vector<int> units) {
  const AtomsPastGame& game = state.atomspast();
  units.push_back(game.kon_unit(0));
  units.push_back(game.kon_unit(1));
  clear_board_except(state, units);
  place(state, game.kon_unit(0), 0, 0);
  place(state, game.kon_unit(1), 27, 17);
}

// A map id whose terrain is all open and flat in the region used by hand-built scenarios.
inline nlohmann::json open_ground_setup() {
  return {{"map", "training_ground"}};
}

}  // namespace warband::atomspast::testing
