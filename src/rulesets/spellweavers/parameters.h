// Spellweavers rule values (seed 002): every number the dice mechanics use, by name, loaded from
// content/spellweavers/parameters.toml. The seed's own numbers keep its values as defaults; the
// [NUMBER]s it leaves open get a default documented in docs/rulings/spellweavers.md.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/parameter_spec.h"

namespace warband::spellweavers {

// The most wizards a side may field (wizards_per_side's ceiling); every map has at least this
// many start squares a side.
inline constexpr int kMaxWizardsPerSide = 4;

// "Turn order can be determined by initiative roll or player phase/enemy phase or whatever you
// want really." (ruling "Turn order")
enum class TurnOrder {
  kPlayerPhase,  // "player-phase": Red's wizards, in their order, then Blue's; round after round
  kInitiative,   // "initiative": every wizard rolls a d6 once at the start; highest acts first
};
// How a battle that reaches turn_limit is decided (ruling "Victory").
enum class TurnLimitTiebreak {
  kHpLeft,  // "hp-left": the side whose wizards have more HP left in all wins; equal is a draw
  kDraw,    // "draw": a draw
};
// Who picks where each combatant a Shift affects goes (ruling "Shift").
enum class ShiftChooser {
  kCaster,  // "caster": the wizard who cast the Shift, for friend and foe alike
  kOwner,   // "owner": the side that controls the combatant moved
};

struct Parameters {
  int die_faces = 6;             // "Deal Xd6 damage", "they roll a d6"
  int minimum_damage = 1;        // reductions: "(but not less than 1)"
  int defend_reduction = 4;      // "When you defend, you take 4 less damage from all sources"
  int protection_reduction = 4;  // Protection: "reduce that damage by 4"
  int fortified_reduction = 4;   // Fortified: "reduce that damage by 4"
  // Remove values ("if they roll at or above the remove value, the condition is removed").
  int poison_remove = 6;
  int slow_remove = 5;
  int stun_remove = 4;
  int regenerate_remove = 6;
  int protection_remove = 5;
  int wizard_max_hp = 30;  // "you have [NUMBER] max HP": open in the seed (ruling)
  // The spell creator's open numbers (docs/rulings/spellweavers.md, "Spell creator numbers").
  int wizard_max_mp = 60;     // "you have [NUMBER] max MP"
  int wizard_max_spells = 6;  // "Your spell list can contain up to [NUMBER] spells"
  int two_action_power =
      30;                 // "If a spell's power is [NUMBER] or more, then you MUST use 2 actions"
  int mp_per_action = 5;  // "MP cost ... is equal to its Power - (Actions x [NUMBER])"
  int snapcast_power_below = 15;  // Snapcast: "total power ... is less than [NUMBER]"
  int big_guns_power = 30;        // Big Guns: "a spell with power [NUMBER] or greater"
  int minimum_mp_cost = 0;        // silent in the seed: a cost never pays MP back (ruling)
  // The battle's open numbers (docs/rulings/spellweavers.md, one ruling each).
  int mp_recovery_per_turn = 5;       // silent: MP a wizard regains at the start of its turn
  bool healing_above_max_hp = false;  // "Restore Xd6 HP": never above max HP
  int wizards_per_side = 1;           // silent: 1 to kMaxWizardsPerSide
  int turn_limit = 20;                // rounds before the battle ends undecided (0: none)
  TurnLimitTiebreak turn_limit_tiebreak = TurnLimitTiebreak::kHpLeft;
  TurnOrder turn_order = TurnOrder::kPlayerPhase;
  ShiftChooser shift_chooser = ShiftChooser::kCaster;
  // The engine's seed numbers (branch sw-engine).
  int move_squares = 3;       // "You can move up to 3 squares when you use an action to move"
  int actions_per_turn = 2;   // "Each combatant gets 2 actions per turn"
  int staff_strike_dice = 2;  // "Staff Strike", which deals 2d6 damage"
};

// The parameters a game's setup may override (Ruleset::parameters): every field above, the
// choices as the number of their key (turn_order 0 "player-phase", 1 "initiative").
std::vector<ParameterSpec> parameter_specs();
// Checks `overrides` against parameter_specs() and writes them into `parameters`.
void apply_parameter_overrides(const nlohmann::json& overrides, Parameters& parameters);

// The keys the parameters file uses for the choices ("player-phase", "hp-left", "caster").
std::string turn_order_key(TurnOrder order);
std::string turn_limit_tiebreak_key(TurnLimitTiebreak tiebreak);
std::string shift_chooser_key(ShiftChooser chooser);

// Reads a parameters file: a [parameters] table whose fields are all optional (a missing one
// keeps its default). Throws InputError with "file:line" and the problem.
Parameters load_parameters(const std::string& path);

// The built-in content's parameters (default_content_dir()/spellweavers/parameters.toml), loaded
// once (tests; the program reads root_parameters, which sees edits). Throws InputError when the
// file is missing or wrong.
const Parameters& content_parameters();

// The parameters of the content root `root` ("" = the built-in content): its
// spellweavers/parameters.toml, read once and again only when a file under that folder changes
// (core/folder_cache.h): a running server's next game, builder request and balance run read a saved
// file. Throws InputError when the file is missing or wrong.
Parameters root_parameters(const std::string& root);

}  // namespace warband::spellweavers
