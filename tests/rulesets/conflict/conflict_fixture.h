// Small Conflict games for rules tests: a table and two warbands written to a temporary folder
// (the setup takes paths), models placed by hand, and the state brought to an activation.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <memory>
#include <regex>
#include <string>
#include <vector>

#include "core/file_io.h"
#include "core/registry.h"
#include "rulesets/conflict/character_file.h"
#include "rulesets/conflict/conflict_game.h"
#include "rulesets/conflict/conflict_state.h"
#include "rulesets/conflict/creation_rules.h"
#include "rulesets/conflict/luck_deck.h"
#include "rulesets/conflict/warband_file.h"
#include "tests/support/test_files.h"

namespace warband::conflict::testing {

using warband::ScratchFolder;

// One inline character of a warband file: `extra` holds its attacks and any other fields.
inline std::string character_toml(const std::string& name, int size, int skill, int defense,
                                  int resistance, int wounds, const std::string& attacks) {
  return "[[characters]]\nname = \"" + name + "\"\nsize = " + std::to_string(size) +
         "\nsuit = \"hearts\"\nattack_skill = " + std::to_string(skill) +
         "\ndefense = " + std::to_string(defense) +
         "\nresistance = { physical = " + std::to_string(resistance) +
         ", energy = 0, psyche = 0 }\nwounds = " + std::to_string(wounds) + "\n" + attacks + "\n";
}

inline std::string melee_attack(int strength, const std::string& effects = "") {
  return "[[characters.attacks]]\nname = \"Blade\"\ntype = \"physical\"\ntarget = "
         "\"single\"\nrange = 0\nstrength = " +
         std::to_string(strength) + "\n" + effects;
}

// A game on a table of the given pieces ("[[piece]] ..." text) with these warbands' characters,
// the engine placing the models (tests then place the ones they look at by hand), unless
// `players_deploy`.
class Arena {
 public:
  Arena(const std::string& pieces, const std::string& red, const std::string& blue,
        bool players_deploy = false) {
    write_open_content();
    write("arena.table.toml", "name = \"Arena\"\nwidth = 36\ndepth = 36\n" + pieces);
    write("red.warband.toml", "name = \"Red\"\npoints_limit = 10000\n" + red);
    write("blue.warband.toml", "name = \"Blue\"\npoints_limit = 10000\n" + blue);
    game_ = std::make_shared<ConflictGame>(nlohmann::json{
        {"content_dir", dir_.root()},
        {"map", dir_.file("arena.table.toml")},
        {"warbands", {dir_.file("red.warband.toml"), dir_.file("blue.warband.toml")}},
        {"parameters", {{"automatic_deployment", !players_deploy}}}});
    state_ = std::make_unique<ConflictState>(game_);
  }

  ConflictState& state() { return *state_; }
  const ConflictGame& game() const { return *game_; }

  // Stands model `m` at (x, y) inches facing `degrees`.
  void place(int m, double x, double y, int degrees = 90) {
    ModelState& s = state_->mutable_data().models[m];
    s.at = {static_cast<std::int32_t>(x * 100 + 0.5), static_cast<std::int32_t>(y * 100 + 0.5)};
    s.facing = static_cast<std::int16_t>(degrees * 10);
  }
  // Knocks out every model but these, so a test sees only the ones it placed.
  void keep_only(const std::vector<int>& models) {
    for (int m = 0; m < game_->model_count(); ++m)
      if (std::find(models.begin(), models.end(), m) == models.end()) {
        state_->mutable_data().models[m].out = true;
        state_->mutable_data().models[m].wounds = 0;
      }
  }
  // Past the initiative flip, with `m` activated by its side.
  void activate(int m) {
    StateData& d = state_->mutable_data();
    d.stage = Stage::kChooseModel;
    d.card_count = 0;
    d.cards.fill(-1);
    d.player = static_cast<std::int8_t>(game_->model(m).side);
    state_->check_consistency();
    state_->apply(encode_action(ActionKind::kActivate, m, 0));
  }
  bool legal(Action action) const {
    const std::vector<Action> actions = state_->legal_actions();
    return std::find(actions.begin(), actions.end(), action) != actions.end();
  }
  // The legal leg destinations, as points.
  std::vector<tabletop::Point> destinations() const {
    std::vector<tabletop::Point> out;
    for (Action action : state_->legal_actions())
      if (kind_of(action) == ActionKind::kMoveTo) out.push_back(unpack_point(payload_of(action)));
    return out;
  }
  Action move_to(int m, double x, double y) const {
    const tabletop::Point to{static_cast<std::int32_t>(x * 100 + 0.5),
                             static_cast<std::int32_t>(y * 100 + 0.5)};
    for (Action action : state_->legal_actions())
      if (kind_of(action) == ActionKind::kMoveTo && model_of(action) == m &&
          unpack_point(payload_of(action)) == to)
        return action;
    return -1;
  }
  static Action card(Card c) { return encode_action(ActionKind::kCard, 0, c); }
  // The declared target's answer to an attack: it does not fall prone.
  static Action stay_standing(int target) {
    return encode_action(ActionKind::kStayStanding, target, 0);
  }

 private:
  void write(const std::string& name, const std::string& text) {
    std::ofstream(dir_.file(name)) << text;
  }
  // The built-in content with the creation limits opened wide: a test's characters are made for
  // the rule it tests, not to be legal (a Tiny model with 10 Wounds lasts through a fight), and a
  // game plays no character its content's limits refuse.
  void write_open_content() {
    dir_.copy_folder(default_content_dir() + "/conflict", "conflict");
    const std::string creation = dir_.file("conflict/creation.toml");
    std::string text = read_file_text(creation);
    text = std::regex_replace(text, std::regex("max_wounds = [0-9]+"), "max_wounds = 100");
    text = std::regex_replace(text, std::regex("_max = [0-9]+"), "_max = 20");
    write_file_text(creation, text);
  }
  ScratchFolder dir_;
  std::shared_ptr<ConflictGame> game_;
  std::unique_ptr<ConflictState> state_;
};

// Card indexes (luck_deck.h): rank * 4 + suit for A, 2, 3, J; suits ♠ ♥ ♦ ♣.
inline constexpr Card kAceSpades = 0, kAceHearts = 1, kTwoSpades = 4, kThreeSpades = 8,
                      kJackSpades = 12, kJackHearts = 13;

// A Size 1 imp and a Size 2 guard, as character files.
inline const std::string kTiny = character_toml("Imp", 1, 0, 0, 0, 10, melee_attack(1));
inline const std::string kSmall = character_toml("Guard", 2, 2, 1, 2, 10, melee_attack(4));

// A shipped character of content/conflict/characters, by id.
inline Character shipped_character(const std::string& id) {
  const std::string path =
      characters_folder_of(content_conflict_folder()) + "/" + id + ".character.toml";
  return parse_character_toml(read_text_file(path), path);
}

}  // namespace warband::conflict::testing
