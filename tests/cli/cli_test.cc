// The built `warband` binary as a subprocess: what a user at a shell sees, playing and replaying
// AtomsPast on the built-in content. (The toy game lives only in the test binary; app_test.cc
// covers the play loop in-process with it.)
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>
#include "core/json_input.h"
#include "tests/support/test_files.h"

namespace warband {
namespace {

struct Ran {
  int code = -1;
  std::string out;
  std::string err;
};

// Runs WARBAND_BINARY with `args`, stdin from `input`, stdout and stderr captured in files.
Ran run_warband(const std::vector<std::string>& args, const std::string& input = "") {
  const std::string base = ::testing::TempDir() + "cli_test_" + std::to_string(::getpid());
  const std::string in_path = base + ".in", out_path = base + ".out", err_path = base + ".err";
  std::ofstream(in_path) << input;
  std::vector<std::string> argv_strings = {WARBAND_BINARY};
  argv_strings.insert(argv_strings.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (std::string& arg : argv_strings)
    argv.push_back(arg.data());
  argv.push_back(nullptr);

  Ran ran;
  const pid_t child = ::fork();
  if (child == 0) {
    const int in = ::open(in_path.c_str(), O_RDONLY);
    const int out = ::open(out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int err = ::open(err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (in < 0 || out < 0 || err < 0) ::_exit(126);
    ::dup2(in, 0);
    ::dup2(out, 1);
    ::dup2(err, 2);
    ::execv(argv[0], argv.data());
    ::_exit(127);
  }
  if (child < 0) {
    ADD_FAILURE() << "fork failed";
    return ran;
  }
  int status = 0;
  ::waitpid(child, &status, 0);
  ran.code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  ran.out = read_file_text(out_path);
  ran.err = read_file_text(err_path);
  for (const std::string& path : {in_path, out_path, err_path})
    std::filesystem::remove(path);
  return ran;
}

TEST(Cli, UnknownRulesetFailsListingTheKnownOnes) {
  const Ran ran = run_warband({"play", "nosuch"});
  EXPECT_EQ(ran.code, 2);
  EXPECT_TRUE(ran.err.starts_with(
      "error: unknown ruleset 'nosuch'; rulesets with a game: agame, atomspast"))
      << ran.err;
  EXPECT_TRUE(ran.out.empty()) << ran.out;
}

TEST(Cli, HelpListsTheCommands) {
  const Ran ran = run_warband({"--help"});
  EXPECT_EQ(ran.code, 0);
  for (const char* command : {"play", "replay", "rulesets"})
    EXPECT_NE(ran.out.find(std::string("  ") + command + " "), std::string::npos) << command;
  EXPECT_NE(ran.out.find("Exit codes"), std::string::npos);
}

TEST(Cli, CommandHelpListsItsOptions) {
  const Ran ran = run_warband({"replay", "--help"});
  EXPECT_EQ(ran.code, 0);
  EXPECT_NE(ran.out.find("--show"), std::string::npos);
  EXPECT_NE(ran.out.find("--json"), std::string::npos);
}

TEST(Cli, ReplayOfAMissingFileFailsCleanly) {
  const Ran ran = run_warband({"replay", "missing.json"});
  EXPECT_EQ(ran.code, 2);
  EXPECT_EQ(ran.err, "error: missing.json: file not found\n");
}

TEST(Cli, ReplayOfAGarbledLogFails) {
  const std::string path = ::testing::TempDir() + "cli_test_garbled.json";
  std::ofstream(path) << R"({"format": "warband-log", "version": 1, "actions": [1, 2)";
  const Ran ran = run_warband({"replay", path});
  EXPECT_EQ(ran.code, 2);
  EXPECT_TRUE(ran.err.starts_with("error: " + path + ": not valid JSON: ")) << ran.err;

  std::ofstream(path) << R"({"format": "warband-log", "version": 1, "actions": [1, 2]})";
  const Ran incomplete = run_warband({"replay", path});
  EXPECT_EQ(incomplete.code, 2);
  EXPECT_EQ(incomplete.err, "error: " + path + ": ruleset: missing; expected a string\n");
  std::filesystem::remove(path);
}

TEST(Cli, BadArgumentsExitWithTwo) {
  const Ran seed = run_warband({"play", "nosuch", "--seed", "abc"});
  EXPECT_EQ(seed.code, 2);
  EXPECT_NE(seed.err.find("--seed"), std::string::npos) << seed.err;
  const Ran red = run_warband({"play", "nosuch", "--red", "alien"});
  EXPECT_EQ(red.code, 2);
  EXPECT_NE(red.err.find("unknown bot 'alien'"), std::string::npos) << red.err;
  EXPECT_EQ(run_warband({}).code, 2);
  EXPECT_EQ(run_warband({"fly"}).code, 2);
}

TEST(Cli, RulesetsAsJsonIsAnArray) {
  const Ran ran = run_warband({"rulesets", "--json"});
  EXPECT_EQ(ran.code, 0);
  EXPECT_TRUE(parse_json(ran.out, "stdout").is_array()) << ran.out;
}

// "bot" is the greedy bot (bots::player_spec): its game with seed 42, pinned by its final hash.
TEST(CliAtomsPast, BotGameFinishesAndItsLogReplaysToTheSameHash) {
  const std::string log =
      ::testing::TempDir() + "cli_test_atomspast_" + std::to_string(::getpid()) + ".json";
  const Ran played = run_warband({"play", "atomspast", "--red", "bot", "--blue", "bot", "--seed",
                                  "42", "--map", "broken_hills", "--log", log});
  ASSERT_EQ(played.code, 0) << played.err;
  // The board (two characters a space, to fit 80 columns), every roll with its dice, and the
  // result.
  EXPECT_NE(played.out.find("    A B C D"), std::string::npos);
  EXPECT_NE(played.out.find("Channel [S3/D4] die 3 of 4"), std::string::npos);
  // The last die explains the roll: which dice counted 1 and the total.
  EXPECT_NE(played.out.find("Channel [S3/D4]: "), std::string::npos);
  EXPECT_NE(played.out.find("(above Skill 3)"), std::string::npos);
  EXPECT_NE(played.out.find("Final hash: 6d290759d0f507de"), std::string::npos) << played.out;

  const Ran replayed = run_warband({"replay", log, "--json"});
  ASSERT_EQ(replayed.code, 0) << replayed.err;
  const auto summary = parse_json(replayed.out, "stdout");
  EXPECT_EQ(summary.at("final_hash"), "6d290759d0f507de") << replayed.out;

  // An edited log does not replay: change one die to a face it could not show.
  auto edited = read_json_file(log);
  auto& actions = edited.at("actions");
  for (auto& action : actions)
    if ((action.get<long long>() >> 32) == 3) {  // the first die rolled (ActionKind::kDie)
      action = (3LL << 32) | (7LL << 16);        // a seven
      break;
    }
  std::ofstream(log) << edited.dump();
  const Ran tampered = run_warband({"replay", log});
  EXPECT_EQ(tampered.code, 2);
  EXPECT_NE(tampered.err.find("is not"), std::string::npos) << tampered.err;

  // A truncated log is refused too.
  const std::string text = edited.dump();
  std::ofstream(log) << text.substr(0, text.size() / 2);
  EXPECT_EQ(run_warband({"replay", log}).code, 2);
  std::filesystem::remove(log);
}

TEST(CliAtomsPast, HumanInputIsAskedAgainNeverACrash) {
  // Nonsense, an out-of-range number, then a real choice (1 = the first legal action), then the
  // input ends: the game stops cleanly with exit code 1.
  const Ran ran =
      run_warband({"play", "atomspast", "--red", "human", "--blue", "bot", "--seed", "3"},
                  "fly away\n999\n1\n");
  EXPECT_EQ(ran.code, 1) << ran.err;
  EXPECT_NE(ran.out.find("Red: "), std::string::npos) << ran.out;
  EXPECT_EQ(ran.err.find("terminate"), std::string::npos) << ran.err;
}

TEST(CliAtomsPast, UnknownWarbandOrMapIsAClearError) {
  const Ran map =
      run_warband({"play", "atomspast", "--red", "bot", "--blue", "bot", "--map", "moon"});
  EXPECT_EQ(map.code, 2);
  EXPECT_NE(map.err.find("unknown map 'moon'; known maps: "), std::string::npos) << map.err;
  const Ran warband = run_warband(
      {"play", "atomspast", "--red", "bot", "--blue", "bot", "--warbands", "toms_orcs", "nobody"});
  EXPECT_EQ(warband.code, 2);
  EXPECT_NE(warband.err.find("unknown warband 'nobody'"), std::string::npos) << warband.err;
}

}  // namespace
}  // namespace warband
