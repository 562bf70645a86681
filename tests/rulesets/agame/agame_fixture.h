// Small A Game games for rules tests: a table (and, when a test needs the seed's own numbers,
// profiles) written to a temporary folder, models placed by hand, activations started directly
// and dice forced one face at a time.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <memory>
#include <string>
#include <vector>

#include "core/registry.h"
#include "rulesets/agame/agame_game.h"
#include "rulesets/agame/agame_state.h"
#include "tests/support/test_files.h"

namespace warband::agame::testing {

// Three goblins: the arenas' usual side.
inline const std::vector<std::string> kGoblins = {"Goblin Skirmisher", "Goblin Skirmisher",
                                                  "Goblin Skirmisher"};
// The Goblin Skirmisher's attacks, by index in content/agame/profiles.toml.
inline constexpr int kSpearJab = 0, kJavelin = 1;

inline Action act(ActionKind kind, int model, int payload = 0) {
  return encode_action(kind, model, payload);
}

// The error a setup is refused with, "" when the game starts.
inline std::string setup_error(const nlohmann::json& setup) {
  try {
    AGameGame game(setup);
  } catch (const InputError& error) {
    return error.what();
  }
  return "";
}

// A scratch folder (test_files.h) holding an empty agame/ folder.
class ScratchFolder : public warband::ScratchFolder {
 public:
  ScratchFolder() { std::filesystem::create_directories(file("agame")); }
};

// A game on a 24" square table of the given pieces ("[[piece]] ..." text) between these lists of
// profile names. `profiles`: the text of a profiles.toml to play with instead of the shipped one.
class Arena {
 public:
  // `draft`: the game deals cards (its state starts in the draft; activate() skips it and give()
  // deals the cards a test needs). `parameters`: "key = value" lines put in place of the shipped
  // parameters.toml's own (the rest of the shipped content kept).
  Arena(const std::vector<std::string>& red, const std::vector<std::string>& blue,
        const std::string& pieces = "", const std::string& profiles = "", bool draft = false,
        const std::vector<std::string>& parameters = {}) {
    dir_.write("arena.table.toml", "name = \"Arena\"\nwidth = 24\ndepth = 24\n" + pieces);
    // No draft: a rules test starts at the first activation (the draft's own tests deal cards).
    nlohmann::json setup = {{"map", dir_.file("arena.table.toml")},
                            {"warbands", {red, blue}},
                            {"parameters", {{"draft", draft ? 1 : 0}}}};
    if (!profiles.empty()) {
      const std::string shipped = default_content_dir() + "/agame/parameters.toml";
      std::filesystem::copy_file(shipped, dir_.file("agame/parameters.toml"));
      dir_.write("agame/profiles.toml", profiles);
      setup["content_dir"] = dir_.root();
    } else if (!parameters.empty()) {
      std::filesystem::copy(default_content_dir() + "/agame", dir_.file("agame"),
                            std::filesystem::copy_options::recursive |
                                std::filesystem::copy_options::overwrite_existing);
      setup["content_dir"] = dir_.root();
    }
    if (!parameters.empty()) override_parameters(parameters);
    game_ = std::make_shared<AGameGame>(setup);
    state_ = std::make_unique<AGameState>(game_);
  }

  AGameState& state() { return *state_; }
  // Puts the card (its id) in the side's hand; returns its hand slot.
  int give(int side, const std::string& card) {
    DraftData& d = state_->mutable_data().draft;
    const int slot = d.hand_size[side]++;
    d.hands[side][slot] =
        static_cast<std::int8_t>(find_card(game_->cards(), card) - game_->cards().data());
    return slot;
  }
  const AGameGame& game() const { return *game_; }
  ModelState& model(int m) { return state_->mutable_data().models[m]; }

  // Stands model `m` at (x, y) inches.
  void place(int m, double x, double y) {
    model(m).at = {static_cast<std::int32_t>(x * 100 + 0.5),
                   static_cast<std::int32_t>(y * 100 + 0.5)};
  }
  // Removes every model but these (dead), so a test sees only the ones it placed, and moves the
  // rest out of the way in the table's corners.
  void keep_only(const std::vector<int>& models) {
    for (int m = 0; m < game_->model_count(); ++m)
      if (std::find(models.begin(), models.end(), m) == models.end()) {
        model(m).dead = true;
        model(m).wounds = 0;
      }
  }
  // Starts model `m`'s activation by its side.
  void activate(int m) {
    StateData& d = state_->mutable_data();
    d.stage = Stage::kChooseModel;
    d.player = static_cast<std::int8_t>(game_->model(m).side);
    state_->check_consistency();
    apply(encode_action(ActionKind::kActivate, m, 0));
  }
  bool legal(Action action) const {
    const std::vector<Action> actions = state_->legal_actions();
    return std::find(actions.begin(), actions.end(), action) != actions.end();
  }
  // Applies a decision, failing the test when it is not legal.
  void apply(Action action) {
    ASSERT_TRUE(legal(action)) << state_->action_to_string(action) << "\n" << state_->to_string();
    state_->apply(action);
    state_->check_consistency();
  }
  // Rolls these faces, one chance node each.
  void roll(std::initializer_list<int> faces) {
    for (int face : faces) {
      ASSERT_TRUE(state_->is_chance()) << "no die to roll for " << face << "\n"
                                       << state_->to_string();
      state_->apply(encode_action(ActionKind::kDie, 0, face));
      state_->check_consistency();
    }
  }
  void attack(int attacker, int attack, int target) {
    apply(encode_action(ActionKind::kAttack, attacker, (attack << 8) | target));
  }
  void allocate(int attacker, int dice) {
    apply(encode_action(ActionKind::kAllocate, attacker, dice));
  }
  void dodge(int target, int dice) { apply(encode_action(ActionKind::kDodge, target, dice)); }
  // The legal leg destinations, as points.
  std::vector<tabletop::Point> destinations() const {
    std::vector<tabletop::Point> out;
    for (Action action : state_->legal_actions())
      if (kind_of(action) == ActionKind::kMoveTo)
        out.push_back(tabletop::unpack_point(payload_of(action)));
    return out;
  }
  static tabletop::Point at(double x, double y) {
    return {static_cast<std::int32_t>(x * 100 + 0.5), static_cast<std::int32_t>(y * 100 + 0.5)};
  }
  bool can_reach(double x, double y) const {
    const std::vector<tabletop::Point> points = destinations();
    return std::find(points.begin(), points.end(), at(x, y)) != points.end();
  }

  // Puts each "key = value" line in place of the copied parameters.toml's line of that key.
  void override_parameters(const std::vector<std::string>& lines) {
    std::ifstream in(dir_.file("agame/parameters.toml"));
    std::vector<std::string> kept;
    for (std::string line; std::getline(in, line);)
      kept.push_back(line);
    for (const std::string& line : lines) {
      const std::string key = line.substr(0, line.find(" = ") + 3);
      auto same = std::find_if(kept.begin(), kept.end(),
                               [&](const std::string& old) { return old.starts_with(key); });
      ASSERT_NE(same, kept.end()) << "no parameter " << key;
      *same = line;
    }
    std::string text;
    for (const std::string& line : kept)
      text += line + "\n";
    dir_.write("agame/parameters.toml", text);
  }

 private:
  ScratchFolder dir_;
  std::shared_ptr<AGameGame> game_;
  std::unique_ptr<AGameState> state_;
};

}  // namespace warband::agame::testing
