#include "sim/match.h"

#include <deque>
#include <mutex>

#include "core/rng.h"
#include "core/unit_health.h"
#include "sim/luck.h"
#include "sim/unit_health_reader.h"

namespace warband::sim {
namespace {

// Credits the damage and deaths one apply() caused, by comparing the units before and after.
void credit(const std::vector<UnitHealth>& before, const std::vector<UnitHealth>& after, int acting,
            std::vector<UnitResult>& units) {
  for (std::size_t unit = 0; unit < after.size() && unit < before.size(); ++unit) {
    const int lost = before[unit].wounds - after[unit].wounds;
    const bool died = before[unit].alive && !after[unit].alive;
    if (lost <= 0 && !died) continue;
    if (lost > 0) units[unit].damage_taken += lost;
    const bool by_enemy = acting >= 0 && static_cast<std::size_t>(acting) < units.size() &&
                          units[acting].side != units[unit].side;
    if (!by_enemy) continue;
    if (lost > 0) units[acting].damage_dealt += lost;
    if (died) {
      ++units[acting].kills;
      units[acting].points_killed += units[unit].points;
    }
  }
}

}  // namespace

std::span<const std::string_view> lasting_endings(const std::vector<std::string>& names) {
  // Never freed: a few lists (one per ruleset read) that results point into.
  static std::mutex lock;
  static std::deque<std::vector<std::string>> owned_names;
  static std::deque<std::vector<std::string_view>> views;
  const std::lock_guard<std::mutex> hold(lock);
  for (std::size_t i = 0; i < owned_names.size(); ++i)
    if (owned_names[i] == names) return views[i];
  const std::vector<std::string>& kept = owned_names.emplace_back(names);
  return views.emplace_back(kept.begin(), kept.end());
}

GameResult play_match(const std::shared_ptr<const Game>& game, std::uint64_t seed, bots::Bot& red,
                      bots::Bot& blue, GameRecord* record, const Budget& budget, bool measure_luck,
                      const CardsReader& read_cards) {
  GameResult result;
  result.seed = seed;
  Rng chance_rng(mix_seed(seed, 0));
  Rng bot_rng(mix_seed(seed, 1));
  std::unique_ptr<State> owned = record ? nullptr : game->new_initial_state();
  const auto state = [&]() -> const State& { return record ? record->state() : *owned; };

  // Names, sides and points once; after every apply only wounds and lives (core/unit_health.h),
  // and those only when the state says one changed.
  for (const UnitStatus& status : state().unit_statuses())
    result.units.push_back({.name = status.name,
                            .side = status.side,
                            .points = status.points,
                            .role = status.role,
                            .max_wounds = status.max_wounds});
  const bool has_units = !result.units.empty();
  // The cast is looked up again only if the state object changes (a record applies in place).
  const State* seen = nullptr;
  const UnitHealthView* view = nullptr;
  const auto look = [&] {
    if (&state() != seen) {
      seen = &state();
      view = dynamic_cast<const UnitHealthView*>(seen);
    }
  };
  const auto read_units = [&](std::vector<UnitHealth>& out) {
    look();
    read_unit_health(*seen, view, out);
  };
  // Without a view nothing is known until the statuses are read.
  const auto units_changed = [&](const std::vector<UnitHealth>& before) {
    look();
    return !view || view->unit_health_differs(before);
  };
  std::vector<UnitHealth> health, after, luck_health;
  std::vector<ChanceOutcome> outcomes;  // reused at every chance node
  if (has_units) read_units(health);

  const int max_length = game->info().max_game_length;
  for (int player = state().current_player(); player != kTerminalPlayer;
       player = state().current_player()) {
    if (result.applies >= max_length) {
      result.finished = false;
      break;
    }
    Action action = 0;
    if (player == kChancePlayer) {
      state().chance_outcomes_into(outcomes);
      action = chance_rng.sample(outcomes);
      if (measure_luck) {
        const LuckTerms terms = chance_luck_terms(state(), action, result.units, luck_health);
        result.luck += terms.result;
        result.margin_luck += terms.margin;
      }
    } else {
      bots::Bot& bot = player == 0 ? red : blue;
      action = bot.choose(state(), bot_rng, budget);
      check_budget(budget, "the game");
      ++result.decisions;
    }
    const int acting = has_units ? state().acting_unit() : -1;
    if (record)
      record->apply(action);
    else
      owned->apply(action);
    ++result.applies;
    if (has_units && units_changed(health)) {
      read_units(after);
      credit(health, after, acting, result.units);
      health.swap(after);
    }
  }
  for (std::size_t unit = 0; unit < health.size() && unit < result.units.size(); ++unit) {
    result.units[unit].survived = health[unit].alive;
    result.units[unit].wounds = health[unit].wounds;
  }
  if (state().is_terminal()) {
    result.returns = state().returns();
    if (result.returns.size() == 2 && result.returns[0] != result.returns[1])
      result.winner = result.returns[0] > result.returns[1] ? 0 : 1;
    result.ending = state().ending();
  }
  result.endings = game->endings();
  result.final_hash = state().hash();
  if (read_cards) {
    const std::array<std::vector<std::string>, 2> held = read_cards(state());
    for (int side = 0; side < 2; ++side)
      result.cards[side] = card_ids(held[side]);
  }
  return result;
}

}  // namespace warband::sim
