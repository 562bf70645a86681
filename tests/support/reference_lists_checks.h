// What every ruleset whose unit prices a balance run sets with `units.ID.points` (AtomsPast,
// Conflict, A Game) checks of its lists at the reference prices (BalanceHooks::with_warbands;
// docs/sim.md "Lists at the reference prices") the same way. Each ruleset's test passes how its
// setups name each side's units.
#pragma once

#include <gtest/gtest.h>

#include <array>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "balance/balance_run.h"
#include "core/registry.h"
#include "sim/sweep.h"

namespace warband::testing {

// Each side's units in a setup, by the names the catalog gives them, one entry per model.
using SideUnitNames = std::function<std::array<std::vector<std::string>, 2>(const nlohmann::json&)>;

inline balance::BalanceSettings random_balance_run(const std::string& ruleset, std::int64_t games,
                                                   std::uint64_t seed) {
  balance::BalanceSettings settings;
  settings.ruleset = ruleset;
  settings.games = games;
  settings.seed = seed;
  return settings;
}

// The catalog unit named `name` in `setup`'s catalog (its id and price there).
inline BalanceUnit catalog_unit(const std::string& ruleset, const nlohmann::json& setup,
                                const std::string& name) {
  for (const BalanceUnit& unit : find_balance(ruleset).catalog(setup))
    if (unit.name == name) return unit;
  ADD_FAILURE() << "no unit named " << name;
  return {};
}

// The id of the unit fielded most often in the first `games` lists of `settings`.
inline std::string most_fielded_unit(const balance::BalanceSettings& settings, std::int64_t games,
                                     const SideUnitNames& names_of) {
  const sim::SweepSettings sweep = balance::sweep_for(settings);
  std::map<std::string, int> counts;
  for (std::int64_t game = 0; game < games; ++game)
    for (const std::vector<std::string>& side : names_of(sweep.setup_for_game(game)))
      for (const std::string& name : side)
        ++counts[name];
  std::string best;
  for (const auto& [name, count] : counts)
    if (best.empty() || count > counts[best]) best = name;
  return catalog_unit(settings.ruleset, settings.base_setup, best).id;
}

// Unit `id`'s price in the content times `factor`, as the override a planted test gives.
inline BalanceOverride shifted_unit_price(const std::string& ruleset, const std::string& id,
                                          double factor) {
  for (const BalanceUnit& unit : find_balance(ruleset).catalog(nlohmann::json::object()))
    if (unit.id == id)
      return {"units." + id + ".points", std::to_string(static_cast<int>(unit.points * factor))};
  ADD_FAILURE() << "no unit " << id;
  return {};
}

// What a side's units cost at `setup`'s prices (its catalog's).
inline int side_price(const std::string& ruleset, const nlohmann::json& setup,
                      const std::vector<std::string>& names) {
  std::map<std::string, int> prices;
  for (const BalanceUnit& unit : find_balance(ruleset).catalog(setup))
    prices[unit.name] = unit.points;
  int cost = 0;
  for (const std::string& name : names)
    cost += prices.at(name);
  return cost;
}

// A planted price (the most fielded unit's times `factor`) changes none of the first `games`
// lists with `--lists reference`, and changes more than `min_changed` of them with `--lists
// priced` (so the first check can fail).
inline void expect_a_price_changes_no_reference_list(const std::string& ruleset,
                                                     const SideUnitNames& names_of,
                                                     std::int64_t games, std::uint64_t seed,
                                                     double factor, int min_changed) {
  balance::BalanceSettings baseline = random_balance_run(ruleset, games, seed);
  const std::string id = most_fielded_unit(baseline, games, names_of);
  balance::BalanceSettings planted = baseline;
  planted.overrides = {shifted_unit_price(ruleset, id, factor)};
  const sim::SweepSettings base_sweep = balance::sweep_for(baseline);
  const sim::SweepSettings planted_sweep = balance::sweep_for(planted);
  for (std::int64_t game = 0; game < games; ++game)
    EXPECT_EQ(names_of(base_sweep.setup_for_game(game)),
              names_of(planted_sweep.setup_for_game(game)))
        << game;
  planted.lists = balance::Lists::kPriced;
  const sim::SweepSettings priced_sweep = balance::sweep_for(planted);
  int changed = 0;
  for (std::int64_t game = 0; game < games; ++game)
    changed +=
        names_of(base_sweep.setup_for_game(game)) != names_of(priced_sweep.setup_for_game(game));
  EXPECT_GT(changed, min_changed) << id << " at " << planted.overrides[0].second;
}

// With the lists at the reference prices, a planted price (the most fielded unit's times
// `factor`) changes none of the first `games` games `bot` plays: the same moves to the same end.
inline void expect_a_price_changes_no_game(const std::string& ruleset,
                                           const SideUnitNames& names_of, std::int64_t games,
                                           std::uint64_t seed, const std::string& bot,
                                           double factor) {
  balance::BalanceSettings baseline = random_balance_run(ruleset, games, seed);
  baseline.bot = bot;
  balance::BalanceSettings planted = baseline;
  planted.overrides = {
      shifted_unit_price(ruleset, most_fielded_unit(baseline, games, names_of), factor)};
  const sim::SweepSettings base_sweep = balance::sweep_for(baseline);
  const sim::SweepSettings planted_sweep = balance::sweep_for(planted);
  for (std::int64_t game = 0; game < games; ++game) {
    const sim::GameResult base = sim::play_sweep_game(base_sweep, game);
    const sim::GameResult moved = sim::play_sweep_game(planted_sweep, game);
    EXPECT_TRUE(base.finished) << game;
    EXPECT_GT(base.decisions, 0) << game;
    EXPECT_EQ(base.decisions, moved.decisions) << game;
    EXPECT_EQ(base.winner, moved.winner) << game;
    EXPECT_EQ(base.final_hash, moved.final_hash) << game;
  }
}

// Every unit of `planted_run` has `base_run`'s suggestion to the bit (and is estimable where
// that one is), at least `min_estimable` of them estimable; the planted unit `id` was played at
// `planted_points`.
inline void expect_same_suggestions(const balance::BalanceRun& base_run,
                                    const balance::BalanceRun& planted_run, const std::string& id,
                                    const std::string& planted_points, int min_estimable) {
  std::map<std::string, const balance::UnitBalance*> moved_units;
  for (const balance::UnitBalance& unit : planted_run.analysis.units)
    moved_units[unit.id] = &unit;
  ASSERT_EQ(base_run.analysis.units.size(), moved_units.size());
  int estimable = 0;
  for (const balance::UnitBalance& base : base_run.analysis.units) {
    const balance::UnitBalance& moved = *moved_units.at(base.id);
    ASSERT_EQ(base.estimable, moved.estimable) << base.id;
    if (!base.estimable) continue;
    ++estimable;
    EXPECT_DOUBLE_EQ(base.suggested, moved.suggested) << base.id;
    EXPECT_DOUBLE_EQ(base.suggested_low, moved.suggested_low) << base.id;
  }
  EXPECT_GE(estimable, min_estimable);
  EXPECT_EQ(std::to_string(moved_units.at(id)->points), planted_points);
}

// With the lists at the reference prices, a planted price (the most fielded unit's times
// `factor`) moves no unit's suggestion in a run of `games`: the estimate of a unit's worth does
// not depend on the price under test (the planted unit itself is played at its planted price).
inline void expect_a_planted_price_moves_no_suggestion(const std::string& ruleset,
                                                       const SideUnitNames& names_of,
                                                       std::int64_t games, std::uint64_t seed,
                                                       double factor, int min_estimable) {
  const balance::BalanceSettings baseline = random_balance_run(ruleset, games, seed);
  balance::BalanceSettings planted = baseline;
  const std::string id = most_fielded_unit(baseline, games, names_of);
  planted.overrides = {shifted_unit_price(ruleset, id, factor)};
  expect_same_suggestions(balance::run_balance(baseline), balance::run_balance(planted), id,
                          planted.overrides[0].second, min_estimable);
}

}  // namespace warband::testing
