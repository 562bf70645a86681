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

class ChoiceMenu;

enum class Narration {
  kFull,   // the board, every action and chance outcome, the result
  kQuiet,  // only the result summary
  kJson,   // only a JSON summary: {ruleset, seed, actions, returns, winner, final_hash, terminal}
};

// A game resumed from its log (`warband play --resume`): its actions are applied again before play
// goes on, each die drawn from the seed again and each bot asked again where its seat is played by
// the same spec as in the log and the spec has no time budget, so that the dice and those bots go
// on as they would have in the game played straight through.
struct ResumeFrom {
  std::string path;                  // the log, as the player named it
  std::vector<Action> actions;       // checked to replay (parse_resumable_log)
  std::vector<std::string> players;  // the log's seats; empty if it does not say
};

struct PlaySettings {
  // By seat: 0 = Red, 1 = Blue; "human" or a bot spec ("random", "mcts:ms=50"; "bot" is
  // "greedy"). Seats beyond the list are random bots.
  std::vector<std::string> players = {"human", "bot"};
  // Chance outcomes come from Rng(mix_seed(seed, 0)), every bot's choices from one shared
  // Rng(mix_seed(seed, 1)): the same seed rolls the same dice whoever plays, and a bot game is
  // the game sim::play_match plays from that seed.
  std::uint64_t seed = 0;
  Narration narration = Narration::kFull;
  // Empty: no log. Otherwise saved as the game goes (before each human's decision, and before a
  // bot thinks after one), so that a game stopped any way loses at most the decision being typed;
  // and at the end.
  std::string log_path;
  ResumeFrom resume;  // no actions: a new game
  // The terminal's width the board is drawn to (State::to_string_fitting); 0: the ruleset's
  // roomiest layout (`--wide`).
  int columns = 80;
  // Standard output itself, unescaped, when it is a terminal (Io::screen): a hot-seat game clears
  // it before the device passes, so that the next player does not read the last one's hand.
  // Null (a pipe, a file, a test): nothing is cleared.
  std::ostream* screen = nullptr;
};

// What the terminal shows is what one viewer may see (State::to_string_for and
// action_to_string_for):
//   - one human: that human's view all game long, so a bot's hand and draws are never named;
//   - two humans (hot seat): the view of the human who holds the device. A "pass the device"
//     screen (after clearing a terminal) comes before each decision of the other human and before
//     each card dealt to them (State::action_view's "private_to"), so each reads their own draws;
//     before the first pass, no one's hidden part is shown;
//   - no human: everything, as a replay shows it (the spectator of a bots' game sees all).
// The log is the full record whoever plays.

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
  // the log if one was asked for (throwing InputError if it cannot be written; a save during the
  // game that fails is warned of once and the game goes on).
  PlayEnd run();

  const GameRecord& record() const { return record_; }

 private:
  bool is_human(int player) const;
  // Applies settings_.resume's actions again, as ResumeFrom says.
  void replay_resumed();
  // The log as saved: the record and who plays each seat ("players").
  nlohmann::json log_json() const;
  // Saves the log now if it changed since it was last saved (a game with a log and a human).
  void save_during_game();
  void narrate(const std::string& line);
  void show_board();
  // Hot seat: clears the screen, asks for the device to be passed to `player` and waits for
  // Enter; then the terminal shows `player`'s view. False if they quit or input ended.
  bool pass_device(int player, PlayEnd& end);
  void report_input_closed(int player);
  enum class Asked { kChosen, kTakeBack, kStopped };
  // Asks the human to move until they choose an action (kChosen, `chosen` set), take back their
  // last choice (kTakeBack), quit or input ends (kStopped, `end` set).
  Asked ask_human(int player, Action& chosen, PlayEnd& end);
  // The human's own last decisions, back to the last thing rolled or drawn, can be taken back:
  // nothing has been revealed since. True if one was.
  bool take_back(int player);
  void apply(Action action, int mover);
  void print_help(const ChoiceMenu& menu);
  void print_summary();
  PlayEnd finish(PlayEnd end);

  PlaySettings settings_;
  std::shared_ptr<const Game>
      game_;  // the record's, kept to rebuild it when a choice is taken back
  GameRecord record_;
  std::istream& in_;
  std::ostream& out_;
  std::ostream& err_;
  Rng chance_rng_;
  Rng bot_rng_;
  std::vector<std::unique_ptr<bots::Bot>> bots_;  // by seat; null for a human
  int last_player_ = kTerminalPlayer;             // who made the last decision
  int viewer_ = kSeesEverything;                  // whose view the terminal shows
  bool hot_seat_ = false;                         // two humans share the terminal
  std::size_t board_shown_at_ = SIZE_MAX;         // record length when the board was last printed
  std::vector<int> movers_;  // who made each action of the record (kChancePlayer for chance)
  // The rest of a typed path ("R3 to F7": the Move, then where), applied at the same player's
  // next decisions while it stays legal.
  std::vector<Action> pending_;
  bool log_saved_ = false;          // the log on disk holds the record as it is now
  bool save_failure_told_ = false;  // a failed save during the game was warned of
};

}  // namespace warband::cli
