// What every `warband` subcommand shares: its streams, its exit codes and its shape.
#pragma once

#include <iosfwd>
#include <memory>

namespace CLI {
class App;
}

namespace warband::cli {

// Exit codes, the same for every command.
inline constexpr int kExitOk = 0;
inline constexpr int kExitInputClosed = 1;  // stdin ended before the game did
inline constexpr int kExitBadInput = 2;     // bad arguments, files or logs (InputError)
inline constexpr int kExitInternal = 3;     // a broken invariant: a bug, most likely a ruleset's

struct Io {
  std::istream& in;
  std::ostream& out;
  std::ostream& err;
  // Standard error itself, unescaped, when it is a terminal: where a progress bar draws (its
  // redraws are control sequences that `err` would escape). Null otherwise, and in tests.
  std::ostream* progress = nullptr;
  // Standard output itself, unescaped, when it is a terminal: what a hot-seat game clears between
  // the players (PlaySettings::screen). Null otherwise, and in tests.
  std::ostream* screen = nullptr;
};

// A subcommand: it declares its options on its CLI11 subcommand (which fills its fields while
// parsing), then runs. InputError escaping run() is printed by the app as "error: where: what".
class Command {
 public:
  virtual ~Command() = default;
  virtual int run(Io& io) = 0;
};

struct RegisteredCommand {
  CLI::App* subcommand;  // owned by the app; parsed() says whether it was chosen
  std::unique_ptr<Command> command;
};

// Each adds its subcommand to `app`, with the command its options fill.
RegisteredCommand add_play_command(CLI::App& app);
RegisteredCommand add_replay_command(CLI::App& app);
RegisteredCommand add_rulesets_command(CLI::App& app);
RegisteredCommand add_odds_command(CLI::App& app);
RegisteredCommand add_rules_command(CLI::App& app);
RegisteredCommand add_build_command(CLI::App& app);
RegisteredCommand add_spell_command(CLI::App& app);
RegisteredCommand add_balance_command(CLI::App& app);
RegisteredCommand add_sim_command(CLI::App& app);
RegisteredCommand add_serve_command(CLI::App& app);

}  // namespace warband::cli
