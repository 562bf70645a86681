// The game interface every ruleset implements, in the manner of OpenSpiel.
//
// A Game is immutable: built once from a ruleset's parameters and content, it makes States.
// A State is a node of the game tree:
//   - a decision node: current_player() is 0 or 1; legal_actions() lists the choices,
//     sorted ascending and never empty;
//   - a chance node: current_player() == kChancePlayer; chance_outcomes() lists every outcome
//     with its exact probability (each in (0, 1], summing to 1);
//   - a terminal node: current_player() == kTerminalPlayer; returns() says who won.
// apply() is the only mutator. Rules code is pure: it draws no random number, reads no clock and
// does no I/O. A driver (the play loop, a bot, a replay) samples chance outcomes with a seeded Rng.
//
// The history of a game is kept by its GameRecord (game_record.h), not by the State, so that a
// State stays a flat value that bots can copy millions of times.
#pragma once

#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/error.h"

namespace warband {

// One encoding serves the CLI, the HTTP API and logs: a ruleset packs its action into 63 bits.
using Action = std::int64_t;

inline constexpr int kChancePlayer = -1;
inline constexpr int kTerminalPlayer = -2;

// Who reads what a state shows (table_view, to_string_for, action_to_string_for): a player (0,
// 1), or one of these.
inline constexpr int kSeesEverything = -1;  // a replay, the spectator of a bots' game
inline constexpr int kSeesPublic = -3;      // anyone at the table: nothing any player hides

struct ChanceOutcome {
  Action action;
  double probability;
};

class Game;
class Rng;

// One unit as statistics see it (the simulator's per-unit figures).
struct UnitStatus {
  std::string name;  // the profile's name: "Orc Warrior"
  int side = 0;      // 0 = Red, 1 = Blue
  int points = 0;
  int wounds = 0;  // left
  int max_wounds = 0;
  bool alive = true;
  // A special role the ruleset gives this unit ("" for none), such as a leader whose death
  // loses the game. Balance fits such units apart from the army counts.
  std::string role;
};

class State {
 public:
  virtual ~State() = default;

  // 0 or 1 at a decision node, kChancePlayer or kTerminalPlayer otherwise.
  virtual int current_player() const = 0;
  bool is_chance() const { return current_player() == kChancePlayer; }
  bool is_terminal() const { return current_player() == kTerminalPlayer; }

  // Decision nodes: every legal action, sorted ascending, no duplicates. Empty elsewhere.
  virtual std::vector<Action> legal_actions() const = 0;
  // The same into `out` (cleared first), so that search loops can reuse one buffer; rulesets
  // with a hot path override it to fill `out` without allocating.
  virtual void legal_actions_into(std::vector<Action>& out) const { out = legal_actions(); }
  // Chance nodes: every outcome with its exact probability. Empty elsewhere.
  virtual std::vector<ChanceOutcome> chance_outcomes() const = 0;
  // The same into `out` (cleared first), so that a driver sampling every chance node reuses one
  // buffer; rulesets with a hot path override it to fill `out` without allocating.
  virtual void chance_outcomes_into(std::vector<ChanceOutcome>& out) const {
    out = chance_outcomes();
  }
  // Applies a legal action or a chance outcome. Applying anything else is a programmer error;
  // untrusted actions go through GameRecord::apply_checked.
  virtual void apply(Action action) = 0;

  // Terminal nodes: +1 for the winner, -1 for the loser, 0 each for a draw.
  virtual std::vector<double> returns() const = 0;
  // Terminal nodes: why the game ended, one sentence for a result line ("R1 Orc Boar Rider (Kon)
  // destroyed by Blue's Static Mine, X = 8"). Empty while the game is not over, and
  // by default (returns() alone says who won). It names only what every side has seen.
  virtual std::string end_reason() const { return ""; }
  // Terminal nodes: how the game ended, as an index into game().endings() (a simulator counts
  // endings as small integers, no text per game); -1 while the game is not over. The default,
  // for a game that declares no endings: 0, its one ending ("game over").
  virtual int ending() const { return is_terminal() ? 0 : -1; }

  virtual std::unique_ptr<State> clone() const = 0;

  // The whole state as JSON; Game::state_from_json reads it back to an equal state.
  virtual nlohmann::json to_json() const = 0;
  // What `player` may see: to_json() with hidden information (hands, deck order) removed.
  virtual nlohmann::json view(int player) const = 0;

  // An action, or a chance outcome, in words: "Orc Warrior moves C4→F6", "Channel die: 5".
  virtual std::string action_to_string(Action action) const = 0;
  // A human-readable picture of the state, everything shown (a replay, a bots' game).
  virtual std::string to_string() const = 0;

  // What `viewer` may see of the state in words (OpenSpiel's ObservationString): the terminal
  // draws this for a human, so it must leave out whatever view(viewer) hides (the other side's
  // hand, a deck's order). kSeesEverything: to_string(). The default is the text of
  // table_view(viewer) when its kind is "text", else to_string(), which only games without
  // hidden information may rely on: a game with hidden parts overrides it.
  virtual std::string to_string_for(int viewer) const;
  // to_string_for(viewer) laid out for a terminal `columns` wide where the ruleset can (a
  // narrower board, long lines wrapped); 0: its roomiest layout. The default ignores `columns`.
  virtual std::string to_string_fitting(int viewer, int columns) const;
  // An action or chance outcome in words as `viewer` may read it. The default is
  // action_to_string(action), or "(hidden)" when action_view(action) says it is private to
  // another player ("private_to", as the browser's log hides it); a ruleset may name what is
  // public of it instead ("Blue draws a card").
  virtual std::string action_to_string_for(int viewer, Action action) const;

  // A 64-bit digest of to_json(): FNV-1a (core/fnv1a.h) over to_json().dump(); equal states
  // have equal hashes on every machine. A ruleset may override it to feed the same text to the
  // digest without building the JSON (a simulator hashes every game's end): the value must not
  // change, since saved replays and summaries hold it.
  virtual std::uint64_t hash() const;

  // A heuristic value of this state for each player, in [-1, 1], for bots that stop looking
  // ahead before the end (greedy, mcts with short rollouts). returns() at a terminal node.
  // The default knows nothing: 0 each.
  virtual std::vector<double> evaluate() const;

  // A state `player` cannot tell from this one: what `player` may not see (the other side's
  // hand, the order of a deck) drawn again at random from what is consistent with view(player).
  // Search bots plan on such states so they cannot cheat. Perfect-information games: a clone.
  virtual std::unique_ptr<State> determinize(int player, Rng& rng) const;

  // Every unit of the game in a fixed order (the same index all game long); empty for games
  // without units. The simulator reads wounds and deaths from it.
  virtual std::vector<UnitStatus> unit_statuses() const { return {}; }
  // The unit whose action or spell is being resolved (an index into unit_statuses()), or -1:
  // damage and kills made by the next apply() are credited to it.
  virtual int acting_unit() const { return -1; }

  // For graphical front ends (the browser's board), the table as data, with what `viewer` may not
  // see left out (kSeesEverything, -1: everything, for replays; kSeesPublic: no player's hidden
  // part). The shape is the ruleset's, documented in
  // docs/api.md ("Table views"); the default is {"kind": "text", "text": to_string()}, which only
  // games without hidden information may rely on.
  virtual nlohmann::json table_view(int viewer) const;
  // An action or chance outcome as data for a front end: at least {"text": action_to_string()},
  // plus what the ruleset can say about it ("kind", "unit", "target", "cells", "private_to"; see
  // docs/api.md). "private_to": a side means only that side may read the text (a card drawn).
  virtual nlohmann::json action_view(Action action) const;

  // Debug consistency check (Stockfish's pos_is_ok): throws InvariantError on a broken invariant.
  virtual void check_consistency() const {}

  virtual const Game& game() const = 0;
};

struct GameInfo {
  std::string ruleset;
  std::string title;
  int num_players = 2;
  // An upper bound on the number of applies (decisions and chance outcomes) in one game.
  int max_game_length = 0;
};

class Game {
 public:
  virtual ~Game() = default;
  virtual const GameInfo& info() const = 0;
  virtual std::unique_ptr<State> new_initial_state() const = 0;
  // Reads what State::to_json wrote; a malformed document throws InputError naming the field.
  virtual std::unique_ptr<State> state_from_json(const nlohmann::json& json) const = 0;
  // The settings this Game was built from (ruleset, warbands, map, parameters); a GameRecord
  // stores them so a replay can build the same Game again.
  virtual const nlohmann::json& setup() const = 0;
  // The few ways a game can end, in the fixed order State::ending() indexes ("Kon destroyed by
  // an enemy spell", "turn limit reached"): short categories, not end_reason()'s sentence. The
  // names are in static storage (a ruleset's constant table), so a game's result may keep this
  // view after the Game is gone. The default: one ending, "game over".
  virtual std::span<const std::string_view> endings() const;
};

}  // namespace warband
