// `warband play RULESET`: builds the game from the registry and the setup options, then hands it
// to the play loop.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <cctype>
#include <chrono>
#include <random>

#include "cli/command.h"
#include "cli/play_loop.h"
#include "cli/play_resume.h"
#include "cli/setup_options.h"
#include "core/error.h"
#include "core/file_io.h"
#include "core/registry.h"
#include "core/rng.h"
#include "server/web_setup.h"

namespace warband::cli {
namespace {

// A content id ("toms_orcs") names a warband of the ruleset's own folder; anything else given as
// a warband is a file (a builder's `my.warband.toml`), as the server tells them apart.
bool names_a_file(const std::string& warband) {
  return warband.empty() || !std::all_of(warband.begin(), warband.end(), [](unsigned char c) {
           return std::isalnum(c) || c == '_' || c == '-';
         });
}

// The setup with each warband file replaced by its contents (the JSON twin of its TOML, as the
// server puts a saved warband into a game's setup), so that a log holds the whole warband and
// replays anywhere: in another folder, after the file is edited, and in the browser, which
// refuses a log naming a file. False if no warband names a file.
bool inline_warband_files(nlohmann::json& setup) {
  const auto warbands = setup.find("warbands");
  if (warbands == setup.end() || !warbands->is_array()) return false;
  bool inlined = false;
  for (nlohmann::json& warband : *warbands) {
    if (!warband.is_string() || !names_a_file(warband.get<std::string>())) continue;
    const std::string path = warband.get<std::string>();
    warband = server::toml_text_to_json(read_text_file(path), path);
    inlined = true;
  }
  return inlined;
}

class PlayCommand final : public Command {
 public:
  explicit PlayCommand(CLI::App& app) {
    app.add_option("ruleset", ruleset_,
                   "The ruleset to play (see `warband rulesets`); may be left out with --resume");
    red_option_ = app.add_option("--red", red_,
                                 "Who plays Red (player 0): human, or a bot spec (random, greedy, "
                                 "mcts:ms=50; bot = greedy)")
                      ->check(player_validator(true))
                      ->capture_default_str();
    blue_option_ = app.add_option("--blue", blue_, "Who plays Blue (player 1): human or a bot spec")
                       ->check(player_validator(true))
                       ->capture_default_str();
    seed_option_ = app.add_option("--seed", seed_,
                                  "Seed for dice, cards and bots (default: random, and printed)")
                       ->check(seed_validator());
    app.add_option("--log", log_path_,
                   "Save the game's log (JSON) to FILE as it goes, to resume or replay later "
                   "(default with a human playing: a new file in ~/.local/state/warband/games)")
        ->type_name("FILE");
    app.add_option("--resume", resume_path_,
                   "Go on with the game a log holds (from --log, the default save or the "
                   "browser), with its setup, seed and players; --red/--blue change who plays, "
                   "--log FILE saves to another file")
        ->type_name("LOG");
    setup_options_.add_to(app);
    app_ = &app;
    app.add_flag("--wide", wide_,
                 "Draw the board roomier, for a terminal wider than 80 columns (the default fits "
                 "80)");
    auto* quiet = app.add_flag("--quiet", quiet_, "Print only the result summary");
    app.add_flag("--json", json_, "Print only a JSON summary of the result")->excludes(quiet);
  }

  int run(Io& io) override {
    PlaySettings settings;
    std::shared_ptr<const Game> game;
    if (resume_path_.empty()) {
      if (ruleset_.empty())
        throw InputError("ruleset",
                         "give the ruleset to play (see `warband rulesets`), or --resume LOG");
      nlohmann::json setup = setup_options_.setup(ruleset_);
      // Built from the files first, so that a problem in one is told by its file and line.
      game = make_game(ruleset_, setup);
      // Then from their contents, which the log keeps.
      if (inline_warband_files(setup)) game = make_game(ruleset_, setup);
      settings.seed = seed_option_->count() > 0 ? seed_ : fresh_seed();
    } else {
      // The game is the log's: what would make another one is refused rather than ignored.
      for (const char* option : {"--seed", "--setup", "--warbands", "--map", "--content"})
        if (app_->count(option) > 0)
          throw InputError(option,
                           "not with --resume: the game goes on with the log's setup "
                           "and seed");
      ResumableLog log = read_resumable_log(resume_path_, ruleset_);
      ruleset_ = log.ruleset;
      game = make_game(ruleset_, log.setup);
      settings.seed = log.seed ? *log.seed : fresh_seed();
      if (log.players.size() >= 2) {
        if (red_option_->count() == 0) red_ = log.players[0];
        if (blue_option_->count() == 0) blue_ = log.players[1];
      }
      settings.resume = {resume_path_, std::move(log.actions), std::move(log.players)};
      // The same file goes on growing unless --log names another.
      if (log_path_.empty()) log_path_ = resume_path_;
    }
    settings.players = {red_, blue_};
    // A game with a human is saved as it goes, somewhere said, so that it can be resumed.
    if (log_path_.empty() && (red_ == "human" || blue_ == "human"))
      log_path_ = new_log_path(default_log_folder(), ruleset_);
    // A log that cannot be saved is said now, not once the game is over.
    if (!log_path_.empty()) check_writable(log_path_, "log");
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
  CLI::Option* red_option_ = nullptr;
  CLI::Option* blue_option_ = nullptr;
  std::string resume_path_;
  CLI::App* app_ = nullptr;
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
