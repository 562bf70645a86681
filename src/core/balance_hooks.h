// Balance's per-ruleset hooks, a ruleset's optional capability (Ruleset::balance, registry.h):
// `warband balance` draws random legal warbands and applies what-if overrides through these
// declarations alone, so the apps and the balance library never include a ruleset.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace warband {

class State;

// One unit of the catalog random warbands are drawn from.
struct BalanceUnit {
  std::string id;    // "orc_warrior": what `--set units.ID.…` names
  std::string name;  // "Orc Warrior": what State::unit_statuses() calls it
  int points = 0;    // as the setup's content (overrides applied) prices it
};

// A what-if override as the user wrote it: `--set units.orc_warrior.wounds=14`.
using BalanceOverride = std::pair<std::string, std::string>;
// A run's what-if list is read from a command line or a request body: every override is applied
// to every game's setup, so their number is bounded where they are read (check_list_size).
inline constexpr std::size_t kMaxBalanceOverrides = 64;

// One term of a ruleset's cost formula (a spell power formula: an effect's power, an area's
// multiplier...), for the formula fit (balance/formula_analysis.h). The terms of one `family` share
// out each side's total cost between them, so every family is fitted on its own.
struct FormulaTerm {
  std::string family;  // "effect", "area", "range", "talent"
  std::string id;      // "damage", "status:stun", "medium": what the report names it by
  std::string name;    // "Damage (per die)", "Status: Stun", "Medium area"
  double current = 0;  // the formula's number now (5 a die, AreaMod 2.5...)
  // How a suggestion is made from value per point v and the average point's value r:
  // "scale": current x v / r; "bonus": 1 + (current - 1) x v / r (a x multiplier whose points
  // are only its bonus); "none": no number to suggest (a talent's discount is not a multiplier).
  std::string suggest = "scale";
};

// A side's cost points per formula term (one per FormulaTerm, in order) in one game's setup.
using FormulaPoints = std::array<std::vector<double>, 2>;

// A card a side may bring besides its units (A Game's draft cards), for the card fit: each card's
// worth in points beside the units' (balance/balance_analysis.h).
struct BalanceCard {
  std::string id;    // "battle_fury": what the report names it by
  std::string name;  // "Battle Fury": what BalanceHooks::side_cards reports
  // What a deck builder counts it as now (the ruleset's proposed card values); absent: none yet.
  std::optional<double> value;
  // Cards of one kind are fitted and reported together, each kind's worths relative to its own
  // average card ("": the ruleset's only kind), e.g. a copy in a deck, and the same spell as the
  // one a leader casts all game: two kinds, two values.
  std::string kind;
  // Optional: the number of the content that prices this card (a spell's activation cost),
  // named by `price_id` (BalanceHooks::card_price_override); cards of different kinds may share
  // one. With it the fit suggests a new price (balance/balance_analysis.h).
  std::string price_id;
  std::optional<int> price;
};

// The cards each side held in one game, by name, one entry per copy: [Red's, Blue's].
using SideCards = std::array<std::vector<std::string>, 2>;

struct BalanceHooks {
  // The units of the setup's content (its folder and overrides), in catalog order.
  std::function<std::vector<BalanceUnit>(const nlohmann::json& setup)> catalog;
  // The points limit random warbands are drawn at, unless the user gives one.
  std::function<int(const nlohmann::json& setup)> points_limit;
  // `base_setup` with two random legal warbands of at most `points` each in place of its own,
  // drawn from `seed` alone (a pure function: the same seed gives the same setup). How far below
  // `points` a side may stay is the ruleset's `spread` (points), so that totals differ.
  std::function<nlohmann::json(const nlohmann::json& base_setup, int points, int spread,
                               std::uint64_t seed)>
      random_setup;
  // `setup` with the overrides recorded in it, so every game (and replay) built from it plays
  // them. An unknown path or a bad value throws InputError listing what is allowed.
  std::function<nlohmann::json(const nlohmann::json& setup,
                               const std::vector<BalanceOverride>& overrides)>
      apply_overrides;
  // Optional: how far below `points` a side's budget may be drawn unless the user says
  // (default: a tenth of the limit). A formula fit needs the totals to differ more.
  std::function<int(int points)> default_spread;
  // Optional: the widest spread random_setup can draw at from `points` with `setup`'s content and
  // prices: a wider one can draw a budget below the cheapest side it can make. `--measure-rate`
  // draws at it, or at two thirds of the limit where that is narrower (r is learnt from the totals'
  // differences: the wider, the better); without it, at default_spread.
  std::function<int(const nlohmann::json& setup, int points)> widest_spread;
  // Optional: a ruleset whose warbands are priced by a formula (not a unit catalog) names its
  // terms, and says how many points each term puts into each side of a setup random_setup drew.
  // With both, `warband balance` fits each term's value per point (balance/formula_analysis.h).
  std::function<std::vector<FormulaTerm>(const nlohmann::json& setup)> formula_terms;
  std::function<FormulaPoints(const nlohmann::json& game_setup)> formula_points;
  // Optional: random_setup with each side's units drawn from at most `profiles` profiles of the
  // catalog (chosen at random per side), so that a unit's count difference between the sides
  // varies more than in a draw from the whole catalog (docs/sim.md "Variance reduction").
  std::function<nlohmann::json(const nlohmann::json& base_setup, int points, int spread,
                               int profiles, std::uint64_t seed)>
      skewed_setup;
  // Optional: the points file `warband balance --reprice` writes for new unit prices (unit id ->
  // points), in the ruleset's own format (e.g. `units.ID.points` adjustments), with
  // `comments` (unit id -> "was 100, interval 80..120") beside each line. Without it the
  // suggestions are written as generic TOML.
  std::function<std::string(const nlohmann::json& setup, const std::vector<BalanceUnit>& prices,
                            const std::vector<std::string>& comments)>
      render_points_file;
  // Optional: the override that prices unit `id` at `points` (default: units.ID.points=N).
  std::function<BalanceOverride(const std::string& id, int points)> price_override;
  // Optional: `priced` (a setup, its overrides recorded) playing the warbands of `drawn` (a setup
  // random_setup or skewed_setup drew at other prices), each made legal at `priced`'s prices (a
  // list they put over its limit has the limit raised to its cost). With it a run draws its
  // lists at the reference prices (the content's, before `--set` and a search's price moves), so
  // that the catalogs a search or a planted test compares play the same lists: common random
  // numbers that survive a price change (docs/sim.md, "Lists at the reference prices").
  std::function<nlohmann::json(const nlohmann::json& priced, const nlohmann::json& drawn)>
      with_warbands;
  // Optional, both or neither: a ruleset whose sides bring cards chosen in play (A Game's draft)
  // names them, and says which each side held from a played game's final state. With both, the
  // fit counts each side's cards beside its units and values each card in points.
  std::function<std::vector<BalanceCard>(const nlohmann::json& setup)> cards;
  std::function<SideCards(const State& final_state)> side_cards;
  // Optional, with `cards` whose price is set: what the price is called ("AcTi") and the override
  // that sets price `price_id` to `price` (spells.ID.acti=N). With them a run can jitter the
  // prices between games to measure what one step is worth, and `--reprice` moves them.
  std::string card_price_name;
  std::function<BalanceOverride(const std::string& price_id, int price)> card_price_override;
};

}  // namespace warband
