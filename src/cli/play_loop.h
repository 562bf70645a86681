// The driver that plays one game in the terminal: bots (any bots::make_bot spec) choose through
// the game interface, humans type their choice, chance nodes are sampled from the seed. Generic
// over the game interface.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <memory>
#include <string>
#include <vector>

#include "bots/bot.h"
#include "core/game.h"
#include "core/game_record.h"
#include "core/rng.h"

namespace warband::cli {

enum class Narration {
  kFull,   // the board, every action and chance outcome, the result
  kQuiet,  // only the result summary
  kJson,   // only a JSON summary: {ruleset, seed, actions, returns, winner, final_hash, terminal}
};

struct PlaySettings {
  // By seat: 0 = Red, 1 = Blue; "human" or a bot spec ("random", "mcts:ms=50"; "bot" is
  // "random"). Seats beyond the list are random bots.
  std::vector<std::string> players = {"human", "bot"};
  // Chance outcomes come from Rng(mix_seed(seed, 0)), every bot's choices from one shared
  // Rng(mix_seed(seed, 1)): the same seed rolls the same dice whoever plays, and a bot game is
  // the game sim::play_match plays from that seed.
  std::uint64_t seed = 0;
  Narration narration = Narration::kFull;
  std::string log_path;  // empty: no log
};

enum class PlayEnd {
  kFinished,     // the game reached a terminal state
  kQuit,         // a human typed quit
  kInputClosed,  // stdin ended while a human was to move
  kTooLong,      // more than info().max_game_length applies: a ruleset bug
};

// The exit code for how a game ended: 0, 0, 1, 3.
int exit_code(PlayEnd end);

class PlayLoop {
 public:
  // Throws InputError naming the seat ("red") if a bot spec is bad.
  PlayLoop(std::string ruleset, std::shared_ptr<const Game> game, PlaySettings settings,
           std::istream& in, std::ostream& out, std::ostream& err);

  // Plays until the game ends, a human quits or input ends; then prints the summary and writes
  // the log if one was asked for (throwing InputError if it cannot be written).
  PlayEnd run();

  const GameRecord& record() const { return record_; }

 private:
  bool is_human(int player) const;
  void narrate(const std::string& line);
  void show_board();
  // Asks the human to move until they choose an action; false if they quit or input ended.
  bool ask_human(int player, Action& chosen, PlayEnd& end);
  void print_summary();
  PlayEnd finish(PlayEnd end);

  PlaySettings settings_;
  GameRecord record_;
  std::istream& in_;
  std::ostream& out_;
  std::ostream& err_;
  Rng chance_rng_;
  Rng bot_rng_;
  std::vector<std::unique_ptr<bots::Bot>> bots_;  // by seat; null for a human
  int last_player_ = kTerminalPlayer;             // who made the last decision
  std::size_t board_shown_at_ = SIZE_MAX;         // record length when the board was last printed
};

}  // namespace warband::cli
