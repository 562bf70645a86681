#include "sim/sweep.h"

#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "core/error.h"

namespace warband::sim {
namespace {

SweepSettings small_sweep(int threads) {
  SweepSettings settings;
  settings.ruleset = "atomspast";
  settings.setup = {{"map", "training_ground"}};
  settings.seed = 7;
  settings.first = 0;
  settings.end = 12;
  settings.threads = threads;
  return settings;
}

TEST(Sweep, SameResultsWhateverTheThreadCount) {
  const std::vector<GameResult> one = run_sweep(small_sweep(1));
  const std::vector<GameResult> two = run_sweep(small_sweep(2));
  ASSERT_EQ(one.size(), 12u);
  ASSERT_EQ(two.size(), 12u);
  for (std::size_t i = 0; i < one.size(); ++i) {
    EXPECT_EQ(one[i].index, static_cast<std::int64_t>(i));
    EXPECT_EQ(one[i].final_hash, two[i].final_hash) << "game " << i;
    EXPECT_EQ(one[i].winner, two[i].winner);
  }
  // Different games, not one game twelve times.
  EXPECT_NE(one[0].final_hash, one[1].final_hash);
}

TEST(Sweep, OneGamePlayedAloneIsTheSweepsGame) {
  SweepSettings settings = small_sweep(2);
  const std::vector<GameResult> sweep = run_sweep(settings);
  std::unique_ptr<GameRecord> record;
  const GameResult alone = play_sweep_game(settings, 5, &record);
  EXPECT_EQ(alone.final_hash, sweep[5].final_hash);
  ASSERT_NE(record, nullptr);
  EXPECT_EQ(record->state().hash(), sweep[5].final_hash);
  EXPECT_EQ(static_cast<int>(record->actions().size()), alone.applies);
  // The record replays to the same end, as `warband replay` would.
  const GameRecord replayed = GameRecord::replay(record->to_json());
  EXPECT_EQ(replayed.state().hash(), sweep[5].final_hash);
}

TEST(Sweep, UnitFiguresAddUp) {
  const std::vector<GameResult> results = run_sweep(small_sweep(1));
  int decided = 0;
  for (const GameResult& game : results) {
    ASSERT_TRUE(game.finished);
    ASSERT_FALSE(game.units.empty());
    if (game.winner >= 0) ++decided;
    int dealt = 0, taken = 0, kills = 0, deaths = 0;
    for (const UnitResult& unit : game.units) {
      dealt += unit.damage_dealt;
      taken += unit.damage_taken;
      kills += unit.kills;
      deaths += unit.survived ? 0 : 1;
      EXPECT_GT(unit.points, 0) << unit.name;
      EXPECT_FALSE(unit.name.empty());
    }
    // Damage dealt by enemies is part of all damage taken (terrain and friendly spells also hurt).
    EXPECT_LE(dealt, taken);
    EXPECT_LE(kills, deaths);
  }
  EXPECT_GT(decided, 0);
  int total_dealt = 0;
  for (const GameResult& game : results)
    for (const UnitResult& unit : game.units)
      total_dealt += unit.damage_dealt;
  EXPECT_GT(total_dealt, 0);
}

TEST(Sweep, BadBotIsOneClearError) {
  SweepSettings settings = small_sweep(2);
  settings.bots[1] = "cheater";
  try {
    run_sweep(settings);
    FAIL() << "expected an InputError";
  } catch (const InputError& error) {
    EXPECT_NE(std::string(error.what()).find("cheater"), std::string::npos) << error.what();
  }
}

TEST(Sweep, ACancelledSweepStopsBetweenGames) {
  SweepSettings settings = small_sweep(2);
  settings.end = 200;
  auto budget = std::make_shared<Budget>();
  settings.budget = budget;
  std::int64_t last_done = 0;
  EXPECT_THROW(run_sweep(settings,
                         [&](std::int64_t done, std::int64_t) {
                           last_done = done;
                           if (done == 3) budget->cancel();
                         }),
               SweepCancelled);
  // Each worker drops or finishes the game it is playing, then takes no other (of the 200).
  EXPECT_GE(last_done, 3);
  EXPECT_LE(last_done, 6);
}

TEST(Sweep, ASweepCancelledBeforeItStartsPlaysNothing) {
  SweepSettings settings = small_sweep(1);
  auto budget = std::make_shared<Budget>();
  budget->cancel();
  settings.budget = budget;
  int calls = 0;
  EXPECT_THROW(run_sweep(settings, [&](std::int64_t, std::int64_t) { ++calls; }), SweepCancelled);
  EXPECT_EQ(calls, 0);
}

// Issue 14: a cancelled balance job with search bots went on for 70 s (a game's bot decision is
// long); the bots poll the budget, so the sweep stops inside the game. Generous bound: it stopped.
TEST(Sweep, ACancelledSweepStopsInsideABotsSearch) {
  SweepSettings settings = small_sweep(1);
  settings.bots = {"greedy:depth=8,nodes=10000000", "mcts:rollout=full,iterations=100000000"};
  auto budget = std::make_shared<Budget>();
  settings.budget = budget;
  std::thread canceller([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    budget->cancel();
  });
  const auto start = std::chrono::steady_clock::now();
  EXPECT_THROW(run_sweep(settings), SweepCancelled);
  canceller.join();
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(30));
}

// A sweep game played alone (the server's /api/replays/sim) is not cut short into another game:
// out of budget it is BudgetExhausted.
TEST(Sweep, AGameAloneOutOfBudgetIsThrownAway) {
  SweepSettings settings = small_sweep(1);
  settings.bots = {"greedy:depth=8,nodes=10000000", "greedy:depth=8,nodes=10000000"};
  settings.budget = std::make_shared<Budget>(std::chrono::milliseconds(100));
  std::unique_ptr<GameRecord> record;
  EXPECT_THROW(play_sweep_game(settings, 0, &record), BudgetExhausted);
}

}  // namespace
}  // namespace warband::sim
