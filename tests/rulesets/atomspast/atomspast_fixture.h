// Helpers for AtomsPast tests: the sample game, a state fast-forwarded to the first turn, and
// forcing dice and positions so that a seed example can be replayed exactly.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "core/registry.h"
#include "rulesets/atomspast/atomspast_game.h"
#include "rulesets/atomspast/atomspast_state.h"
#include "rulesets/atomspast/scenario.h"

namespace warband::atomspast::testing {

inline std::shared_ptr<const AtomsPastGame> sample_game(const nlohmann::json& setup = {}) {
  return std::dynamic_pointer_cast<const AtomsPastGame>(make_game("atomspast", setup));
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

// A copy of the shipped AtomsPast content in a folder of its own, removed when the copy goes, for
// tests that add a map or edit a spell. The folder is named by `name` and this process's id:
// ctest runs a file's tests as parallel processes, which must not rewrite each other's copy.
class ContentCopy {
 public:
  explicit ContentCopy(const std::string& name)
      : root_(std::filesystem::temp_directory_path() /
              ("warband_" + name + "_" + std::to_string(::getpid()))) {
    std::filesystem::remove_all(root_);
    std::filesystem::create_directories(root_);
    std::filesystem::copy(std::filesystem::path(default_content_dir()) / "atomspast",
                          root_ / "atomspast", std::filesystem::copy_options::recursive);
  }
  ~ContentCopy() {
    std::error_code ignored;
    std::filesystem::remove_all(root_, ignored);
  }
  ContentCopy(const ContentCopy&) = delete;
  ContentCopy& operator=(const ContentCopy&) = delete;

  // The folder to give as a setup's "content_dir".
  const std::filesystem::path& root() const { return root_; }
  // The copy's content/atomspast/, where its files are edited.
  std::filesystem::path atomspast() const { return root_ / "atomspast"; }

 private:
  std::filesystem::path root_;
};

}  // namespace warband::atomspast::testing
