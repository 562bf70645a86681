// How a balance run's games ended (balance/report_endings.h), from hand-made results: the counts,
// shares and who won add up as counted by hand, and a role's fall is counted once per game.
#include "balance/report_endings.h"

#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

#include "balance/report.h"

namespace warband::balance {
namespace {

constexpr std::string_view kTestEndings[] = {"leader destroyed", "round limit reached"};

// ending 0 or 1, winner 0, 1 or -1; `leader_fell`: Red's leader (role "Chief") was destroyed.
sim::GameResult ended_game(std::int64_t index, int ending, int winner, bool leader_fell) {
  sim::GameResult game;
  game.index = index;
  game.winner = winner;
  game.ending = ending;
  game.endings = kTestEndings;
  game.units.push_back({.name = "Chief", .side = 0, .points = 50, .role = "Chief"});
  game.units.back().survived = !leader_fell;
  game.units.push_back({.name = "Chief", .side = 1, .points = 50, .role = "Chief"});
  game.units.push_back({.name = "Goblin", .side = 1, .points = 10});
  game.units.back().survived = false;
  return game;
}

std::vector<sim::GameResult> five_games() {
  return {ended_game(0, 0, 1, true), ended_game(1, 0, 1, true), ended_game(2, 1, 0, false),
          ended_game(3, 1, -1, false), ended_game(4, 0, 1, true)};
}

TEST(ReportEndings, CountsAndSharesAsCountedByHand) {
  const nlohmann::json json = endings_json(five_games());
  ASSERT_TRUE(json.is_object()) << json.dump();
  EXPECT_EQ(json["games"], 5);
  const nlohmann::json& leader = json["endings"][0];
  EXPECT_EQ(leader["ending"], "leader destroyed");
  EXPECT_EQ(leader["games"], 3);
  EXPECT_EQ(leader["red_wins"], 0);
  EXPECT_EQ(leader["blue_wins"], 3);
  EXPECT_DOUBLE_EQ(leader["share"]["rate"].get<double>(), 0.6);
  const nlohmann::json& limit = json["endings"][1];
  EXPECT_EQ(limit["games"], 2);
  EXPECT_EQ(limit["red_wins"], 1);
  EXPECT_EQ(limit["draws"], 1);
  // The Chief fell in 3 games (Red's each time); the Goblin has no role.
  ASSERT_EQ(json["roles_fallen"].size(), 1u);
  EXPECT_EQ(json["roles_fallen"][0]["role"], "Chief");
  EXPECT_EQ(json["roles_fallen"][0]["games"], 3);

  const std::string md = endings_markdown(five_games());
  EXPECT_NE(md.find("## How the games ended"), std::string::npos) << md;
  EXPECT_NE(md.find("| leader destroyed | 3 | 60.0% ["), std::string::npos) << md;
  EXPECT_NE(md.find("A Chief fell in 3 games (60.0% ["), std::string::npos) << md;
  EXPECT_NE(endings_html(five_games()).find("<td>round limit reached</td>"), std::string::npos);
}

TEST(ReportEndings, NothingWhenNoGameSaysHowItEnded) {
  std::vector<sim::GameResult> games = five_games();
  for (sim::GameResult& game : games)
    game.endings = {};
  EXPECT_EQ(endings_markdown(games), "");
  EXPECT_EQ(endings_html(games), "");
  EXPECT_TRUE(endings_json(games).is_null());
}

TEST(ReportEndings, TheReportCarriesTheSection) {
  BalanceRun run;
  run.settings.ruleset = "atomspast";
  run.settings.games = 5;
  run.analysis.games = 5;
  run.games = five_games();
  EXPECT_NE(report_markdown(run, {}).find("## How the games ended"), std::string::npos);
  EXPECT_NE(report_html(run, {}).find("<h2>How the games ended</h2>"), std::string::npos);
  EXPECT_EQ(report_json(run, {})["endings"]["endings"][1]["games"], 2);
}

}  // namespace
}  // namespace warband::balance
