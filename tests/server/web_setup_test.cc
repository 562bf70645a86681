// A browser's game setup: unknown fields are refused with the list of known ones and a hint.
#include "server/web_setup.h"

#include <gtest/gtest.h>

#include "tests/support/input_error.h"

namespace warband::server {
namespace {

using warband::testing::input_error;

TEST(WebSetup, UnknownFieldListsTheKnownOnesWithAHint) {
  const DocumentLookup none = [](const std::string&) { return std::optional<DocumentRow>(); };
  const auto setup_error = [&](const nlohmann::json& setup) {
    return input_error([&] { web_setup("any", setup, "body.setup", none, ""); });
  };
  EXPECT_EQ(setup_error({{"mpa", "ruins"}}),
            "body.setup.mpa: unknown field; known: warbands, map, parameters, "
            "content_overrides. Did you mean 'map'?");
  EXPECT_EQ(setup_error({{"colour", "red"}}),
            "body.setup.colour: unknown field; known: warbands, map, parameters, "
            "content_overrides");
  EXPECT_EQ(web_setup("any", {{"map", "ruins"}}, "body.setup", none, "")["map"], "ruins");
}

// JSON has no nan or inf: a saved warband's TOML float that is one must be refused, not turned
// into null on the way to the game.
TEST(WebSetup, TomlDocumentWithANonFiniteNumberIsRefusedWithItsLine) {
  EXPECT_EQ(input_error([] { toml_text_to_json("name = 'x'\nodds = nan\n", "document 'a'"); }),
            "document 'a':2: expected a finite number, got nan");
  EXPECT_EQ(input_error([] { toml_text_to_json("[t]\nodds = -inf\n", "document 'a'"); }),
            "document 'a':2: expected a finite number, got -inf");
  EXPECT_EQ(toml_text_to_json("odds = 0.5\n", "document 'a'")["odds"], 0.5);
}

}  // namespace
}  // namespace warband::server
