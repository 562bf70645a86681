// `warband balance --reprice` on a terminal: a progress bar naming the round and the units (and
// card prices: wager's spells' AcTi) frozen (Io::progress), each round's rate and time left its
// own; redirected, standard error stays clean.
#include <gtest/gtest.h>

#include <sstream>

#include "cli/app.h"
#include "cli/command.h"
#include "core/json_input.h"
#include "tests/balance/wager_ruleset.h"

namespace warband::cli {
namespace {

std::vector<std::string> search() {
  // Wager (tests/balance/wager_ruleset.h): quick games. A tolerance nothing meets: both rounds.
  return {"warband",     "balance", wager::kRuleset, "--reprice", "--games",  "40",
          "--seed",      "5",       "--threads",     "1",         "--rounds", "2",
          "--tolerance", "0.01",    "--json"};
}

TEST(RepriceProgress, ABarOnTheTerminalNamesTheRoundAndTheUnitsFrozen) {
  std::istringstream in;
  std::ostringstream out, err, terminal;
  ASSERT_EQ(run(search(), in, out, err, &terminal), kExitOk) << err.str();
  const std::string drawn = terminal.str();
  EXPECT_NE(drawn.find("\rround 1/2, 0/4 units and 0/4 AcTi frozen  ["), std::string::npos)
      << drawn;
  // Each round's last draw is its whole bar.
  EXPECT_NE(drawn.find(
                "round 1/2, 0/4 units and 0/4 AcTi frozen  [########################] 40/40 games"),
            std::string::npos)
      << drawn;
  EXPECT_NE(drawn.find(
                "round 2/2, 0/4 units and 0/4 AcTi frozen  [########################] 40/40 games"),
            std::string::npos)
      << drawn;
  EXPECT_EQ(drawn.substr(drawn.size() - 4), "\r\x1b[K");  // cleared at the end
  EXPECT_TRUE(err.str().empty()) << err.str();
  EXPECT_EQ(parse_json(out.str(), "stdout")["rounds"], 2);
}

TEST(RepriceProgress, RedirectedNothingIsDrawn) {
  std::istringstream in;
  std::ostringstream out, err;
  ASSERT_EQ(run(search(), in, out, err), kExitOk) << err.str();
  EXPECT_TRUE(err.str().empty()) << "no progress off a terminal: " << err.str();
}

}  // namespace
}  // namespace warband::cli
