// A balance run: the sweep of bot-vs-bot games (random legal warbands from the ruleset's hooks,
// or the warbands given) and the analysis of its results.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "balance/balance_analysis.h"
#include "balance/formula_analysis.h"
#include "core/balance_hooks.h"
#include "core/game_record.h"
#include "sim/sweep.h"

namespace warband::balance {

// The prices random lists are drawn at (docs/sim.md, "Lists at the reference prices"): the
// reference prices (the content's, before `--set` and a search's price moves), so that catalogs
// compared play the same lists, or the prices under test, so that a list is what a player could
// buy with them. The reference needs BalanceHooks::with_warbands; without it lists are priced.
enum class Lists { kReference, kPriced };

// "reference" or "priced"; anything else an InputError naming `where`.
Lists parse_lists(const std::string& text, const std::string& where);
const char* lists_name(Lists lists);

struct BalanceSettings {
  std::string ruleset;
  // Every game's setup before its warbands: content_dir, map, parameters, fixed warbands...
  nlohmann::json base_setup = nlohmann::json::object();
  std::vector<BalanceOverride> overrides;  // --set PATH=VALUE
  std::string bot = "random";              // both sides
  std::uint64_t seed = 1;
  std::int64_t games = 1000;
  int threads = 1;
  int points = 0;   // the random warbands' limit; 0: the ruleset's standard game
  int spread = -1;  // how far below it a side's budget may be drawn; -1: the ruleset's default
  bool random_warbands = true;  // false: base_setup's own warbands every game
  // The design's variance reductions (docs/sim.md "Variance reduction"):
  // games 2k and 2k+1 one mirrored pair: the same setup and seed, the sides' warbands swapped.
  bool mirrored = false;
  // Each side's units from at most this many profiles (BalanceHooks::skewed_setup); 0: any.
  int profiles = 0;
  Lists lists = Lists::kReference;
  // Measure each game's luck (sim/luck.h): the result's fit subtracts it from the result, the
  // margin's fits it as one more column (AnalysisOptions::luck_column).
  bool luck = false;
  // What the fit reads (margin_outcome.h): the result, logistically, or the margin, linearly.
  Outcome outcome = Outcome::kResult;
  // Card prices moved by +-this many steps between games (BalanceHooks::card_price_override), so
  // that the fit learns what one step is worth: docs/sim.md "Spell cards". 0: never moved.
  int price_jitter = 0;
  // The sweep's games are [first_game, first_game + games): later rounds of a reprice play new
  // games of the same seed.
  std::int64_t first_game = 0;
  // The run's limit: cancelled from another thread, or out of time, the run stops within a game's
  // bot decision (run_balance then throws sim::SweepCancelled).
  std::shared_ptr<const Budget> budget;
};

// The lists a run with `settings` plays, as drawn: kReference only where the warbands are random
// and the ruleset has BalanceHooks::with_warbands; otherwise the prices under test draw them.
Lists lists_played(const BalanceSettings& settings);

// The run's sweep: game i is played on the setup drawn from mix_seed(game seed, 2), so that
// (seed, index) alone replays it (mirrored: games 2k and 2k+1 on the seed and setup of pair k,
// the second with the sides' warbands swapped). Throws InputError on a bad ruleset, override or
// bot.
sim::SweepSettings sweep_for(const BalanceSettings& settings);

struct BalanceRun {
  BalanceSettings settings;
  nlohmann::json setup;  // base_setup with the overrides recorded
  int points = 0;        // the limit the warbands were drawn at (0 with fixed warbands)
  int spread = 0;
  std::vector<BalanceUnit> catalog;
  std::vector<BalanceCard> cards;  // the cards the fit values (BalanceHooks::cards), else none
  std::vector<sim::GameResult> games;
  // With a price jitter: each game's card prices (in `games` order, as `cards`); else empty.
  CardPrices card_prices;
  BalanceAnalysis analysis;
  // A ruleset priced by a formula (BalanceHooks::formula_terms) with random warbands: each term's
  // value per point. Its warbands have no unit catalog, so `analysis` has no units then.
  std::optional<FormulaAnalysis> formula;
};

// The limit a run with these settings draws its warbands at: settings.points, else the ruleset's
// standard game (its setup with the overrides applied).
int points_limit_for(const BalanceSettings& settings);

// The spread `warband balance --measure-rate` draws budgets at unless told: two thirds of the
// limit (r is learnt from the totals' differences), or the ruleset's widest_spread at the setup
// its lists are drawn from where that is narrower (without the hook, its default_spread).
int measure_rate_spread(const BalanceSettings& settings);

BalanceRun run_balance(const BalanceSettings& settings, const sim::SweepProgress& progress = {});

// The run that `games` (the run's games, in index order, played elsewhere: warband_mpi_balance's
// ranks) make: run_balance's, without playing. Throws InputError unless they are exactly games
// [first_game, first_game + games).
BalanceRun balance_run_of(const BalanceSettings& settings, std::vector<sim::GameResult> games);

// How the run's fit reads its games: robust intervals when its results are luck-adjusted or
// mirrored, and the reference prices (the content's) as the margin's yardstick and the rate's
// scale.
AnalysisOptions analysis_options(const BalanceSettings& settings);

// The override that prices unit `id` at `points`: the ruleset's (BalanceHooks::price_override),
// else units.ID.points=N.
BalanceOverride unit_price_override(const BalanceHooks& hooks, const std::string& id, int points);

// The most games a run (or a repricing, over all its rounds) may play: it keeps each game's
// result for the fit, up to some 10 KB a game (20,000 games: 203 MB at most).
inline constexpr std::int64_t kMaxBalanceGames = 1'000'000;
// A game's index stays below this (first_game + games), far from overflowing.
inline constexpr std::int64_t kMaxGameIndex = std::int64_t{1} << 53;

// The most a run may move each card price by (--price-jitter).
inline constexpr int kMaxPriceJitter = 5;
// The jitter's price patterns: pattern 2j + 1 moves every price against pattern 2j, so each
// price's mean offset over the patterns is 0. A game's pattern is its index's (its pair's, when
// mirrored) modulo this.
inline constexpr int kPriceJitterPatterns = 4;

// `setup` with its two warbands swapped: Red plays Blue's and Blue Red's.
nlohmann::json swap_sides(nlohmann::json setup);

// Plays game `index` of the run alone, as the run played it, and returns its record.
std::unique_ptr<GameRecord> replay_balance_game(const BalanceSettings& settings,
                                                std::int64_t index);

}  // namespace warband::balance
