// The what-ifs the Balance view offers as examples are each ruleset's own, and each one is a path
// and value that ruleset's `--set` accepts as written: a user who copies one gets a run, not an
// error (the view once offered AtomsPast's units.orc_warrior.wounds=3 to every ruleset).
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "core/error.h"
#include "core/registry.h"
#include "core/ruleset_json.h"

namespace warband {
namespace {

TEST(WhatIfExamples, EveryRulesetWithBalanceOffersItsOwnThatItsSetAccepts) {
  std::set<std::string> seen;
  for (const Ruleset* ruleset : Registry::instance().all()) {
    if (!ruleset->balance) continue;
    SCOPED_TRACE(ruleset->name);
    EXPECT_FALSE(ruleset->hints.what_if_paths.empty());
    ASSERT_FALSE(ruleset->hints.what_if_examples.empty());
    for (const std::string& example : ruleset->hints.what_if_examples) {
      SCOPED_TRACE(example);
      const std::size_t at = example.find('=');
      ASSERT_NE(at, std::string::npos);
      const BalanceOverride set{example.substr(0, at), example.substr(at + 1)};
      const nlohmann::json base = nlohmann::json::object();
      nlohmann::json applied;
      try {
        applied = ruleset->balance->apply_overrides(base, {set});
      } catch (const InputError& error) {
        ADD_FAILURE() << error.what();
        continue;
      }
      // Recorded in the setup, so every game of the run plays it.
      EXPECT_NE(applied, base);
      EXPECT_TRUE(seen.insert(example).second) << "offered by two rulesets";
    }
  }
}

TEST(WhatIfExamples, TheRulesetListingServesThemOnlyWithBalance) {
  for (const Ruleset* ruleset : Registry::instance().all()) {
    SCOPED_TRACE(ruleset->name);
    const nlohmann::json listed = ruleset_json(*ruleset, false);
    if (ruleset->balance) {
      EXPECT_EQ(listed.at("what_if_examples"), nlohmann::json(ruleset->hints.what_if_examples));
      EXPECT_EQ(listed.at("what_if_paths"), ruleset->hints.what_if_paths);
    } else {
      EXPECT_EQ(listed.at("what_if_examples"), nlohmann::json::array());
    }
  }
}

}  // namespace
}  // namespace warband
