// The new-game menu's built-in warbands say whether they are legal (issue 16: an illegal list is
// marked wherever lists are offered): a content folder whose points changed can make one illegal.
#include <gtest/gtest.h>

#include "core/registry.h"
#include "tests/rulesets/atomspast/content_copy.h"

namespace warband::atomspast {
namespace {

using testing::ContentCopy;

nlohmann::json warband_choice(const nlohmann::json& choices, const std::string& id) {
  for (const nlohmann::json& warband : choices["warbands"])
    if (warband["id"] == id) return warband;
  return nullptr;
}

TEST(AtomsPastSetupChoices, EachBuiltInWarbandSaysWhetherItIsLegal) {
  const Ruleset& entry = Registry::instance().find("atomspast");
  const nlohmann::json shipped = entry.setup_choices("");
  for (const char* id : {"toms_orcs", "jerrys_elves"}) {
    const nlohmann::json warband = warband_choice(shipped, id);
    ASSERT_TRUE(warband.is_object()) << id;
    EXPECT_EQ(warband["legal"], true) << warband.dump();
    EXPECT_TRUE(warband["problems"].empty()) << warband.dump();
  }
  // Trolls cost 100 more in this content: Tom's Orcs (one Troll) is over its 1500.
  ContentCopy copy;
  copy.replace("points.toml", "troll = { adjust = -6 }", "troll = { adjust = 94 }");
  const nlohmann::json changed =
      warband_choice(entry.setup_choices(copy.root().string()), "toms_orcs");
  EXPECT_EQ(changed["legal"], false) << changed.dump();
  ASSERT_EQ(changed["problems"].size(), 1u) << changed.dump();
  EXPECT_EQ(changed["problems"][0], "The warband costs 1600 points, 100 over its limit of 1500.");
}

}  // namespace
}  // namespace warband::atomspast
