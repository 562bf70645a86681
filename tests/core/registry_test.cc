// The one ruleset registry: entries by name, capabilities, the declarations it refuses, and the
// parameter spec checked before a game is built.
#include "core/registry.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "core/error.h"
#include "tests/support/input_error.h"

namespace warband {
namespace {

using warband::testing::input_error;

OddsQuery query_with(std::vector<OddsOption> options = {}) {
  return {.summary = "test", .options = std::move(options), .compute = [](const OddsArgs&) {
            return OddsResult{"t", "x", Distribution(), {}};
          }};
}

Ruleset with_odds(const std::string& name, std::vector<OddsOption> options = {}) {
  return {.name = name, .title = name, .odds = query_with(std::move(options))};
}

TEST(Registry, FindsByNameAndListsTheOthers) {
  Registry registry;
  EXPECT_EQ(input_error([&] { registry.find("x"); }), "unknown ruleset 'x'; known rulesets: ");
  registry.add(with_odds("zeta"));
  registry.add({.name = "alpha", .title = "Alpha"});
  EXPECT_EQ(registry.find("zeta").name, "zeta");
  EXPECT_EQ(registry.names(), (std::vector<std::string>{"alpha", "zeta"}));
  EXPECT_EQ(registry.names(Capability::kOdds), (std::vector<std::string>{"zeta"}));
  EXPECT_EQ(input_error([&] { registry.find("x"); }),
            "unknown ruleset 'x'; known rulesets: alpha, zeta");
  EXPECT_EQ(input_error([&] { registry.find("x", Capability::kOdds); }),
            "unknown ruleset 'x'; rulesets with odds: zeta");
  // A near miss of a name gets a hint.
  EXPECT_EQ(input_error([&] { registry.find("alhpa"); }),
            "unknown ruleset 'alhpa'; known rulesets: alpha, zeta. Did you mean 'alpha'?");
  EXPECT_EQ(input_error([&] { registry.find("zeat", Capability::kOdds); }),
            "unknown ruleset 'zeat'; rulesets with odds: zeta. Did you mean 'zeta'?");
  // A ruleset without the capability is listed as the others are not.
  EXPECT_EQ(input_error([&] { registry.find("alpha", Capability::kOdds); }),
            "no odds for ruleset 'alpha'; rulesets with odds: zeta");
  EXPECT_EQ(input_error([&] { registry.find("alpha", Capability::kBuilder); }),
            "no builder for ruleset 'alpha'; rulesets with a builder: none");
  EXPECT_THROW(registry.add(with_odds("alpha")), InvariantError);
}

TEST(Registry, RefusesMalformedDeclarations) {
  Registry registry;
  EXPECT_THROW(registry.add(with_odds("a", {{"seed", "no"}})), InvariantError);
  EXPECT_THROW(registry.add(with_odds("b", {{"dice", "1"}, {"dice", "2"}})), InvariantError);
  const BuildOperation operation{.name = "new",
                                 .run = [](const BuildInput&) { return BuildOutput{}; }};
  BuildOperation with_json = operation;
  with_json.options = {{"json", "mine"}};
  EXPECT_THROW(
      registry.add({.name = "d", .title = "D", .builder = BuilderHooks{.operations = {with_json}}}),
      InvariantError);
  EXPECT_THROW(registry.add({.name = "e",
                             .title = "E",
                             .builder = BuilderHooks{.operations = {operation, operation}}}),
               InvariantError);
  EXPECT_THROW(registry.add({.name = "", .title = "Nameless"}), InvariantError);
  registry.add(with_odds("c", {{"dice", "1"}, {"bonus", "2", true}}));
  EXPECT_EQ(registry.names().size(), 1u);
}

TEST(Registry, EveryShippedRulesetHasOneEntry) {
  const std::vector<std::string> names = Registry::instance().names();
  for (const char* name : {"agame", "atomspast", "conflict", "spellweavers", "toy"})
    EXPECT_NE(std::find(names.begin(), names.end(), name), names.end()) << name;
  for (const Ruleset* ruleset : Registry::instance().all()) {
    EXPECT_FALSE(ruleset->title.empty()) << ruleset->name;
    EXPECT_FALSE(ruleset->summary.empty()) << ruleset->name;
  }
}

TEST(ParameterSpec, ChecksNamesTypesAndRanges) {
  const std::vector<ParameterSpec> specs = {
      {.name = "turns", .default_value = 20, .min = 1, .max = 200, .doc = "Turns"},
      {.name = "fog", .type = ParameterSpec::Type::kBool, .default_value = 0, .doc = "Fog"},
      {.name = "scale",
       .type = ParameterSpec::Type::kNumber,
       .default_value = 1,
       .min = 0.5,
       .max = 2,
       .doc = "Scale"}};
  EXPECT_EQ(input_error([&] { check_parameters(specs, {{"parameters", {{"turns", 20}}}}); }), "");
  EXPECT_EQ(input_error([&] { check_parameters(specs, nlohmann::json::object()); }), "");
  EXPECT_EQ(input_error([&] {
              check_parameters(specs, {{"parameters", {{"turn", 3}}}});
            }),
            "setup.parameters.turn: unknown parameter; known: turns (int 1 to 200, default 20), "
            "fog (bool, default false), scale (number 0.5 to 2, default 1). Did you mean "
            "'turns'?");
  EXPECT_EQ(input_error([&] {
              check_parameters(specs, {{"parameters", {{"turns", 0}}}});
            }),
            "setup.parameters.turns: expected 1 to 200, got 0");
  EXPECT_EQ(input_error([&] {
              check_parameters(specs, {{"parameters", {{"turns", 2.5}}}});
            }),
            "setup.parameters.turns: expected a whole number from 1 to 200, got 2.5");
  EXPECT_EQ(input_error([&] {
              check_parameters(specs, {{"parameters", {{"fog", 1}}}});
            }),
            "setup.parameters.fog: expected true or false, got an integer");
  EXPECT_EQ(input_error([&] { check_parameters(specs, {{"parameters", {{"scale", 0.75}}}}); }), "");
  EXPECT_EQ(input_error([&] {
              check_parameters(specs, {{"parameters", {{"scale", 3}}}});
            }),
            "setup.parameters.scale: expected 0.5 to 2, got 3");
  EXPECT_EQ(input_error([&] {
              check_parameters(specs, {{"parameters", 3}});
            }),
            "setup.parameters: expected an object of parameter names and values, got an integer");
  EXPECT_EQ(input_error([&] {
              check_parameters({}, {{"parameters", {{"x", 1}}}});
            }),
            "setup.parameters.x: unknown parameter; this ruleset takes no parameters");
}

TEST(ParameterSpec, AsJson) {
  const ParameterSpec spec{.name = "turns", .default_value = 20, .min = 1, .max = 200, .doc = "T"};
  EXPECT_EQ(spec.to_json(), (nlohmann::json{{"name", "turns"},
                                            {"type", "int"},
                                            {"default", 20},
                                            {"min", 1},
                                            {"max", 200},
                                            {"doc", "T"}}));
}

}  // namespace
}  // namespace warband
