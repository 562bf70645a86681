// What every program built on the CLI's commands does with its arguments and its command: parse,
// then run, turning what escapes into the exit codes of command.h. `warband` (app.cc) and
// warband_mpi_balance share it, so both say an error the same way.
#pragma once

#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cli/command.h"

namespace CLI {
class App;
class Formatter;
}  // namespace CLI

namespace warband::cli {

// Parses `args` (args[0] the program's name) into `app`. An exit code when that ends the program:
// --help printed (kExitOk), or a parse error said on `err` (kExitBadInput). Otherwise nullopt.
std::optional<int> parse_arguments(CLI::App& app, const std::vector<std::string>& args,
                                   std::ostream& out, std::ostream& err);

// Runs `command`: its own exit code, or "error: where: what" on io.err for an InputError
// (kExitBadInput) and "internal error: what" for any other exception (kExitInternal), io.out
// flushed first so that the message follows what the command printed.
int run_command(Command& command, Io& io);

// A command whose subcommands are rulesets or operations, not fixed words, takes its subcommand
// by these two. A help formatter whose usage line names the subcommand `label` ("RULESET") where
// CLI11 says "SUBCOMMAND"; set it on the command after its subcommands are added (they keep
// their own).
std::shared_ptr<CLI::Formatter> subcommand_formatter(const std::string& label);
// The first argument left to `command` (which allows extras) that is not an option: the name
// that matched none of its subcommands, for the command to say so; "" when there is none. (A
// hidden positional would catch it too, but CLI11 prints one as "[]" in the usage line.)
std::string unmatched_name(const CLI::App& command);

}  // namespace warband::cli
