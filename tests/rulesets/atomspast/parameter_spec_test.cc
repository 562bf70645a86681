// AtomsPast's parameter spec (the registry's) says what the built-in parameters.toml says, and a
// game refuses a parameter outside it before the ruleset reads it.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "core/error.h"
#include "core/registry.h"
#include "rulesets/atomspast/content.h"
#include "rulesets/atomspast/content_files/content_files.h"
#include "rulesets/atomspast/content_overrides.h"
#include "rulesets/atomspast/parameter_table.h"
#include "rulesets/atomspast/stat_ranges.h"
#include "tests/rulesets/atomspast/content_copy.h"
#include "tests/support/test_files.h"

namespace warband::atomspast {
namespace {

TEST(AtomsPastParameterSpec, DefaultsAreTheBuiltInContentsValues) {
  const Content content = load_content(default_content_dir() + "/atomspast");
  const Ruleset& ruleset = Registry::instance().find("atomspast");
  ASSERT_EQ(ruleset.parameters.size(), parameter_fields().size());
  for (const ParameterField& field : parameter_fields()) {
    const auto spec = std::find_if(ruleset.parameters.begin(), ruleset.parameters.end(),
                                   [&](const ParameterSpec& s) { return s.name == field.name; });
    ASSERT_NE(spec, ruleset.parameters.end()) << field.name;
    const double value = field.bool_field ? (content.parameters.*(field.bool_field) ? 1 : 0)
                                          : content.parameters.*(field.int_field);
    EXPECT_EQ(spec->default_value, value) << field.name;
    EXPECT_FALSE(spec->doc.empty()) << field.name;
  }
}

TEST(AtomsPastParameterSpec, AGameRefusesAParameterOutsideIt) {
  try {
    make_game("atomspast", {{"parameters", {{"turn_limit", 0}}}});
    FAIL() << "turn_limit 0 was accepted";
  } catch (const InputError& error) {
    EXPECT_EQ(error.where(), "setup.parameters.turn_limit");
    EXPECT_EQ(error.problem(), "expected 1 to 200, got 0");
  }
  EXPECT_NO_THROW(make_game("atomspast", {{"parameters", {{"turn_limit", 3}}}}));
}

// The parameters file and `--set parameters.NAME` take one range per parameter: a value is
// accepted by both or refused by both (they once disagreed: hand_size 1-50 in the file, 0-12 by
// --set, and a hand past 12 broke the state).
TEST(AtomsPastParameterSpec, TheFileAndSetTakeTheSameRange) {
  const Content content = load_content(default_content_dir() + "/atomspast");
  const auto file_takes = [](const std::string& name, int value) {
    const std::string path = write_temp_file("atomspast_range_parameters.toml",
                                             fmt::format("[parameters]\n{} = {}\n", name, value));
    try {
      content_files::load_parameters(path);
      return true;
    } catch (const InputError&) {
      return false;
    }
  };
  const auto set_takes = [&](const std::string& name, int value) {
    try {
      parse_content_override("parameters." + name, std::to_string(value), content);
      return true;
    } catch (const InputError&) {
      return false;
    }
  };
  for (const ParameterField& field : parameter_fields()) {
    if (field.bool_field) continue;
    SCOPED_TRACE(field.name);
    for (int value : {field.min - 1, field.min, field.max, field.max + 1}) {
      const bool inside = value >= field.min && value <= field.max;
      EXPECT_EQ(file_takes(field.name, value), inside) << value;
      EXPECT_EQ(set_takes(field.name, value), inside) << value;
    }
  }
}

// A unit's wounds alike (the file took 1-200, --set 1-100, the state a byte).
TEST(AtomsPastParameterSpec, UnitWoundsTakeTheSameRangeInTheFileAndBySet) {
  const Content content = load_content(default_content_dir() + "/atomspast");
  for (int wounds :
       {kWoundsRange.min - 1, kWoundsRange.min, kWoundsRange.max, kWoundsRange.max + 1}) {
    SCOPED_TRACE(wounds);
    const bool inside = wounds >= kWoundsRange.min && wounds <= kWoundsRange.max;
    testing::ContentCopy copy;
    copy.replace("units.toml", "wounds = 10\n", fmt::format("wounds = {}\n", wounds));
    EXPECT_EQ(copy.load_error().empty(), inside) << copy.load_error();
    bool set_took = true;
    try {
      parse_content_override("units.orc_warrior.wounds", std::to_string(wounds), content);
    } catch (const InputError&) {
      set_took = false;
    }
    EXPECT_EQ(set_took, inside);
  }
}

// "points=abc" said "from -1000000 to 1000000" and "points=-50" "from 0 to 100000": a value that
// is not a number and one out of range name the field's one range.
TEST(AtomsPastParameterSpec, ABadStatAndAnOutOfRangeOneNameTheSameRange) {
  const Content content = load_content(default_content_dir() + "/atomspast");
  const auto problem = [&](const std::string& path, const std::string& value) {
    try {
      parse_content_override(path, value, content);
    } catch (const InputError& error) {
      return error.message();
    }
    return std::string("taken");
  };
  for (const char* value : {"abc", "-50", "100001"})
    EXPECT_EQ(problem("units.orc_warrior.points", value),
              fmt::format("--set units.orc_warrior.points: expected a whole number from 0 to "
                          "100000, got '{}'",
                          value));
  for (const std::string& value :
       std::vector<std::string>{"x", std::to_string(kSpellActiRange.max + 1)})
    EXPECT_EQ(problem("spells.bone_explosion.acti", value),
              fmt::format("--set spells.bone_explosion.acti: expected a whole number from {} to "
                          "{}, got '{}'",
                          kSpellActiRange.min, kSpellActiRange.max, value));
}

}  // namespace
}  // namespace warband::atomspast
