// The options of a simulation run, shared by `warband sim` and `warband_mpi_sim`, and how they
// become a sweep, a run and a printed summary.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <iosfwd>
#include <string>
#include <utility>

#include "cli/setup_options.h"
#include "sim/summary.h"

namespace warband::cli {

// Where the summary goes: stdout as text, JSON or CSV, and optionally a JSON file.
struct SummaryOutput {
  bool json = false;
  bool csv = false;
  std::string out_path;

  void add_to(CLI::App& app);
  // Writes --out atomically (JSON), then prints the summary in the chosen format.
  void report(const sim::Summary& summary, std::ostream& out) const;
};

// Shard `index` (1-based) of `count`: games split in `count` contiguous blocks.
struct Shard {
  int index = 1;
  int count = 1;
  // Reads "i/n"; throws InputError("--shard", ...) unless 1 <= i <= n.
  static Shard parse(const std::string& text);
  // The block [first, end) of `games` this shard plays: [(i-1)*games/n, i*games/n).
  std::pair<std::int64_t, std::int64_t> range(std::int64_t games) const;
};

struct SimOptions {
  std::string ruleset;
  std::int64_t games = 0;
  std::string red = "random";
  std::string blue = "random";
  SetupOptions setup;
  std::uint64_t seed = 0;
  CLI::Option* seed_option = nullptr;
  int threads = 1;  // set to the machine's cores by add_to
  std::string shard;
  bool no_progress = false;
  SummaryOutput output;

  // Declares the options; `with_shard` adds --shard (the MPI run shards by rank instead).
  void add_to(CLI::App& app, bool with_shard);
  // Checks what CLI11 cannot (a ruleset, --games, --seed given) and reads the setup file.
  sim::SweepIdentity sweep() const;
};

// Plays `shard` of the sweep with `options.threads` threads; `progress` (may be null) gets a
// progress bar.
sim::Summary run_sim(const SimOptions& options, const Shard& shard, std::ostream* progress);

}  // namespace warband::cli
