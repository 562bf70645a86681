#include "balance/balance_run.h"

#include <algorithm>
#include <array>
#include <optional>
#include <set>

#include "bots/bot.h"
#include "core/error.h"
#include "core/folder_cache.h"
#include "core/registry.h"
#include "core/rng.h"

namespace warband::balance {
namespace {

struct Resolved {
  nlohmann::json setup;
  // With lists at the reference prices: the setup they are drawn from (base_setup with every
  // override but the prices'), each game's then played at `setup`'s (or its jitter pattern's)
  // prices through BalanceHooks::with_warbands.
  std::optional<nlohmann::json> lists_setup;
  int points = 0;
  int spread = 0;
  // With a price jitter: the setup with each pattern's card prices (kPriceJitterPatterns).
  std::vector<nlohmann::json> jittered;
};

int jitter_pattern(std::int64_t index, bool mirrored) {
  return static_cast<int>((mirrored ? index / 2 : index) % kPriceJitterPatterns);
}

// The setup under each jitter pattern: every price id's price moved by +-jitter, the signs of
// patterns 0 and 2 drawn from the seed (so prices move independently of each other), patterns 1
// and 3 their opposites. A price is never moved below 0.
std::vector<nlohmann::json> jittered_setups(const BalanceHooks& hooks, const nlohmann::json& setup,
                                            int jitter, std::uint64_t seed) {
  std::vector<std::pair<std::string, int>> prices;  // price id, price now: each id once
  for (const BalanceCard& card : hooks.cards(setup)) {
    if (!card.price || card.price_id.empty()) continue;
    const bool seen = std::any_of(prices.begin(), prices.end(),
                                  [&](const auto& price) { return price.first == card.price_id; });
    if (!seen) prices.emplace_back(card.price_id, *card.price);
  }
  Rng rng(mix_seed(seed, 7));
  std::array<std::vector<int>, 2> signs;
  for (std::vector<int>& pattern_signs : signs)
    for (std::size_t i = 0; i < prices.size(); ++i)
      pattern_signs.push_back(rng.below(2) == 0 ? 1 : -1);
  std::vector<nlohmann::json> setups;
  for (int pattern = 0; pattern < kPriceJitterPatterns; ++pattern) {
    std::vector<BalanceOverride> overrides;
    for (std::size_t i = 0; i < prices.size(); ++i) {
      const int sign = signs[pattern / 2][i] * (pattern % 2 == 0 ? 1 : -1);
      overrides.push_back(hooks.card_price_override(prices[i].first,
                                                    std::max(0, prices[i].second + sign * jitter)));
    }
    setups.push_back(hooks.apply_overrides(setup, overrides));
  }
  return setups;
}

// The paths of the overrides that set a price: each unit's (unit_price_override) and each
// priced card's (BalanceHooks::card_price_override).
std::set<std::string> price_paths(const BalanceHooks& hooks, const nlohmann::json& setup) {
  std::set<std::string> paths;
  for (const BalanceUnit& unit : hooks.catalog(setup))
    paths.insert(unit_price_override(hooks, unit.id, unit.points).first);
  if (hooks.cards && hooks.card_price_override)
    for (const BalanceCard& card : hooks.cards(setup))
      if (card.price && !card.price_id.empty())
        paths.insert(hooks.card_price_override(card.price_id, *card.price).first);
  return paths;
}

// The setup lists are drawn from at the reference prices: base_setup with the overrides that
// change anything but a price (a stat, a parameter), so that a unit's price, given by `--set` or
// moved by a search, changes no list.
nlohmann::json reference_lists_setup(const BalanceHooks& hooks, const BalanceSettings& settings) {
  const std::set<std::string> prices = price_paths(hooks, settings.base_setup);
  std::vector<BalanceOverride> kept;
  for (const BalanceOverride& override : settings.overrides)
    if (!prices.contains(override.first)) kept.push_back(override);
  return hooks.apply_overrides(settings.base_setup, kept);
}

// Game `drawn`'s setup: two random warbands drawn from `seed` at `lists` (the reference setup)
// or at `priced` itself, played at `priced`'s prices.
nlohmann::json drawn_setup(const BalanceHooks& hooks, const nlohmann::json& priced,
                           const std::optional<nlohmann::json>& lists, int points, int spread,
                           int profiles, std::uint64_t seed) {
  const nlohmann::json& from = lists ? *lists : priced;
  nlohmann::json setup = profiles > 0 ? hooks.skewed_setup(from, points, spread, profiles, seed)
                                      : hooks.random_setup(from, points, spread, seed);
  return lists ? hooks.with_warbands(priced, setup) : setup;
}

// The games a run may play: [first_game, first_game + games) with no overflow, and no more than
// it can keep in memory (every game's result is kept for the fit).
void check_games(const BalanceSettings& settings) {
  if (settings.games < 1 || settings.games > kMaxBalanceGames)
    throw InputError("--games",
                     fmt::format("expected 1 to {} games (a run keeps every game's result in "
                                 "memory, up to some 10 KB a game), got {}",
                                 kMaxBalanceGames, settings.games));
  if (settings.first_game < 0 || settings.first_game > kMaxGameIndex - settings.games)
    throw InputError("--first-game", fmt::format("expected 0 to {} for {} games, got {}",
                                                 kMaxGameIndex - settings.games, settings.games,
                                                 settings.first_game));
}

Resolved resolve(const BalanceSettings& settings) {
  check_games(settings);
  // The spec checked before any game, naming the option it came from (the sweep names a side).
  bots::make_bot(settings.bot, "--bot");
  const BalanceHooks& hooks = find_balance(settings.ruleset);
  Resolved resolved;
  resolved.setup = hooks.apply_overrides(settings.base_setup, settings.overrides);
  if (!settings.random_warbands) {
    if (settings.price_jitter != 0)
      throw InputError("--price-jitter",
                       "needs random warbands, not --warbands: a price step "
                       "is learnt from decks that differ");
    // A bad map or warband is one clear error before any game (not a job failed after it began).
    make_game(settings.ruleset, resolved.setup);
    return resolved;
  }
  resolved.points = settings.points > 0 ? settings.points : hooks.points_limit(resolved.setup);
  resolved.spread = settings.spread >= 0   ? settings.spread
                    : hooks.default_spread ? hooks.default_spread(resolved.points)
                                           : resolved.points / 10;
  if (settings.profiles < 0) throw InputError("--profiles", "expected 0 (any) or more profiles");
  if (settings.profiles > 0 && !hooks.skewed_setup)
    throw InputError("--profiles", fmt::format("{} cannot draw skewed lists (no skewed_setup hook)",
                                               settings.ruleset));
  if (settings.price_jitter < 0 || settings.price_jitter > kMaxPriceJitter)
    throw InputError("--price-jitter", fmt::format("expected 0 to {} steps, got {}",
                                                   kMaxPriceJitter, settings.price_jitter));
  if (settings.price_jitter > 0) {
    if (!hooks.cards || !hooks.side_cards || !hooks.card_price_override)
      throw InputError("--price-jitter", fmt::format("{} has no card prices to move (no "
                                                     "card_price_override hook)",
                                                     settings.ruleset));
    resolved.jittered =
        jittered_setups(hooks, resolved.setup, settings.price_jitter, settings.seed);
  }
  if (lists_played(settings) == Lists::kReference)
    resolved.lists_setup = reference_lists_setup(hooks, settings);
  if (resolved.spread >= resolved.points)
    throw InputError("--spread", fmt::format("expected less than the points limit ({}): a side's "
                                             "budget is drawn from {} - spread to {}, got {}",
                                             resolved.points, resolved.points, resolved.points,
                                             resolved.spread));
  // One draw and its game before any game, so that a limit no side can be drawn at, or a bad
  // map, is a clear error at once (not a failure inside the sweep's threads).
  make_game(settings.ruleset,
            drawn_setup(hooks, resolved.setup, resolved.lists_setup, resolved.points,
                        resolved.spread, settings.profiles, settings.seed));
  return resolved;
}

sim::SweepSettings sweep_from(const BalanceSettings& settings, const Resolved& resolved) {
  check_games(settings);
  sim::SweepSettings sweep;
  sweep.ruleset = settings.ruleset;
  sweep.setup = resolved.setup;
  sweep.bots = {settings.bot, settings.bot};
  sweep.seed = settings.seed;
  sweep.first = settings.first_game;
  sweep.end = settings.first_game + settings.games;
  sweep.measure_luck = settings.luck;
  sweep.threads = std::max(1, settings.threads);
  sweep.budget = settings.budget;
  if (settings.random_warbands) {
    const BalanceHooks* hooks = &find_balance(settings.ruleset);
    const nlohmann::json base = resolved.setup;
    const std::optional<nlohmann::json> lists = resolved.lists_setup;
    const std::vector<nlohmann::json> jittered = resolved.jittered;
    const int points = resolved.points, spread = resolved.spread;
    const std::uint64_t seed = settings.seed;
    const int profiles = settings.profiles;
    const bool mirrored = settings.mirrored;
    sweep.setup_for_game = [hooks, base, lists, jittered, points, spread, seed, profiles,
                            mirrored](std::int64_t index) {
      const std::int64_t drawn = mirrored ? index / 2 : index;
      const std::uint64_t setup_seed = mix_seed(sim::game_seed(seed, drawn), 2);
      const nlohmann::json& priced =
          jittered.empty() ? base : jittered[jitter_pattern(index, mirrored)];
      nlohmann::json setup =
          drawn_setup(*hooks, priced, lists, points, spread, profiles, setup_seed);
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

Lists parse_lists(const std::string& text, const std::string& where) {
  if (text == "reference") return Lists::kReference;
  if (text == "priced") return Lists::kPriced;
  throw InputError(where, fmt::format("expected reference or priced, got '{}'", text));
}

const char* lists_name(Lists lists) {
  return lists == Lists::kReference ? "reference" : "priced";
}

Lists lists_played(const BalanceSettings& settings) {
  return settings.lists == Lists::kReference && settings.random_warbands &&
                 find_balance(settings.ruleset).with_warbands
             ? Lists::kReference
             : Lists::kPriced;
}

BalanceOverride unit_price_override(const BalanceHooks& hooks, const std::string& id, int points) {
  return hooks.price_override ? hooks.price_override(id, points)
                              : BalanceOverride{"units." + id + ".points", std::to_string(points)};
}

AnalysisOptions analysis_options(const BalanceSettings& settings) {
  AnalysisOptions options{.robust = settings.luck || settings.mirrored,
                          .paired = settings.mirrored,
                          .outcome = settings.outcome,
                          .luck_column = settings.luck};
  // The margin weighs units by the content's prices (before `--set` and the search's own moves),
  // and the rate is scaled by them, so that every catalog a search or a planted test compares
  // is measured with one yardstick.
  const BalanceHooks& hooks = find_balance(settings.ruleset);
  for (const BalanceUnit& unit : hooks.catalog(settings.base_setup))
    options.reference_prices.emplace(unit.name, unit.points);
  return options;
}

sim::SweepSettings sweep_for(const BalanceSettings& settings) {
  return sweep_from(settings, resolve(settings));
}

int points_limit_for(const BalanceSettings& settings) {
  if (settings.points > 0) return settings.points;
  const BalanceHooks& hooks = find_balance(settings.ruleset);
  return hooks.points_limit(hooks.apply_overrides(settings.base_setup, settings.overrides));
}

int measure_rate_spread(const BalanceSettings& settings) {
  const int points = points_limit_for(settings);
  const BalanceHooks& hooks = find_balance(settings.ruleset);
  int spread = points * 2 / 3;
  if (hooks.widest_spread) {
    const nlohmann::json lists =
        lists_played(settings) == Lists::kReference
            ? reference_lists_setup(hooks, settings)
            : hooks.apply_overrides(settings.base_setup, settings.overrides);
    spread = std::min(spread, hooks.widest_spread(lists, points));
  } else if (hooks.default_spread) {
    spread = std::min(spread, hooks.default_spread(points));
  }
  return spread;
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
  if (!resolved.jittered.empty()) {
    // Each pattern's prices, card by card (the cards are listed alike under every pattern).
    std::vector<std::vector<double>> pattern_prices;
    for (const nlohmann::json& setup : resolved.jittered) {
      const std::vector<BalanceCard> priced = hooks.cards(setup);
      WB_CHECK(priced.size() == run.cards.size());
      std::vector<double> prices;
      for (std::size_t c = 0; c < priced.size(); ++c)
        prices.push_back(priced[c].price.value_or(run.cards[c].price.value_or(0)));
      pattern_prices.push_back(std::move(prices));
    }
    for (const sim::GameResult& game : run.games)
      run.card_prices.push_back(pattern_prices[jitter_pattern(game.index, settings.mirrored)]);
  }
  run.analysis =
      analyze(run.catalog, run.games, run.cards, analysis_options(settings), run.card_prices);
  run.analysis.card_price_name = hooks.card_price_name;
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
  // One version of the content for the whole run (core/folder_cache.h).
  FolderSnapshot snapshot;
  const FolderSnapshot::Use use_snapshot(snapshot);
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
