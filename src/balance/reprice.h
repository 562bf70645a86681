// `warband balance RULESET --reprice`: a fixed-point search for unit prices (and card prices, such
// as a spell's cost). Each round prices every unit (through the ruleset's price override) and
// card, plays new games of the run's seed, refits on every game so far and moves each unit and
// card not yet frozen to its suggestion; one is frozen once its suggestion's 95% interval is within
// +-tolerance points (cards: +-price_tolerance steps): sequential stopping. A unit's value
// (log-odds per copy) does not depend on its price, so the games of earlier rounds stay valid
// evidence. The lists are drawn, the margin measured and the average point valued at the
// reference prices (the content's) where the ruleset can (BalanceHooks::with_warbands), so a
// price reaches a game only through the rules and bots that read it (a victory scored in points
// destroyed); with `--lists priced` it also decides which lists are drawn. docs/sim.md,
// "Repricing".
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "balance/balance_run.h"

namespace warband::balance {

struct RepriceSettings {
  BalanceSettings balance;  // games: the games of each round
  double tolerance = 10;    // points: freeze a unit whose interval is within +-tolerance
  int max_rounds = 6;
  // Steps of a card's price (a spell's cost): freeze a card whose suggested price's interval is
  // within +-price_tolerance.
  double price_tolerance = 1;
};

struct RepricedUnit {
  std::string id;
  std::string name;
  int old_points = 0;
  int new_points = 0;
  bool estimable = false;
  double suggested = 0, low = 0, high = 0;  // the last fit's suggestion and 95% interval
  int frozen_round = -1;                    // the round it was frozen in; -1: not frozen
};

// A card price the search moves (BalanceHooks::card_price_override): each price id once, moved by
// the suggestion of the first card the ruleset lists with it (e.g. a spell's deck copy; the
// suggestions of its other kinds are in the report only).
struct RepricedCard {
  std::string price_id;  // "grafted_strike": the override's id
  // The content path the override sets ("spells.grafted_strike.acti"), for a `--set` line.
  std::string price_path;
  std::string name;  // the card whose suggestion moves it
  std::string kind;
  int old_price = 0;
  int new_price = 0;
  bool estimable = false;                   // the last fit suggested a price for it
  double suggested = 0, low = 0, high = 0;  // that suggestion and its 95% interval
  int frozen_round = -1;                    // the round it was frozen in; -1: not frozen
};

struct RepriceResult {
  RepriceSettings settings;
  std::vector<RepricedUnit> units;  // catalog order
  std::vector<RepricedCard> cards;  // the ruleset's card order; empty without card prices
  std::string card_price_name;      // "AcTi"
  int rounds = 0;
  std::int64_t games = 0;
  bool all_frozen = false;
  // The last pooled fit's average point was clearly worth more than 0: without it no unit moved
  // but those frozen earlier (reprice_markdown and points_file say so).
  bool rate_identified = false;
  BalanceSettings last_round;  // the last round's settings, prices included: replays its games
  BalanceRun last_run;         // its games and report
};

// Called from worker threads, serialised: round (from 0), games done in it, its games, units
// frozen so far, units, card prices frozen so far, card prices (RepricedCard; 0 without).
using RepriceProgress = std::function<void(int round, std::int64_t done, std::int64_t total,
                                           int frozen, int units, int cards_frozen, int cards)>;

// Plays one round's games and returns their run: run_balance by default; warband_mpi_balance
// plays them over the MPI ranks (the same run, game for game).
using RoundPlayer =
    std::function<BalanceRun(const BalanceSettings& round, const sim::SweepProgress& progress)>;

// Throws InputError (naming the CLI option) for settings reprice() refuses: a tolerance not above
// 0, no rounds, fixed warbands.
void check_reprice(const RepriceSettings& settings);

// The price jitter (BalanceSettings::price_jitter) a repricing of `ruleset` plays with its default
// design (mirrored pairs, luck subtracted, random warbands): 1 where the ruleset prices cards
// (BalanceHooks::card_price_override), so that card prices are searched too; else 0.
int default_price_jitter(const std::string& ruleset);

// Whether a repricing's default design measures the luck: with the result (which subtracts it),
// not with the margin (whose luck column did not pay where measured; --luck still adds it).
bool default_luck(Outcome outcome);

// The games each round plays: settings.balance.games, rounded up to whole mirrored pairs.
std::int64_t games_per_round(const RepriceSettings& settings);

// Called after each round's fit, from the calling thread: the round (from 0) and whether its
// pooled fit identified the rate (while it does not, no unit moves).
using RoundFitted = std::function<void(int round, bool rate_identified)>;

// While the pooled fit's rate per point is not identified (not clearly above 0) no unit moves or
// freezes, and a run that ends so leaves every unit not frozen at its cost.
RepriceResult reprice(const RepriceSettings& settings, const RepriceProgress& progress = {},
                      const RoundPlayer& play_round = {}, const RoundFitted& fitted_round = {});

// The overrides that price each unit as `units` say (BalanceHooks::price_override, default
// units.ID.points=N).
std::vector<BalanceOverride> price_overrides(const std::string& ruleset,
                                             const std::vector<RepricedUnit>& units);

// The overrides that price each card as `cards` say (BalanceHooks::card_price_override).
std::vector<BalanceOverride> card_price_overrides(const std::string& ruleset,
                                                  const std::vector<RepricedCard>& cards);

// The new points file: the ruleset's own (BalanceHooks::render_points_file), else generic TOML;
// with card prices, their `--set` lines after it as comments.
std::string points_file(const RepriceResult& result);

// The repricing table (old, new, interval, frozen) as Markdown, for the report's head.
std::string reprice_markdown(const RepriceResult& result);

}  // namespace warband::balance
