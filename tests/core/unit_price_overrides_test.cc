// The one reader of a cost file's [units] table (`ID = { override = N }`), which A Game's and
// Conflict's cost files share: each entry read in key order with its line, and every problem an
// InputError at the file's line that says which entry and what was expected.
#include "core/unit_price_overrides.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/toml_fields.h"
#include "core/toml_input.h"
#include "tests/support/input_error.h"

namespace warband {
namespace {

std::vector<UnitPriceOverride> read_units(const std::string& text) {
  const toml::table root = parse_toml_text(text, "costs.toml");
  return read_unit_price_overrides(TomlFields("costs.toml", root, "costs"), "the unit's points");
}

std::string units_problem(const std::string& text) {
  return warband::testing::input_error([&] { read_units(text); });
}

TEST(UnitPriceOverrides, ReadsEachEntryInKeyOrderWithItsLine) {
  const std::vector<UnitPriceOverride> read = read_units(
      "size_points = 3\n"                                     // 1
      "[units]\n"                                             // 2
      "zealot = { override = 40 }\n"                          // 3
      "archer = { override = 0 }\n"                           // 4
      "\"Wild Hunt.Alpha Wolf\" = { override = 100000 }\n");  // 5
  ASSERT_EQ(read.size(), 3u);
  EXPECT_EQ(read[0].id, "Wild Hunt.Alpha Wolf");
  EXPECT_EQ(read[0].where, "costs.toml:5");
  EXPECT_EQ(read[0].points, kMaxUnitPrice);
  EXPECT_EQ(read[1].id, "archer");
  EXPECT_EQ(read[1].where, "costs.toml:4");
  EXPECT_EQ(read[1].points, 0);
  EXPECT_EQ(read[2].id, "zealot");
  EXPECT_EQ(read[2].where, "costs.toml:3");
  EXPECT_EQ(read[2].points, 40);
}

TEST(UnitPriceOverrides, NoUnitsTableIsNoOverrides) {
  EXPECT_TRUE(read_units("size_points = 3\n").empty());
  EXPECT_TRUE(read_units("[units]\n").empty());
}

TEST(UnitPriceOverrides, UnitsNotATableIsAnErrorAtItsLine) {
  EXPECT_EQ(units_problem("size_points = 3\nunits = 4\n"),
            "costs.toml:2: costs: 'units' must be a [units] table of id = { override = N }, got 4");
}

TEST(UnitPriceOverrides, AnEntryNotATableSaysWhatItMustBe) {
  EXPECT_EQ(units_problem("[units]\narcher = 42\n"),
            "costs.toml:2: [units] 'archer': expected { override = N }, got 42");
}

TEST(UnitPriceOverrides, AnUnknownKeyIsNamedWithAHint) {
  EXPECT_EQ(units_problem("[units]\n\narcher = { overide = 40 }\n"),
            "costs.toml:3: [units] 'archer': unknown key 'overide' (expected one of: override). "
            "Did you mean 'override'?");
}

TEST(UnitPriceOverrides, AMissingOverrideSaysWhatTheNumberIs) {
  EXPECT_EQ(units_problem("[units]\narcher = {}\n"),
            "costs.toml:2: [units] 'archer': 'override' is missing: expected { override = N }: "
            "the unit's points");
}

TEST(UnitPriceOverrides, AnOverrideOutOfRangeOrNotWholeIsAnError) {
  EXPECT_EQ(units_problem("[units]\narcher = { override = -1 }\n"),
            "costs.toml:2: [units] 'archer': 'override' must be a whole number from 0 to 100000, "
            "got -1");
  EXPECT_EQ(units_problem("[units]\narcher = { override = 100001 }\n"),
            "costs.toml:2: [units] 'archer': 'override' must be a whole number from 0 to 100000, "
            "got 100001");
  EXPECT_EQ(units_problem("[units]\narcher = { override = 4.5 }\n"),
            "costs.toml:2: [units] 'archer': 'override' must be a whole number from 0 to 100000, "
            "got 4.5");
}

}  // namespace
}  // namespace warband
