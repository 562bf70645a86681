// `warband sim`, `warband sim merge`, `warband replay --sim` and `warband play` with bot specs,
// in-process on AtomsPast's small training ground.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <tuple>

#include "cli/app.h"
#include "cli/command.h"
#include "cli/progress_bar.h"
#include "cli/sim_options.h"
#include "core/error.h"
#include "core/json_input.h"
#include "tests/support/in_process_cli.h"
#include "tests/support/test_files.h"

namespace warband::cli {
namespace {

using nlohmann::json;

std::vector<std::string> sweep_args(std::vector<std::string> extra = {}) {
  std::vector<std::string> args = {"sim",    "atomspast", "--games", "9",
                                   "--seed", "5",         "--map",   "training_ground"};
  args.insert(args.end(), extra.begin(), extra.end());
  return args;
}

TEST(SimCommand, JsonIsTheSameWhateverTheThreadCount) {
  const Ran one = warband(sweep_args({"--threads", "1", "--json"}));
  ASSERT_EQ(one.code, kExitOk) << one.err;
  const Ran two = warband(sweep_args({"--threads", "2", "--json"}));
  ASSERT_EQ(two.code, kExitOk) << two.err;
  EXPECT_EQ(one.out, two.out);
  EXPECT_TRUE(one.err.empty()) << "no progress bar off a terminal: " << one.err;
  const json summary = parse_json(one.out, "stdout");
  EXPECT_EQ(summary.at("totals").at("games"), 9);
  EXPECT_EQ(summary.at("sweep").at("bots"), json({"random", "random"}));
  EXPECT_EQ(summary.at("rows").size(), 9u);
  EXPECT_FALSE(summary.at("units").empty());
  const json& red = summary.at("derived").at("red_win");
  EXPECT_LE(red.at("low").get<double>(), red.at("rate").get<double>());
  EXPECT_GE(red.at("high").get<double>(), red.at("rate").get<double>());
}

TEST(SimCommand, TextAndCsv) {
  const Ran text = warband(sweep_args());
  ASSERT_EQ(text.code, kExitOk) << text.err;
  EXPECT_NE(text.out.find("Games: 9 of 9"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("Blue wins"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("SideWins"), std::string::npos) << text.out;
  const Ran csv = warband(sweep_args({"--csv"}));
  ASSERT_EQ(csv.code, kExitOk) << csv.err;
  std::istringstream lines(csv.out);
  std::string line;
  std::getline(lines, line);
  EXPECT_EQ(line, "index,seed,winner,applies,decisions,final_hash,ending");
  int rows = 0;
  while (std::getline(lines, line))
    EXPECT_TRUE(line.starts_with(std::to_string(rows++) + ",")) << line;
  EXPECT_EQ(rows, 9);
}

TEST(SimCommand, ShardsMergeToTheSingleRun) {
  const Ran single = warband(sweep_args({"--json"}));
  ASSERT_EQ(single.code, kExitOk) << single.err;
  std::vector<std::string> files;
  for (const char* shard : {"1/3", "2/3", "3/3"}) {
    files.push_back(
        temp_file_path("sim_command_test_" + std::string("shard") + shard[0] + ".json"));
    const Ran ran = warband(sweep_args({"--shard", shard, "--out", files.back()}));
    ASSERT_EQ(ran.code, kExitOk) << ran.err;
    EXPECT_NE(ran.out.find("Games: 3 of 9"), std::string::npos) << ran.out;
  }
  const Ran merged = warband({"sim", "merge", files[2], files[0], files[1], "--json"});
  ASSERT_EQ(merged.code, kExitOk) << merged.err;
  EXPECT_EQ(merged.out, single.out);

  // A missing shard is named; --allow-missing merges the rest.
  const Ran missing = warband({"sim", "merge", files[0], files[2]});
  EXPECT_EQ(missing.code, kExitBadInput);
  EXPECT_EQ(missing.err,
            "error: merge: games 3-5 of the sweep's 9 are in none of the files (--allow-missing "
            "merges anyway)\n");
  const Ran partial = warband({"sim", "merge", files[0], files[2], "--allow-missing", "--csv"});
  EXPECT_EQ(partial.code, kExitOk) << partial.err;
  EXPECT_EQ(std::count(partial.out.begin(), partial.out.end(), '\n'), 7);

  // The same shard twice, another sweep, and a broken file are refused.
  const Ran twice = warband({"sim", "merge", files[0], files[0], files[1], files[2]});
  EXPECT_EQ(twice.code, kExitBadInput);
  EXPECT_NE(twice.err.find("games 0-2 are covered twice"), std::string::npos) << twice.err;
  const std::string other = temp_file_path("sim_command_test_other.json");
  ASSERT_EQ(warband({"sim", "atomspast", "--games", "9", "--seed", "6", "--map", "training_ground",
                     "--shard", "2/3", "--out", other})
                .code,
            0);
  const Ran reseeded = warband({"sim", "merge", files[0], other, files[2]});
  EXPECT_EQ(reseeded.code, kExitBadInput);
  EXPECT_EQ(reseeded.err,
            "error: " + other + ": is not a shard of the same sweep (its seed differs)\n");
  std::ofstream(other) << "{\"format\": \"warband-sim\", \"version\": 1";
  const Ran broken = warband({"sim", "merge", files[0], other});
  EXPECT_EQ(broken.code, kExitBadInput);
  EXPECT_TRUE(broken.err.starts_with("error: " + other + ": not valid JSON")) << broken.err;
  for (const std::string& file : files)
    std::filesystem::remove(file);
  std::filesystem::remove(other);
}

TEST(SimCommand, BadArgumentsAreClearErrors) {
  const auto error_of = [](std::vector<std::string> args) {
    const Ran ran = warband(std::move(args));
    EXPECT_EQ(ran.code, kExitBadInput) << ran.out;
    EXPECT_TRUE(ran.out.empty()) << ran.out;
    return ran.err;
  };
  EXPECT_EQ(error_of(sweep_args({"--shard", "3/2"})),
            "error: --shard: expected i/n with 1 <= i <= n (e.g. 2/4), got '3/2'\n");
  EXPECT_NE(error_of(sweep_args({"--shard", "x"})).find("--shard"), std::string::npos);
  EXPECT_NE(error_of({"sim", "atomspast", "--games", "0", "--seed", "1"}).find("--games"),
            std::string::npos);
  EXPECT_EQ(error_of({"sim", "atomspast", "--games", "4"}),
            "error: --seed: give the sweep's seed: every game is replayable from it\n");
  EXPECT_NE(error_of(sweep_args({"--red", "cheater"})).find("unknown bot 'cheater'"),
            std::string::npos);
  EXPECT_NE(error_of(sweep_args({"--blue", "human"})).find("unknown bot 'human'"),
            std::string::npos);
  EXPECT_NE(error_of(sweep_args({"--threads", "0"})).find("--threads"), std::string::npos);
  // One bound for `sim` and `balance` (setup_options.h), one message.
  EXPECT_EQ(error_of(sweep_args({"--threads", "1000"})),
            "error: --threads: expected 1 to 256 threads, got 1000 (leave --threads out to play "
            "on every core)\n");
  EXPECT_NE(error_of({"sim", "nosuch", "--games", "2", "--seed", "1"}).find("unknown ruleset"),
            std::string::npos);
  EXPECT_NE(error_of({"sim", "merge", temp_file_path("sim_command_test_absent.json")})
                .find("absent.json"),
            std::string::npos);
  EXPECT_NE(error_of(sweep_args({"--json", "--csv"})).find("excludes"), std::string::npos);
}

TEST(SimCommand, ShardBlocksCoverTheGamesOnce) {
  std::int64_t next = 0;
  for (int i = 1; i <= 7; ++i) {
    const auto [first, end] = Shard{i, 7}.range(100);
    EXPECT_EQ(first, next);
    EXPECT_GE(end - first, 14);
    EXPECT_LE(end - first, 15);
    next = end;
  }
  EXPECT_EQ(next, 100);
  EXPECT_EQ(Shard::parse("2/4").index, 2);
  EXPECT_THROW(Shard::parse("0/4"), InputError);
  EXPECT_THROW(Shard::parse("1/0"), InputError);
  EXPECT_THROW(Shard::parse("1/2/3"), InputError);
}

TEST(SimCommand, ProgressLineSaysRateAndTimeLeft) {
  EXPECT_EQ(progress_line(50, 200, 10.0),
            "[######..................] 50/200 games  5.0 games/s  0:30 left");
  EXPECT_EQ(progress_line(0, 10, 0.0),
            "[........................] 0/10 games  0.0 games/s  --:-- left");
}

TEST(SimCommand, ReplayOfASweepGameChecksItsHash) {
  const std::string summary_path = temp_file_path("sim_command_test_replay.json");
  ASSERT_EQ(warband(sweep_args({"--out", summary_path})).code, kExitOk);
  const json summary = read_json_file(summary_path);
  const json& row = summary.at("rows").at(4);

  const std::string log = temp_file_path("sim_command_test_game4.json");
  const Ran replayed =
      warband({"replay", "--sim", summary_path, "--index", "4", "--json", "--log", log});
  ASSERT_EQ(replayed.code, kExitOk) << replayed.err;
  const json result = parse_json(replayed.out, "stdout");
  EXPECT_EQ(result.at("final_hash"), row.at("final_hash"));
  EXPECT_EQ(result.at("seed"), row.at("seed"));
  EXPECT_EQ(result.at("actions"), row.at("applies"));
  EXPECT_EQ(result.at("index"), 4);
  // Its log replays on its own, and `warband play` with the game's seed plays the same game.
  const Ran from_log = warband({"replay", log, "--json"});
  ASSERT_EQ(from_log.code, kExitOk) << from_log.err;
  EXPECT_EQ(parse_json(from_log.out, "stdout").at("final_hash"), row.at("final_hash"));
  const Ran played = warband({"play", "atomspast", "--red", "random", "--blue", "random", "--map",
                              "training_ground", "--seed",
                              std::to_string(row.at("seed").get<std::uint64_t>()), "--json"});
  ASSERT_EQ(played.code, kExitOk) << played.err;
  EXPECT_EQ(parse_json(played.out, "stdout").at("final_hash"), row.at("final_hash"));

  const Ran shown = warband({"replay", "--sim", summary_path, "--index", "4", "--show"});
  ASSERT_EQ(shown.code, kExitOk) << shown.err;
  EXPECT_NE(shown.out.find("Replayed game 4 of " + summary_path), std::string::npos) << shown.out;
  EXPECT_NE(shown.out.find("    0. "), std::string::npos) << shown.out;

  const Ran outside = warband({"replay", "--sim", summary_path, "--index", "9"});
  EXPECT_EQ(outside.code, kExitBadInput);
  EXPECT_EQ(outside.err,
            "error: --index: game 9 is not in " + summary_path + " (it has games 0-8)\n");

  // A summary whose recorded hash is not the game's is caught.
  json edited = summary;
  edited["rows"][4]["final_hash"] = "0123456789abcdef";
  std::ofstream(summary_path) << edited.dump();
  const Ran tampered = warband({"replay", "--sim", summary_path, "--index", "4"});
  EXPECT_EQ(tampered.code, kExitBadInput);
  EXPECT_NE(tampered.err.find("not the recorded 0123456789abcdef"), std::string::npos)
      << tampered.err;
  std::filesystem::remove(summary_path);
  std::filesystem::remove(log);
}

TEST(SimCommand, PlayTakesBotSpecs) {
  const std::vector<std::string> game = {"play",  "atomspast",    "--seed", "42",
                                         "--map", "broken_hills", "--json"};
  auto with = [&](const std::string& red, const std::string& blue) {
    std::vector<std::string> args = game;
    args.insert(args.end(), {"--red", red, "--blue", blue});
    return warband(args);
  };
  // `bot` is `greedy`: the pinned games of seed 42 either way (random's is another).
  for (const auto& [red, blue, hash] : {std::tuple{"bot", "bot", "6d290759d0f507de"},
                                        {"greedy", "greedy", "6d290759d0f507de"},
                                        {"bot", "random", "80b364c3b9818d38"},
                                        {"greedy", "random", "80b364c3b9818d38"},
                                        {"random", "random", "97e14409ae5b23f6"}}) {
    const Ran ran = with(red, blue);
    ASSERT_EQ(ran.code, kExitOk) << ran.err;
    EXPECT_EQ(parse_json(ran.out, "stdout").at("final_hash"), hash) << red << blue;
  }
  const Ran bad = with("random:depth=3", "bot");
  EXPECT_EQ(bad.code, kExitBadInput);
  EXPECT_NE(bad.err.find("random has no option 'depth'"), std::string::npos) << bad.err;
  const Ran unknown = with("alien", "bot");
  EXPECT_EQ(unknown.code, kExitBadInput);
  EXPECT_NE(unknown.err.find("unknown bot 'alien'"), std::string::npos) << unknown.err;
}

}  // namespace
}  // namespace warband::cli
