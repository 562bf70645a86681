// The points floor (points.toml [floor], ruling "Points floor"): no unit costs 0. A "Pebble"
// (Move 1, melee 1/1/1, Wounds 1), which the formula alone prices below nothing, costs the floor;
// the floor is read from the file; a bad value is an InputError naming the file and the key.
#include <gtest/gtest.h>

#include <string>

#include "core/builder.h"
#include "core/error.h"
#include "core/registry.h"
#include "rulesets/atomspast/builder/warband_file.h"
#include "rulesets/atomspast/content.h"
#include "tests/rulesets/atomspast/atomspast_fixture.h"
#include "tests/rulesets/atomspast/content_copy.h"

namespace warband::atomspast {
namespace {

using testing::ContentCopy;

UnitProfile pebble() {
  UnitProfile unit;
  unit.id = "pebble";
  unit.name = "Pebble";
  unit.move = 1;
  unit.melee = {1, 1, 1};
  unit.wounds = 1;
  unit.base = {1, 1};
  return unit;
}

using testing::shipped;

TEST(AtomsPastPointsFloor, APebbleCostsTheShippedFloor) {
  const PointsBreakdown breakdown = price_unit(pebble(), shipped().points);
  // -170 + 12 + 18 + 12 + 12 + 15 - 20 = -121: the formula alone says less than nothing.
  EXPECT_DOUBLE_EQ(breakdown.formula, -121);
  EXPECT_EQ(shipped().points.floor_unit, 40);
  EXPECT_EQ(breakdown.points, 40);
  ASSERT_FALSE(breakdown.terms.empty());
  EXPECT_EQ(breakdown.terms.back().name, "floor");
  EXPECT_DOUBLE_EQ(breakdown.terms.back().value, 40);         // the floor
  EXPECT_DOUBLE_EQ(breakdown.terms.back().contribution, 40);  // what it added to 0
}

TEST(AtomsPastPointsFloor, TheFloorTermSaysWhatItAdded) {
  // Move 4 more than the Pebble: -121 + 36 = -85; 6 more wounds: -85 + 90 = 5 points, 35 short.
  UnitProfile unit = pebble();
  unit.move = 4;
  unit.wounds = 7;
  const PointsBreakdown breakdown = price_unit(unit, shipped().points);
  EXPECT_DOUBLE_EQ(breakdown.formula, 5);
  EXPECT_EQ(breakdown.points, 40);
  EXPECT_EQ(breakdown.terms.back().name, "floor");
  EXPECT_DOUBLE_EQ(breakdown.terms.back().value, 40);
  EXPECT_DOUBLE_EQ(breakdown.terms.back().contribution, 35);
}

TEST(AtomsPastPointsFloor, ALargerBaseRaisesTheFloorPerSpace) {
  UnitProfile boulder = pebble();
  boulder.base = {2, 2};  // 4 spaces x 20 per space = 80, above the unit floor of 40
  EXPECT_EQ(price_unit(boulder, shipped().points).points, 80);
  EXPECT_EQ(points_floor(boulder, shipped().points), 80);
}

TEST(AtomsPastPointsFloor, ShippedProfilesAreAboveTheFloorAndKeepTheirPoints) {
  for (const UnitProfile& unit : shipped().units) {
    EXPECT_GT(unit.points, points_floor(unit, shipped().points)) << unit.id;
    for (const PointsTerm& term : price_unit(unit, shipped().points).terms)
      EXPECT_NE(term.name, "floor") << unit.id;
  }
}

TEST(AtomsPastPointsFloor, TheFloorIsReadFromPointsToml) {
  ContentCopy copy;
  copy.replace("points.toml", "unit = 40", "unit = 55");
  const Content content = copy.load();
  EXPECT_EQ(content.points.floor_unit, 55);
  EXPECT_EQ(price_unit(pebble(), content.points).points, 55);
  // Without a [floor] the formula's old rule holds: never below 0.
  ContentCopy none;
  none.replace("points.toml", "[floor]\n", "[nofloor]\n");
  EXPECT_NE(none.load_error().find("unknown key 'nofloor'"), std::string::npos)
      << none.load_error();
  none.replace("points.toml", "[nofloor]\n", "# no floor\n");
  none.replace("points.toml", "unit = 40", "# unit = 40");
  none.replace("points.toml", "per_base_space = 20", "# per_base_space = 20");
  EXPECT_EQ(none.load_error(), "");
  EXPECT_EQ(price_unit(pebble(), none.load().points).points, 0);
}

TEST(AtomsPastPointsFloor, ABadFloorIsAnInputErrorNamingTheFileAndKey) {
  for (const std::string bad : {"unit = -5", "unit = \"ten\"", "unit = 2.5"}) {
    ContentCopy copy;
    copy.replace("points.toml", "unit = 40", bad);
    const std::string error = copy.load_error();
    EXPECT_NE(error.find("points.toml:"), std::string::npos) << error;
    EXPECT_NE(error.find("[floor]: 'unit' must be a whole number from 0 to 100000"),
              std::string::npos)
        << error;
  }
  ContentCopy typo;
  typo.replace("points.toml", "per_base_space = 20", "per_space = 20");
  EXPECT_NE(typo.load_error().find("unknown key 'per_space'"), std::string::npos)
      << typo.load_error();
  // An override below the floor is refused where it is written.
  ContentCopy low;
  low.replace("points.toml", "goblin_shaman = { adjust = -5 }", "goblin_shaman = { override = 5 }");
  EXPECT_NE(low.load_error().find("'override' is 5, below the [floor] of 40 points"),
            std::string::npos)
      << low.load_error();
}

TEST(AtomsPastPointsFloor, AListOfFortyPebblesIsOverItsLimit) {
  // The builder's custom profile: 40 Pebbles cost 40 x 40 = 1600 (over 1500), not 0.
  const BuilderHooks& hooks = find_builder("atomspast");
  auto run = [&](const std::string& name, BuildInput input) {
    for (const BuildOperation& op : hooks.operations)
      if (op.name == name) return op.run(input);
    throw std::runtime_error("no operation " + name);
  };
  BuildInput make;
  make.args = {{"name", "Pebbles"}};
  make.documents.push_back({"pebbles.toml", std::nullopt});
  std::string text = *run("new", make).documents.front();
  BuildInput add;
  add.args = {
      {"custom", "Pebble"}, {"move", "1"}, {"melee", "1/1/1"}, {"wounds", "1"}, {"count", "40"}};
  add.documents.push_back({"pebbles.toml", text});
  const BuildOutput added = run("add", add);
  text = *added.documents.front();
  BuildInput show;
  show.documents.push_back({"pebbles.toml", text});
  const BuildOutput shown = run("show", show);
  EXPECT_EQ(shown.json["points"], 1600);
  EXPECT_EQ(shown.json["units"][0]["points_each"], 40);
  EXPECT_FALSE(shown.json["legal"].get<bool>());
}

}  // namespace
}  // namespace warband::atomspast
