// A Game's points in play (game_points.h, ruling "Points in play"): every shipped list and warband
// starts a game by default; a side over the game's points limit, or two sides further apart than
// its gap, is refused naming the side, its points and the rule (CLI exit 2, HTTP 400 elsewhere:
// tests/server/game_routes_test.cc); 0 turns either rule off.
#include "rulesets/agame/game_points.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "cli/command.h"
#include "core/content_files.h"
#include "core/error.h"
#include "rulesets/agame/agame_game.h"
#include "rulesets/agame/build_rules.h"
#include "tests/support/in_process_cli.h"
#include "tests/support/test_files.h"

namespace warband::agame {
namespace {

// The error a setup is refused with, "" when it starts.
InputError refusal(const nlohmann::json& setup) {
  try {
    AGameGame game(setup);
  } catch (const InputError& error) {
    return error;
  }
  return InputError("", "");
}

void starts(const nlohmann::json& setup) {
  AGameGame game(setup);
}

int points_of(const std::vector<std::string>& profiles) {
  const BuildRules& rules = content_build_rules();
  std::vector<Model> models;
  for (const std::string& name : profiles)
    models.push_back(rules.content.find_model(name, "test"));
  return side_points(models, rules.costs, rules.faces());
}

const std::vector<std::string> kThreeRams = {"Great Ram of Shamborga", "Great Ram of Shamborga",
                                             "Great Ram of Shamborga"};
const std::vector<std::string> kThreeGoblins = {"Goblin Skirmisher", "Goblin Skirmisher",
                                                "Goblin Skirmisher"};

// Every pair of the shipped lists and warbands starts under the defaults.
TEST(AGamePointsInPlay, EveryShippedListAndWarbandStartsByDefault) {
  const BuildRules& rules = content_build_rules();
  std::vector<std::string> ids;
  for (const Content::List& list : rules.content.lists)
    ids.push_back(list.id);
  for (const std::string& id : content_ids(warbands_folder_of(rules.folder), ".warband.toml"))
    ids.push_back(id);
  ASSERT_GE(ids.size(), 5u);
  for (const std::string& red : ids)
    for (const std::string& blue : ids)
      EXPECT_NO_THROW(starts({{"warbands", {red, blue}}})) << red << " against " << blue;
  EXPECT_NO_THROW(starts(nlohmann::json::object()));
}

// A side over the limit names the side, its name, its points and the limit.
TEST(AGamePointsInPlay, ASideOverTheLimitIsRefused) {
  const int rams = points_of(kThreeRams);
  const InputError error =
      refusal({{"warbands", {kThreeGoblins, kThreeRams}},
               {"parameters", {{"points_limit", rams - 1}, {"points_gap", 0}}}});
  EXPECT_EQ(error.where(), "setup.warbands[1]");
  EXPECT_TRUE(
      contains_text(error.problem(), fmt::format("Blue's \"3 models\" has {} points, over the "
                                                 "game's points limit of {}",
                                                 rams, rams - 1)))
      << error.problem();
  // At the limit it starts.
  EXPECT_NO_THROW(starts({{"warbands", {kThreeGoblins, kThreeRams}},
                          {"parameters", {{"points_limit", rams}, {"points_gap", 0}}}}));
}

// Sides further apart than the gap are refused with both sides' points; 0 allows any gap.
TEST(AGamePointsInPlay, SidesFurtherApartThanTheGapAreRefused) {
  const int rams = points_of(kThreeRams), goblins = points_of(kThreeGoblins);
  ASSERT_GT(rams - goblins, 10);
  const InputError error =
      refusal({{"warbands", {kThreeRams, kThreeGoblins}},
               {"parameters", {{"points_limit", 0}, {"points_gap", rams - goblins - 1}}}});
  EXPECT_EQ(error.where(), "setup.warbands");
  EXPECT_TRUE(contains_text(error.problem(),
                            fmt::format("Red's \"3 models\" has {} points and Blue's \"3 "
                                        "models\" {}: {} apart, more than the game's "
                                        "points gap of {}",
                                        rams, goblins, rams - goblins, rams - goblins - 1)))
      << error.problem();
  EXPECT_NO_THROW(starts({{"warbands", {kThreeRams, kThreeGoblins}},
                          {"parameters", {{"points_limit", 0}, {"points_gap", 0}}}}));
}

// The defaults come from warband.toml; a warband document's own larger limit raises the game's.
TEST(AGamePointsInPlay, DefaultsComeFromWarbandTomlAndADocumentsLimit) {
  const WarbandRules& warband = content_build_rules().warband;
  EXPECT_GT(warband.points_gap, 0);
  const PointsRule plain = points_rule(nlohmann::json::object(), warband, {0, 0});
  EXPECT_EQ(plain.limit, warband.points_limit);
  EXPECT_EQ(plain.gap, warband.points_gap);
  EXPECT_EQ(points_rule(nlohmann::json::object(), warband, {0, warband.points_limit + 45}).limit,
            warband.points_limit + 45);
  const PointsRule given =
      points_rule({{"parameters", {{"points_limit", 0}, {"points_gap", 7}}}}, warband, {500, 0});
  EXPECT_EQ(given.limit, 0);
  EXPECT_EQ(given.gap, 7);
}

TEST(AGamePointsInPlay, BadNumbersSayWhere) {
  for (const nlohmann::json& bad :
       {nlohmann::json(-1), nlohmann::json("300"), nlohmann::json(2.5), nlohmann::json(1000001)}) {
    const InputError error = refusal({{"parameters", {{"points_limit", bad}}}});
    EXPECT_EQ(error.where(), "setup.parameters.points_limit") << bad;
    EXPECT_TRUE(contains_text(error.problem(), "expected a whole number of points"))
        << error.problem();
  }
  EXPECT_EQ(refusal({{"parameters", {{"points_gap", "x"}}}}).where(),
            "setup.parameters.points_gap");
}

// The command line refuses it with exit code 2 and the same words.
TEST(AGamePointsInPlay, TheCommandLineExitsTwo) {
  const std::string setup =
      (std::filesystem::temp_directory_path() / "warband_agame_points_setup.json").string();
  std::ofstream(setup) << nlohmann::json({{"warbands", {kThreeRams, kThreeGoblins}},
                                          {"parameters", {{"points_limit", 100}}}})
                              .dump();
  const cli::Ran ran =
      cli::warband({"play", "agame", "--red", "bot", "--blue", "bot", "--setup", setup, "--quiet"});
  std::filesystem::remove(setup);
  EXPECT_EQ(ran.code, cli::kExitBadInput);
  EXPECT_TRUE(contains_text(ran.err, "setup.warbands[0]")) << ran.err;
  EXPECT_TRUE(contains_text(ran.err, "over the game's points limit of 100")) << ran.err;
}

}  // namespace
}  // namespace warband::agame
