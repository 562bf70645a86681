// Plays a game through the terminal's play loop (cli::PlayLoop) in-process, with what a human
// types given as text, capturing both output streams, the screen the loop clears, and the record:
// the play-loop tests' one runner.
#pragma once

#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "cli/play_loop.h"
#include "core/game_record.h"
#include "core/registry.h"

namespace warband::cli {

struct Played {
  PlayEnd end;
  std::string out;
  std::string err;
  std::string screen;  // what went to PlaySettings::screen (the terminal's clears)
  GameRecord record;
};

// `terminal`: the loop is given a screen to clear (settings.screen), as on a real terminal.
inline Played play_loop(const std::string& ruleset, PlaySettings settings, const std::string& input,
                        const nlohmann::json& setup = nlohmann::json::object(),
                        bool terminal = false) {
  std::istringstream in(input);
  std::ostringstream out, err, screen;
  if (terminal) settings.screen = &screen;
  PlayLoop loop(ruleset, make_game(ruleset, setup), std::move(settings), in, out, err);
  const PlayEnd end = loop.run();
  // GameRecord is move-only: take a copy through its own log.
  return {end, out.str(), err.str(), screen.str(), GameRecord::replay(loop.record().to_json())};
}

// `line` typed `count` times.
inline std::string repeated_lines(const std::string& line, int count) {
  std::string input;
  for (int i = 0; i < count; ++i)
    input += line + "\n";
  return input;
}

inline std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream stream(text);
  for (std::string line; std::getline(stream, line);)
    lines.push_back(line);
  return lines;
}

}  // namespace warband::cli
