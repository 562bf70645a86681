#include "cli/setup_options.h"

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <limits>
#include <thread>

#include "bots/bot.h"
#include "core/content_root.h"
#include "core/error.h"
#include "core/json_input.h"

namespace warband::cli {

void SetupOptions::add_to(CLI::App& app) {
  app.add_option("--setup", setup_path,
                 "Read the setup from a JSON FILE; the options below override it")
      ->type_name("FILE");
  app.add_option("--warbands", warbands, "The two warbands: Red's, then Blue's")
      ->expected(2)
      ->type_name("NAME");
  app.add_option("--map", map, "The map to play on")->type_name("M");
  app.add_option("--content", content_dir, "Read the ruleset's content from DIR")->type_name("DIR");
}

nlohmann::json SetupOptions::setup(const std::string& ruleset) const {
  nlohmann::json setup = nlohmann::json::object();
  if (!setup_path.empty()) {
    setup = read_json_file(setup_path);
    if (!setup.is_object())
      throw InputError(setup_path, "a setup must be a JSON object, not " + json_type_name(setup));
  }
  // A folder that is not there is left for the game to name when it reads it (a game may read
  // no content).
  if (!content_dir.empty())
    setup["content_dir"] = std::filesystem::is_directory(content_dir)
                               ? content_root_of(content_dir, ruleset, "--content")
                               : content_dir;
  if (!warbands.empty()) setup["warbands"] = warbands;
  if (!map.empty()) setup["map"] = map;
  return setup;
}

const CLI::Validator& seed_validator() {
  static const CLI::Validator validator(
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
  return validator;
}

void check_threads(int threads) {
  if (threads < 1 || threads > kMaxThreads)
    throw InputError("--threads", fmt::format("expected 1 to {} threads, got {} (leave --threads "
                                              "out to play on every core)",
                                              kMaxThreads, threads));
}

int every_core() {
  return std::clamp(static_cast<int>(std::thread::hardware_concurrency()), 1, kMaxThreads);
}

CLI::Validator player_validator(bool allow_human) {
  return CLI::Validator(
      [allow_human](std::string& input) -> std::string {
        if (allow_human && input == "human") return "";
        try {
          bots::make_bot(bots::player_spec(input), "");
        } catch (const InputError& error) {
          return error.problem();
        }
        return "";
      },
      allow_human ? "human|BOT" : "BOT");
}

}  // namespace warband::cli
