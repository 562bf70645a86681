// The `warband` command line: parses arguments and dispatches to the commands.
#pragma once

namespace warband::cli {

int run(int argc, char** argv);

}  // namespace warband::cli
