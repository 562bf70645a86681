// How the terminal names players and tells what happened: "Red: roll", "chance: roll: 5",
// "Blue wins". Shared by `play` and `replay` so both print the same lines.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "core/game.h"

namespace warband::cli {

// "Red" for player 0, "Blue" for 1, "Player N" beyond, "chance" for the chance player.
std::string player_name(int player);

// One line for `action` applied to `state` (the state before it): who, then what, as `viewer`
// may read it (State::action_to_string_for): "chance: Blue draws a card" for Red.
std::string action_line(const State& state, Action action, int viewer = kSeesEverything);

// The player with the highest return, if exactly one has it; nullopt for a draw.
std::optional<int> winner(const std::vector<double>& returns);

// "Red wins", "Blue wins", "Draw", or "Unfinished" for a game that is not over; then the
// ruleset's State::end_reason(), if any: "Blue wins: R1 Orc Boar Rider (Kon) destroyed by ..."
std::string result_text(const State& state);

// The same for JSON summaries: "red", "blue", "draw", or null while unfinished.
nlohmann::json winner_json(const State& state);

}  // namespace warband::cli
