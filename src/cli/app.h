// The `warband` command line: parses arguments and dispatches to the commands.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace warband::cli {

int run(int argc, char** argv);

// The same with explicit streams; args[0] is the program name. Tests call this in-process.
// Everything printed to `out` and `err` has its control characters escaped (terminal_stream.h);
// `progress`, when given, is where a progress bar may draw (Io::progress); `screen`, when given,
// is the terminal a hot-seat game clears between the players (Io::screen).
int run(const std::vector<std::string>& args, std::istream& in, std::ostream& out,
        std::ostream& err, std::ostream* progress = nullptr, std::ostream* screen = nullptr);

}  // namespace warband::cli
