// AtomsPast's parameter spec (the registry's) says what the built-in parameters.toml says, and a
// game refuses a parameter outside it before the ruleset reads it.
#include <gtest/gtest.h>

#include <algorithm>

#include "core/registry.h"
#include "rulesets/atomspast/content.h"
#include "rulesets/atomspast/parameter_table.h"

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

}  // namespace
}  // namespace warband::atomspast
