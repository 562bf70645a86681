// warband_mpi_sim: one `warband sim` sweep over all the ranks of an MPI job. Each rank plays its
// shard (rank + 1 of size) with its own threads; the summaries travel to rank 0 as JSON strings
// (MPI_Gatherv), are merged there, and rank 0 alone prints (same formats as `warband sim`).
// Totals are exact integers, so the merged summary is the single-process run's, byte for byte.
#include <mpi.h>

#include <CLI/CLI.hpp>
#include <iostream>
#include <string>
#include <vector>

#include "cli/command.h"
#include "cli/sim_options.h"
#include "cli/terminal_stream.h"
#include "core/error.h"
#include "core/json_input.h"
#include "mpi/mpi_text.h"
#include "sim/summary.h"

namespace {

using warband::cli::kExitBadInput;
using warband::cli::kExitInternal;
using warband::cli::kExitOk;

int run(int argc, char** argv, int rank, int size) {
  CLI::App app{
      "warband_mpi_sim: one `warband sim` sweep over all the ranks of an MPI job "
      "(mpirun -np N warband_mpi_sim RULESET --games G --seed S ...)",
      "warband_mpi_sim"};
  warband::cli::SimOptions options;
  options.add_to(app, /*with_shard=*/false);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& error) {
    // Every rank parses the same arguments; rank 0 speaks for them.
    if (rank == 0) return app.exit(error) == 0 ? kExitOk : kExitBadInput;
    return error.get_exit_code() == 0 ? kExitOk : kExitBadInput;
  }
  try {
    // Every rank checks the same options, so bad input fails on all ranks before any gather.
    options.sweep();
    const warband::cli::Shard shard{rank + 1, size};
    const warband::sim::Summary mine = warband::cli::run_sim(options, shard, nullptr);
    const std::vector<std::string> texts =
        warband::mpi::gather_to_root(mine.to_json().dump(), rank, size);
    if (rank != 0) return kExitOk;
    std::vector<warband::sim::Summary> summaries;
    std::vector<std::string> names;
    for (std::size_t i = 0; i < texts.size(); ++i) {
      names.push_back("rank " + std::to_string(i));
      summaries.push_back(warband::sim::Summary::from_json(
          warband::parse_json(texts[i], names.back()), names.back()));
    }
    warband::cli::TerminalStream out(std::cout);  // names from files, control characters escaped
    options.output.report(warband::sim::merge_summaries(summaries, names), out);
    return kExitOk;
  } catch (const warband::InputError& error) {
    warband::cli::TerminalStream err(std::cerr);
    if (rank == 0)
      err << "error: "
          << (error.where().empty() ? error.problem() : error.where() + ": " + error.problem())
          << "\n";
    return kExitBadInput;
  } catch (const std::exception& error) {
    // A rank failed mid-run: the others may wait in the gather, so end the whole job.
    std::cerr << "internal error (rank " << rank << "): " << error.what() << "\n";
    MPI_Abort(MPI_COMM_WORLD, kExitInternal);
    return kExitInternal;
  }
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0;
  int size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const int code = run(argc, argv, rank, size);
  MPI_Finalize();
  return code;
}
