#include "cli/human_input.h"

#include <gtest/gtest.h>

namespace warband::cli {
namespace {

using Kind = HumanInput::Kind;

const std::vector<std::string> kActions = {"roll", "bank 7", "bonus", "Play card (+2)"};

TEST(HumanInput, NumbersCountFromOne) {
  EXPECT_EQ(interpret_human_input("1", kActions).action_index, 0u);
  const HumanInput last = interpret_human_input("  4 \r", kActions);
  EXPECT_EQ(last.kind, Kind::kAction);
  EXPECT_EQ(last.action_index, 3u);
}

TEST(HumanInput, NumbersOutOfRangeAreExplained) {
  for (const char* typed : {"0", "5", "999", "99999999999999999999999"}) {
    const HumanInput input = interpret_human_input(typed, kActions);
    EXPECT_EQ(input.kind, Kind::kInvalid) << typed;
    EXPECT_EQ(input.problem, std::string(typed) + " is not an action number; choose 1 to 4.");
  }
}

// A list of one entry (a typed point's nearest choice, a last action) asks for 1, not for a
// number "from 1 to 1".
TEST(HumanInput, AListOfOneAsksForOne) {
  const std::vector<std::string> one = {"End R2 Dire Wolf's activation"};
  EXPECT_EQ(interpret_human_input("", one).problem, "Nothing typed; type 1, an action, or 'help'.");
  EXPECT_EQ(interpret_human_input("2", one).problem, "2 is not an action number; choose 1.");
  EXPECT_EQ(interpret_human_input("zzz", one).problem,
            "'zzz' does not match any action; type 1, an action, or 'help'.");
}

TEST(HumanInput, DescriptionsMatchExactlyIgnoringCaseOrByUniquePrefix) {
  EXPECT_EQ(interpret_human_input("bank 7", kActions).action_index, 1u);
  EXPECT_EQ(interpret_human_input("BANK 7", kActions).action_index, 1u);
  EXPECT_EQ(interpret_human_input("play card (+2)", kActions).action_index, 3u);
  EXPECT_EQ(interpret_human_input("ro", kActions).action_index, 0u);
  EXPECT_EQ(interpret_human_input("P", kActions).action_index, 3u);
  EXPECT_EQ(interpret_human_input("ba", kActions).kind, Kind::kAction);
}

TEST(HumanInput, AmbiguousPrefixListsTheCandidates) {
  const HumanInput input = interpret_human_input("b", kActions);
  EXPECT_EQ(input.kind, Kind::kInvalid);
  EXPECT_EQ(input.problem,
            "'b' matches 2 actions (2. bank 7, 3. bonus); type more of it, or its number.");
}

TEST(HumanInput, UnknownTextAndNothingAreExplained) {
  EXPECT_EQ(interpret_human_input("x", kActions).problem,
            "'x' does not match any action; type a number from 1 to 4, an action, or 'help'.");
  EXPECT_EQ(interpret_human_input("-1", kActions).kind, Kind::kInvalid);
  EXPECT_EQ(interpret_human_input("   ", kActions).problem,
            "Nothing typed; type a number from 1 to 4, an action, or 'help'.");
}

TEST(HumanInput, Commands) {
  EXPECT_EQ(interpret_human_input("board", kActions).kind, Kind::kBoard);
  EXPECT_EQ(interpret_human_input("Help", kActions).kind, Kind::kHelp);
  EXPECT_EQ(interpret_human_input(" QUIT", kActions).kind, Kind::kQuit);
}

TEST(HumanInput, AnActionNamedLikeACommandWinsWhenTypedExactly) {
  const std::vector<std::string> actions = {"board", "quit"};
  EXPECT_EQ(interpret_human_input("quit", actions).kind, Kind::kAction);
  EXPECT_EQ(interpret_human_input("quit", actions).action_index, 1u);
  EXPECT_EQ(interpret_human_input("help", actions).kind, Kind::kHelp);
}

}  // namespace
}  // namespace warband::cli
