#include "sim/sweep.h"

#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
#include <thread>

#include "core/error.h"
#include "core/folder_cache.h"
#include "core/registry.h"
#include "core/rng.h"

namespace warband::sim {

std::uint64_t game_seed(std::uint64_t sweep_seed, std::int64_t index) {
  return mix_seed(sweep_seed, static_cast<std::uint64_t>(index));
}

std::uint64_t seed_for(const SweepSettings& settings, std::int64_t index) {
  return settings.seed_for_game ? settings.seed_for_game(index) : game_seed(settings.seed, index);
}

std::shared_ptr<const Game> game_for(const SweepSettings& settings, std::int64_t index) {
  return make_game(settings.ruleset,
                   settings.setup_for_game ? settings.setup_for_game(index) : settings.setup);
}

namespace {

struct Players {
  std::unique_ptr<bots::Bot> red;
  std::unique_ptr<bots::Bot> blue;
  explicit Players(const SweepSettings& settings)
      : red(bots::make_bot(settings.bots[0], "red bot")),
        blue(bots::make_bot(settings.bots[1], "blue bot")) {}
};

GameResult play_one(const SweepSettings& settings, const std::shared_ptr<const Game>& game,
                    Players& players, std::int64_t index, GameRecord* record) {
  GameResult result = play_match(game, seed_for(settings, index), *players.red, *players.blue,
                                 record, settings.budget ? *settings.budget : Budget::unlimited(),
                                 settings.measure_luck, settings.read_cards);
  result.index = index;
  return result;
}

}  // namespace

GameResult play_sweep_game(const SweepSettings& settings, std::int64_t index,
                           std::unique_ptr<GameRecord>* record) {
  Players players(settings);
  const std::shared_ptr<const Game> game = game_for(settings, index);
  if (!record) return play_one(settings, game, players, index, nullptr);
  *record = std::make_unique<GameRecord>(settings.ruleset, game);
  (*record)->seed = seed_for(settings, index);
  return play_one(settings, game, players, index, record->get());
}

std::vector<GameResult> run_sweep(const SweepSettings& settings, const SweepProgress& progress) {
  if (settings.end < settings.first)
    throw InputError("sweep", "the last game comes before the first");
  const std::int64_t total = settings.end - settings.first;
  std::vector<GameResult> results(static_cast<std::size_t>(total));
  // Every game of the sweep reads its content as it was when the sweep began (or the run around
  // it, when the caller holds a snapshot already): one version of the prices for a whole run.
  FolderSnapshot own_snapshot;
  FolderSnapshot& snapshot = FolderSnapshot::current() ? *FolderSnapshot::current() : own_snapshot;
  const FolderSnapshot::Use use_snapshot(snapshot);
  // Check the settings once, here, so that a bad bot or setup is one clear error.
  Players checked(settings);
  const std::shared_ptr<const Game> shared_game =
      settings.setup_for_game ? nullptr : game_for(settings, settings.first);

  std::atomic<std::int64_t> next{0};
  std::atomic<std::int64_t> done{0};
  std::mutex mutex;  // guards `failure` and serialises `progress`
  std::exception_ptr failure;
  const auto cancelled = [&] { return settings.budget && settings.budget->exhausted(); };
  const auto work = [&] {
    const FolderSnapshot::Use worker_snapshot(snapshot);
    try {
      Players players(settings);
      for (std::int64_t slot = next++; slot < total && !cancelled(); slot = next++) {
        const std::int64_t index = settings.first + slot;
        const std::shared_ptr<const Game> game =
            shared_game ? shared_game : game_for(settings, index);
        results[static_cast<std::size_t>(slot)] = play_one(settings, game, players, index, nullptr);
        const std::int64_t finished = ++done;
        if (progress) {
          std::lock_guard lock(mutex);
          progress(finished, total);
        }
      }
    } catch (...) {
      std::lock_guard lock(mutex);
      if (!failure) failure = std::current_exception();
      next = total;  // stop the other workers soon
    }
  };
  const int threads = static_cast<int>(
      std::clamp<std::int64_t>(settings.threads, 1, std::max<std::int64_t>(total, 1)));
  std::vector<std::thread> workers;
  for (int worker = 1; worker < threads; ++worker)
    workers.emplace_back(work);
  work();
  for (std::thread& worker : workers)
    worker.join();
  if (failure) {
    try {
      std::rethrow_exception(failure);
    } catch (const BudgetExhausted&) {
      throw SweepCancelled();  // a game stopped half way by the budget
    }
  }
  if (done < total) throw SweepCancelled();
  return results;
}

}  // namespace warband::sim
