// `warband play RULESET`: builds the game from the registry and the setup options, then hands it
// to the play loop.
#include <CLI/CLI.hpp>
#include <charconv>
#include <chrono>
#include <limits>
#include <random>

#include "cli/command.h"
#include "cli/play_loop.h"
#include "core/error.h"
#include "core/json_input.h"
#include "core/registry.h"

namespace warband::cli {
namespace {

std::uint64_t fresh_seed() {
  try {
    std::random_device device;
    return (static_cast<std::uint64_t>(device()) << 32) ^ device();
  } catch (const std::exception&) {
    // No entropy source: the clock still gives a different game each run.
    return static_cast<std::uint64_t>(
        std::chrono::high_resolution_clock::now().time_since_epoch().count());
  }
}

// CLI11 would wrap "-5" and saturate 2^70 into a uint64; a seed must be written exactly.
const CLI::Validator kSeedValidator(
    [](std::string& input) -> std::string {
      std::uint64_t value = 0;
      const char* end = input.data() + input.size();
      const auto [stop, error] = std::from_chars(input.data(), end, value);
      if (input.empty() || error != std::errc() || stop != end)
        return fmt::format("expected a whole number from 0 to {}, got '{}'",
                           std::numeric_limits<std::uint64_t>::max(), input);
      return "";
    },
    "");

PlayerKind player_kind(const std::string& name) {
  return name == "human" ? PlayerKind::kHuman : PlayerKind::kBot;
}

class PlayCommand final : public Command {
 public:
  explicit PlayCommand(CLI::App& app) {
    app.add_option("ruleset", ruleset_, "The ruleset to play (see `warband rulesets`)")->required();
    const auto players = CLI::IsMember({"human", "bot"});
    app.add_option("--red", red_, "Who plays Red (player 0): human or bot")
        ->check(players)
        ->capture_default_str();
    app.add_option("--blue", blue_, "Who plays Blue (player 1): human or bot")
        ->check(players)
        ->capture_default_str();
    seed_option_ = app.add_option("--seed", seed_,
                                  "Seed for dice, cards and bots (default: random, and printed)")
                       ->check(kSeedValidator);
    app.add_option("--log", log_path_, "Write the game's log (JSON) to FILE, to replay later")
        ->type_name("FILE");
    app.add_option("--setup", setup_path_,
                   "Read the setup from a JSON FILE; the options below override it")
        ->type_name("FILE");
    app.add_option("--warbands", warbands_, "The two warbands: Red's, then Blue's")
        ->expected(2)
        ->type_name("NAME");
    app.add_option("--map", map_, "The map to play on")->type_name("M");
    app.add_option("--content", content_dir_, "Read the ruleset's content from DIR")
        ->type_name("DIR");
    auto* quiet = app.add_flag("--quiet", quiet_, "Print only the result summary");
    app.add_flag("--json", json_, "Print only a JSON summary of the result")->excludes(quiet);
  }

  int run(Io& io) override {
    const std::shared_ptr<const Game> game = make_game(ruleset_, setup());
    PlaySettings settings;
    settings.players = {player_kind(red_), player_kind(blue_)};
    settings.seed = seed_option_->count() > 0 ? seed_ : fresh_seed();
    settings.narration = json_ ? Narration::kJson : quiet_ ? Narration::kQuiet : Narration::kFull;
    settings.log_path = log_path_;
    PlayLoop loop(ruleset_, game, settings, io.in, io.out, io.err);
    return exit_code(loop.run());
  }

 private:
  // The setup document: the --setup file if given, then each option that was given.
  nlohmann::json setup() const {
    nlohmann::json setup = nlohmann::json::object();
    if (!setup_path_.empty()) {
      setup = read_json_file(setup_path_);
      if (!setup.is_object())
        throw InputError(setup_path_,
                         "a setup must be a JSON object, not " + json_type_name(setup));
    }
    if (!content_dir_.empty()) setup["content_dir"] = content_dir_;
    if (!warbands_.empty()) setup["warbands"] = warbands_;
    if (!map_.empty()) setup["map"] = map_;
    return setup;
  }

  std::string ruleset_;
  std::string red_ = "human";
  std::string blue_ = "bot";
  std::uint64_t seed_ = 0;
  CLI::Option* seed_option_ = nullptr;
  std::string log_path_;
  std::string setup_path_;
  std::vector<std::string> warbands_;
  std::string map_;
  std::string content_dir_;
  bool quiet_ = false;
  bool json_ = false;
};

}  // namespace

RegisteredCommand add_play_command(CLI::App& app) {
  CLI::App* subcommand = app.add_subcommand("play", "Play a game: human or bot on each side");
  return {subcommand, std::make_unique<PlayCommand>(*subcommand)};
}

}  // namespace warband::cli
