// The soak run (scripts/soak.sh): the conformance suite on WARBAND_SOAK_GAMES random games of
// every playable ruleset the program registers (`warband rulesets --json`: this binary's
// test-only rulesets, some broken on purpose, are left out), spread over the maps its content
// offers, so a new game is soaked by being registered. Skipped unless WARBAND_SOAK_GAMES is set:
// the usual conformance tests already run each ruleset's games in every test run.
// WARBAND_SOAK_RULESETS (names separated by commas) soaks only those.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "core/registry.h"
#include "tests/support/conformance.h"

namespace warband {
namespace {

std::uint64_t env_number(const char* name, std::uint64_t fallback) {
  const char* text = std::getenv(name);
  return text && *text ? std::strtoull(text, nullptr, 10) : fallback;
}

// The rulesets WARBAND_SOAK_RULESETS names, or every one when it is unset or empty.
bool chosen_for_soak(const std::string& name) {
  const char* text = std::getenv("WARBAND_SOAK_RULESETS");
  if (!text || !*text) return true;
  const std::string list = std::string(",") + text + ",";
  return list.find("," + name + ",") != std::string::npos;
}

// The playable rulesets of the `warband` program itself.
std::vector<std::string> program_playable_rulesets() {
  std::string text;
  FILE* pipe = popen(WARBAND_BINARY " rulesets --json", "r");
  if (!pipe) return {};
  char buffer[4096];
  for (std::size_t got; (got = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;)
    text.append(buffer, got);
  pclose(pipe);
  std::vector<std::string> names;
  for (const nlohmann::json& entry : nlohmann::json::parse(text))
    if (entry.value("playable", false) && chosen_for_soak(entry["name"]))
      names.push_back(entry["name"]);
  return names;
}

// The setups a soak spreads its games over: one per map of the built-in content, or the
// ruleset's default setup when it has no maps.
std::vector<nlohmann::json> setups_of(const Ruleset& ruleset) {
  std::vector<nlohmann::json> setups;
  if (ruleset.setup_choices) {
    const nlohmann::json choices = ruleset.setup_choices("");
    if (choices.contains("maps"))
      for (const nlohmann::json& map : choices["maps"])
        setups.push_back({{"map", map["id"]}});
  }
  if (setups.empty()) setups.push_back(nlohmann::json::object());
  return setups;
}

TEST(Soak, EveryPlayableRulesetKeepsTheContract) {
  const std::uint64_t games = env_number("WARBAND_SOAK_GAMES", 0);
  if (games == 0) GTEST_SKIP() << "set WARBAND_SOAK_GAMES (scripts/soak.sh)";
  const std::uint64_t seed = env_number("WARBAND_SOAK_SEED", 1);
  const std::vector<std::string> names = program_playable_rulesets();
  ASSERT_FALSE(names.empty())
      << "`warband rulesets --json` lists no playable ruleset (of WARBAND_SOAK_RULESETS, if set)";
  for (const std::string& name : names) {
    const Ruleset* ruleset = &Registry::instance().find(name);
    const std::vector<nlohmann::json> setups = setups_of(*ruleset);
    for (std::size_t i = 0; i < setups.size(); ++i) {
      // The games split evenly over the setups, the first ones taking the remainder.
      const std::uint64_t share = games / setups.size() + (i < games % setups.size() ? 1 : 0);
      if (share == 0) continue;
      const ConformanceReport report =
          check_conformance(ruleset->name, setups[i], static_cast<int>(share), seed + i);
      std::printf("soak: %s %s: %d games, %d failed\n", ruleset->name.c_str(),
                  setups[i].dump().c_str(), report.games_run, report.games_failed);
      EXPECT_EQ(report.games_failed, 0)
          << ruleset->name << " " << setups[i].dump() << ": " << report.first_failure;
    }
  }
}

}  // namespace
}  // namespace warband
