// What every program built on the CLI's commands does with its arguments and its command: parse,
// then run, turning what escapes into the exit codes of command.h. `warband` (app.cc) and
// warband_mpi_balance share it, so both say an error the same way.
#pragma once

#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "cli/command.h"

namespace CLI {
class App;
}

namespace warband::cli {

// Parses `args` (args[0] the program's name) into `app`. An exit code when that ends the program:
// --help printed (kExitOk), or a parse error said on `err` (kExitBadInput). Otherwise nullopt.
std::optional<int> parse_arguments(CLI::App& app, const std::vector<std::string>& args,
                                   std::ostream& out, std::ostream& err);

// Runs `command`: its own exit code, or "error: where: what" on io.err for an InputError
// (kExitBadInput) and "internal error: what" for any other exception (kExitInternal), io.out
// flushed first so that the message follows what the command printed.
int run_command(Command& command, Io& io);

}  // namespace warband::cli
