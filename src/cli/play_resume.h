// Resuming a game in the terminal (`warband play --resume LOG`): the log a play writes as it goes
// (or one the browser exported: the same format, without the seats) is read and replayed to its
// last state, refused with where and what when it does not replay; and where a log is saved when
// no --log is given.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"

namespace warband::cli {

// A log checked to replay, ready to go on from its last state.
struct ResumableLog {
  std::string ruleset;
  nlohmann::json setup;
  std::optional<std::uint64_t> seed;  // absent in a log that names none
  // Who played each seat ("human" or a bot spec, as typed), from the log's "players"; empty
  // when the log does not say (a browser's export).
  std::vector<std::string> players;
  std::vector<Action> actions;
};

// Reads the text of the log file `path` (GameRecord::replay checks its form, every action and its
// final hash). Throws InputError whose place starts with `path` ("game.json: action #17 ...")
// when it is not JSON (a file cut short), not a log, does not replay with this build and content,
// names a seat no one can play, or is a game of another ruleset than `ruleset` (unless empty).
ResumableLog parse_resumable_log(std::string_view text, const std::string& path,
                                 const std::string& ruleset);
// The same, reading the file.
ResumableLog read_resumable_log(const std::string& path, const std::string& ruleset);

// Where a game is saved when no --log is given: a new file in `folder`, named after the ruleset
// and the time ("RULESET-20261128-093012.json"; "-2" and on if that name is taken).
std::string new_log_path(const std::string& folder, const std::string& ruleset);

// The folder games are saved in by default: $XDG_STATE_HOME/warband/games, else
// $HOME/.local/state/warband/games, else warband-games in the current folder. Created if
// missing; InputError if it cannot be.
std::string default_log_folder();

// `path` as a shell reads it back: as it is when it holds only safe characters, else in single
// quotes ("my game.json" -> "'my game.json'").
std::string shell_quoted(const std::string& path);

}  // namespace warband::cli
