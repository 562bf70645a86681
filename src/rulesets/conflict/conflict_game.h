// The immutable Conflict game (seed 003): two warbands of characters, a table of terrain
// (content/conflict/tables/*.table.toml) and the engine's numbers (content/conflict/game.toml).
// Everything fixed for a game lives here; the State (conflict_state.h) holds only what changes.
#pragma once

#include <array>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/tabletop.h"
#include "core/tabletop_file.h"
#include "rulesets/conflict/character.h"
#include "rulesets/conflict/creation_rules.h"

namespace warband::conflict {

// warband_characters_max of the proposal: every model of both sides fits a 64-bit model mask.
inline constexpr int kMaxModelsPerSide = 20;
inline constexpr int kMaxGameModels = 2 * kMaxModelsPerSide;
// The table a game is played on unless the setup names one.
inline constexpr const char* kDefaultTable = "open_ground";

// The most rounds game.toml and a setup's round_limit (`--set parameters.round_limit`) take.
inline constexpr int kMaxRoundLimit = 20;

// content/conflict/game.toml: the numbers the seed leaves open for play (docs/rulings/conflict.md).
struct EngineRules {
  int round_limit = 6;                     // rounds before zone control decides
  int deployment_depth = 600;              // units: each side's zone from its table edge
  int objective_radius = 300;              // units: the zone at the table's centre
  int move_lattice = 100;                  // units: destinations offered every this far in x and y
  int rear_arc = 1800;                     // angle units: Flanking's rear arc
  int climb_reach = 50;                    // units: how near a piece's edge a model climbs it from
  int climb_inset = 5;                     // units: how far inside the edge a climber is placed
  int push_per_size = 50;                  // units of Push per size of difference
  int push_minimum = 100;                  // units: "min 1""
  int reinforced_wounds_per_size = 2;      // a reinforced piece's wounds per size
  int reinforced_resistance_per_size = 1;  // its Physical and Energy Resistance per size
  int impact_damage_per_size = 1;          // a model hit by a thrown model: per size of the other
  int objective_marker = 100;              // units: an objective marker's diameter
  int zone_points = 1;                     // the centre zone's worth when a table has objectives
};

// A table's objective (`[[objective]]` of *.table.toml) as Conflict plays it (ruling "Objectives
// and Interact"): what Interact does to it.
enum class ObjectiveKind : std::uint8_t {
  kSeize,     // Interact takes it for the side, until an enemy seizes it back
  kActivate,  // the first side to Interact holds it for the game
  kCarry,     // Interact picks it up; it goes with the model, dropped where the model falls
};
struct Objective {
  std::string name;
  tabletop::Point at;
  ObjectiveKind kind = ObjectiveKind::kSeize;
  int points = 1;
};
EngineRules load_engine_rules(const std::string& path);

// One ability action of a model (its [abilities.action]), with the ability's name for the text.
struct ModelAbilityAction {
  std::string name;  // "Mend"
  AbilityAction action;
};
// A model's ability actions are one bit each of its per-activation Exhaust mask.
inline constexpr int kMaxAbilityActions = 8;

// One model as the game fixes it: its character and what its size gives it.
struct GameModel {
  Character character;
  int side = 0;
  std::string label;  // "R1", "B3"
  int number = 0;     // its place in its warband, from 0: the order it deploys in
  int points = 0;     // costs.toml's price
  int diameter = 100;
  int strides = 1;  // the size's plus the character's extra
  int attack_reach = 0;
  int influence = 0;
  AbilityPlay play;  // its abilities merged: the maneuver numbers it plays with
  std::vector<ModelAbilityAction> actions;  // its abilities that are actions, in its list's order
  tabletop::Point start;
  int start_facing = 0;
};

// The warbands a setup without any plays, Red's then Blue's.
inline const std::vector<std::string> kDefaultWarbands = {"iron_pact", "wild_hunt"};

// What a new-game form may offer: {"maps": the tables, "warbands": the shipped warbands,
// "default_warbands": kDefaultWarbands (when the folder holds both)}.
nlohmann::json setup_choices(const std::string& content_dir);

// What ConflictGame(setup) says of sides of these characters (each side's in warband order, its
// warbands legal) before it is built: InputError where a character cannot play or a side does not
// fit its deployment zone on the setup's table, as the game throws it. A balance run's random draw
// asks only this: building the whole game to ask it was a fifth of a run.
void check_sides_deploy(const nlohmann::json& setup,
                        const std::array<std::vector<const Character*>, 2>& sides);

class ConflictGame : public Game, public std::enable_shared_from_this<ConflictGame> {
 public:
  // Throws InputError for unknown content, a bad warband or table, or a side that does not fit
  // its deployment zone.
  explicit ConflictGame(const nlohmann::json& setup);

  const GameInfo& info() const override { return info_; }
  // Knocked out, the centre zone or the objectives at the round limit (conflict_state.cc).
  std::span<const std::string_view> endings() const override;
  std::unique_ptr<State> new_initial_state() const override;
  std::unique_ptr<State> state_from_json(const nlohmann::json& json) const override;
  const nlohmann::json& setup() const override { return setup_; }

  const EngineRules& rules() const { return rules_; }
  const CreationRules& creation() const { return creation_; }
  const tabletop::Table& table() const { return table_; }
  const std::string& table_name() const { return table_name_; }
  const std::string& piece_name(int piece) const { return piece_names_[piece]; }
  const std::vector<std::string>& piece_names() const { return piece_names_; }
  int model_count() const { return static_cast<int>(models_.size()); }
  const GameModel& model(int index) const { return models_[index]; }
  const std::string& warband_name(int side) const { return warband_names_[side]; }
  int round_limit() const { return round_limit_; }
  // Whether the engine places the models (setup parameter automatic_deployment) or the players do.
  bool automatic_deployment() const { return automatic_deployment_; }
  int side_size(int side) const { return side_sizes_[side]; }
  // The game model that is `number`th of its side.
  int model_of_side(int side, int number) const { return side * side_sizes_[0] + number; }
  int objective_count() const { return static_cast<int>(objectives_.size()); }
  const Objective& table_objective(int index) const { return objectives_[index]; }
  // The zone control objective: the table's centre.
  tabletop::Point objective() const { return {table_.width / 2, table_.depth / 2}; }

 private:
  nlohmann::json setup_;
  GameInfo info_;
  EngineRules rules_;
  CreationRules creation_;
  tabletop::Table table_;
  std::string table_name_;
  std::vector<std::string> piece_names_;
  std::vector<GameModel> models_;
  std::string warband_names_[2];
  int round_limit_ = 6;
  bool automatic_deployment_ = false;
  std::vector<Objective> objectives_;
  int side_sizes_[2] = {0, 0};
};

}  // namespace warband::conflict
