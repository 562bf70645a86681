// `warband sim RULESET --games N --seed S ...`: a sweep of bot-vs-bot games over threads (or one
// shard of it), summarised; `warband sim merge FILE...`: shards' summaries merged into the
// summary of the whole sweep.
#include <CLI/CLI.hpp>
#include <iostream>

#include "cli/command.h"
#include "cli/sim_options.h"
#include "core/error.h"
#include "core/file_io.h"
#include "core/json_input.h"
#include "sim/summary.h"

namespace warband::cli {
namespace {

class SimCommand final : public Command {
 public:
  explicit SimCommand(CLI::App& app) {
    app.require_subcommand(0, 1);
    options_.add_to(app, /*with_shard=*/true);
    merge_ = app.add_subcommand(
        "merge", "Merge the --out summaries of a sweep's shards into the whole sweep's summary");
    merge_->add_option("files", merge_paths_, "The shards' summaries (JSON)")
        ->required()
        ->type_name("FILE");
    merge_->add_flag("--allow-missing", allow_missing_,
                     "Merge even if some games of the sweep are in no file");
    merge_output_.add_to(*merge_);
  }

  int run(Io& io) override {
    if (merge_->parsed()) return merge(io);
    const Shard shard = options_.shard.empty() ? Shard{} : Shard::parse(options_.shard);
    // An --out that cannot be saved is said before the games, not after them.
    if (!options_.output.out_path.empty()) check_writable(options_.output.out_path, "summary");
    const sim::Summary summary =
        run_sim(options_, shard, options_.no_progress ? nullptr : io.progress);
    options_.output.report(summary, io.out);
    return kExitOk;
  }

 private:
  int merge(Io& io) const {
    std::vector<sim::Summary> summaries;
    for (const std::string& path : merge_paths_)
      summaries.push_back(sim::Summary::from_json(read_json_file(path), path));
    const sim::Summary merged = sim::merge_summaries(summaries, merge_paths_);
    if (const auto missing = merged.missing(); !missing.empty() && !allow_missing_)
      throw InputError("merge", fmt::format("games {} of the sweep's {} are in none of the files "
                                            "(--allow-missing merges anyway)",
                                            sim::ranges_text(missing), merged.sweep().games));
    merge_output_.report(merged, io.out);
    return kExitOk;
  }

  SimOptions options_;
  CLI::App* merge_ = nullptr;
  std::vector<std::string> merge_paths_;
  bool allow_missing_ = false;
  SummaryOutput merge_output_;
};

}  // namespace

RegisteredCommand add_sim_command(CLI::App& app) {
  CLI::App* subcommand = app.add_subcommand(
      "sim", "Simulate bot-vs-bot games over threads: win rates, game length, unit figures");
  return {subcommand, std::make_unique<SimCommand>(*subcommand)};
}

}  // namespace warband::cli
