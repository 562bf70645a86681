// One game between two bots, with the figures the simulator reports. The seeding is the play
// loop's: chance from Rng(mix_seed(seed, 0)), both bots from Rng(mix_seed(seed, 1)), so the game
// a sweep plays as game i is `warband play RULESET --red A --blue B --seed <its game seed>`.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "bots/bot.h"
#include "core/budget.h"
#include "core/game.h"
#include "core/game_record.h"
#include "sim/card_names.h"

namespace warband::sim {

// One unit's game, from State::unit_statuses() and State::acting_unit().
struct UnitResult {
  std::string name;
  int side = 0;
  int points = 0;
  std::string role;       // UnitStatus::role: "" or the ruleset's special role ("Kon")
  int damage_dealt = 0;   // wounds it took from enemy units
  int damage_taken = 0;   // wounds it lost, from anything
  int kills = 0;          // enemy units it destroyed
  int points_killed = 0;  // their points
  bool survived = true;
  int max_wounds = 0;  // UnitStatus::max_wounds at the start
  int wounds = 0;      // wounds left at the end (balance's margin counts a wounded unit pro rata)
};

struct GameResult {
  std::int64_t index = 0;  // in the sweep
  std::uint64_t seed = 0;  // the game's own seed (mix_seed(sweep seed, index))
  int winner = -1;         // 0 Red, 1 Blue, -1 a draw (or unfinished)
  std::vector<double> returns;
  int applies = 0;  // decisions and chance outcomes
  int decisions = 0;
  bool finished = true;  // false: the game passed info().max_game_length (a ruleset bug)
  std::uint64_t final_hash = 0;
  // How it ended: an index into `endings` (State::ending()), -1 when unfinished.
  int ending = -1;
  std::span<const std::string_view> endings;  // Game::endings(): static names
  std::vector<UnitResult> units;
  // With luck measured (play_match's measure_luck): the sum over the game's chance nodes of
  // chance_luck (sim/luck.h), on Red's result scale; 0 when not measured.
  double luck = 0;
  // The same on the margin's scale (sim/luck.h: chance_luck_terms, V Red's points margin now):
  // balance's margin fit reads it as its luck column. 0 when not measured.
  double margin_luck = 0;
  // What each side held besides its units (A Game's drafted cards), one id a copy (card_names.h):
  // filled by a sweep's read_cards (balance's card fit), else empty.
  std::array<std::vector<CardId>, 2> cards;
};

// `names` as a list of endings in static storage, as GameResult::endings holds them: one copy per
// distinct list for the program's life (a result read back from JSON, such as an MPI rank's).
std::span<const std::string_view> lasting_endings(const std::vector<std::string>& names);

// Reads each side's cards from a game's final state (BalanceHooks::side_cards).
using CardsReader =
    std::function<std::array<std::vector<std::string>, 2>(const State& final_state)>;

// Plays one game of `game` from `seed` between `red` and `blue`. When `record` is not null the
// whole game is kept in it (for logs and replays); it must be a fresh record of `game`. The bots
// search within `budget`; a game in which it ran out is not the game the seed gives (a bot played
// short of its search) and is thrown away: BudgetExhausted. With `measure_luck` each chance node
// also values every outcome (a clone and evaluate() each) to add up GameResult::luck. When
// `read_cards` is set it fills GameResult::cards from the final state, by id.
GameResult play_match(const std::shared_ptr<const Game>& game, std::uint64_t seed, bots::Bot& red,
                      bots::Bot& blue, GameRecord* record = nullptr,
                      const Budget& budget = Budget::unlimited(), bool measure_luck = false,
                      const CardsReader& read_cards = {});

}  // namespace warband::sim
