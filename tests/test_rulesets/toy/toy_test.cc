// The toy ruleset's test, as every ruleset's: the shared conformance suite, then a few facts
// counted by hand.
#include <gtest/gtest.h>

#include "core/registry.h"
#include "tests/support/conformance.h"
#include "tests/support/in_process_cli.h"
#include "tests/support/test_server.h"
#include "tests/test_rulesets/toy/toy_game.h"

namespace warband::toy {
namespace {

TEST(ToyRuleset, ThreeHundredGamesPassConformance) {
  run_conformance("toy", nlohmann::json::object(), 300, 1);
}

TEST(ToyRuleset, ShortGamesWithDrawsPassConformance) {
  // Four turns to reach 8 points: many games end on the turn limit, some drawn.
  run_conformance("toy", {{"parameters", {{"target", 8}, {"max_turns", 4}}}}, 200, 2);
}

TEST(ToyRuleset, BadSetupIsReportedNotThrown) {
  const ConformanceReport report =
      check_conformance("toy", {{"parameters", {{"target", "high"}}}}, 3, 1);
  EXPECT_EQ(report.games_run, 0);
  EXPECT_NE(report.first_failure.find("setup.parameters.target"), std::string::npos)
      << report.first_failure;
}

TEST(ToyRuleset, OneEntryWithEveryCapabilityItDeclares) {
  const Ruleset& toy = Registry::instance().find("toy");
  EXPECT_EQ(toy.title, "Toy");
  EXPECT_TRUE(toy.playable());
  EXPECT_TRUE(toy.odds.has_value());
  EXPECT_FALSE(toy.builder.has_value());
  EXPECT_FALSE(toy.balance.has_value());
  EXPECT_EQ(toy.hints.table_kind, "text");
  ASSERT_EQ(toy.parameters.size(), 2u);
  EXPECT_EQ(toy.parameters[0].name, "target");
  EXPECT_EQ(toy.parameters[0].default_value, 20);
}

TEST(ToyRuleset, TheDealIsOneFourthOneHalfOneFourth) {
  // "Each player is dealt a hidden card worth 1, 2 or 3 (chance: 1/4, 1/2, 1/4)".
  const auto state = make_game("toy", nlohmann::json::object())->new_initial_state();
  ASSERT_TRUE(state->is_chance());
  const std::vector<ChanceOutcome> deal = state->chance_outcomes();
  ASSERT_EQ(deal.size(), 3u);
  EXPECT_EQ(deal[0].action, 1);
  EXPECT_DOUBLE_EQ(deal[0].probability, 0.25);
  EXPECT_DOUBLE_EQ(deal[1].probability, 0.5);
  EXPECT_DOUBLE_EQ(deal[2].probability, 0.25);
}

TEST(ToyRuleset, ARollOfOneLosesTheTurnTotal) {
  const auto state = make_game("toy", nlohmann::json::object())->new_initial_state();
  state->apply(3);  // Red is dealt 3
  state->apply(1);  // Blue is dealt 1
  EXPECT_EQ(state->current_player(), 0);
  EXPECT_EQ(state->legal_actions(), (std::vector<Action>{kRoll, kPlayCard}));
  state->apply(kPlayCard);  // +3
  state->apply(kRoll);
  state->apply(5);  // 8 this turn
  EXPECT_EQ(state->action_to_string(kBank), "bank 8");
  state->apply(kRoll);
  state->apply(1);  // bust: the 8 is lost and Blue is to move
  EXPECT_EQ(state->current_player(), 1);
  EXPECT_EQ(state->to_json().at("score"), nlohmann::json::array({0, 0}));
}

TEST(ToyRuleset, RedSeesItsCardNotBlues) {
  const auto state = make_game("toy", nlohmann::json::object())->new_initial_state();
  state->apply(2);
  state->apply(3);
  EXPECT_EQ(state->view(0).at("card")[0], 2);
  EXPECT_NE(state->view(0).at("card")[1], 3);
  EXPECT_EQ(state->view(1).at("card")[1], 3);
}

TEST(ToyRuleset, ParametersOutsideTheSpecAreRefusedWithWhatIsAllowed) {
  try {
    make_game("toy", {{"parameters", {{"speed", 3}}}});
    FAIL() << "an unknown parameter was accepted";
  } catch (const InputError& error) {
    EXPECT_EQ(error.where(), "setup.parameters.speed");
    EXPECT_EQ(error.problem(),
              "unknown parameter; known: target (int 5 to 100, default 20), max_turns (int 1 to "
              "200, default 20)");
  }
  try {
    make_game("toy", {{"parameters", {{"target", 101}}}});
    FAIL() << "a target of 101 was accepted";
  } catch (const InputError& error) {
    EXPECT_EQ(error.where(), "setup.parameters.target");
    EXPECT_EQ(error.problem(), "expected 5 to 100, got 101");
  }
}

// Registered in its own folder alone, the toy is everywhere the registry reaches.
TEST(ToyRuleset, ListedPlayedAndSimulatedByTheCommandLine) {
  using cli::warband;
  const cli::Ran listed = warband({"rulesets", "--json"});
  ASSERT_EQ(listed.code, 0) << listed.err;
  const nlohmann::json rulesets = nlohmann::json::parse(listed.out);
  const auto toy = std::find_if(rulesets.begin(), rulesets.end(),
                                [](const nlohmann::json& entry) { return entry["name"] == "toy"; });
  ASSERT_NE(toy, rulesets.end()) << listed.out;
  EXPECT_EQ((*toy)["title"], "Toy");
  EXPECT_EQ((*toy)["playable"], true);
  EXPECT_EQ((*toy)["builder"], false);
  EXPECT_EQ((*toy)["table_kind"], "text");
  EXPECT_EQ((*toy)["parameters"][1]["name"], "max_turns");
  EXPECT_EQ((*toy)["odds_example"], nlohmann::json({{"dice", "3"}}));

  const cli::Ran played =
      warband({"play", "toy", "--red", "random", "--blue", "random", "--seed", "7", "--json"});
  ASSERT_EQ(played.code, 0) << played.err;
  const nlohmann::json summary = nlohmann::json::parse(played.out);
  EXPECT_EQ(summary.at("ruleset"), "toy");
  EXPECT_EQ(summary.at("returns").size(), 2u) << played.out;
  EXPECT_GT(summary.at("actions").get<int>(), 2) << played.out;

  const cli::Ran simulated = warband({"sim", "toy", "--games", "12", "--seed", "3", "--json"});
  ASSERT_EQ(simulated.code, 0) << simulated.err;
  EXPECT_EQ(nlohmann::json::parse(simulated.out).at("totals").at("games"), 12) << simulated.out;
}

TEST(ToyRuleset, ListedAndPlayedByTheServer) {
  server::testing::TestServer server;
  const server::testing::Reply rulesets = server.client().get("/api/rulesets");
  ASSERT_EQ(rulesets.status, 200);
  const auto toy = std::find_if(rulesets.json.begin(), rulesets.json.end(),
                                [](const nlohmann::json& entry) { return entry["name"] == "toy"; });
  ASSERT_NE(toy, rulesets.json.end()) << rulesets.body;
  EXPECT_EQ((*toy)["default_map"], nullptr);
  EXPECT_EQ((*toy)["documents"], nlohmann::json::array());

  nlohmann::json view = server.client()
                            .post("/api/games", {{"ruleset", "toy"},
                                                 {"setup", {{"parameters", {{"target", 10}}}}},
                                                 {"players", {"random", "random"}},
                                                 {"seed", 5}})
                            .json;
  for (int poll = 0; poll < 50 && view["pending"] == true; ++poll)
    view = server.client().get("/api/games/" + view["id"].get<std::string>()).json;
  EXPECT_EQ(view["terminal"], true) << view.dump();

  const server::testing::Reply refused =
      server.client().post("/api/games", {{"ruleset", "toy"},
                                          {"setup", {{"parameters", {{"target", 1000}}}}},
                                          {"players", {"random", "random"}}});
  EXPECT_EQ(refused.status, 400);
  EXPECT_EQ(refused.json["error"]["where"], "body.setup.parameters.target") << refused.body;
}

}  // namespace
}  // namespace warband::toy
