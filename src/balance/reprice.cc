#include "balance/reprice.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>

#include "core/error.h"
#include "core/registry.h"

namespace warband::balance {

std::vector<BalanceOverride> price_overrides(const std::string& ruleset,
                                             const std::vector<RepricedUnit>& units) {
  const BalanceHooks& hooks = find_balance(ruleset);
  std::vector<BalanceOverride> overrides;
  for (const RepricedUnit& unit : units) {
    if (unit.new_points == unit.old_points) continue;
    overrides.push_back(hooks.price_override ? hooks.price_override(unit.id, unit.new_points)
                                             : BalanceOverride{"units." + unit.id + ".points",
                                                               std::to_string(unit.new_points)});
  }
  return overrides;
}

void check_reprice(const RepriceSettings& settings) {
  if (!(settings.tolerance > 0)) throw InputError("--tolerance", "expected points above 0");
  if (settings.max_rounds < 1) throw InputError("--rounds", "expected at least 1 round");
  if (!settings.balance.random_warbands)
    throw InputError("--reprice",
                     "needs random warbands, not --warbands: prices are learnt from "
                     "lists that differ");
}

std::int64_t games_per_round(const RepriceSettings& settings) {
  // A mirrored pair must not straddle two rounds.
  return settings.balance.mirrored ? (settings.balance.games + 1) / 2 * 2 : settings.balance.games;
}

RepriceResult reprice(const RepriceSettings& settings, const RepriceProgress& progress,
                      const RoundPlayer& play_round) {
  check_reprice(settings);
  const BalanceHooks& hooks = find_balance(settings.balance.ruleset);
  RepriceResult result;
  result.settings = settings;
  const nlohmann::json base =
      hooks.apply_overrides(settings.balance.base_setup, settings.balance.overrides);
  for (const BalanceUnit& unit : hooks.catalog(base))
    result.units.push_back(
        {.id = unit.id, .name = unit.name, .old_points = unit.points, .new_points = unit.points});
  const std::int64_t per_round = games_per_round(settings);
  std::vector<sim::GameResult> games;
  for (int round = 0; round < settings.max_rounds; ++round) {
    BalanceSettings played = settings.balance;
    played.games = per_round;
    played.first_game = settings.balance.first_game + round * per_round;
    const std::vector<BalanceOverride> prices =
        price_overrides(settings.balance.ruleset, result.units);
    played.overrides.insert(played.overrides.end(), prices.begin(), prices.end());
    int frozen = 0;
    for (const RepricedUnit& unit : result.units)
      frozen += unit.frozen_round >= 0 ? 1 : 0;
    const int units = static_cast<int>(result.units.size());
    const sim::SweepProgress round_progress = [&](std::int64_t done, std::int64_t total) {
      if (progress) progress(round, done, total, frozen, units);
    };
    BalanceRun run =
        play_round ? play_round(played, round_progress) : run_balance(played, round_progress);
    games.insert(games.end(), run.games.begin(), run.games.end());
    result.rounds = round + 1;
    result.games = static_cast<std::int64_t>(games.size());
    // Refit on every game so far, the average point priced as this round's catalog prices it.
    const BalanceAnalysis pooled = analyze(run.catalog, games, {}, analysis_options(played));
    std::map<std::string, const UnitBalance*> fitted;
    for (const UnitBalance& unit : pooled.units)
      fitted[unit.id] = &unit;
    bool all_frozen = true;
    for (RepricedUnit& unit : result.units) {
      const auto found = fitted.find(unit.id);
      if (unit.frozen_round >= 0) continue;
      if (found == fitted.end() || !found->second->estimable || pooled.rate <= 0) {
        all_frozen = false;
        continue;
      }
      const UnitBalance& fit = *found->second;
      unit.estimable = true;
      unit.suggested = fit.suggested;
      unit.low = fit.suggested_low;
      unit.high = fit.suggested_high;
      // Within half to twice the old cost: a noisy early fit must not price a unit out of every
      // list (or under the ruleset's floor).
      unit.new_points = static_cast<int>(std::lround(
          std::clamp(fit.suggested, 0.5 * unit.old_points, 2.0 * std::max(unit.old_points, 1))));
      if ((unit.high - unit.low) / 2 <= settings.tolerance)
        unit.frozen_round = round;
      else
        all_frozen = false;
    }
    result.last_round = played;
    result.last_run = std::move(run);
    if (all_frozen) {
      result.all_frozen = true;
      break;
    }
  }
  return result;
}

namespace {

std::string interval_note(const RepricedUnit& unit) {
  if (!unit.estimable) return fmt::format("was {}, not estimable: unchanged", unit.old_points);
  return fmt::format(
      "was {}, 95% interval {:.0f} to {:.0f}{}", unit.old_points, unit.low, unit.high,
      unit.frozen_round >= 0 ? fmt::format(", frozen in round {}", unit.frozen_round + 1)
                             : ", not frozen");
}

}  // namespace

std::string points_file(const RepriceResult& result) {
  const BalanceHooks& hooks = find_balance(result.settings.balance.ruleset);
  std::vector<BalanceUnit> prices;
  std::vector<std::string> comments;
  for (const RepricedUnit& unit : result.units) {
    prices.push_back({.id = unit.id, .name = unit.name, .points = unit.new_points});
    comments.push_back(interval_note(unit));
  }
  if (hooks.render_points_file)
    return hooks.render_points_file(result.last_run.setup, prices, comments);
  std::string out = fmt::format(
      "# {} unit points suggested by `warband balance --reprice` (no ruleset format: "
      "id = points)\n\n[units]\n",
      result.settings.balance.ruleset);
  for (std::size_t u = 0; u < prices.size(); ++u)
    out += fmt::format("{} = {}  # {}\n", prices[u].id, prices[u].points, comments[u]);
  return out;
}

std::string reprice_markdown(const RepriceResult& result) {
  int frozen = 0;
  for (const RepricedUnit& unit : result.units)
    frozen += unit.frozen_round >= 0 ? 1 : 0;
  std::string out = fmt::format(
      "# Repricing: {}\n\n{} rounds, {} games ({} a round), tolerance +-{} points: {} of {} units "
      "frozen{}.\n\n| unit | old | new | suggested | 95% interval | frozen "
      "|\n|---|---|---|---|---|---|"
      "\n",
      result.settings.balance.ruleset, result.rounds, result.games, result.last_round.games,
      result.settings.tolerance, frozen, result.units.size(),
      result.all_frozen ? " (all: stopped early)" : "");
  for (const RepricedUnit& unit : result.units) {
    if (!unit.estimable) {
      out += fmt::format("| {} | {} | {} | not estimable | | |\n", unit.name, unit.old_points,
                         unit.new_points);
      continue;
    }
    out += fmt::format("| {} | {} | {} | {:.0f} | {:.0f} to {:.0f} | {} |\n", unit.name,
                       unit.old_points, unit.new_points, unit.suggested, unit.low, unit.high,
                       unit.frozen_round >= 0 ? fmt::format("round {}", unit.frozen_round + 1)
                                              : std::string("no"));
  }
  out +=
      "\nThe report below is the last round's games, at the prices that round played; its "
      "replay commands play them again.\n\n";
  return out;
}

}  // namespace warband::balance
