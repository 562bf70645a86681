// warband_mpi_balance: `warband balance RULESET --reprice` with each round's games played over all
// the ranks of an MPI job. Rank 0 runs the CLI's own balance command (the same options, checks,
// files and output); each round it broadcasts the round's settings (its prices as overrides, its
// first game), every rank plays its contiguous block of the round's games with its own threads,
// the games travel to rank 0 as JSON (MPI_Gatherv), and rank 0 fits them, freezes units and
// decides the next round's prices. The games are the single process's, game for game, so the
// result is too (CTest MpiBalance.TwoRanksEqualOneProcess).
#include <mpi.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <iostream>
#include <string>
#include <vector>

#include "balance/balance_run.h"
#include "cli/balance_command.h"
#include "cli/command.h"
#include "cli/run_command.h"
#include "cli/terminal_stream.h"
#include "core/error.h"
#include "core/json_input.h"
#include "mpi/mpi_text.h"
#include "mpi/round_wire.h"

namespace {

using warband::cli::kExitBadInput;
using warband::cli::kExitInternal;
using warband::cli::kExitOk;
namespace balance = warband::balance;
namespace mpi = warband::mpi;

// Rank `rank`'s block of the round: [first + rank*games/size, first + (rank+1)*games/size).
balance::BalanceSettings block_of(balance::BalanceSettings round, int rank, int size) {
  const std::int64_t first = round.first_game + rank * round.games / size;
  const std::int64_t end = round.first_game + (rank + 1) * round.games / size;
  round.first_game = first;
  round.games = end - first;
  return round;
}

std::vector<warband::sim::GameResult> play_block(const balance::BalanceSettings& block,
                                                 const warband::sim::SweepProgress& progress) {
  if (block.games == 0) return {};  // more ranks than games
  return balance::run_balance(block, progress).games;
}

// A round a rank cannot finish leaves the others waiting in the gather: end the whole job.
[[noreturn]] void abort_job(int rank, const std::string& what) {
  std::cerr << "internal error (rank " << rank << "): " << what << "\n";
  MPI_Abort(MPI_COMM_WORLD, kExitInternal);
  std::exit(kExitInternal);
}

// Ranks other than 0: play each round rank 0 broadcasts, until it says stop.
int serve_rounds(int rank, int size) {
  for (;;) {
    const std::string message = mpi::broadcast_from_root("", rank);
    if (message.empty()) return kExitOk;  // rank 0 is done (or refused its arguments)
    try {
      const balance::BalanceSettings round =
          mpi::round_settings_from_json(warband::parse_json(message, "round"));
      const auto games = play_block(block_of(round, rank, size), {});
      mpi::gather_to_root(mpi::games_json(games).dump(), rank, size);
    } catch (const std::exception& error) {
      abort_job(rank, error.what());
    }
  }
}

// Rank 0's round player: the round over every rank, merged into the run one process would play.
balance::BalanceRun play_round_over_ranks(const balance::BalanceSettings& round,
                                          const warband::sim::SweepProgress& progress, int size) {
  // Bad settings (--games 0...) are the user's error, said before any rank plays (as one process
  // says it), not a failed round.
  balance::sweep_for(round);
  try {
    mpi::broadcast_from_root(mpi::round_settings_json(round).dump(), 0);
    const balance::BalanceSettings mine = block_of(round, 0, size);
    // The bar follows rank 0's block, scaled to the round.
    const auto games = play_block(mine, [&](std::int64_t done, std::int64_t total) {
      if (progress) progress(done * round.games / std::max<std::int64_t>(total, 1), round.games);
    });
    std::vector<warband::sim::GameResult> all;
    const std::vector<std::string> texts =
        mpi::gather_to_root(mpi::games_json(games).dump(), 0, size);
    for (std::size_t r = 0; r < texts.size(); ++r) {
      std::vector<warband::sim::GameResult> block = mpi::games_from_json(
          warband::parse_json(texts[r], "rank " + std::to_string(r) + "'s games"));
      all.insert(all.end(), std::make_move_iterator(block.begin()),
                 std::make_move_iterator(block.end()));
    }
    return balance::balance_run_of(round, std::move(all));
  } catch (const std::exception& error) {
    abort_job(0, error.what());
  }
}

int run_root(int argc, char** argv, int size) {
  warband::cli::TerminalStream out(std::cout), err(std::cerr);
  CLI::App app{
      "warband_mpi_balance: `warband balance RULESET --reprice` with each round's games played "
      "over all the ranks of an MPI job (mpirun -np N warband_mpi_balance RULESET --reprice "
      "--games G ...; the options are warband balance's)",
      "warband_mpi_balance"};
  const warband::cli::RegisteredCommand command = warband::cli::add_balance_command_with(
      app,
      [size](const balance::BalanceSettings& round, const warband::sim::SweepProgress& progress) {
        return play_round_over_ranks(round, progress, size);
      });
  app.require_subcommand(1);
  // The program is the balance command: its arguments are the command's.
  std::vector<std::string> args{argv[0], "balance"};
  args.insert(args.end(), argv + 1, argv + argc);
  if (const std::optional<int> early_exit = warband::cli::parse_arguments(app, args, out, err))
    return *early_exit;
  if (command.subcommand->count("--reprice") == 0) {
    err << "error: --reprice: warband_mpi_balance plays the rounds of a --reprice; add it (other "
           "balance runs: warband balance)\n";
    return kExitBadInput;
  }
  warband::cli::Io io{std::cin, out, err, ::isatty(STDERR_FILENO) == 1 ? &std::cerr : nullptr,
                      nullptr};
  return warband::cli::run_command(*command.command, io);
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0;
  int size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int code = kExitOk;
  if (rank == 0) {
    code = run_root(argc, argv, size);
    mpi::broadcast_from_root("", 0);  // the other ranks stop
  } else {
    code = serve_rounds(rank, size);
  }
  MPI_Finalize();
  return code;
}
