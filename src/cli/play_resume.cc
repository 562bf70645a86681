#include "cli/play_resume.h"

#include <fmt/format.h>

#include <chrono>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <system_error>

#include "bots/bot.h"
#include "core/error.h"
#include "core/file_io.h"
#include "core/game_record.h"
#include "core/json_fields.h"
#include "core/json_input.h"

namespace warband::cli {
namespace {

// The log's "players": one "human" or bot spec a seat, each checked as --red and --blue are.
std::vector<std::string> logged_players(const nlohmann::json& log, const std::string& path,
                                        int seats) {
  try {
    const std::optional<JsonItems> items = JsonFields(log, "").optional_array("players");
    if (!items) return {};
    if (items->size() != static_cast<std::size_t>(seats))
      throw InputError("players",
                       fmt::format("expected {} seats (Red, Blue), got {}", seats, items->size()));
    std::vector<std::string> players;
    for (std::size_t seat = 0; seat < items->size(); ++seat) {
      std::string player = items->string(seat);
      if (player != "human")
        bots::make_bot(bots::player_spec(player), fmt::format("players[{}]", seat));
      players.push_back(std::move(player));
    }
    return players;
  } catch (const InputError& error) {
    throw InputError(path + ": " + error.where(), error.problem());
  }
}

}  // namespace

ResumableLog parse_resumable_log(std::string_view text, const std::string& path,
                                 const std::string& ruleset) {
  const nlohmann::json log = parse_json(text, path, ": ");
  // What the log says it is comes first: a log of one ruleset given to play another says so
  // rather than failing on the other's setup.
  if (!ruleset.empty() && log.is_object()) {
    const auto logged = log.find("ruleset");
    if (logged != log.end() && logged->is_string() && logged->get<std::string>() != ruleset)
      throw InputError(path, fmt::format("a game of {}, not of {}: resume it with `warband play "
                                         "--resume {}`",
                                         logged->get<std::string>(), ruleset, shell_quoted(path)));
  }
  std::optional<GameRecord> record;
  try {
    record.emplace(GameRecord::replay(log));
  } catch (const InputError& error) {
    throw InputError(error.where().empty() ? path : path + ": " + error.where(),
                     error.problem() +
                         " (the log does not replay with this build and content: was it edited, "
                         "or saved by another version?)");
  }
  ResumableLog resumable;
  resumable.ruleset = record->ruleset();
  resumable.setup = log.at("setup");
  resumable.seed = record->seed;
  resumable.players = logged_players(log, path, record->game().info().num_players);
  resumable.actions = record->actions();
  return resumable;
}

ResumableLog read_resumable_log(const std::string& path, const std::string& ruleset) {
  return parse_resumable_log(read_text_file(path), path, ruleset);
}

std::string new_log_path(const std::string& folder, const std::string& ruleset) {
  const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm utc{};
  gmtime_r(&now, &utc);
  char stamp[32];
  std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &utc);
  const std::filesystem::path base = std::filesystem::path(folder) / (ruleset + "-" + stamp);
  std::string path = base.string() + ".json";
  for (int copy = 2; std::filesystem::exists(path); ++copy)
    path = fmt::format("{}-{}.json", base.string(), copy);
  return path;
}

std::string default_log_folder() {
  std::filesystem::path folder;
  const char* state_home = std::getenv("XDG_STATE_HOME");
  const char* home = std::getenv("HOME");
  // The XDG base directory rules: a relative $XDG_STATE_HOME is ignored.
  if (state_home != nullptr && state_home[0] == '/')
    folder = std::filesystem::path(state_home) / "warband" / "games";
  else if (home != nullptr && home[0] != '\0')
    folder = std::filesystem::path(home) / ".local" / "state" / "warband" / "games";
  else
    folder = "warband-games";
  std::error_code error;
  std::filesystem::create_directories(folder, error);
  if (error)
    throw InputError(folder.string(), fmt::format("cannot make the folder games are saved in: "
                                                  "{}; give --log FILE to save elsewhere",
                                                  error.message()));
  return folder.string();
}

std::string shell_quoted(const std::string& path) {
  const bool safe = !path.empty() && path.find_first_not_of(
                                         "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                         "0123456789_-.,/+:@%=") == std::string::npos;
  if (safe) return path;
  std::string quoted = "'";
  for (const char c : path)
    quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

}  // namespace warband::cli
