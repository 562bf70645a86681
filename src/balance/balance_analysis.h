// What a balance run reads from its games: a logistic fit of Red's result on the difference in
// each unit's count (Red - Blue), each unit's value per point with a 95% interval, and the cost
// that would bring it in line. The method and its choices are in docs/sim.md, "Balance".
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "balance/luck_effect.h"
#include "balance/margin_outcome.h"
#include "core/balance_hooks.h"
#include "sim/match.h"

namespace warband::balance {

inline constexpr double kZ95 = 1.959964;  // two-sided 95% normal quantile
inline constexpr double kRidge = 1.0;     // a N(0, 1) prior on each unit's log-odds
// A suggestion is solid when its 95% interval is within this fraction of the current cost.
inline constexpr double kSolidHalfWidth = 0.15;

// A game that shows a unit at its best or worst: replayed by (sweep seed, index).
struct GameRef {
  bool present = false;
  std::int64_t index = 0;
  std::uint64_t game_seed = 0;
  int damage_dealt = 0;
  bool survived = false;
  bool side_won = false;
};

struct UnitBalance {
  std::string id;
  std::string name;
  int points = 0;
  int appearances = 0;     // games with at least one on either side
  int copies = 0;          // units fielded, over all games and both sides
  bool estimable = false;  // its count varied between the sides: the fit has a value for it
  double value = 0;        // log-odds of Red winning per extra one on Red's side
  double value_se = 0;
  double value_per_point = 0;  // value / points
  double value_per_point_low = 0, value_per_point_high = 0;
  // Value per point above the average point's (value_per_point - rate): needs no rate > 0, so
  // it says which units beat their cost even when points barely predict wins (random bots).
  double excess_per_point = 0;
  double excess_low = 0, excess_high = 0;
  double suggested = 0;  // value / rate: the points it plays like
  double suggested_low = 0, suggested_high = 0;
  bool solid = false;          // the suggestion's interval is tight enough to act on
  bool off = false;            // its interval excludes the current cost
  bool off_par = false;        // the excess's interval excludes 0: it beats (or trails) its cost
  double survival = 0;         // fraction of its units alive at the end
  double damage_per_game = 0;  // wounds dealt per unit per game
  double kills_per_game = 0;
  GameRef best;
  GameRef worst;

  // How far off it is, in standard errors of its excess value per point (0 when not
  // estimable): the report's order.
  double off_score() const;
};

// A unit in a ruleset's special role (UnitStatus::role, such as a leader whose loss loses the
// game), fitted apart from the army counts: +1 when Red's unit in that role is this one, -1 when
// Blue's. Each side has exactly one unit per role, so only differences between the candidates are
// identified: values are relative to the role's most frequent unit (the reference, value 0).
struct RoleBalance {
  std::string role;  // "Kon"
  std::string name;  // the unit's profile name
  int games = 0;     // games in which either side had it in this role
  int copies = 0;    // over both sides
  double survival = 0;
  bool reference = false;
  bool estimable = false;  // not the reference, and which side had it varied between games
  double value = 0;        // log-odds for Red of having it in the role instead of the reference
  double value_se = 0;
  double value_low = 0, value_high = 0;
};

// A card a side held (BalanceHooks::side_cards), fitted beside the units: its count difference
// (Red's copies - Blue's) is a column of the same fit, so its value is in the units' log-odds and
// its worth in points is value / rate, as a unit's suggested cost.
struct CardBalance {
  std::string id;
  std::string name;
  std::optional<double> current;   // what a deck builder counts it as now (BalanceCard::value)
  int games = 0;                   // games in which either side held it
  int copies = 0;                  // held, over all games and both sides
  double side_won = 0;             // of its copies, the fraction whose side won (a draw a half)
  bool estimable = false;          // its count differed between the sides in some games
  double value = 0, value_se = 0;  // log-odds of Red winning per extra copy on Red's side
  double value_low = 0, value_high = 0;
  bool has_worth = false;  // estimable and the rate is not 0
  double worth = 0, worth_low = 0,
         worth_high = 0;     // value / rate: in points, with its 95% interval
  bool solid = false;        // the rate is identified and the interval is within ±kSolidCardPoints
  std::string kind;          // BalanceCard::kind: its worth is relative to its kind's average card
  std::string price_id;      // BalanceCard::price_id
  std::optional<int> price;  // its price now (BalanceCard::price)
  // The price at which a copy would be worth its kind's average copy (the copies-weighted mean
  // value of the kind's priced cards): price - (value - average) / step, with step the kind's
  // value of one price step (CardKindStep); set when that step is identified. The suggestions
  // keep the kind's average price: only differences between cards are measured.
  bool has_price_suggestion = false;
  double price_suggested = 0, price_low = 0, price_high = 0;
  bool price_solid = false;  // the suggestion's 95% interval is within ±kSolidPriceSteps
};
// A card's worth is solid when its 95% interval is within this many points either side.
inline constexpr double kSolidCardPoints = 10;
// A suggested card price is solid when its 95% interval is within this many steps either side:
// it says which whole number to set.
inline constexpr double kSolidPriceSteps = 1;

// What one step of a card's price (BalanceCard::price: a spell's cost) is worth to a copy of a
// card of one kind, learnt from games whose prices differed (a run's price jitter, a reprice's
// rounds): the fit's column sum over the kind's cards of (count difference x price offset).
// docs/sim.md, "Spell cards".
struct CardKindStep {
  std::string kind;
  bool estimable = false;  // the kind's prices varied between games
  double value = 0, value_se = 0, value_low = 0, value_high = 0;  // log-odds per copy per +1
  // The interval lies below 0 (a dearer card is worth less): a price change can be suggested.
  // Above 0 the bots did better with dearer cards: they do not pay for the price, no suggestion.
  bool identified = false;
  bool has_worth = false;                           // estimable and the rate is not 0
  double worth = 0, worth_low = 0, worth_high = 0;  // value / rate: points per copy per +1
};

struct BalanceAnalysis {
  // What the fit read: the result (values in log-odds) or the margin (values in margin per copy,
  // by least squares). A unit's worth in points is value / rate either way.
  Outcome outcome = Outcome::kResult;
  double red_margin = 0;  // the mean of Red's margin (points_margin), whichever the outcome
  std::int64_t games = 0;
  int red_wins = 0, blue_wins = 0, draws = 0, unfinished = 0;
  double red_score = 0;  // mean of Red's result (a win 1, a draw 0.5)
  double red_score_low = 0, red_score_high = 0;
  double intercept = 0;  // Red's log-odds with equal forces: the side (first player) advantage
  double intercept_se = 0;
  bool intercept_significant = false;
  // Log-odds per point of the average fielded point (at the reference prices, when the options
  // give them); identified only when the sides' totals differ between games.
  double rate = 0;
  double rate_se = 0;
  bool rate_identified = false;
  bool fit_converged = true;
  LuckEffect luck;                 // the margin fit's luck column, when fitted
  std::vector<UnitBalance> units;  // the furthest off first; units the fit has no value for last
  std::vector<RoleBalance> roles;  // by role, then the highest value first
  std::vector<CardBalance> cards;  // by kind, the highest value first; unfitted cards last
  std::vector<CardKindStep> card_steps;  // one per kind of priced cards, in the cards' order
  std::string card_price_name;           // BalanceHooks::card_price_name ("AcTi"), else ""
};

// Each game's card prices (in `games` order, each as long as the card list): the price every card
// had in that game. Empty: every card at its price now in every game.
using CardPrices = std::vector<std::vector<double>>;

// How the fit reads its games (docs/sim.md "Variance reduction").
struct AnalysisOptions {
  // Intervals from the sandwich covariance (logistic_fit.h: robust_covariance), which sees a
  // luck-adjusted result's smaller spread, instead of the binomial model's.
  bool robust = false;
  // Games 2k and 2k+1 are a mirrored pair (one seed, sides swapped): one cluster of the
  // sandwich. Only with `robust`.
  bool paired = false;
  // The outcome fitted: Red's result less its luck (logistic), or its margin (least squares).
  Outcome outcome = Outcome::kResult;
  // The reference prices (margin_outcome.h): the content's, fixed while prices are tested. The
  // margin's yardstick, and the rate's scale (the average fielded point at them is worth one
  // point), so that a price under test moves no other unit's suggestion.
  ReferencePrices reference_prices;
  // With the margin: each game's measured luck as one more column of the fit, its coefficient
  // fitted (margin_fit.h: LuckColumnFit). The result subtracts its luck instead.
  bool luck_column = false;
};

// Reads games played on `catalog` (units matched by name). `games` in index order. Units with a
// role are left out of the army counts and fitted as RoleBalance instead. With `cards`, each
// game's GameResult::cards (matched by name) are counted beside the units and fitted as
// CardBalance. With `card_prices`, the price offsets from each card's price now give each kind's
// CardKindStep and each card's suggested price. Each game's outcome is Red's result minus its
// measured luck (GameResult::luck, 0 unless measured), or with options.outcome margin its margin
// (margin_outcome.h), fitted linearly on the same columns.
BalanceAnalysis analyze(const std::vector<BalanceUnit>& catalog,
                        const std::vector<sim::GameResult>& games,
                        const std::vector<BalanceCard>& cards = {},
                        const AnalysisOptions& options = {}, const CardPrices& card_prices = {});

}  // namespace warband::balance
