// `warband replay FILE`: checks a saved log move by move and reports where the game ended.
#include <CLI/CLI.hpp>
#include <ostream>

#include "cli/command.h"
#include "cli/narration.h"
#include "core/error.h"
#include "core/game_record.h"
#include "core/json_input.h"
#include "core/registry.h"

namespace warband::cli {
namespace {

class ReplayCommand final : public Command {
 public:
  explicit ReplayCommand(CLI::App& app) {
    app.add_option("file", path_, "The log to replay (written by `warband play --log`)")
        ->required()
        ->type_name("FILE");
    app.add_flag("--json", json_, "Print a JSON summary");
    app.add_flag("--show", show_, "Print every action and the final board");
  }

  int run(Io& io) override {
    const nlohmann::json log = read_json_file(path_);
    const GameRecord record = replay(log);
    if (show_) show(record, io.out);
    const State& state = record.state();
    const std::string final_hash = hash_to_hex(state.hash());
    if (json_) {
      nlohmann::json summary = {
          {"file", path_},
          {"ruleset", record.ruleset()},
          {"actions", record.actions().size()},
          {"terminal", state.is_terminal()},
          {"returns", state.is_terminal() ? state.returns() : std::vector<double>{}},
          {"winner", winner_json(state)},
          {"final_hash", final_hash},
      };
      if (record.seed) summary["seed"] = *record.seed;
      io.out << summary.dump(2) << "\n";
      return kExitOk;
    }
    io.out << fmt::format("Replayed {} ({}): {} actions, all legal\n", path_, record.ruleset(),
                          record.actions().size());
    io.out << fmt::format("Result: {}\n", result_text(state));
    if (record.seed) io.out << fmt::format("Seed: {}\n", *record.seed);
    io.out << fmt::format("Final hash: {}\n", final_hash);
    return kExitOk;
  }

 private:
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
  bool json_ = false;
  bool show_ = false;
};

}  // namespace

RegisteredCommand add_replay_command(CLI::App& app) {
  CLI::App* subcommand =
      app.add_subcommand("replay", "Replay a saved log, checking every action is legal");
  return {subcommand, std::make_unique<ReplayCommand>(*subcommand)};
}

}  // namespace warband::cli
