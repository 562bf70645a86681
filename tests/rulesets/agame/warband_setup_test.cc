// A Game set up from the builder's warband documents: a shipped warband by id, a file, the JSON
// export inline, and a warband breaking the builder's rules refused with every problem.
#include <gtest/gtest.h>

#include "core/error.h"
#include "core/file_io.h"
#include "rulesets/agame/build_rules.h"
#include "rulesets/agame/warband_file.h"
#include "tests/rulesets/agame/agame_fixture.h"
#include "tests/support/test_files.h"

namespace warband::agame {
namespace {

using testing::setup_error;

// A setup of these two sides, each anything setup.warbands[i] takes.
nlohmann::json sides(const nlohmann::json& red, const nlohmann::json& blue) {
  return {{"warbands", nlohmann::json::array({red, blue})}};
}

Warband shipped_warband(const std::string& id) {
  const std::string path = warbands_folder_of(content_agame_folder()) + "/" + id + ".warband.toml";
  return parse_warband_toml(read_text_file(path), path);
}

// Each shipped warband plays by its id: its name, its models' names and profiles, in its order.
TEST(AGameWarbandSetup, EachShippedWarbandPlaysByItsId) {
  for (const std::string id : {"iron_hold", "night_court"}) {
    const Warband warband = shipped_warband(id);
    const auto shared = std::make_shared<const AGameGame>(sides(id, "holdfast_of_dolion"));
    const AGameGame& game = *shared;
    EXPECT_EQ(game.warband_name(0), warband.name) << id;
    ASSERT_EQ(game.model_count(), static_cast<int>(warband.models.size()) + 4) << id;
    for (std::size_t m = 0; m < warband.models.size(); ++m) {
      EXPECT_EQ(game.model(m).name, warband.models[m].label()) << id << " " << m;
      EXPECT_EQ(game.model(m).profile.name, warband.models[m].profile) << id << " " << m;
      EXPECT_EQ(game.model(m).side, 0);
    }
    auto state = game.new_initial_state();
    EXPECT_FALSE(state->is_terminal());
  }
}

// A file path and the JSON export inline give the same game as the id.
TEST(AGameWarbandSetup, AFileAndTheInlineJsonExportPlayAsTheId) {
  const BuildRules& rules = content_build_rules();
  const std::string path = warbands_folder_of(content_agame_folder()) + "/night_court.warband.toml";
  const nlohmann::json exported = warband_to_json(shipped_warband("night_court"), rules);
  AGameGame by_id(sides("night_court", "iron_hold"));
  AGameGame by_file(sides(path, "iron_hold"));
  AGameGame inline_json(sides(exported, "iron_hold"));
  ASSERT_EQ(by_file.model_count(), by_id.model_count());
  ASSERT_EQ(inline_json.model_count(), by_id.model_count());
  for (int m = 0; m < by_id.model_count(); ++m) {
    EXPECT_EQ(by_file.model(m).name, by_id.model(m).name);
    EXPECT_EQ(inline_json.model(m).name, by_id.model(m).name);
    EXPECT_EQ(inline_json.model(m).start, by_id.model(m).start);
  }
}

// A model's advances change the profile it plays with.
TEST(AGameWarbandSetup, AdvancesChangeTheProfilePlayed) {
  const BuildRules& rules = content_build_rules();
  Warband warband = shipped_warband("iron_hold");
  warband.points_limit = 1000;
  warband.models[0].experience = 3;
  warband.models[0].advances = {"tough"};
  AGameGame game(sides(warband_to_json(warband, rules), "iron_hold"));
  const Model* profile = rules.find_profile(warband.models[0].profile);
  ASSERT_NE(profile, nullptr);
  EXPECT_EQ(game.model(0).profile.wounds, profile->wounds + 1);
  EXPECT_EQ(game.model(1).profile.wounds, profile->wounds);
}

// A warband breaking the builder's rules is refused naming the side, the warband and every problem.
TEST(AGameWarbandSetup, ABadWarbandIsRefusedWithWhereAndEveryProblem) {
  const BuildRules& rules = content_build_rules();
  Warband warband = shipped_warband("night_court");
  warband.points_limit = 10;
  warband.models[0].advances = {"tough"};
  const std::string e = setup_error(sides("iron_hold", warband_to_json(warband, rules)));
  EXPECT_TRUE(
      contains_text(e, "setup.warbands[1]: warband \"The Night Court\" breaks the builder's rules"))
      << e;
  EXPECT_TRUE(contains_text(e, "over the limit of 10")) << e;
  EXPECT_TRUE(contains_text(e, "1 advances, but 0 experience earns 0")) << e;

  const testing::ScratchFolder dir;
  std::string rams = "name = \"Rams\"\npoints_limit = 5000\n";
  for (int i = 0; i < 4; ++i)
    rams += "[[models]]\nprofile = \"Great Ram of Shamborga\"\n";
  dir.write("rams.warband.toml", rams);
  const std::string file_error = setup_error(sides(dir.file("rams.warband.toml"), "iron_hold"));
  EXPECT_TRUE(
      contains_text(file_error, "setup.warbands[0]: warband \"Rams\" breaks the builder's rules"))
      << file_error;
  EXPECT_TRUE(contains_text(file_error, "rams.warband.toml:")) << file_error;

  const std::string unknown = setup_error(sides("iron_hold", "no_such_warband"));
  EXPECT_TRUE(
      contains_text(unknown,
                    "setup.warbands[1]: unknown list or warband 'no_such_warband'; lists: "
                    "shamborga_host, holdfast_of_dolion, vampire_court; warbands: iron_hold, "
                    "night_court"))
      << unknown;
}

// The new-game form offers the shipped lists and then the shipped warbands.
TEST(AGameWarbandSetup, SetupChoicesListTheShippedWarbands) {
  const nlohmann::json choices = setup_choices("");
  std::vector<std::string> ids;
  for (const nlohmann::json& warband : choices["warbands"])
    ids.push_back(warband["id"]);
  EXPECT_EQ(ids, (std::vector<std::string>{"shamborga_host", "holdfast_of_dolion", "vampire_court",
                                           "iron_hold", "night_court"}));
  EXPECT_EQ(choices["warbands"][3]["name"], "Iron Hold");
}

}  // namespace
}  // namespace warband::agame
