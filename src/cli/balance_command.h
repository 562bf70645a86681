// `warband balance` with its --reprice rounds played elsewhere: warband_mpi_balance runs the
// command itself on rank 0 (the same options, checks and output) and plays each round over the
// MPI ranks.
#pragma once

#include "balance/reprice.h"
#include "cli/command.h"

namespace warband::cli {

// As add_balance_command, each --reprice round played by `play_round`.
RegisteredCommand add_balance_command_with(CLI::App& app, balance::RoundPlayer play_round);

}  // namespace warband::cli
