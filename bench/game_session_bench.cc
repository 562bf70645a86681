// What a game request costs the server besides HTTP and SQLite: every request replays the stored
// log into a GameSession (each action checked, each action_view taken) and builds the view. Aim:
// a whole AtomsPast game (a few thousand applies) loads and renders in well under 100 ms, so that
// playing a move stays interactive to the end of a game.
#include <benchmark/benchmark.h>

#include "core/registry.h"
#include "server/game_session.h"

namespace {

using warband::server::GameSession;

// Random bots on the smallest map: a whole game, played once.
const nlohmann::json& finished_log() {
  static const nlohmann::json log = [] {
    GameSession session("atomspast", warband::make_game("atomspast", {{"map", "training_ground"}}),
                        {"random", "random"}, 7);
    while (session.pending())
      session.advance();
    return session.log();
  }();
  return log;
}

void BM_LoadFinishedGame(benchmark::State& state) {
  const nlohmann::json& log = finished_log();
  for (auto _ : state)
    benchmark::DoNotOptimize(GameSession::from_log(log, {"random", "random"}, 7));
  state.counters["actions"] = static_cast<double>(log["actions"].size());
}
BENCHMARK(BM_LoadFinishedGame)->Unit(benchmark::kMillisecond);

void BM_ViewFinishedGame(benchmark::State& state) {
  const GameSession session = GameSession::from_log(finished_log(), {"random", "random"}, 7);
  for (auto _ : state)
    benchmark::DoNotOptimize(session.view("1", "game", -1).dump());
}
BENCHMARK(BM_ViewFinishedGame)->Unit(benchmark::kMillisecond);

}  // namespace
