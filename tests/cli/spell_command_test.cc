// `warband spell power`: an alias of `warband build spellweavers spell-power` with the same
// options and the same output.
#include <gtest/gtest.h>

#include <sstream>

#include "cli/app.h"
#include "cli/command.h"
#include "tests/support/in_process_cli.h"

namespace warband::cli {
namespace {

std::vector<std::string> with(std::vector<std::string> head, const std::vector<std::string>& tail) {
  head.insert(head.end(), tail.begin(), tail.end());
  return head;
}

TEST(SpellCommand, PowerIsTheBuildersSpellPower) {
  const std::vector<std::vector<std::string>> calls = {
      {"--effect", "status:poison", "--area", "small", "--shape", "0,0;1,0;0,1;1,1", "--range",
       "close"},
      {"--effect", "damage:3", "--effect", "terrain:burning", "--actions", "2"},
      {"--effect", "status:poison", "--area", "small", "--json"},
  };
  for (const auto& options : calls) {
    const Ran alias = warband(with({"spell", "power"}, options));
    const Ran original = warband(with({"build", "spellweavers", "spell-power"}, options));
    EXPECT_EQ(alias.code, original.code);
    EXPECT_EQ(alias.out, original.out);
    EXPECT_EQ(alias.err, original.err);
    EXPECT_FALSE(alias.out.empty());
  }
  // The first call, checked for what it says: Power 7.
  EXPECT_NE(warband(with({"spell", "power"}, calls[0])).out.find("Power 7"), std::string::npos);
}

TEST(SpellCommand, BadOptionsAreTheOperationsErrors) {
  const Ran alias = warband({"spell", "power", "--effect", "damage:lots"});
  const Ran original = warband({"build", "spellweavers", "spell-power", "--effect", "damage:lots"});
  EXPECT_EQ(alias.code, kExitBadInput);
  EXPECT_EQ(alias.err, original.err);
  EXPECT_NE(alias.err.find("--effect"), std::string::npos) << alias.err;
}

TEST(SpellCommand, HelpSaysWhatItIsAnAliasOf) {
  Ran ran = warband({"spell", "power", "--help"});
  EXPECT_EQ(ran.code, kExitOk);
  EXPECT_NE(ran.out.find("warband build spellweavers spell-power"), std::string::npos) << ran.out;
  EXPECT_NE(ran.out.find("--effect"), std::string::npos) << ran.out;
  ran = warband({"spell", "--help"});
  EXPECT_NE(ran.out.find("power"), std::string::npos) << ran.out;
  ran = warband({"spell"});
  EXPECT_EQ(ran.code, kExitBadInput);
  EXPECT_NE(ran.err.find("spell power"), std::string::npos) << ran.err;
  EXPECT_NE(warband({"--help"}).out.find("spell"), std::string::npos);
}

}  // namespace
}  // namespace warband::cli
