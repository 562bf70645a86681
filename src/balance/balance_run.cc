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
  if (settings.profiles < 0) throw InputError("--profiles", "expected 0 (any) or more profiles");
  if (settings.profiles > 0 && !hooks.skewed_setup)
    throw InputError("--profiles", fmt::format("{} cannot draw skewed lists (no skewed_setup hook)",
                                               settings.ruleset));
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
  if (settings.first_game < 0) throw InputError("sweep", "the first game is below 0");
  sweep.first = settings.first_game;
  sweep.end = settings.first_game + settings.games;
  sweep.measure_luck = settings.luck;
  sweep.threads = std::max(1, settings.threads);
  sweep.budget = settings.budget;
  if (settings.random_warbands) {
    const BalanceHooks* hooks = &find_balance(settings.ruleset);
    const nlohmann::json base = resolved.setup;
    const int points = resolved.points, spread = resolved.spread;
    const std::uint64_t seed = settings.seed;
    const int profiles = settings.profiles;
    const bool mirrored = settings.mirrored;
    sweep.setup_for_game = [hooks, base, points, spread, seed, profiles,
                            mirrored](std::int64_t index) {
      const std::int64_t drawn = mirrored ? index / 2 : index;
      const std::uint64_t setup_seed = mix_seed(sim::game_seed(seed, drawn), 2);
      nlohmann::json setup = profiles > 0
                                 ? hooks->skewed_setup(base, points, spread, profiles, setup_seed)
                                 : hooks->random_setup(base, points, spread, setup_seed);
      return mirrored && index % 2 == 1 ? swap_sides(std::move(setup)) : setup;
    };
  } else if (settings.mirrored) {
    const nlohmann::json base = resolved.setup;
    sweep.setup_for_game = [base](std::int64_t index) {
      return index % 2 == 1 ? swap_sides(base) : base;
    };
  }
  if (settings.mirrored) {
    const std::uint64_t seed = settings.seed;
    sweep.seed_for_game = [seed](std::int64_t index) { return sim::game_seed(seed, index / 2); };
  }
  return sweep;
}

}  // namespace

nlohmann::json swap_sides(nlohmann::json setup) {
  if (!setup.is_object() || !setup.contains("warbands") || !setup["warbands"].is_array() ||
      setup["warbands"].size() != 2)
    throw InputError("--mirrored", "a mirrored pair needs a setup with two warbands to swap");
  std::swap(setup["warbands"][0], setup["warbands"][1]);
  return setup;
}

AnalysisOptions analysis_options(const BalanceSettings& settings) {
  return {.robust = settings.luck || settings.mirrored, .paired = settings.mirrored};
}

sim::SweepSettings sweep_for(const BalanceSettings& settings) {
  return sweep_from(settings, resolve(settings));
}

int points_limit_for(const BalanceSettings& settings) {
  if (settings.points > 0) return settings.points;
  const BalanceHooks& hooks = find_balance(settings.ruleset);
  return hooks.points_limit(hooks.apply_overrides(settings.base_setup, settings.overrides));
}

namespace {

sim::SweepSettings full_sweep(const BalanceSettings& settings, const Resolved& resolved) {
  sim::SweepSettings sweep = sweep_from(settings, resolved);
  const BalanceHooks& hooks = find_balance(settings.ruleset);
  if (hooks.cards && hooks.side_cards) sweep.read_cards = hooks.side_cards;
  return sweep;
}

BalanceRun analyzed_run(const BalanceSettings& settings, const Resolved& resolved,
                        const sim::SweepSettings& sweep, std::vector<sim::GameResult> games) {
  BalanceRun run;
  run.settings = settings;
  run.setup = resolved.setup;
  run.points = resolved.points;
  run.spread = resolved.spread;
  const BalanceHooks& hooks = find_balance(settings.ruleset);
  run.catalog = hooks.catalog(resolved.setup);
  if (hooks.cards && hooks.side_cards) run.cards = hooks.cards(resolved.setup);
  run.games = std::move(games);
  run.analysis = analyze(run.catalog, run.games, run.cards, analysis_options(settings));
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

}  // namespace

BalanceRun run_balance(const BalanceSettings& settings, const sim::SweepProgress& progress) {
  const Resolved resolved = resolve(settings);
  const sim::SweepSettings sweep = full_sweep(settings, resolved);
  return analyzed_run(settings, resolved, sweep, sim::run_sweep(sweep, progress));
}

BalanceRun balance_run_of(const BalanceSettings& settings, std::vector<sim::GameResult> games) {
  const Resolved resolved = resolve(settings);
  const sim::SweepSettings sweep = full_sweep(settings, resolved);
  if (static_cast<std::int64_t>(games.size()) != settings.games)
    throw InputError(
        "games", fmt::format("expected the run's {} games, got {}", settings.games, games.size()));
  for (std::size_t i = 0; i < games.size(); ++i)
    if (games[i].index != settings.first_game + static_cast<std::int64_t>(i))
      throw InputError("games", fmt::format("expected game {} at place {}, got game {}",
                                            settings.first_game + static_cast<std::int64_t>(i), i,
                                            games[i].index));
  return analyzed_run(settings, resolved, sweep, std::move(games));
}

std::unique_ptr<GameRecord> replay_balance_game(const BalanceSettings& settings,
                                                std::int64_t index) {
  if (index < settings.first_game || index >= settings.first_game + settings.games)
    throw InputError("--replay-index",
                     fmt::format("expected a game from {} to {}, got {}", settings.first_game,
                                 settings.first_game + settings.games - 1, index));
  std::unique_ptr<GameRecord> record;
  sim::play_sweep_game(sweep_for(settings), index, &record);
  return record;
}

}  // namespace warband::balance
