// A Game's board in the terminal shows a finished roll once, at the first board after it, not at
// every board until the next roll; a roll under way is shown as such.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/support/play_loop_run.h"

namespace warband::cli {
namespace {

TEST(RollShownOnce, AFinishedRollIsOnTheFirstBoardAfterItOnly) {
  int shown = 0;
  for (const std::uint64_t seed : {3, 4, 5}) {
    PlaySettings settings;
    settings.players = {"bot", "bot"};
    settings.seed = seed;
    const Played played = play_loop("agame", settings, "");
    ASSERT_EQ(played.end, PlayEnd::kFinished);
    bool die_since_shown = false;
    for (const std::string& line : lines_of(played.out)) {
      if (line.starts_with("chance: ") && line.find(" die: ") != std::string::npos)
        die_since_shown = true;
      if (!line.starts_with("Last roll: ")) continue;
      ++shown;
      EXPECT_TRUE(die_since_shown) << "seed " << seed << ", shown again: " << line;
      die_since_shown = false;
    }
  }
  EXPECT_GT(shown, 3);  // still shown, once each
}

}  // namespace
}  // namespace warband::cli
