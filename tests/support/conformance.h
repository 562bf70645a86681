// The conformance suite every ruleset runs (DESIGN.md, "Reliability habits"), in the manner of
// OpenSpiel's RandomSimTest: random games with seeded chance, checking the game interface's
// contract at every step. A ruleset's test calls
//   run_conformance("atomspast", setup, 1000, /*seed=*/1);
//
// Checked in every game:
//  - decision nodes: legal_actions() non-empty, strictly ascending, no chance outcomes, and the
//    action descriptions distinct and non-empty (a human may type one);
//  - chance nodes: outcomes non-empty, distinct, probabilities in (0, 1] summing to 1 (1e-12),
//    no legal actions;
//  - check_consistency() after every apply;
//  - at sampled steps (the first, every 7th and the last): clone() has the same JSON and hash and
//    applies the next action to the same result; to_json -> state_from_json -> to_json is equal
//    (and so are hash, player to move, legal actions, chance outcomes); view(p) for each player
//    does not throw and is to_json() with parts removed or masked, never added;
//  - the game ends within info().max_game_length applies; returns() has num_players values in
//    [-1, 1] summing to 0; ending() is an index into game().endings() (distinct, non-empty
//    names), the same after a JSON round trip, and -1 at the sampled steps before the end;
//  - the same seed plays the same game again (same actions, same final hash);
//  - the GameRecord log, as text, replays to the same final hash; a log with one action changed
//    to an illegal value, with its last action dropped, cut in half, or with a field of the
//    wrong type is rejected with InputError.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

#include "core/game_record.h"

namespace warband {

struct ConformanceReport {
  int games_run = 0;
  int games_failed = 0;
  // The first failing game's seed, game index, step and what went wrong; empty if none failed.
  std::string first_failure;
};

// Plays `games` random games of `ruleset` built from `setup`: decisions are uniformly random
// legal actions, chance outcomes are sampled, game i using Rng(mix_seed(seed, i)). A game stops
// at its first failure; the run goes on, counting failing games. Never throws.
ConformanceReport check_conformance(const std::string& ruleset, const nlohmann::json& setup,
                                    int games, std::uint64_t seed);

// The random games a ruleset's conformance tests play in all: 1000 scaled by test_scale() (100
// under the sanitizers: test_scale.h), or WARBAND_CONFORMANCE_GAMES when set (a soak's count), at
// least 1.
int conformance_games();

// Plays game `seed` of `ruleset` to the end with uniformly random decisions, as `warband play
// RULESET --red bot --blue bot --seed SEED` does (dice from Rng(mix_seed(seed, 0)), decisions from
// Rng(mix_seed(seed, 1))), and returns its record: what a pinned final-state test replays.
GameRecord random_bot_game(const std::string& ruleset, const nlohmann::json& setup,
                           std::uint64_t seed);

// check_conformance as a GoogleTest assertion: one non-fatal failure naming the first failing
// game (seed, game, step, what) and how many games failed.
void run_conformance(const std::string& ruleset, const nlohmann::json& setup, int games,
                     std::uint64_t seed);

}  // namespace warband
