// The whole command line in-process, on the toy game (registered only in the test binary):
// arguments, setup files, logs, replays and error messages end to end.
#include "cli/app.h"
#include "tests/support/in_process_cli.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include "cli/command.h"
#include "core/game_record.h"
#include "core/json_input.h"
#include "tests/support/test_files.h"
#include "tests/test_rulesets/toy/toy_game.h"

namespace warband::cli {
namespace {

using nlohmann::json;

// The value on the line "Key: value" of `text`.
std::string field(const std::string& text, const std::string& key) {
  const auto at = text.find("\n" + key + ": ");
  if (at == std::string::npos) return "";
  const auto start = at + key.size() + 3;
  return text.substr(start, text.find('\n', start) - start);
}

TEST(App, PlayedLogReplaysToTheSameHash) {
  const std::string log = temp_file_path("app_test_played.json");
  const Ran played =
      warband({"play", "toy", "--red", "bot", "--blue", "bot", "--seed", "3", "--log", log});
  ASSERT_EQ(played.code, kExitOk) << played.err;
  EXPECT_NE(played.out.find("Toy dice race (toy). Red: bot, Blue: bot. Seed 3"), std::string::npos)
      << played.out;
  const std::string hash = field(played.out, "Final hash");
  ASSERT_EQ(hash.size(), 16u) << played.out;

  const Ran replayed = warband({"replay", log});
  ASSERT_EQ(replayed.code, kExitOk) << replayed.err;
  EXPECT_EQ(field("\n" + replayed.out, "Final hash"), hash);
  EXPECT_EQ(field("\n" + replayed.out, "Result"), field(played.out, "Result"));
  EXPECT_EQ(field("\n" + replayed.out, "Seed"), "3");
  std::filesystem::remove(log);
}

TEST(App, ReplayShowPrintsEveryActionAndTheBoard) {
  const std::string log = temp_file_path("app_test_show.json");
  ASSERT_EQ(warband({"play", "toy", "--red=bot", "--seed=4", "--quiet", "--log", log}).code, 0);
  const std::size_t actions = read_json_file(log)["actions"].size();
  const Ran shown = warband({"replay", log, "--show"});
  ASSERT_EQ(shown.code, kExitOk) << shown.err;
  EXPECT_NE(shown.out.find("    0. chance: Red is dealt card "), std::string::npos) << shown.out;
  EXPECT_NE(shown.out.find(fmt::format("{:>5}. ", actions - 1)), std::string::npos);
  EXPECT_EQ(shown.out.find(fmt::format("{:>5}. ", actions)), std::string::npos);
  EXPECT_NE(shown.out.find("Dice race to 20"), std::string::npos);
  std::filesystem::remove(log);
}

TEST(App, ReplayJsonSummary) {
  const std::string log = temp_file_path("app_test_json.json");
  const Ran played = warband({"play", "toy", "--red=bot", "--seed=5", "--json", "--log", log});
  ASSERT_EQ(played.code, kExitOk) << played.err;
  const json play_summary = parse_json(played.out, "play stdout");
  const json replay_summary = parse_json(warband({"replay", "--json", log}).out, "replay stdout");
  for (const char* key : {"ruleset", "actions", "returns", "winner", "final_hash", "seed"})
    EXPECT_EQ(replay_summary[key], play_summary[key]) << key;
  std::filesystem::remove(log);
}

TEST(App, SetupFileAndFlagsMakeTheSetup) {
  const std::string setup = temp_file_path("app_test_setup.json");
  const std::string log = temp_file_path("app_test_setup_log.json");
  write_file_text(setup, R"({"parameters": {"target": 8}, "map": "from the file"})");
  const Ran played =
      warband({"play", "toy", "--red=bot", "--quiet", "--setup", setup, "--map", "river",
               "--warbands", "orcs", "elves", "--content", "/c", "--log", log});
  ASSERT_EQ(played.code, kExitOk) << played.err;
  EXPECT_EQ(read_json_file(log)["setup"], json({{"parameters", {{"target", 8}}},
                                                {"map", "river"},
                                                {"warbands", {"orcs", "elves"}},
                                                {"content_dir", "/c"}}));
  std::filesystem::remove(setup);
  std::filesystem::remove(log);
}

TEST(App, DefaultSeedIsPrintedAndReproducesTheGame) {
  const Ran first = warband({"play", "toy", "--red=bot", "--quiet"});
  ASSERT_EQ(first.code, kExitOk);
  const std::string seed = field("\n" + first.out, "Seed");
  ASSERT_FALSE(seed.empty()) << first.out;
  const Ran again = warband({"play", "toy", "--red=bot", "--quiet", "--seed", seed});
  EXPECT_EQ(again.out, first.out);
}

TEST(App, HumanPlaysFromStdin) {
  const Ran ran = warband({"play", "toy", "--seed", "1"}, "x\n1\nquit\n");
  EXPECT_EQ(ran.code, kExitOk) << ran.err;
  EXPECT_NE(ran.out.find("'x' does not match any action"), std::string::npos);
  EXPECT_NE(ran.out.find("Red: roll"), std::string::npos);
  EXPECT_NE(ran.out.find("Red quits after"), std::string::npos);
  const Ran closed = warband({"play", "toy", "--seed", "1"}, "1\n");
  EXPECT_EQ(closed.code, kExitInputClosed);
}

// A --log, --out or --report that cannot be saved is refused before the game or the games: a
// human's whole game was played first, and only then was its log refused.
TEST(App, AnUnwritableOutputIsRefusedBeforeThePlay) {
  const Ran played = warband({"play", "toy", "--seed", "1", "--log", "/nonexistent-dir/log.json"},
                             "1\n1\n1\nquit\n");
  EXPECT_EQ(played.code, kExitBadInput);
  EXPECT_NE(played.err.find("/nonexistent-dir/log.json: cannot write the log"), std::string::npos)
      << played.err;
  EXPECT_EQ(played.out.find("Red"), std::string::npos) << "no game is played: " << played.out;
  const Ran swept = warband({"sim", "toy", "--games", "3", "--seed", "1", "--no-progress", "--out",
                             "/nonexistent-dir/sweep.json"});
  EXPECT_EQ(swept.code, kExitBadInput);
  EXPECT_NE(swept.err.find("cannot write the summary"), std::string::npos) << swept.err;
  EXPECT_EQ(swept.out, "") << "no games are played";
}

TEST(App, BadSetupsAreInputErrors) {
  const Ran missing = warband({"play", "toy", "--setup", "/nonexistent/setup.json"});
  EXPECT_EQ(missing.code, kExitBadInput);
  EXPECT_EQ(missing.err, "error: /nonexistent/setup.json: file not found\n");

  const std::string setup = temp_file_path("app_test_array_setup.json");
  write_file_text(setup, "[1, 2]");
  const Ran array = warband({"play", "toy", "--setup", setup});
  EXPECT_EQ(array.code, kExitBadInput);
  EXPECT_EQ(array.err, "error: " + setup + ": a setup must be a JSON object, not an array\n");

  write_file_text(setup, R"({"parameters": {"target": 1000}})");
  const Ran range = warband({"play", "toy", "--setup", setup});
  EXPECT_EQ(range.code, kExitBadInput);
  EXPECT_EQ(range.err, "error: setup.parameters.target: expected 5 to 100, got 1000\n");
  std::filesystem::remove(setup);
}

TEST(App, UnknownRulesetListsTheKnownOnes) {
  const Ran ran = warband({"play", "nosuch"});
  EXPECT_EQ(ran.code, kExitBadInput);
  EXPECT_TRUE(
      ran.err.starts_with("error: unknown ruleset 'nosuch'; rulesets with a game: agame, "
                          "atomspast, conflict, spellweavers, toy"))
      << ran.err;
  EXPECT_TRUE(ran.out.empty());
}

TEST(App, BadArgumentsAreRefusedByTheParser) {
  for (const std::vector<std::string>& args :
       std::vector<std::vector<std::string>>{{"play", "toy", "--red", "alien"},
                                             {"play", "toy", "--seed", "abc"},
                                             {"play", "toy", "--seed", "-5"},
                                             {"play", "toy", "--quiet", "--json"},
                                             {"play", "toy", "--warbands", "only-one"},
                                             {"play"},
                                             {"replay"},
                                             {"fly"},
                                             {}}) {
    const Ran ran = warband(args);
    EXPECT_EQ(ran.code, kExitBadInput) << fmt::format("{}", fmt::join(args, " "));
    EXPECT_FALSE(ran.err.empty());
  }
  EXPECT_NE(warband({"play", "toy", "--red", "alien"}).err.find("unknown bot 'alien'"),
            std::string::npos);
}

TEST(App, ReplayRejectsBrokenLogsWithTheFileAndTheReason) {
  const std::string log = temp_file_path("app_test_tampered.json");
  ASSERT_EQ(warband({"play", "toy", "--red=bot", "--seed=6", "--quiet", "--log", log}).code, 0);
  json edited = read_json_file(log);
  edited["actions"][3] = 12345;
  write_file_text(log, edited.dump());
  const Ran tampered = warband({"replay", log});
  EXPECT_EQ(tampered.code, kExitBadInput);
  EXPECT_TRUE(
      tampered.err.starts_with("error: " + log + ": action #3 (value 12345) is not legal here: "))
      << tampered.err;

  edited["actions"] = "many";
  write_file_text(log, edited.dump());
  EXPECT_EQ(warband({"replay", log}).err,
            "error: " + log + ": actions: expected an array, got a string\n");

  write_file_text(log, edited.dump().substr(0, 40));
  const Ran garbled = warband({"replay", log});
  EXPECT_EQ(garbled.code, kExitBadInput);
  EXPECT_TRUE(garbled.err.starts_with("error: " + log + ": not valid JSON: ")) << garbled.err;
  std::filesystem::remove(log);
}

TEST(App, RulesetsListsTheRegistry) {
  const Ran text = warband({"rulesets"});
  EXPECT_EQ(text.code, kExitOk);
  EXPECT_NE(text.out.find("toy "), std::string::npos);
  EXPECT_NE(text.out.find("Toy dice race with a hidden card (tests only)"), std::string::npos);
  const json list = parse_json(warband({"rulesets", "--json"}).out, "stdout");
  ASSERT_TRUE(list.is_array());
  EXPECT_TRUE(std::any_of(list.begin(), list.end(), [](const json& entry) {
    return entry["name"] == "toy" && entry["summary"].is_string();
  }));
}

TEST(App, HelpListsTheCommands) {
  const Ran help = warband({"--help"});
  EXPECT_EQ(help.code, kExitOk);
  for (const char* command : {"play", "replay", "rulesets"})
    EXPECT_NE(help.out.find(std::string("  ") + command), std::string::npos) << command;
  const Ran play_help = warband({"play", "--help"});
  EXPECT_EQ(play_help.code, kExitOk);
  for (const char* option : {"--red", "--blue", "--seed", "--log", "--setup", "--warbands", "--map",
                             "--content", "--quiet", "--json"})
    EXPECT_NE(play_help.out.find(option), std::string::npos) << option;
}

// The subcommands a help page lists: the first word of each line under "Subcommands:".
std::vector<std::string> listed_subcommands(const std::string& help) {
  std::vector<std::string> names;
  std::istringstream lines(help);
  std::string line;
  bool listing = false;
  while (std::getline(lines, line)) {
    if (line == "Subcommands:") {
      listing = true;
    } else if (line.empty()) {
      listing = false;
    } else if (listing && line.starts_with("  ")) {
      names.push_back(line.substr(2, line.find(' ', 2) - 2));
    }
  }
  return names;
}

// CLI11 prints a hidden positional as "[]" in the usage line: every command, ruleset and
// operation, walked from `warband --help` down, has a usage line with only names in it.
TEST(App, EveryHelpUsageLineNamesWhatItTakes) {
  std::vector<std::vector<std::string>> to_visit = {{}};
  int pages = 0;
  while (!to_visit.empty()) {
    std::vector<std::string> command = to_visit.back();
    to_visit.pop_back();
    std::vector<std::string> args = command;
    args.push_back("--help");
    const Ran help = warband(args);
    const std::string shown = fmt::format("warband {}", fmt::join(args, " "));
    ASSERT_EQ(help.code, kExitOk) << shown << "\n" << help.err;
    ++pages;
    const std::size_t usage_at = help.out.find("Usage: ");
    ASSERT_NE(usage_at, std::string::npos) << shown;
    const std::string usage = help.out.substr(usage_at, help.out.find('\n', usage_at) - usage_at);
    EXPECT_EQ(usage.find("[]"), std::string::npos) << shown << "\n" << usage;
    EXPECT_EQ(usage.find("  "), std::string::npos) << shown << "\n" << usage;
    for (const std::string& name : listed_subcommands(help.out)) {
      to_visit.push_back(command);
      to_visit.back().push_back(name);
    }
  }
  EXPECT_GT(pages, 20);  // the commands, the rulesets under build and odds, their operations
}

// The options a help page declares ("  --seed S  ...", "  -h,--help ...") and those its text
// mentions ("(with --dice)").
std::set<std::string> declared_options(const std::string& help) {
  static const std::regex declared(R"((?:^|\n)\s+(?:-\w,)?(--[a-z][\w-]*)(?:,(--[a-z][\w-]*))?)");
  std::set<std::string> names;
  for (auto it = std::sregex_iterator(help.begin(), help.end(), declared);
       it != std::sregex_iterator(); ++it)
    for (std::size_t group = 1; group < it->size(); ++group)
      if ((*it)[group].matched) names.insert((*it)[group].str());
  return names;
}

std::set<std::string> mentioned_options(const std::string& text) {
  static const std::regex mentioned(R"((?:^|[^\w-])(--[a-z][\w-]*))");
  std::set<std::string> names;
  for (auto it = std::sregex_iterator(text.begin(), text.end(), mentioned);
       it != std::sregex_iterator(); ++it)
    names.insert((*it)[1].str());
  return names;
}

// A help page names only options that exist where it points: its own, its subcommands' (an
// operation list: "Add units (--unit)"), a sibling's it names ("from deck-export --format json"),
// or, inside a quoted command ("`warband sim --out`"), that command's. The odds help once sent
// users to an option that was gone.
TEST(App, EveryHelpMentionsOnlyOptionsThatExist) {
  std::map<std::vector<std::string>, std::string> pages;
  std::vector<std::vector<std::string>> to_visit = {{}};
  while (!to_visit.empty()) {
    const std::vector<std::string> command = to_visit.back();
    to_visit.pop_back();
    std::vector<std::string> args = command;
    args.push_back("--help");
    pages[command] = warband(args).out;
    for (const std::string& name : listed_subcommands(pages[command])) {
      to_visit.push_back(command);
      to_visit.back().push_back(name);
    }
  }
  static const std::regex quoted_command("`warband ([^` ]+)[^`]*`");
  for (const auto& [command, help] : pages) {
    const std::string shown = fmt::format("warband {} --help", fmt::join(command, " "));
    std::set<std::string> near = declared_options(help);
    for (const auto& [other, other_help] : pages) {
      const bool child = other.size() == command.size() + 1 &&
                         std::equal(command.begin(), command.end(), other.begin());
      const bool named_sibling = !command.empty() && other.size() == command.size() &&
                                 std::equal(command.begin(), command.end() - 1, other.begin());
      if (child) near.merge(declared_options(other_help));
      if (named_sibling)
        for (const std::string& option : declared_options(other_help))
          if (help.find(other.back() + " " + option) != std::string::npos) near.insert(option);
    }
    // A quoted command line's options are its command's (any command's after a placeholder:
    // "`warband COMMAND --help`").
    for (auto it = std::sregex_iterator(help.begin(), help.end(), quoted_command);
         it != std::sregex_iterator(); ++it) {
      const std::string word = (*it)[1].str();
      std::set<std::string> options;
      if (const auto quoted = pages.find({word}); quoted != pages.end())
        options = declared_options(quoted->second);
      else if (std::all_of(word.begin(), word.end(), [](char c) { return std::isupper(c); }))
        for (const auto& [other, other_help] : pages)
          options.merge(declared_options(other_help));
      else
        ADD_FAILURE() << shown << " quotes " << it->str() << ", which is no command";
      for (const std::string& option : mentioned_options(it->str()))
        EXPECT_TRUE(options.contains(option))
            << shown << " quotes " << it->str() << ", but that command has no " << option;
    }
    const std::string unquoted = std::regex_replace(help, quoted_command, "");
    for (const std::string& option : mentioned_options(unquoted))
      EXPECT_TRUE(near.contains(option))
          << shown << " mentions " << option << ", which it has not, nor a subcommand of it";
  }
  EXPECT_GT(pages.size(), 20u);
}

TEST(App, RulesetAndOperationAreNamedInTheUsage) {
  EXPECT_NE(warband({"build", "--help"}).out.find("Usage: warband build [OPTIONS] [RULESET]\n"),
            std::string::npos);
  EXPECT_NE(warband({"odds", "--help"}).out.find("Usage: warband odds [OPTIONS] [RULESET]\n"),
            std::string::npos);
  const Ran operations = warband({"build", "atomspast", "--help"});
  EXPECT_NE(operations.out.find("Usage: warband build atomspast [OPTIONS] [OPERATION]\n"),
            std::string::npos)
      << operations.out;
}

}  // namespace
}  // namespace warband::cli
