// Resuming a game in the terminal (`warband play --resume LOG`): a game quit part way and resumed
// ends as the game played straight through, in every ruleset; the log on disk is current at every
// decision a human is asked for; a log cut at any byte, edited or of another ruleset is refused
// saying where and what.
#include "cli/play_resume.h"

#include <gtest/gtest.h>
#include <stdlib.h>

#include <filesystem>
#include <sstream>
#include <streambuf>

#include "cli/command.h"
#include "core/error.h"
#include "core/json_input.h"
#include "tests/support/in_process_cli.h"
#include "tests/support/play_loop_run.h"
#include "tests/support/test_files.h"

namespace warband::cli {
namespace {

using nlohmann::json;

// A game with a human and no --log is saved under $XDG_STATE_HOME: in this test binary, a folder
// of the tests' own, never the home of whoever runs them.
const bool kResumeTestsSaveInTemp = [] {
  const std::string folder = ::testing::TempDir() + "warband_test_state";
  ::setenv("XDG_STATE_HOME", folder.c_str(), 1);
  return true;
}();

// `text` with the lines fit_lines broke joined again.
std::string unwrapped(const std::string& text) {
  std::string joined;
  std::size_t from = 0;
  for (std::size_t at = text.find("\n    "); at != std::string::npos;
       from = at + 5, at = text.find("\n    ", from))
    joined += text.substr(from, at - from) + " ";
  return joined + text.substr(from);
}

// More answers than any of these games asks for: "1" is always a choice (the first listed).
const std::string kFirstChoiceAlways = repeated_lines("1", 20000);

PlaySettings human_against(const std::string& bot, std::uint64_t seed, const std::string& log) {
  PlaySettings settings;
  settings.players = {"human", bot};
  settings.seed = seed;
  settings.narration = Narration::kFull;
  settings.log_path = log;
  return settings;
}

// The game `log` holds, resumed with the same seats and saved to the same file.
Played resume_game(const std::string& ruleset, const std::string& log, const std::string& input) {
  ResumableLog resumable = read_resumable_log(log, ruleset);
  PlaySettings settings = human_against(resumable.players.at(1), *resumable.seed, log);
  settings.players = resumable.players;
  settings.resume = {log, resumable.actions, resumable.players};
  return play_loop(ruleset, std::move(settings), input, resumable.setup);
}

struct ResumeCase {
  std::string ruleset;
  std::string bot;
  std::uint64_t seed;
  int answers_before_quit;  // lines the human types before 'quit'
};

void PrintTo(const ResumeCase& c, std::ostream* out) {
  *out << c.ruleset << " against " << c.bot << ", seed " << c.seed;
}

class ResumedGame : public ::testing::TestWithParam<ResumeCase> {};

TEST_P(ResumedGame, EndsAsTheGamePlayedStraightThrough) {
  const ResumeCase& c = GetParam();
  const Played straight =
      play_loop(c.ruleset, human_against(c.bot, c.seed, ""), kFirstChoiceAlways);
  ASSERT_EQ(straight.end, PlayEnd::kFinished) << straight.err;

  const std::string log = temp_file_path("resumed_" + c.ruleset + ".json");
  const Played first = play_loop(c.ruleset, human_against(c.bot, c.seed, log),
                                 repeated_lines("1", c.answers_before_quit) + "quit\n");
  ASSERT_EQ(first.end, PlayEnd::kQuit) << first.out.substr(first.out.size() - 2000);
  EXPECT_NE(first.out.find("Saved: resume with `warband play --resume " + log + "`"),
            std::string::npos);
  ASSERT_LT(first.record.actions().size(), straight.record.actions().size());
  // The game so far is the straight game's beginning.
  EXPECT_TRUE(std::equal(first.record.actions().begin(), first.record.actions().end(),
                         straight.record.actions().begin()));

  const Played resumed = resume_game(c.ruleset, log, kFirstChoiceAlways);
  ASSERT_EQ(resumed.end, PlayEnd::kFinished) << resumed.err;
  EXPECT_NE(
      unwrapped(resumed.out)
          .find(fmt::format("resumed from {} after {} action", log, first.record.actions().size())),
      std::string::npos)
      << resumed.out.substr(0, 400);
  EXPECT_EQ(resumed.record.actions(), straight.record.actions());
  EXPECT_EQ(resumed.record.state().hash(), straight.record.state().hash());
  EXPECT_EQ(resumed.record.state().returns(), straight.record.state().returns());
  // The file it went on saving to replays to the straight game's hash.
  const GameRecord replayed = GameRecord::replay(read_json_file(log));
  EXPECT_EQ(replayed.state().hash(), straight.record.state().hash());
  EXPECT_EQ(read_json_file(log)["players"], json({"human", c.bot}));
  std::filesystem::remove(log);
}

INSTANTIATE_TEST_SUITE_P(
    EveryRuleset, ResumedGame,
    ::testing::Values(ResumeCase{"atomspast", "bot", 3, 25},
                      ResumeCase{"spellweavers", "bot", 4, 9}, ResumeCase{"conflict", "bot", 5, 30},
                      ResumeCase{"agame", "bot", 6, 40}, ResumeCase{"toy", "random", 7, 3}),
    [](const ::testing::TestParamInfo<ResumeCase>& param) { return param.param.ruleset; });

// A stream of what the human types that, each time the loop asks for a line, reads the log on
// disk: it must already hold every action applied so far.
class LogCheckingInput : public std::streambuf {
 public:
  LogCheckingInput(std::string lines, std::string log, const GameRecord* const* record)
      : lines_(std::move(lines)), log_(std::move(log)), record_(record) {}
  int checks = 0;
  int stale = 0;

 protected:
  int_type underflow() override {
    if (at_ >= lines_.size()) return traits_type::eof();
    // The loop asks for a new line only when the last one is used up: check the log, then
    // hand over one more line.
    if (*record_ != nullptr && std::filesystem::exists(log_)) {
      ++checks;
      const json saved = read_json_file(log_);
      if (saved["actions"].size() != (*record_)->actions().size()) ++stale;
    }
    const std::size_t end = lines_.find('\n', at_) + 1;
    line_ = lines_.substr(at_, end - at_);
    at_ = end;
    setg(line_.data(), line_.data(), line_.data() + line_.size());
    return traits_type::to_int_type(line_.front());
  }

 private:
  std::string lines_;
  std::string log_;
  const GameRecord* const* record_;
  std::string line_;
  std::size_t at_ = 0;
};

// A killed process loses at most the decision being typed: whenever a human is asked, the log on
// disk is the game so far.
TEST(PlayResume, TheLogOnDiskIsCurrentWheneverAHumanIsAsked) {
  const std::string log = temp_file_path("current_log.json");
  const GameRecord* record = nullptr;
  LogCheckingInput typed(repeated_lines("1", 60), log, &record);
  std::istream in(&typed);
  std::ostringstream out, err;
  PlayLoop loop("conflict", make_game("conflict", json::object()), human_against("bot", 8, log), in,
                out, err);
  record = &loop.record();
  loop.run();
  EXPECT_GT(typed.checks, 50);
  EXPECT_EQ(typed.stale, 0);
  std::filesystem::remove(log);
}

// A log cut at any byte (a disk full, a copy stopped) is refused saying where and what, or (cut
// only after its last brace) resumed as it is; it never crashes nor resumes a different game.
TEST(PlayResume, ALogCutAtAnyByteIsRefusedClearlyOrResumed) {
  for (const std::string ruleset : {"toy", "atomspast"}) {
    const std::string log = temp_file_path("cut_" + ruleset + ".json");
    const Played played =
        play_loop(ruleset, human_against("random", 9, log), repeated_lines("1", 4) + "quit\n");
    ASSERT_EQ(played.end, PlayEnd::kQuit);
    const std::string text = read_file_text(log);
    int resumed = 0;
    for (std::size_t length = 0; length < text.size(); ++length) {
      try {
        const ResumableLog cut = parse_resumable_log(text.substr(0, length), "cut.json", ruleset);
        EXPECT_EQ(cut.actions, played.record.actions()) << length;
        ++resumed;
      } catch (const InputError& error) {
        EXPECT_TRUE(error.where().starts_with("cut.json")) << length << ": " << error.message();
        EXPECT_FALSE(error.problem().empty()) << length;
      }
    }
    // Only the trailing newline may go.
    EXPECT_EQ(resumed, 1) << ruleset;
    std::filesystem::remove(log);
  }
}

TEST(PlayResume, AnEditedLogIsRefusedWithTheActionAndWhy) {
  const std::string log = temp_file_path("edited.json");
  const Played played =
      play_loop("conflict", human_against("bot", 10, log), repeated_lines("1", 8) + "quit\n");
  ASSERT_EQ(played.end, PlayEnd::kQuit);
  json edited = read_json_file(log);
  ASSERT_GT(edited["actions"].size(), 3u);
  edited["actions"][3] = 99999999;
  write_file_text(log, edited.dump(2));
  try {
    read_resumable_log(log, "");
    FAIL() << "an edited action was resumed";
  } catch (const InputError& error) {
    EXPECT_EQ(error.where(), log);
    EXPECT_NE(error.problem().find("action #3"), std::string::npos) << error.problem();
    EXPECT_NE(error.problem().find("edited, or saved by another version"), std::string::npos);
  }
  std::filesystem::remove(log);
}

TEST(PlayResume, TheCommandResumesWithTheLogsSeatsAndSaysHow) {
  const std::string log = temp_file_path("command_resume.json");
  const Ran first =
      warband({"play", "toy", "--seed", "11", "--red", "human", "--blue", "random", "--log", log},
              "1\nquit\n");
  ASSERT_EQ(first.code, kExitOk) << first.err;
  EXPECT_NE(first.out.find("Saved: resume with `warband play --resume " + log + "`"),
            std::string::npos)
      << first.out;
  // No ruleset, no seats: the log's.
  const Ran resumed = warband({"play", "--resume", log}, kFirstChoiceAlways);
  ASSERT_EQ(resumed.code, kExitOk) << resumed.err;
  EXPECT_NE(unwrapped(resumed.out).find("Red: human, Blue: random. Seed 11"), std::string::npos)
      << resumed.out.substr(0, 300);
  EXPECT_NE(resumed.out.find("Log written to " + log), std::string::npos);
  const Ran straight = warband(
      {"play", "toy", "--seed", "11", "--red", "human", "--blue", "random", "--log", log + "2"},
      kFirstChoiceAlways);
  EXPECT_EQ(GameRecord::replay(read_json_file(log)).state().hash(),
            GameRecord::replay(read_json_file(log + "2")).state().hash());
  // What would make another game is refused, as is a log of another ruleset.
  const Ran seeded = warband({"play", "--resume", log, "--seed", "3"});
  EXPECT_EQ(seeded.code, kExitBadInput);
  EXPECT_NE(seeded.err.find("--seed: not with --resume"), std::string::npos) << seeded.err;
  const Ran other = warband({"play", "conflict", "--resume", log});
  EXPECT_EQ(other.code, kExitBadInput);
  EXPECT_NE(other.err.find(log + ": a game of toy, not of conflict"), std::string::npos)
      << other.err;
  const Ran missing = warband({"play", "--resume", log + ".missing"});
  EXPECT_EQ(missing.code, kExitBadInput);
  EXPECT_NE(missing.err.find("file not found"), std::string::npos) << missing.err;
  const Ran nothing = warband({"play"});
  EXPECT_EQ(nothing.code, kExitBadInput);
  EXPECT_NE(nothing.err.find("give the ruleset to play"), std::string::npos) << nothing.err;
  std::filesystem::remove(log);
  std::filesystem::remove(log + "2");
}

// --red/--blue over the log's seats; --log NEW leaves the old file as it was.
TEST(PlayResume, SeatsAndTheFileCanBeChanged) {
  const std::string log = temp_file_path("change_seats.json");
  const std::string next = temp_file_path("change_seats_next.json");
  ASSERT_EQ(warband({"play", "toy", "--seed", "12", "--log", log}, "1\nquit\n").code, kExitOk);
  const std::string before = read_file_text(log);
  const Ran resumed = warband({"play", "--resume", log, "--red", "random", "--log", next});
  ASSERT_EQ(resumed.code, kExitOk) << resumed.err;
  EXPECT_NE(unwrapped(resumed.out).find("Red: random, Blue: bot"), std::string::npos);
  EXPECT_EQ(read_file_text(log), before);
  const json saved = read_json_file(next);
  EXPECT_TRUE(saved["result"]["terminal"].get<bool>());
  EXPECT_EQ(saved["players"], json({"random", "bot"}));
  std::filesystem::remove(log);
  std::filesystem::remove(next);
}

// Without --log a human's game is saved in the state folder, and the player is told where.
TEST(PlayResume, AHumansGameIsSavedByDefaultAndSaysWhere) {
  const Ran ran = warband({"play", "toy", "--seed", "13"}, "1\nquit\n");
  ASSERT_EQ(ran.code, kExitOk) << ran.err;
  const std::string folder = std::string(::getenv("XDG_STATE_HOME")) + "/warband/games/";
  const std::string out = unwrapped(ran.out);
  const std::size_t at = out.find("Saved as you play to " + folder + "toy-");
  ASSERT_NE(at, std::string::npos) << out.substr(0, 300);
  const std::size_t start = out.find(folder, at);
  const std::string path = out.substr(start, out.find(".json", start) + 5 - start);
  EXPECT_TRUE(std::filesystem::exists(path)) << path;
  EXPECT_NE(ran.out.find("Saved: resume with `warband play --resume " + path + "`"),
            std::string::npos);
  // Two bots' game is not saved unasked: the seed replays it.
  const Ran bots = warband({"play", "toy", "--red", "bot", "--seed", "13"});
  EXPECT_EQ(bots.out.find("Saved"), std::string::npos);
  std::filesystem::remove(path);
}

TEST(PlayResume, PathsAreQuotedForTheShell) {
  EXPECT_EQ(shell_quoted("games/conflict-1.json"), "games/conflict-1.json");
  EXPECT_EQ(shell_quoted("my game.json"), "'my game.json'");
  EXPECT_EQ(shell_quoted("it's.json"), "'it'\\''s.json'");
}

}  // namespace
}  // namespace warband::cli
