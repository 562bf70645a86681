#include "cli/app.h"

#include <unistd.h>

#include <CLI/CLI.hpp>
#include <iostream>

#include "cli/command.h"
#include "cli/run_command.h"
#include "cli/terminal_stream.h"

namespace warband::cli {

int run(int argc, char** argv) {
  std::vector<std::string> args(argv, argv + argc);
  return run(args, std::cin, std::cout, std::cerr,
             ::isatty(STDERR_FILENO) == 1 ? &std::cerr : nullptr,
             ::isatty(STDOUT_FILENO) == 1 ? &std::cout : nullptr);
}

int run(const std::vector<std::string>& args, std::istream& in, std::ostream& raw_out,
        std::ostream& raw_err, std::ostream* progress, std::ostream* screen) {
  // The one choke point for the terminal: names, ids and messages from files and saves are
  // printed through these, control characters escaped.
  TerminalStream out(raw_out), err(raw_err);
  CLI::App app{
      "Warband: play, replay, build, simulate and know the odds of miniature skirmish wargames.",
      "warband"};
  app.require_subcommand(1);
  // Subcommands inherit the footer set before they are added: the exit codes, not the pointer to
  // per-command help, which only the top level needs.
  app.footer(
      "Exit codes: 0 done; 1 input ended before the game did; 2 bad arguments, files or logs;\n"
      "3 internal error (a bug, most likely in a ruleset).");

  std::vector<RegisteredCommand> commands;
  for (auto add : {add_play_command, add_replay_command, add_rulesets_command, add_odds_command,
                   add_rules_command, add_build_command, add_spell_command, add_sim_command,
                   add_balance_command, add_serve_command})
    commands.push_back(add(app));
  app.footer(app.get_footer() + "\nRun `warband COMMAND --help` for a command's options.");

  if (const std::optional<int> early_exit = parse_arguments(app, args, out, err))
    return *early_exit;

  Io io{in, out, err, progress, screen};
  for (auto& [subcommand, command] : commands)
    if (subcommand->parsed()) return run_command(*command, io);
  err << "error: no command given; run `warband --help`\n";
  return kExitBadInput;
}

}  // namespace warband::cli
