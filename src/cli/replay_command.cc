// `warband replay FILE`: checks a saved log move by move and reports where the game ended.
// `warband replay --sim SUMMARY --index I`: plays game I of a `warband sim` sweep again from the
// summary's settings and checks it ends on the hash the summary recorded.
#include <CLI/CLI.hpp>
#include <ostream>

#include "cli/command.h"
#include "cli/log_file.h"
#include "cli/narration.h"
#include "core/error.h"
#include "core/game_record.h"
#include "core/json_input.h"
#include "core/registry.h"
#include "sim/summary.h"
#include "sim/sweep.h"

namespace warband::cli {
namespace {

class ReplayCommand final : public Command {
 public:
  explicit ReplayCommand(CLI::App& app) {
    auto* file =
        app.add_option("file", path_, "The log to replay (written by `warband play --log`)")
            ->type_name("FILE");
    auto* sim = app.add_option("--sim", sim_path_,
                               "Replay a game of a sweep from its summary (`warband sim --out`)")
                    ->type_name("SUMMARY")
                    ->excludes(file);
    app.add_option("--index", index_, "With --sim: the game's index in the sweep")
        ->needs(sim)
        ->check(CLI::NonNegativeNumber);
    app.add_option("--log", log_path_, "With --sim: write the game's log (JSON) to FILE")
        ->needs(sim)
        ->type_name("FILE");
    app.add_flag("--json", json_, "Print a JSON summary");
    app.add_flag("--show", show_, "Print every action and the final board");
  }

  int run(Io& io) override {
    if (path_.empty() && sim_path_.empty())
      throw InputError("replay", "give a log FILE, or --sim SUMMARY --index I");
    const std::unique_ptr<GameRecord> played =
        sim_path_.empty() ? std::make_unique<GameRecord>(replay(read_json_file(path_)))
                          : replay_sim_game();
    const GameRecord& record = *played;
    if (!log_path_.empty()) write_log_file(record, log_path_);
    const std::string name =
        sim_path_.empty() ? path_ : fmt::format("game {} of {}", index_, sim_path_);
    if (show_) show(record, io.out);
    const State& state = record.state();
    const std::string final_hash = hash_to_hex(state.hash());
    if (json_) {
      nlohmann::json summary = {
          {"file", sim_path_.empty() ? path_ : sim_path_},
          {"ruleset", record.ruleset()},
          {"actions", record.actions().size()},
          {"terminal", state.is_terminal()},
          {"returns", state.is_terminal() ? state.returns() : std::vector<double>{}},
          {"winner", winner_json(state)},
          {"final_hash", final_hash},
      };
      if (record.seed) summary["seed"] = *record.seed;
      if (!sim_path_.empty()) summary["index"] = index_;
      io.out << summary.dump(2) << "\n";
      return kExitOk;
    }
    // A log that stops before the game ends is information, not an error (exit 0): a saved game
    // in play is one. What it records of its end was checked by the replay.
    io.out << fmt::format("Replayed {} ({}): {} actions, {}{}\n", name, record.ruleset(),
                          record.actions().size(),
                          sim_path_.empty() ? "all legal" : "ending on the recorded hash",
                          state.is_terminal() ? "" : "; the game is not over");
    io.out << fmt::format("Result: {}\n", result_text(state));
    if (record.seed) io.out << fmt::format("Seed: {}\n", *record.seed);
    io.out << fmt::format("Final hash: {}\n", final_hash);
    if (!log_path_.empty()) io.out << "Log written to " << log_path_ << "\n";
    return kExitOk;
  }

 private:
  // Plays game --index of the --sim summary's sweep again and checks its final hash.
  std::unique_ptr<GameRecord> replay_sim_game() const {
    const sim::Summary summary = sim::Summary::from_json(read_json_file(sim_path_), sim_path_);
    if (index_ < 0) throw InputError("--index", "give the game's index in the sweep");
    const auto row = summary.rows().find(index_);
    if (row == summary.rows().end())
      throw InputError("--index", fmt::format("game {} is not in {} (it has games {})", index_,
                                              sim_path_, sim::ranges_text(summary.covered())));
    const sim::SweepSettings settings = summary.sweep().settings(index_, index_ + 1, 1);
    std::unique_ptr<GameRecord> record;
    sim::play_sweep_game(settings, index_, &record);
    if (record->state().hash() != row->second.final_hash)
      throw InputError(sim_path_, fmt::format("game {} now ends on hash {}, not the recorded {}: "
                                              "the rules, content or bots changed since the run "
                                              "(or a bot with a time budget played)",
                                              index_, hash_to_hex(record->state().hash()),
                                              hash_to_hex(row->second.final_hash)));
    return record;
  }

  // GameRecord::replay, with the file named in any error.
  GameRecord replay(const nlohmann::json& log) const {
    try {
      return GameRecord::replay(log);
    } catch (const InputError& error) {
      throw InputError(error.where().empty() ? path_ : path_ + ": " + error.where(),
                       error.problem());
    }
  }

  // Steps through the already-checked log again, printing each action as it happens.
  void show(const GameRecord& checked, std::ostream& out) const {
    GameRecord step(checked.ruleset(), make_game(checked.ruleset(), checked.game().setup()));
    for (std::size_t i = 0; i < checked.actions().size(); ++i) {
      const Action action = checked.actions()[i];
      out << fmt::format("{:>5}. {}\n", i, action_line(step.state(), action));
      step.apply(action);
    }
    const std::string board = step.state().to_string();
    out << "\n" << board << (board.ends_with('\n') ? "" : "\n") << "\n";
  }

  std::string path_;
  std::string sim_path_;
  std::int64_t index_ = -1;
  std::string log_path_;
  bool json_ = false;
  bool show_ = false;
};

}  // namespace

RegisteredCommand add_replay_command(CLI::App& app) {
  CLI::App* subcommand = app.add_subcommand(
      "replay", "Replay a saved log, or a game of a `warband sim` sweep, checking every action");
  return {subcommand, std::make_unique<ReplayCommand>(*subcommand)};
}

}  // namespace warband::cli
