// `--set parameters.NAME=VALUE` checked against declared parameters (core/parameter_overrides.h):
// each type's value written into the setup, and every refusal's words.
#include "core/parameter_overrides.h"

#include <gtest/gtest.h>

#include "core/error.h"
#include "tests/support/input_error.h"

namespace warband {
namespace {

const std::vector<ParameterSpec> kWhatIfs = {
    {.name = "round_limit", .default_value = 8, .min = 1, .max = 50, .doc = "Rounds"},
    {.name = "fast", .type = ParameterSpec::Type::kBool, .doc = "Quick games"},
    {.name = "scale", .type = ParameterSpec::Type::kNumber, .min = 0.5, .max = 2, .doc = "Size"}};

TEST(ParameterOverrides, EachTypeIsWrittenIntoTheSetupKeepingTheRest) {
  const nlohmann::json base = {{"map", "open_field"}, {"parameters", {{"draft", 0}}}};
  const nlohmann::json setup = override_parameters(
      base,
      {{"parameters.round_limit", "6"}, {"parameters.fast", "true"}, {"parameters.scale", "1.5"}},
      "Toy", kWhatIfs);
  EXPECT_EQ(setup["map"], "open_field");
  EXPECT_EQ(setup["parameters"]["draft"], 0);
  EXPECT_EQ(setup["parameters"]["round_limit"], 6);
  EXPECT_EQ(setup["parameters"]["fast"], true);
  EXPECT_DOUBLE_EQ(setup["parameters"]["scale"].get<double>(), 1.5);
  // No override: the setup as it was (a non-object becomes an empty one).
  EXPECT_EQ(override_parameters(base, {}, "Toy", kWhatIfs), base);
  EXPECT_EQ(override_parameters(nullptr, {}, "Toy", kWhatIfs), nlohmann::json::object());
}

TEST(ParameterOverrides, RefusalsSayWhereAndWhatIsAllowed) {
  const auto refusal = [](const std::string& path, const std::string& text) {
    return warband::testing::input_error([&] {
      override_parameters(nlohmann::json::object(), {{path, text}}, "Toy", kWhatIfs);
    });
  };
  EXPECT_EQ(refusal("costs.wound_points", "3"),
            "--set costs.wound_points: Toy takes parameters.round_limit=N (1 to 50) or "
            "parameters.fast=true|false or parameters.scale=X (0.5 to 2)");
  EXPECT_EQ(refusal("parameters.turns", "3"),
            "--set parameters.turns: Toy takes parameters.round_limit=N (1 to 50) or "
            "parameters.fast=true|false or parameters.scale=X (0.5 to 2)");
  EXPECT_EQ(refusal("parameters.round_limit", "0"),
            "--set parameters.round_limit: expected a whole number from 1 to 50, got '0'");
  EXPECT_EQ(refusal("parameters.round_limit", "6.5"),
            "--set parameters.round_limit: expected a whole number from 1 to 50, got '6.5'");
  EXPECT_EQ(refusal("parameters.round_limit", "many"),
            "--set parameters.round_limit: expected a whole number from 1 to 50, got 'many'");
  EXPECT_EQ(refusal("parameters.fast", "1"),
            "--set parameters.fast: expected true or false, got '1'");
  EXPECT_EQ(refusal("parameters.scale", "3"),
            "--set parameters.scale: expected a number from 0.5 to 2, got '3'");
}

// A ruleset with many parameters (Spellweavers has more than twenty) names them rather than
// spelling out each one's values.
TEST(ParameterOverrides, ManyWhatIfsAreNamed) {
  std::vector<ParameterSpec> many = kWhatIfs;
  many.push_back({.name = "hands", .default_value = 5, .min = 1, .max = 9, .doc = "Cards"});
  many.push_back({.name = "decks", .default_value = 1, .min = 1, .max = 2, .doc = "Decks"});
  EXPECT_EQ(
      warband::testing::input_error([&] {
        override_parameters(nlohmann::json::object(), {{"parameters.turns", "3"}}, "Toy", many);
      }),
      "--set parameters.turns: Toy takes parameters.NAME=VALUE, NAME one of: round_limit, "
      "fast, scale, hands, decks");
  EXPECT_EQ(override_parameters(nullptr, {{"parameters.hands", "7"}}, "Toy", many)["parameters"],
            (nlohmann::json{{"hands", 7}}));
}

// A ruleset's declared parameter, its lowest value raised: A Game's and Conflict's round limits.
TEST(ParameterOverrides, DeclaredParametersAreTheRulesetsNarrowed) {
  const ParameterSpec agame = declared_parameter("agame", "round_limit", 1);
  EXPECT_EQ(agame.min, 1);
  EXPECT_EQ(agame.max, 50);
  EXPECT_EQ(declared_parameter("conflict", "round_limit", 1).max, 20);
  EXPECT_THROW(declared_parameter("agame", "no_such_parameter", 1), InvariantError);
}

}  // namespace
}  // namespace warband
