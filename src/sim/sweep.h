// A sweep: many games between two bots, spread over threads. Game i is seeded with
// mix_seed(seed, i), and results come back in index order, so a sweep gives the same results
// whatever the thread count, and any one game can be played again alone from (seed, i).
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/budget.h"
#include "core/game.h"
#include "sim/match.h"

namespace warband::sim {

struct SweepSettings {
  std::string ruleset;
  // The Game's setup (warbands, map, parameters...) for every game, unless `setup_for_game`.
  nlohmann::json setup = nlohmann::json::object();
  std::array<std::string, 2> bots = {"random", "random"};  // Red's spec, Blue's spec
  std::uint64_t seed = 0;
  std::int64_t first = 0;  // games [first, end) of the sweep: a shard plays part of it
  std::int64_t end = 0;
  int threads = 1;
  // When set, game i is played on make_game(ruleset, setup_for_game(i)) (balance draws random
  // warbands this way); it must be a pure function of i.
  std::function<nlohmann::json(std::int64_t index)> setup_for_game;
  // When set, game i is seeded seed_for_game(i) instead of game_seed(seed, i) (balance's mirrored
  // pairs play two games on one seed); it must be a pure function of i.
  std::function<std::uint64_t(std::int64_t index)> seed_for_game;
  // Add up each game's luck (GameResult::luck, sim/luck.h): a clone per chance outcome.
  bool measure_luck = false;
  // When set, the bots search within it and the sweep stops when it runs out or is cancelled
  // (the server's DELETE /api/jobs/ID cancels it from another thread): the game in play is
  // dropped and run_sweep throws SweepCancelled, play_sweep_game BudgetExhausted.
  std::shared_ptr<const Budget> budget;
  // When set, each game's GameResult::cards is read from its final state (balance's card fit).
  CardsReader read_cards;
};

// run_sweep was stopped through SweepSettings::budget before every game was played.
class SweepCancelled : public std::runtime_error {
 public:
  SweepCancelled() : std::runtime_error("the sweep was cancelled") {}
};

// Called from worker threads, serialised: how many games of the sweep are done so far.
using SweepProgress = std::function<void(std::int64_t done, std::int64_t total)>;

// The game seed of game `index`.
std::uint64_t game_seed(std::uint64_t sweep_seed, std::int64_t index);

// The seed game `index` is played from: seed_for_game(index), else game_seed(seed, index).
std::uint64_t seed_for(const SweepSettings& settings, std::int64_t index);

// The Game that game `index` is played on.
std::shared_ptr<const Game> game_for(const SweepSettings& settings, std::int64_t index);

// Plays game `index` alone: the same game the sweep played. When `record` is not null it is
// set to the whole game (for `warband replay`).
GameResult play_sweep_game(const SweepSettings& settings, std::int64_t index,
                           std::unique_ptr<GameRecord>* record = nullptr);

// Plays games [first, end); results in index order. Bad settings (unknown ruleset or bot, a bad
// setup) throw InputError before any game is played; a cancelled sweep throws SweepCancelled.
std::vector<GameResult> run_sweep(const SweepSettings& settings,
                                  const SweepProgress& progress = {});

}  // namespace warband::sim
