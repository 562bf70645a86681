// The play loop, in-process on the toy game: bots finish, humans are asked until they give a
// legal answer, input ending or quitting stops cleanly, logs replay.
#include "cli/play_loop.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>

#include "cli/command.h"
#include "core/json_input.h"
#include "core/registry.h"
#include "tests/support/play_loop_run.h"
#include "tests/support/test_files.h"
#include "tests/test_rulesets/toy/toy_game.h"

namespace warband::cli {
namespace {

using nlohmann::json;

Played play(PlaySettings settings, const std::string& input = "",
            const json& setup = json::object()) {
  return play_loop("toy", std::move(settings), input, setup);
}

PlaySettings bots(std::uint64_t seed, Narration narration = Narration::kFull) {
  PlaySettings settings;
  settings.players = {"bot", "bot"};
  settings.seed = seed;
  settings.narration = narration;
  return settings;
}

PlaySettings red_human(std::uint64_t seed) {
  PlaySettings settings = bots(seed);
  settings.players[0] = "human";
  return settings;
}

TEST(PlayLoop, BotsFinishAndReportTheResult) {
  const Played played = play(bots(5));
  EXPECT_EQ(played.end, PlayEnd::kFinished);
  EXPECT_EQ(exit_code(played.end), kExitOk);
  ASSERT_TRUE(played.record.state().is_terminal());
  const std::size_t actions = played.record.actions().size();
  EXPECT_EQ(count_of(played.out, "\nchance: ") + count_of(played.out, "\nRed: ") +
                count_of(played.out, "\nBlue: "),
            static_cast<int>(actions));
  EXPECT_NE(played.out.find("chance: roll: "), std::string::npos);
  EXPECT_NE(played.out.find(fmt::format("Actions: {}\nSeed: 5\nFinal hash: {}\n", actions,
                                        hash_to_hex(played.record.state().hash()))),
            std::string::npos)
      << played.out;
  EXPECT_TRUE(played.err.empty()) << played.err;
}

TEST(PlayLoop, BoardIsShownWhenTheTurnPassesToTheOtherPlayer) {
  const Played played = play(bots(6));
  const std::vector<std::string> lines = lines_of(played.out);
  ASSERT_FALSE(lines.empty());
  std::string last_mover;
  bool board_since_last_move = true;  // the opening board
  int turn_changes = 0;
  for (const std::string& line : lines) {
    if (line.starts_with("Dice race to")) board_since_last_move = true;
    for (const char* mover : {"Red", "Blue"}) {
      if (!line.starts_with(std::string(mover) + ": ")) continue;
      if (!last_mover.empty() && last_mover != mover) {
        ++turn_changes;
        EXPECT_TRUE(board_since_last_move) << "no board before: " << line;
      }
      last_mover = mover;
      board_since_last_move = false;
    }
  }
  EXPECT_GT(turn_changes, 2);
  EXPECT_TRUE(lines.back().starts_with("Final hash: "));
}

TEST(PlayLoop, SameSeedSameGame) {
  const Played first = play(bots(77));
  const Played second = play(bots(77));
  EXPECT_EQ(first.out, second.out);
  EXPECT_EQ(first.record.actions(), second.record.actions());
  const Played other = play(bots(78));
  EXPECT_NE(other.record.actions(), first.record.actions());
}

TEST(PlayLoop, QuietPrintsOnlyTheSummary) {
  const Played played = play(bots(8, Narration::kQuiet));
  const std::vector<std::string> lines = lines_of(played.out);
  ASSERT_EQ(lines.size(), 4u) << played.out;
  EXPECT_TRUE(lines[0] == "Result: Red wins" || lines[0] == "Result: Blue wins" ||
              lines[0] == "Result: Draw")
      << lines[0];
  EXPECT_EQ(lines[2], "Seed: 8");
}

TEST(PlayLoop, JsonPrintsOnlyAJsonSummary) {
  const Played played = play(bots(9, Narration::kJson));
  const json summary = parse_json(played.out, "stdout");
  const State& state = played.record.state();
  EXPECT_EQ(summary["ruleset"], "toy");
  EXPECT_EQ(summary["seed"], 9);
  EXPECT_EQ(summary["actions"], played.record.actions().size());
  EXPECT_EQ(summary["returns"].get<std::vector<double>>(), state.returns());
  EXPECT_EQ(summary["winner"], state.returns()[0] > 0   ? "red"
                               : state.returns()[1] > 0 ? "blue"
                                                        : "draw");
  EXPECT_EQ(summary["final_hash"], hash_to_hex(state.hash()));
  EXPECT_EQ(summary["terminal"], true);
}

TEST(PlayLoop, HumanIsAskedAgainUntilTheAnswerIsLegal) {
  const Played played = play(red_human(1), "x\n999\n1\n");
  // Red is first to move after the two deals; "x" and "999" are refused, "1" (roll) is taken.
  ASSERT_GE(played.record.actions().size(), 3u);
  EXPECT_EQ(played.record.actions()[2], toy::kRoll);
  EXPECT_NE(played.out.find("'x' does not match any action; type a number from 1 to 2, an action, "
                            "or 'help'.\n"),
            std::string::npos)
      << played.out;
  EXPECT_NE(played.out.find("999 is not an action number; choose 1 to 2.\n"), std::string::npos);
  EXPECT_NE(played.out.find("Red: roll\n"), std::string::npos);
  // The board and the numbered actions come before the first prompt.
  const auto board = played.out.find("Dice race to");
  const auto listing = played.out.find("Red to move:\n   1. roll\n   2. play card (+");
  const auto prompt = played.out.find("Red> ");
  EXPECT_LT(board, listing);
  EXPECT_LT(listing, prompt);
  EXPECT_GE(count_of(played.out, "Red> "), 3);
  // Then input ends at Red's next decision.
  EXPECT_EQ(played.end, PlayEnd::kInputClosed);
  EXPECT_EQ(exit_code(played.end), kExitInputClosed);
  EXPECT_NE(played.err.find("Input ended while Red was to move"), std::string::npos);
}

TEST(PlayLoop, EndOfInputStopsCleanlyAndSavesTheLog) {
  PlaySettings settings = red_human(2);
  settings.log_path = temp_file_path("eof_log.json");
  const Played played = play(settings, "");
  EXPECT_EQ(played.end, PlayEnd::kInputClosed);
  EXPECT_EQ(played.record.actions().size(), 2u);  // the two deals
  EXPECT_NE(played.out.find("Result: Unfinished\n"), std::string::npos);
  const GameRecord replayed = GameRecord::replay(read_json_file(settings.log_path));
  EXPECT_EQ(replayed.actions(), played.record.actions());
  std::filesystem::remove(settings.log_path);
}

TEST(PlayLoop, QuitEndsTheGameAndSavesTheLog) {
  PlaySettings settings = red_human(3);
  settings.log_path = temp_file_path("quit_log.json");
  const Played played = play(settings, "help\nboard\nquit\n");
  EXPECT_EQ(played.end, PlayEnd::kQuit);
  EXPECT_EQ(exit_code(played.end), kExitOk);
  EXPECT_NE(played.out.find("Type a number from the list (1 to 2)"), std::string::npos);
  EXPECT_NE(played.out.find("game and saves the log"), std::string::npos);
  EXPECT_EQ(count_of(played.out, "Red to move:"), 2);  // listed again after 'board'
  EXPECT_NE(played.out.find("Red quits after 2 actions.\n"), std::string::npos);
  EXPECT_NE(played.out.find("Saved: resume with `warband play --resume " + settings.log_path + "`"),
            std::string::npos);
  EXPECT_TRUE(std::filesystem::exists(settings.log_path));
  std::filesystem::remove(settings.log_path);
}

TEST(PlayLoop, LogReplaysToTheSameHash) {
  PlaySettings settings = bots(10);
  settings.log_path = temp_file_path("bot_log.json");
  const json setup = {{"parameters", {{"target", 9}}}};
  const Played played = play(settings, "", setup);
  ASSERT_EQ(played.end, PlayEnd::kFinished);
  EXPECT_FALSE(std::filesystem::exists(settings.log_path + ".tmp"));
  const json log = read_json_file(settings.log_path);
  EXPECT_EQ(log["seed"], 10);
  EXPECT_EQ(log["setup"], setup);
  const GameRecord replayed = GameRecord::replay(log);
  EXPECT_EQ(replayed.state().hash(), played.record.state().hash());
  EXPECT_EQ(log["final_hash"], hash_to_hex(played.record.state().hash()));
  std::filesystem::remove(settings.log_path);
}

TEST(PlayLoop, UnwritableLogIsAnInputErrorNamingThePath) {
  PlaySettings settings = bots(11, Narration::kQuiet);
  settings.log_path = "/nonexistent-dir/log.json";
  std::istringstream in;
  std::ostringstream out, err;
  PlayLoop loop("toy", make_game("toy", json::object()), settings, in, out, err);
  try {
    loop.run();
    FAIL() << "the log was written to a missing folder";
  } catch (const InputError& error) {
    EXPECT_EQ(error.where(), "/nonexistent-dir/log.json");
    EXPECT_NE(error.problem().find("No such file or directory"), std::string::npos);
  }
  EXPECT_NE(out.str().find("Result: "), std::string::npos);  // the result was still shown
}

// A one-player game that never ends, though it claims to end within 10 applies.
class EndlessGame final : public Game {
 public:
  EndlessGame() { info_ = {"endless", "Endless", 1, 10}; }
  const GameInfo& info() const override { return info_; }
  std::unique_ptr<State> new_initial_state() const override;
  std::unique_ptr<State> state_from_json(const json&) const override { return new_initial_state(); }
  const json& setup() const override { return setup_; }

 private:
  GameInfo info_;
  json setup_ = json::object();
};

class EndlessState final : public State {
 public:
  explicit EndlessState(const EndlessGame& game) : game_(game) {}
  int current_player() const override { return 0; }
  std::vector<Action> legal_actions() const override { return {0}; }
  std::vector<ChanceOutcome> chance_outcomes() const override { return {}; }
  void apply(Action) override { ++moves_; }
  std::vector<double> returns() const override { return {0}; }
  std::unique_ptr<State> clone() const override { return std::make_unique<EndlessState>(*this); }
  json to_json() const override { return {{"moves", moves_}}; }
  json view(int) const override { return to_json(); }
  std::string action_to_string(Action) const override { return "wait"; }
  std::string to_string() const override { return "waiting\n"; }
  const Game& game() const override { return game_; }

 private:
  const EndlessGame& game_;
  int moves_ = 0;
};

std::unique_ptr<State> EndlessGame::new_initial_state() const {
  return std::make_unique<EndlessState>(*this);
}

TEST(PlayLoop, GameLongerThanItsDeclaredMaximumStops) {
  std::istringstream in;
  std::ostringstream out, err;
  PlaySettings settings = bots(12, Narration::kQuiet);
  PlayLoop loop("endless", std::make_shared<EndlessGame>(), settings, in, out, err);
  const PlayEnd end = loop.run();
  EXPECT_EQ(end, PlayEnd::kTooLong);
  EXPECT_EQ(exit_code(end), kExitInternal);
  EXPECT_EQ(loop.record().actions().size(), 10u);
  EXPECT_NE(err.str().find("has not ended after 10 actions"), std::string::npos) << err.str();
}

}  // namespace
}  // namespace warband::cli
