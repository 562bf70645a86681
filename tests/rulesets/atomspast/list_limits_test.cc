// Issue 14, defect 2, for AtomsPast's lists: a warband's custom profiles, a profile's weapons and
// keywords, and a collection's miniatures have named limits, refused when read; the builder
// refuses to write a file it could not read back.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <string>

#include "core/error.h"
#include "core/registry.h"
#include "rulesets/atomspast/builder/collection.h"
#include "rulesets/atomspast/builder/warband_file.h"
#include "rulesets/atomspast/content.h"
#include "tests/rulesets/atomspast/atomspast_fixture.h"
#include "tests/support/input_error.h"

namespace warband::atomspast::builder {
namespace {

using warband::testing::input_error;

using testing::shipped;

std::string custom_unit(const std::string& id, const std::string& extra = "") {
  return fmt::format(
      "\n[[custom]]\nid = \"{}\"\nname = \"{}\"\nmove = 3\nmelee = {{ skill = 3, dice = 2, range = "
      "1 }}\n"
      "wounds = 6\nbase = \"1x1\"\n{}",
      id, id, extra);
}

TEST(AtomsPastLimits, TooManyCustomProfilesAreRefused) {
  std::string text = "id = \"w\"\nname = \"W\"\n";
  for (std::size_t i = 0; i <= kMaxCustomUnits; ++i)
    text += custom_unit(fmt::format("custom_{}", i));
  const std::string error = input_error([&] { parse_warband_toml(text, "w.toml", shipped()); });
  EXPECT_TRUE(error.starts_with("w.toml:")) << error;
  EXPECT_TRUE(error.ends_with("65 [[custom]] unit profiles, more than the 64 allowed")) << error;
}

TEST(AtomsPastLimits, TooManyKeywordsOrWeaponsAreRefused) {
  std::string keywords;
  for (std::size_t i = 0; i <= kMaxUnitKeywords; ++i)
    keywords += fmt::format("{}\"K{}\"", i ? ", " : "", i);
  const std::string many_keywords =
      "id = \"w\"\nname = \"W\"\n" + custom_unit("wordy", "keywords = [" + keywords + "]\n");
  EXPECT_TRUE(input_error([&] {
                parse_warband_toml(many_keywords, "w.toml", shipped());
              }).ends_with("33 keywords, more than the 32 allowed"));
  std::string weapons;
  for (std::size_t i = 0; i <= kMaxUnitWeapons; ++i)
    weapons += std::string(i ? ", " : "") + "\"pike\"";
  const std::string many_weapons =
      "id = \"w\"\nname = \"W\"\n[[custom]]\nid = \"armed\"\nname = \"Armed\"\nmove = 3\n"
      "weapons = [" +
      weapons + "]\nwounds = 6\nbase = \"1x1\"\n";
  EXPECT_TRUE(input_error([&] {
                parse_warband_toml(many_weapons, "w.toml", shipped());
              }).ends_with("17 weapons, more than the 16 allowed"));
}

TEST(AtomsPastLimits, TooManyMiniaturesAreRefused) {
  std::string text;
  for (std::size_t i = 0; i <= kMaxMiniatures; ++i)
    text += fmt::format("[[miniature]]\nname = \"M{}\"\nbase = \"1x1\"\ncount = 1\n", i);
  EXPECT_EQ(input_error([&] { parse_collection(text, "c.toml"); }),
            "c.toml:1: 1001 [[miniature]] entries, more than the 1000 allowed");
}

// The builder adds to a list only what the file can hold when read back.
TEST(AtomsPastLimits, AddRefusesACustomProfileBeyondTheLimit) {
  std::string text = "id = \"w\"\nname = \"W\"\n";
  for (std::size_t i = 0; i < kMaxCustomUnits; ++i)
    text += custom_unit(fmt::format("custom_{}", i));
  ASSERT_EQ(parse_warband_toml(text, "w.toml", shipped()).custom_units.size(), kMaxCustomUnits);
  const BuildOperation* add = nullptr;
  for (const BuildOperation& operation : find_builder("atomspast").operations)
    if (operation.name == "add") add = &operation;
  ASSERT_NE(add, nullptr);
  BuildInput input;
  input.documents = {{"w.toml", text}};
  input.args = {
      {"custom", "One More"}, {"move", "3"}, {"melee", "3/2/1"}, {"wounds", "6"}, {"base", "1x1"}};
  const std::string error = input_error([&] { add->run(input); });
  EXPECT_NE(error.find("as many as a warband file may hold"), std::string::npos) << error;
}

}  // namespace
}  // namespace warband::atomspast::builder
