// Options that `warband play`, `warband sim` and `warband_mpi_sim` share: the game's setup
// (--setup, --warbands, --map, --content), the seed, and the players' bot specs.
#pragma once

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace warband::cli {

struct SetupOptions {
  std::string setup_path;
  std::vector<std::string> warbands;
  std::string map;
  std::string content_dir;

  void add_to(CLI::App& app);
  // The setup document of a `ruleset` game: the --setup file if given, then each option that was
  // given over it (--content as content_root_of reads it: the folder holding `ruleset`/, or that
  // folder itself).
  nlohmann::json setup(const std::string& ruleset) const;
};

// Accepts a whole number from 0 to 2^64-1, written exactly (CLI11 would wrap "-5").
const CLI::Validator& seed_validator();

// The most threads `--threads` takes (`sim`, `balance`): more than the cores only queue, and each
// thread holds a game and its bots.
inline constexpr int kMaxThreads = 256;

// Throws InputError at --threads unless `threads` is 1 to kMaxThreads.
void check_threads(int threads);

// --threads left out: every core, at most kMaxThreads.
int every_core();

// Accepts a bot spec make_bot() accepts ("random", "mcts:ms=50"), and "human" when
// `allow_human`; "bot" is another name for "random" (bots::player_spec).
CLI::Validator player_validator(bool allow_human);

}  // namespace warband::cli
