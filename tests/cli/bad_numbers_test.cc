// Issue 14 on the command line: numbers beyond a double in `replay`, `play --setup` and `build
// import` are exit 2 naming the field (they were exit 3); a bot spec with NaN is exit 2; and a
// log's recorded result is checked, while a log that stops before the game ends says so.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "cli/command.h"
#include "core/json_input.h"
#include "tests/support/in_process_cli.h"
#include "tests/support/test_files.h"
#include "tests/test_rulesets/toy/toy_game.h"

namespace warband::cli {
namespace {

using nlohmann::json;

// A finished toy game's log, written by `warband play`.
json played_log(const std::string& path) {
  const Ran played = warband({"play", "toy", "--red=bot", "--seed=6", "--quiet", "--log", path});
  EXPECT_EQ(played.code, kExitOk) << played.err;
  return read_json_file(path);
}

TEST(BadNumbersCli, ReplayOfALogWithAHugeNumberNamesTheField) {
  const std::string log = temp_file_path("bad_numbers_test_huge.json");
  played_log(log);
  write_file_text(log, R"({"format": "warband-log", "version": 1, "ruleset": "toy", "setup": {},
                      "actions": [0, 1e999]})");
  const Ran ran = warband({"replay", log});
  EXPECT_EQ(ran.code, kExitBadInput);
  EXPECT_EQ(ran.err, "error: " + log +
                         ": actions[1]: the number 1e999 is too large (beyond "
                         "±1.7e308)\n");
  std::filesystem::remove(log);
}

TEST(BadNumbersCli, PlaySetupWithAHugeNumberNamesTheField) {
  const std::string setup = temp_file_path("bad_numbers_test_setup.json");
  write_file_text(setup, R"({"parameters": {"target": 1e400}})");
  const Ran ran = warband({"play", "toy", "--red=bot", "--quiet", "--setup", setup});
  EXPECT_EQ(ran.code, kExitBadInput);
  EXPECT_EQ(ran.err, "error: " + setup +
                         ": parameters.target: the number 1e400 is too large "
                         "(beyond ±1.7e308)\n");
  std::filesystem::remove(setup);
}

TEST(BadNumbersCli, BuildImportWithAHugeNumberNamesTheField) {
  const std::string exported = temp_file_path("bad_numbers_test_export.json");
  const std::string list = temp_file_path("bad_numbers_test_imported.toml");
  std::filesystem::remove(list);
  write_file_text(exported, R"({"warband": {"name": "Big", "points": 1e999, "units": []}})");
  const Ran ran = warband({"build", "atomspast", "import", "--file", list, "--in", exported});
  EXPECT_EQ(ran.code, kExitBadInput) << ran.out << ran.err;
  EXPECT_NE(ran.err.find(exported + ": warband.points: the number 1e999 is too large"),
            std::string::npos)
      << ran.err;
  EXPECT_FALSE(std::filesystem::exists(list));
  std::filesystem::remove(exported);
}

TEST(BadNumbersCli, ABotSpecWithNanIsBadInput) {
  for (const char* spec : {"mcts:c=nan", "mcts:c=inf", "greedy:depth=nan"}) {
    const Ran ran = warband({"play", "toy", "--red", spec, "--blue", "bot", "--quiet"});
    EXPECT_EQ(ran.code, kExitBadInput) << spec << ": " << ran.err;
    EXPECT_NE(ran.err.find("not a finite number"), std::string::npos) << ran.err;
  }
}

// Defect 11: a log naming the wrong winner replayed with exit 0.
TEST(BadNumbersCli, ReplayRefusesALogNamingTheWrongWinner) {
  const std::string log = temp_file_path("bad_numbers_test_winner.json");
  json edited = played_log(log);
  ASSERT_EQ(edited["result"]["returns"].size(), 2u);
  ASSERT_NE(edited["result"]["returns"][0], edited["result"]["returns"][1]) << "not a draw";
  std::swap(edited["result"]["returns"][0], edited["result"]["returns"][1]);
  write_file_text(log, edited.dump());
  const Ran ran = warband({"replay", log});
  EXPECT_EQ(ran.code, kExitBadInput);
  EXPECT_TRUE(ran.err.starts_with("error: " + log + ": result.returns: the log records "))
      << ran.err;
  std::filesystem::remove(log);
}

// Defect 11: a truncated log with its final hash removed replayed with exit 0 and no word that it
// ended early. Still recording its end, it is refused; recording none, it is read and says so.
TEST(BadNumbersCli, ReplayOfATruncatedLogSaysTheGameIsNotOver) {
  const std::string log = temp_file_path("bad_numbers_test_truncated.json");
  json edited = played_log(log);
  edited["actions"].erase(edited["actions"].size() - 1);
  edited.erase("final_hash");
  write_file_text(log, edited.dump());
  const Ran claimed = warband({"replay", log});
  EXPECT_EQ(claimed.code, kExitBadInput);
  EXPECT_TRUE(claimed.err.starts_with("error: " + log + ": result.terminal: ")) << claimed.err;

  edited.erase("result");
  write_file_text(log, edited.dump());
  const Ran unclaimed = warband({"replay", log});
  EXPECT_EQ(unclaimed.code, kExitOk) << unclaimed.err;
  EXPECT_NE(unclaimed.out.find(fmt::format("{} actions, all legal; the game is not over",
                                           edited["actions"].size())),
            std::string::npos)
      << unclaimed.out;
  EXPECT_NE(unclaimed.out.find("Result: Unfinished"), std::string::npos) << unclaimed.out;
  std::filesystem::remove(log);
}

// Every what-if is applied to every game's setup: a run takes at most kMaxBalanceOverrides.
TEST(BadNumbersCli, BalanceRefusesMoreWhatIfsThanARunTakes) {
  std::vector<std::string> args = {"balance", "atomspast", "--games=1"};
  for (int i = 0; i <= 64; ++i)
    args.push_back("--set=units.orc_warrior.wounds=" + std::to_string(i + 1));
  const Ran ran = warband(args);
  EXPECT_EQ(ran.code, kExitBadInput);
  EXPECT_EQ(ran.err, "error: --set: 65 overrides, more than the 64 allowed\n");
}

// A number that reads like "none" is refused, not quietly taken as the default its help names
// (`--points 0` once meant the ruleset's standard game); left out, each keeps its default.
TEST(BadNumbersCli, BalanceRefusesNumbersThatWouldMeanTheDefault) {
  const std::vector<std::pair<std::vector<std::string>, std::string>> refused = {
      {{"--points", "0"},
       "error: --points: expected 1 or more points, got 0 (leave --points out for the ruleset's "
       "standard game)\n"},
      {{"--threads", "0"},
       "error: --threads: expected 1 to 256 threads, got 0 (leave --threads out to play on "
       "every core)\n"},
      // Above the bound `sim` shares: a typo, not a machine.
      {{"--threads", "1000"},
       "error: --threads: expected 1 to 256 threads, got 1000 (leave --threads out to play on "
       "every core)\n"},
      {{"--spread", "-1"},
       "error: --spread: expected 0 or more points, got -1 (leave --spread out for the "
       "ruleset's own)\n"},
      {{"--replay-index", "-1"}, "error: --replay-index: expected a game index, 0 or more\n"},
  };
  for (const auto& [options, error] : refused) {
    std::vector<std::string> args = {"balance", "wager", "--games=1"};
    args.insert(args.end(), options.begin(), options.end());
    const Ran ran = warband(args);
    EXPECT_EQ(ran.code, kExitBadInput) << options[0];
    EXPECT_EQ(ran.err, error);
  }
  // A negative seed is not wrapped round to a huge one.
  const Ran seed = warband({"balance", "wager", "--games=1", "--seed", "-1"});
  EXPECT_EQ(seed.code, kExitBadInput);
  EXPECT_NE(seed.err.find("--seed"), std::string::npos) << seed.err;
}

}  // namespace
}  // namespace warband::cli
