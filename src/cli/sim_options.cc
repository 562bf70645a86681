#include "cli/sim_options.h"

#include <algorithm>
#include <charconv>
#include <ostream>

#include "bots/bot.h"
#include "cli/progress_bar.h"
#include "core/error.h"
#include "core/file_io.h"
#include "sim/summary_report.h"
#include "sim/sweep.h"

namespace warband::cli {

void SummaryOutput::add_to(CLI::App& app) {
  auto* json_flag = app.add_flag("--json", json, "Print the summary as JSON (totals and games)");
  app.add_flag("--csv", csv, "Print one CSV row per game: index,seed,winner,applies,...")
      ->excludes(json_flag);
  app.add_option("--out", out_path, "Also write the JSON summary to FILE (to merge or replay)")
      ->type_name("FILE");
}

void SummaryOutput::report(const sim::Summary& summary, std::ostream& out) const {
  if (!out_path.empty())
    write_file_atomically(out_path, summary.to_json().dump(2) + "\n", "summary");
  if (json)
    out << summary.to_json().dump(2) << "\n";
  else if (csv)
    out << sim::summary_csv(summary);
  else
    out << sim::summary_text(summary);
}

Shard Shard::parse(const std::string& text) {
  const auto bad = [&] {
    return InputError("--shard",
                      fmt::format("expected i/n with 1 <= i <= n (e.g. 2/4), got '{}'", text));
  };
  const std::size_t slash = text.find('/');
  if (slash == std::string::npos) throw bad();
  Shard shard;
  const auto read = [&](std::string_view part, int& value) {
    const auto [end, error] = std::from_chars(part.data(), part.data() + part.size(), value);
    if (part.empty() || error != std::errc() || end != part.data() + part.size()) throw bad();
  };
  read(std::string_view(text).substr(0, slash), shard.index);
  read(std::string_view(text).substr(slash + 1), shard.count);
  if (shard.count < 1 || shard.index < 1 || shard.index > shard.count) throw bad();
  return shard;
}

std::pair<std::int64_t, std::int64_t> Shard::range(std::int64_t games) const {
  // floor(games * block / count), without the product overflowing: blocks differ by one game
  // at most.
  const auto boundary = [&](std::int64_t block) {
    return games / count * block + games % count * block / count;
  };
  return {boundary(index - 1), boundary(index)};
}

void SimOptions::add_to(CLI::App& app, bool with_shard) {
  threads = every_core();
  app.add_option("ruleset", ruleset, "The ruleset to simulate (see `warband rulesets`)");
  app.add_option("--games", games, "How many games the sweep plays (required)")
      ->check(CLI::Range(std::int64_t{1}, std::int64_t{1} << 40));
  app.add_option("--red", red, "Red's bot: random, greedy, mcts (options after a colon) or balance")
      ->check(player_validator(false))
      ->capture_default_str();
  app.add_option("--blue", blue, "Blue's bot, as --red")
      ->check(player_validator(false))
      ->capture_default_str();
  seed_option =
      app.add_option("--seed", seed, "The sweep's seed (required); game i is seeded mix_seed(S, i)")
          ->check(seed_validator());
  setup.add_to(app);
  app.add_option(
         "--threads", threads,
         fmt::format("Threads to play on, 1 to {} (default: the machine's cores)", kMaxThreads))
      ->capture_default_str();
  if (with_shard)
    app.add_option("--shard", shard,
                   "Play only block i of n of the games (1 <= i <= n); merge the shards' --out "
                   "files with `warband sim merge`")
        ->type_name("i/n");
  app.add_flag("--no-progress", no_progress, "No progress bar (it is only shown on a terminal)");
  output.add_to(app);
}

sim::SweepIdentity SimOptions::sweep() const {
  if (ruleset.empty())
    throw InputError("sim", "no ruleset given: `warband sim RULESET --games N --seed S ...`");
  if (games < 1) throw InputError("--games", "give how many games to play (at least 1)");
  if (!seed_option || seed_option->count() == 0)
    throw InputError("--seed", "give the sweep's seed: every game is replayable from it");
  sim::SweepIdentity sweep;
  sweep.ruleset = ruleset;
  sweep.setup = setup.setup(ruleset);
  sweep.bots = {bots::player_spec(red), bots::player_spec(blue)};
  sweep.seed = seed;
  sweep.games = games;
  return sweep;
}

sim::Summary run_sim(const SimOptions& options, const Shard& shard, std::ostream* progress) {
  const sim::SweepIdentity sweep = options.sweep();
  check_threads(options.threads);
  const auto [first, end] = shard.range(sweep.games);
  sim::Summary summary(sweep, first, end);
  if (first == end) {
    // An empty shard still checks its settings, so that bad input fails on every shard alike.
    sim::game_for(sweep.settings(0, 0, 1), 0);
    bots::make_bot(sweep.bots[0], "--red");
    bots::make_bot(sweep.bots[1], "--blue");
    return summary;
  }
  std::unique_ptr<ProgressBar> bar = progress ? std::make_unique<ProgressBar>(*progress) : nullptr;
  sim::SweepProgress report;
  if (bar) report = [&](std::int64_t done, std::int64_t total) { bar->update(done, total); };
  const std::vector<sim::GameResult> results =
      sim::run_sweep(sweep.settings(first, end, options.threads), report);
  if (bar) bar->finish();
  for (const sim::GameResult& game : results)
    summary.add(game);
  return summary;
}

}  // namespace warband::cli
