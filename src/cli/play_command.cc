// `warband play RULESET`: builds the game from the registry and the setup options, then hands it
// to the play loop.
#include <CLI/CLI.hpp>
#include <chrono>
#include <random>

#include "cli/command.h"
#include "cli/play_loop.h"
#include "cli/setup_options.h"
#include "core/error.h"
#include "core/file_io.h"
#include "core/registry.h"
#include "core/rng.h"

namespace warband::cli {
namespace {

class PlayCommand final : public Command {
 public:
  explicit PlayCommand(CLI::App& app) {
    app.add_option("ruleset", ruleset_, "The ruleset to play (see `warband rulesets`)")->required();
    app.add_option("--red", red_,
                   "Who plays Red (player 0): human, or a bot spec (random, greedy, "
                   "mcts:ms=50; bot = greedy)")
        ->check(player_validator(true))
        ->capture_default_str();
    app.add_option("--blue", blue_, "Who plays Blue (player 1): human or a bot spec")
        ->check(player_validator(true))
        ->capture_default_str();
    seed_option_ = app.add_option("--seed", seed_,
                                  "Seed for dice, cards and bots (default: random, and printed)")
                       ->check(seed_validator());
    app.add_option("--log", log_path_, "Write the game's log (JSON) to FILE, to replay later")
        ->type_name("FILE");
    setup_options_.add_to(app);
    app.add_flag("--wide", wide_,
                 "Draw the board roomier, for a terminal wider than 80 columns (the default fits "
                 "80)");
    auto* quiet = app.add_flag("--quiet", quiet_, "Print only the result summary");
    app.add_flag("--json", json_, "Print only a JSON summary of the result")->excludes(quiet);
  }

  int run(Io& io) override {
    const std::shared_ptr<const Game> game = make_game(ruleset_, setup_options_.setup(ruleset_));
    // A log that cannot be saved is said now, not once the game is over.
    if (!log_path_.empty()) check_writable(log_path_, "log");
    PlaySettings settings;
    settings.players = {red_, blue_};
    settings.seed = seed_option_->count() > 0 ? seed_ : fresh_seed();
    settings.narration = json_ ? Narration::kJson : quiet_ ? Narration::kQuiet : Narration::kFull;
    settings.log_path = log_path_;
    settings.columns = wide_ ? 0 : 80;
    settings.screen = io.screen;
    PlayLoop loop(ruleset_, game, settings, io.in, io.out, io.err);
    return exit_code(loop.run());
  }

 private:
  std::string ruleset_;
  std::string red_ = "human";
  std::string blue_ = "bot";
  std::uint64_t seed_ = 0;
  CLI::Option* seed_option_ = nullptr;
  std::string log_path_;
  SetupOptions setup_options_;
  bool wide_ = false;
  bool quiet_ = false;
  bool json_ = false;
};

}  // namespace

RegisteredCommand add_play_command(CLI::App& app) {
  CLI::App* subcommand = app.add_subcommand("play", "Play a game: human or bot on each side");
  return {subcommand, std::make_unique<PlayCommand>(*subcommand)};
}

}  // namespace warband::cli
