// The bot ladder, measured (not a test: disabled, run by hand, minutes per rung):
//   LADDER_GAMES=100 build/release/warband_tests --gtest_also_run_disabled_tests
//     --gtest_filter='LadderMeasure.*'    (one command line)
// Each rung plays LADDER_GAMES games with A as Red and as many with A as Blue (sides swapped),
// on the seed's warbands (toms_orcs vs jerrys_elves) and map broken_hills, and prints A's score
// (a win 1, a draw 1/2) with its 95% Wilson interval. LADDER_RUNGS picks rungs by number (1,2,3).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <string>

#include "sim/sweep.h"

namespace warband::bots {
namespace {

struct Interval {
  double low, high;
};

// Wilson's score interval for a proportion, z = 1.96 (95%).
Interval wilson(double successes, double trials) {
  const double z = 1.96;
  const double p = successes / trials;
  const double centre = (p + z * z / (2 * trials)) / (1 + z * z / trials);
  const double half =
      z * std::sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / (1 + z * z / trials);
  return {centre - half, centre + half};
}

int env_int(const char* name, int fallback) {
  const char* text = std::getenv(name);
  return text ? std::atoi(text) : fallback;
}

void rung(int number, const std::string& a, const std::string& b) {
  const std::string rungs = std::getenv("LADDER_RUNGS") ? std::getenv("LADDER_RUNGS") : "123";
  if (rungs.find(std::to_string(number)) == std::string::npos) return;
  const int games = env_int("LADDER_GAMES", 50);
  double score = 0;
  int wins = 0, draws = 0, losses = 0;
  for (int a_side = 0; a_side < 2; ++a_side) {
    sim::SweepSettings settings;
    settings.ruleset = "atomspast";
    settings.setup = {{"map", "broken_hills"}, {"warbands", {"toms_orcs", "jerrys_elves"}}};
    settings.bots[a_side] = a;
    settings.bots[1 - a_side] = b;
    settings.seed = 2026 + a_side;
    settings.end = games;
    settings.threads = env_int("LADDER_THREADS", 2);
    for (const sim::GameResult& game : sim::run_sweep(settings)) {
      if (game.winner == a_side) {
        ++wins;
        score += 1;
      } else if (game.winner < 0) {
        ++draws;
        score += 0.5;
      } else {
        ++losses;
      }
    }
  }
  const Interval interval = wilson(score, 2 * games);
  std::printf("| %s | %s | %d | %d-%d-%d | %.3f | [%.3f, %.3f] |\n", a.c_str(), b.c_str(),
              2 * games, wins, draws, losses, score / (2 * games), interval.low, interval.high);
  std::fflush(stdout);
}

TEST(LadderMeasure, DISABLED_Table) {
  std::printf(
      "| A | B | games | A won-drew-lost | A score | 95%% Wilson |\n|---|---|---|---|---|---|\n");
  rung(1, std::getenv("LADDER_GREEDY") ? std::getenv("LADDER_GREEDY") : "greedy", "random");
  rung(2, std::getenv("LADDER_MCTS") ? std::getenv("LADDER_MCTS") : "mcts", "greedy");
  rung(3, std::getenv("LADDER_BIG") ? std::getenv("LADDER_BIG") : "mcts:iterations=2000",
       std::getenv("LADDER_SMALL") ? std::getenv("LADDER_SMALL") : "mcts:iterations=200");
}

}  // namespace
}  // namespace warband::bots
