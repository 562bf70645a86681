#include "core/game_record.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>

#include "core/json_input.h"
#include "core/registry.h"
#include "core/rng.h"
#include "tests/test_rulesets/toy/toy_game.h"

namespace warband {
namespace {

using nlohmann::json;

GameRecord play_toy(std::uint64_t seed, const json& setup = json::object(), int max_actions = -1) {
  GameRecord record("toy", make_game("toy", setup));
  record.seed = seed;
  Rng rng(seed);
  while (!record.state().is_terminal() &&
         (max_actions < 0 || static_cast<int>(record.actions().size()) < max_actions)) {
    const State& state = record.state();
    record.apply(state.is_chance() ? rng.sample(state.chance_outcomes())
                                   : rng.pick(state.legal_actions()));
  }
  return record;
}

// The InputError message replay(log) throws, or "" if it replays.
std::string replay_error(const json& log) {
  try {
    GameRecord::replay(log);
  } catch (const InputError& error) {
    return error.what();
  }
  return "";
}

TEST(GameRecord, LogHasEveryField) {
  const GameRecord record = play_toy(11);
  const json log = record.to_json();
  EXPECT_EQ(log["format"], "warband-log");
  EXPECT_EQ(log["version"], 1);
  EXPECT_EQ(log["ruleset"], "toy");
  EXPECT_EQ(log["setup"], json::object());
  EXPECT_EQ(log["seed"], 11);
  EXPECT_EQ(log["actions"].get<std::vector<Action>>(), record.actions());
  EXPECT_EQ(log["final_hash"], hash_to_hex(record.state().hash()));
  EXPECT_EQ(log["result"]["terminal"], true);
  EXPECT_EQ(log["result"]["returns"].get<std::vector<double>>(), record.state().returns());
}

TEST(GameRecord, HashIsSixteenLowercaseHexDigits) {
  EXPECT_EQ(hash_to_hex(0xabcULL), "0000000000000abc");
  EXPECT_EQ(hash_to_hex(0xfedcba9876543210ULL), "fedcba9876543210");
}

TEST(GameRecord, ReplayReachesTheSameStateThroughText) {
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    const GameRecord record = play_toy(seed, {{"parameters", {{"target", 12}}}});
    const GameRecord replayed = GameRecord::replay(parse_json(record.to_json().dump(), "log"));
    EXPECT_EQ(replayed.actions(), record.actions());
    EXPECT_EQ(replayed.state().hash(), record.state().hash());
    EXPECT_EQ(replayed.game().setup(), record.game().setup());
    EXPECT_EQ(replayed.seed, std::optional<std::uint64_t>(seed));
  }
}

TEST(GameRecord, UnfinishedGameReplays) {
  const GameRecord record = play_toy(3, json::object(), 9);
  ASSERT_FALSE(record.state().is_terminal());
  const json log = record.to_json();
  EXPECT_EQ(log["result"]["terminal"], false);
  EXPECT_EQ(log["result"]["returns"], json::array());
  EXPECT_EQ(GameRecord::replay(log).state().hash(), record.state().hash());
}

TEST(GameRecord, OptionalFieldsMayBeAbsent) {
  json log = play_toy(4).to_json();
  log.erase("seed");
  log.erase("final_hash");
  log.erase("result");
  EXPECT_EQ(replay_error(log), "");
  EXPECT_FALSE(GameRecord::replay(log).seed.has_value());
}

TEST(GameRecord, ApplyCheckedRejectsAnIllegalDecisionAndChangesNothing) {
  GameRecord record("toy", make_game("toy", json::object()));
  record.apply_checked(2);  // deal Red card 2
  record.apply_checked(3);  // deal Blue card 3
  ASSERT_EQ(record.state().current_player(), 0);
  const std::uint64_t before = record.state().hash();
  try {
    record.apply_checked(toy::kBank);  // nothing to bank yet
    FAIL() << "banking 0 points was accepted";
  } catch (const InputError& error) {
    EXPECT_STREQ(error.what(),
                 "action #2 (value 1) is not legal here: player 0 is to move and the legal "
                 "actions are 0, 2");
  }
  EXPECT_EQ(record.actions().size(), 2u);
  EXPECT_EQ(record.state().hash(), before);
  record.apply_checked(toy::kPlayCard);
  EXPECT_EQ(record.actions().size(), 3u);
}

TEST(GameRecord, ApplyCheckedRejectsAnImpossibleChanceOutcome) {
  GameRecord record("toy", make_game("toy", json::object()));
  try {
    record.apply_checked(4);  // cards are 1..3
    FAIL() << "card 4 was dealt";
  } catch (const InputError& error) {
    EXPECT_STREQ(error.what(),
                 "action #0 (value 4) is not legal here: it is a chance node whose possible "
                 "outcomes are 1, 2, 3");
  }
  EXPECT_TRUE(record.actions().empty());
}

TEST(GameRecord, ApplyCheckedRejectsAnythingAfterTheEnd) {
  GameRecord record = play_toy(5);
  ASSERT_TRUE(record.state().is_terminal());
  const std::size_t length = record.actions().size();
  try {
    record.apply_checked(toy::kRoll);
    FAIL() << "an action was applied after the end";
  } catch (const InputError& error) {
    EXPECT_NE(std::string(error.what()).find("the game is already over"), std::string::npos);
    EXPECT_NE(std::string(error.what()).find(fmt::format("action #{}", length)), std::string::npos);
  }
  EXPECT_EQ(record.actions().size(), length);
}

TEST(GameRecord, EditedActionIsRejectedByIndex) {
  json log = play_toy(6).to_json();
  log["actions"][3] = 12345;
  EXPECT_NE(replay_error(log).find("action #3 (value 12345) is not legal here"), std::string::npos)
      << replay_error(log);
}

TEST(GameRecord, ExtraActionAfterTheEndIsRejected) {
  json log = play_toy(6).to_json();
  const std::size_t length = log["actions"].size();
  log["actions"].push_back(0);
  EXPECT_NE(replay_error(log).find(fmt::format("action #{} (value 0)", length)), std::string::npos)
      << replay_error(log);
}

TEST(GameRecord, HashMismatchIsRejected) {
  json log = play_toy(8).to_json();
  const std::string real = log["final_hash"];
  log["final_hash"] = "0123456789abcdef";
  EXPECT_EQ(replay_error(log),
            fmt::format("final_hash: log replays to hash {} but records 0123456789abcdef: "
                        "edited or from another version",
                        real));
}

TEST(GameRecord, DroppedActionIsCaughtByTheHash) {
  json log = play_toy(9).to_json();
  log["actions"].erase(log["actions"].size() - 1);
  EXPECT_NE(replay_error(log).find("log replays to hash"), std::string::npos) << replay_error(log);
}

TEST(GameRecord, ResultThatDisagreesIsRejected) {
  json log = play_toy(9, json::object(), 10).to_json();
  log.erase("final_hash");
  log["result"]["terminal"] = true;
  EXPECT_NE(replay_error(log).find("result.terminal: the log says the game ended"),
            std::string::npos)
      << replay_error(log);
}

// Defect 11 of issue 14: a log naming the wrong winner replayed with exit 0.
TEST(GameRecord, ReturnsThatNameTheWrongWinnerAreRejected) {
  const GameRecord record = play_toy(9);
  json log = record.to_json();
  std::vector<double> swapped = record.state().returns();
  ASSERT_EQ(swapped.size(), 2u);
  ASSERT_NE(swapped[0], swapped[1]) << "seed 9 is a win, not a draw";
  std::swap(swapped[0], swapped[1]);
  log["result"]["returns"] = swapped;
  log.erase("final_hash");
  EXPECT_EQ(replay_error(log),
            fmt::format("result.returns: the log records [{}] but it replays to [{}]",
                        fmt::join(swapped, ", "), fmt::join(record.state().returns(), ", ")));
  log["result"]["returns"] = json::array({1});
  EXPECT_TRUE(replay_error(log).starts_with("result.returns: the log records [1]"));
  log["result"]["returns"] = json::array({1, "won"});
  EXPECT_EQ(replay_error(log), "result.returns[1]: expected a number, got a string");
  log["result"]["returns"] = record.state().returns();
  EXPECT_EQ(replay_error(log), "");
}

// A truncated log that still records the end it no longer reaches is refused, whichever record
// of the end is left.
TEST(GameRecord, ATruncatedLogThatRecordsAnEndIsRejected) {
  json log = play_toy(9).to_json();
  log["actions"].erase(log["actions"].size() - 1);
  log.erase("final_hash");
  EXPECT_TRUE(replay_error(log).starts_with("result.terminal: the log says the game ended"))
      << replay_error(log);
  log["result"].erase("terminal");
  EXPECT_TRUE(replay_error(log).starts_with("result.returns: the log records"))
      << replay_error(log);
  EXPECT_TRUE(replay_error(log).ends_with("(the game is not over)")) << replay_error(log);
  // With no record of its end left, it replays to an unfinished game (the CLI says so).
  log.erase("result");
  EXPECT_EQ(replay_error(log), "");
  EXPECT_FALSE(GameRecord::replay(log).state().is_terminal());
}

// Bounded lists (defect 2): no game is longer than its ruleset's max_game_length, so a longer log
// is refused at once, before millions of actions are replayed.
TEST(GameRecord, ALogLongerThanAnyGameIsRejectedAtOnce) {
  json log = play_toy(9).to_json();
  const int longest = make_game("toy", json::object())->info().max_game_length;
  log["actions"] = std::vector<int>(static_cast<std::size_t>(longest) + 1, 0);
  EXPECT_EQ(replay_error(log), fmt::format("actions: the log has {} actions; a game of toy has at "
                                           "most {}",
                                           longest + 1, longest));
}

struct MalformedCase {
  const char* name;
  json edit;  // merged into a valid log with merge_patch: null deletes a field
  const char* message;
};

// Names the case in test listings (ctest prints the parameter).
void PrintTo(const MalformedCase& malformed, std::ostream* out) {
  *out << malformed.name;
}

class MalformedLog : public ::testing::TestWithParam<MalformedCase> {};

TEST_P(MalformedLog, IsRejectedNamingTheField) {
  json log = play_toy(12).to_json();
  log.merge_patch(GetParam().edit);
  // A prefix: the unknown-ruleset message goes on to list every registered ruleset.
  const std::string error = replay_error(log);
  EXPECT_TRUE(error.starts_with(GetParam().message)) << error;
}

INSTANTIATE_TEST_SUITE_P(
    Fields, MalformedLog,
    ::testing::Values(
        MalformedCase{"NoFormat", {{"format", nullptr}}, "format: missing"},
        MalformedCase{"WrongFormat",
                      {{"format", "chess-pgn"}},
                      "format: expected \"warband-log\", got \"chess-pgn\""},
        MalformedCase{
            "VersionString", {{"version", "1"}}, "version: expected a whole number, got a string"},
        MalformedCase{"FutureVersion",
                      {{"version", 2}},
                      "version: this build reads version 1, the log is version 2"},
        MalformedCase{"NoRuleset", {{"ruleset", nullptr}}, "ruleset: missing"},
        MalformedCase{
            "RulesetNumber", {{"ruleset", 7}}, "ruleset: expected a string, got an integer"},
        MalformedCase{"UnknownRuleset",
                      {{"ruleset", "nosuch"}},
                      "unknown ruleset 'nosuch'; rulesets with a game: "},
        MalformedCase{
            "SetupArray", {{"setup", json::array()}}, "setup: expected an object, got an array"},
        MalformedCase{"BadParameter",
                      {{"setup", {{"parameters", {{"speed", 3}}}}}},
                      "setup.parameters.speed: unknown parameter; known: target (int 5 to 100, "
                      "default 20), max_turns (int 1 to 200, default 20)"},
        MalformedCase{"NoActions", {{"actions", nullptr}}, "actions: missing"},
        MalformedCase{"ActionsObject",
                      {{"actions", {{"a", 1}}}},
                      "actions: expected an array, got an object"},
        MalformedCase{"ActionString",
                      {{"actions", {2, 3, "roll"}}},
                      "actions[2]: expected a whole number, got a string"},
        MalformedCase{"ActionFraction",
                      {{"actions", {2, 3.5}}},
                      "actions[1]: expected a whole number, got 3.5"},
        MalformedCase{
            "ActionTooBig",
            {{"actions", {18446744073709551615ULL}}},
            "actions[0]: expected a whole number from -9223372036854775808 to 9223372036854775807, "
            "got 18446744073709551615"},
        MalformedCase{"NegativeSeed",
                      {{"seed", -4}},
                      "seed: expected a whole number from 0 to 18446744073709551615, got -4"},
        MalformedCase{"ShortHash",
                      {{"final_hash", "abc"}},
                      "final_hash: expected 16 hex digits, got \"abc\""},
        MalformedCase{"HashNotHex",
                      {{"final_hash", "0123456789abcdeg"}},
                      "final_hash: expected 16 hex digits, got \"0123456789abcdeg\""},
        MalformedCase{
            "ResultString", {{"result", "won"}}, "result: expected an object, got a string"}),
    [](const auto& test) { return std::string(test.param.name); });

TEST(GameRecord, NonObjectLogIsRejected) {
  EXPECT_EQ(replay_error(json::array({1, 2})), "log: expected a JSON object, got an array");
  EXPECT_EQ(replay_error(json()), "log: expected a JSON object, got null");
}

TEST(JsonInput, TruncatedTextIsAnInputErrorNamingTheSource) {
  const std::string text = play_toy(13).to_json().dump();
  try {
    parse_json(text.substr(0, text.size() / 2), "game.json");
    FAIL() << "half a log parsed";
  } catch (const InputError& error) {
    EXPECT_EQ(error.where(), "game.json");
    EXPECT_TRUE(error.problem().starts_with("not valid JSON: parse error at line 1"))
        << error.what();
  }
}

TEST(JsonInput, MissingFileSaysSo) {
  try {
    read_json_file("/nonexistent/dir/log.json");
    FAIL() << "a missing file was read";
  } catch (const InputError& error) {
    EXPECT_EQ(std::string(error.what()), "/nonexistent/dir/log.json: file not found");
  }
}

TEST(JsonInput, ReadsAFile) {
  const std::string path = ::testing::TempDir() + "json_input_test.json";
  std::ofstream(path) << R"({"a": [1, 2]})";
  EXPECT_EQ(read_json_file(path), json({{"a", {1, 2}}}));
  std::remove(path.c_str());
}

}  // namespace
}  // namespace warband
