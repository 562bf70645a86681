#include "balance/balance_run.h"

#include <algorithm>

#include "core/error.h"
#include "core/registry.h"
#include "core/rng.h"

namespace warband::balance {
namespace {

struct Resolved {
  nlohmann::json setup;
  int points = 0;
  int spread = 0;
};

Resolved resolve(const BalanceSettings& settings) {
  const BalanceHooks& hooks = find_balance(settings.ruleset);
  Resolved resolved;
  resolved.setup = hooks.apply_overrides(settings.base_setup, settings.overrides);
  if (!settings.random_warbands) return resolved;
  resolved.points = settings.points > 0 ? settings.points : hooks.points_limit(resolved.setup);
  resolved.spread = settings.spread >= 0 ? settings.spread : resolved.points / 10;
  return resolved;
}

sim::SweepSettings sweep_from(const BalanceSettings& settings, const Resolved& resolved) {
  if (settings.games < 1) throw InputError("--games", "expected at least 1 game");
  sim::SweepSettings sweep;
  sweep.ruleset = settings.ruleset;
  sweep.setup = resolved.setup;
  sweep.bots = {settings.bot, settings.bot};
  sweep.seed = settings.seed;
  sweep.first = 0;
  sweep.end = settings.games;
  sweep.threads = std::max(1, settings.threads);
  sweep.budget = settings.budget;
  if (settings.random_warbands) {
    const BalanceHooks* hooks = &find_balance(settings.ruleset);
    const nlohmann::json base = resolved.setup;
    const int points = resolved.points, spread = resolved.spread;
    const std::uint64_t seed = settings.seed;
    sweep.setup_for_game = [hooks, base, points, spread, seed](std::int64_t index) {
      return hooks->random_setup(base, points, spread, mix_seed(sim::game_seed(seed, index), 2));
    };
  }
  return sweep;
}

}  // namespace

sim::SweepSettings sweep_for(const BalanceSettings& settings) {
  return sweep_from(settings, resolve(settings));
}

BalanceRun run_balance(const BalanceSettings& settings, const sim::SweepProgress& progress) {
  const Resolved resolved = resolve(settings);
  BalanceRun run;
  run.settings = settings;
  run.setup = resolved.setup;
  run.points = resolved.points;
  run.spread = resolved.spread;
  run.catalog = find_balance(settings.ruleset).catalog(resolved.setup);
  run.games = sim::run_sweep(sweep_from(settings, resolved), progress);
  run.analysis = analyze(run.catalog, run.games);
  return run;
}

std::unique_ptr<GameRecord> replay_balance_game(const BalanceSettings& settings,
                                                std::int64_t index) {
  if (index < 0 || index >= settings.games)
    throw InputError("--replay-index", fmt::format("expected a game from 0 to {}, got {}",
                                                   settings.games - 1, index));
  std::unique_ptr<GameRecord> record;
  sim::play_sweep_game(sweep_for(settings), index, &record);
  return record;
}

}  // namespace warband::balance
