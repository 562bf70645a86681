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
  resolved.spread = settings.spread >= 0   ? settings.spread
                    : hooks.default_spread ? hooks.default_spread(resolved.points)
                                           : resolved.points / 10;
  // One draw before any game, so that a limit no side can be drawn at is a clear error at once
  // (not a failure inside the sweep's threads).
  hooks.random_setup(resolved.setup, resolved.points, resolved.spread, settings.seed);
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

int points_limit_for(const BalanceSettings& settings) {
  if (settings.points > 0) return settings.points;
  const BalanceHooks& hooks = find_balance(settings.ruleset);
  return hooks.points_limit(hooks.apply_overrides(settings.base_setup, settings.overrides));
}

BalanceRun run_balance(const BalanceSettings& settings, const sim::SweepProgress& progress) {
  const Resolved resolved = resolve(settings);
  BalanceRun run;
  run.settings = settings;
  run.setup = resolved.setup;
  run.points = resolved.points;
  run.spread = resolved.spread;
  const BalanceHooks& hooks = find_balance(settings.ruleset);
  run.catalog = hooks.catalog(resolved.setup);
  sim::SweepSettings sweep = sweep_from(settings, resolved);
  if (hooks.cards && hooks.side_cards) {
    run.cards = hooks.cards(resolved.setup);
    sweep.read_cards = hooks.side_cards;
  }
  run.games = sim::run_sweep(sweep, progress);
  run.analysis = analyze(run.catalog, run.games, run.cards);
  if (settings.random_warbands && hooks.formula_terms && hooks.formula_points) {
    // Each game's setup again (a pure function of the seed), read for its formula points.
    std::vector<FormulaPoints> points;
    std::vector<double> red_results;
    for (const sim::GameResult& game : run.games) {
      points.push_back(hooks.formula_points(sweep.setup_for_game(game.index)));
      red_results.push_back(game.winner == 0 ? 1.0 : game.winner == 1 ? 0.0 : 0.5);
    }
    run.formula = analyze_formula(hooks.formula_terms(resolved.setup), points, red_results);
  }
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
