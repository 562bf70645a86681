// A browser's game setup: unknown fields are refused with the list of known ones and a hint.
#include "server/web_setup.h"

#include <gtest/gtest.h>

#include "tests/support/input_error.h"

namespace warband::server {
namespace {

using testing::input_error;

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

}  // namespace
}  // namespace warband::server
