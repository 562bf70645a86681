#include "balance/reprice.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>
#include <sstream>

#include "core/error.h"
#include "core/folder_cache.h"
#include "core/registry.h"
#include "core/text.h"

namespace warband::balance {

std::vector<BalanceOverride> price_overrides(const std::string& ruleset,
                                             const std::vector<RepricedUnit>& units) {
  const BalanceHooks& hooks = find_balance(ruleset);
  std::vector<BalanceOverride> overrides;
  for (const RepricedUnit& unit : units) {
    if (unit.new_points == unit.old_points) continue;
    overrides.push_back(unit_price_override(hooks, unit.id, unit.new_points));
  }
  return overrides;
}

std::vector<BalanceOverride> card_price_overrides(const std::string& ruleset,
                                                  const std::vector<RepricedCard>& cards) {
  const BalanceHooks& hooks = find_balance(ruleset);
  std::vector<BalanceOverride> overrides;
  for (const RepricedCard& card : cards)
    if (card.new_price != card.old_price)
      overrides.push_back(hooks.card_price_override(card.price_id, card.new_price));
  return overrides;
}

namespace {

// Each price id once, with the first card the ruleset lists with it.
std::vector<RepricedCard> priced_cards(const BalanceHooks& hooks, const nlohmann::json& setup) {
  std::vector<RepricedCard> out;
  if (!hooks.cards || !hooks.side_cards || !hooks.card_price_override) return out;
  for (const BalanceCard& card : hooks.cards(setup)) {
    if (!card.price || card.price_id.empty()) continue;
    const bool seen = std::any_of(out.begin(), out.end(), [&](const RepricedCard& priced) {
      return priced.price_id == card.price_id;
    });
    if (!seen)
      out.push_back({.price_id = card.price_id,
                     .price_path = hooks.card_price_override(card.price_id, *card.price).first,
                     .name = card.name,
                     .kind = card.kind,
                     .old_price = *card.price,
                     .new_price = *card.price});
  }
  return out;
}

// Each game's card prices in a round's run: its jitter's, else the round's prices every game.
CardPrices round_prices(const BalanceRun& run) {
  if (!run.card_prices.empty()) return run.card_prices;
  std::vector<double> prices;
  for (const BalanceCard& card : run.cards)
    prices.push_back(card.price.value_or(0));
  return CardPrices(run.games.size(), prices);
}

// Moves each card price not yet frozen to the pooled fit's suggestion; true when all are frozen.
bool move_cards(const BalanceAnalysis& pooled, const RepriceSettings& settings, int round,
                std::vector<RepricedCard>& cards) {
  std::map<std::string, const CardBalance*> fitted;  // by name
  for (const CardBalance& card : pooled.cards)
    fitted[card.name] = &card;
  bool all_frozen = true;
  for (RepricedCard& card : cards) {
    if (card.frozen_round >= 0) continue;
    const auto found = fitted.find(card.name);
    if (found != fitted.end() && found->second->copies == 0) continue;  // never held: no evidence
    if (found == fitted.end() || !found->second->has_price_suggestion) {
      all_frozen = false;
      continue;
    }
    const CardBalance& fit = *found->second;
    card.estimable = true;
    card.suggested = fit.price_suggested;
    card.low = fit.price_low;
    card.high = fit.price_high;
    // Within half the old price (at least 2 steps) either way, and never below 0: a noisy early
    // fit must not move a price out of reach.
    const int reach = std::max(2, card.old_price / 2);
    card.new_price = static_cast<int>(std::lround(
        std::clamp(fit.price_suggested, static_cast<double>(std::max(0, card.old_price - reach)),
                   static_cast<double>(card.old_price + reach))));
    if ((card.high - card.low) / 2 <= settings.price_tolerance)
      card.frozen_round = round;
    else
      all_frozen = false;
  }
  return all_frozen;
}

}  // namespace

void check_reprice(const RepriceSettings& settings) {
  if (!(settings.tolerance > 0)) throw InputError("--tolerance", "expected points above 0");
  if (settings.max_rounds < 1) throw InputError("--rounds", "expected at least 1 round");
  if (!(settings.price_tolerance > 0))
    throw InputError("--price-tolerance", "expected steps above 0");
  // Every round's games are kept for the pooled fit: the run's bound holds for all of them.
  if (settings.balance.games > kMaxBalanceGames ||
      games_per_round(settings) > kMaxBalanceGames / settings.max_rounds)
    throw InputError("--games",
                     fmt::format("{} rounds of {} games is more than the {} games a "
                                 "repricing may keep: fewer rounds or fewer games",
                                 settings.max_rounds, settings.balance.games, kMaxBalanceGames));
  if (!settings.balance.random_warbands)
    throw InputError("--reprice",
                     "needs random warbands, not --warbands: prices are learnt from "
                     "lists that differ");
  // A ruleset priced by a formula alone (no unit catalog, no priced card) has no price to move.
  const BalanceHooks& hooks = find_balance(settings.balance.ruleset);
  bool priced_cards = false;
  if (hooks.cards && hooks.card_price_override)
    for (const BalanceCard& card : hooks.cards(settings.balance.base_setup))
      priced_cards = priced_cards || (card.price && !card.price_id.empty());
  if (!priced_cards && hooks.catalog(settings.balance.base_setup).empty())
    throw InputError("--reprice",
                     fmt::format("{} has no price to move (no unit catalog, no priced card): its "
                                 "cost formula's numbers are fitted by a run without --reprice",
                                 settings.balance.ruleset));
}

int default_price_jitter(const std::string& ruleset) {
  return find_balance(ruleset).card_price_override ? 1 : 0;
}

bool default_luck(Outcome outcome) {
  // The margin's luck column took out none of the balance bot's margin variance in the ruleset
  // measured, and cost a fifth more CPU a game (docs/sim.md, "The luck as a column of the margin's
  // fit"): a margin repricing measures the luck only when asked (--luck).
  return outcome == Outcome::kResult;
}

std::int64_t games_per_round(const RepriceSettings& settings) {
  // A mirrored pair must not straddle two rounds.
  return settings.balance.mirrored ? (settings.balance.games + 1) / 2 * 2 : settings.balance.games;
}

RepriceResult reprice(const RepriceSettings& settings, const RepriceProgress& progress,
                      const RoundPlayer& play_round, const RoundFitted& fitted_round) {
  // Every round prices the same content, whatever is saved meanwhile (core/folder_cache.h).
  FolderSnapshot snapshot;
  const FolderSnapshot::Use use_snapshot(snapshot);
  check_reprice(settings);
  const BalanceHooks& hooks = find_balance(settings.balance.ruleset);
  RepriceResult result;
  result.settings = settings;
  const nlohmann::json base =
      hooks.apply_overrides(settings.balance.base_setup, settings.balance.overrides);
  for (const BalanceUnit& unit : hooks.catalog(base))
    result.units.push_back(
        {.id = unit.id, .name = unit.name, .old_points = unit.points, .new_points = unit.points});
  result.cards = priced_cards(hooks, base);
  // By unit name: the content's prices, before any override (what the fit is scaled by too).
  const ReferencePrices reference = analysis_options(settings.balance).reference_prices;
  result.card_price_name = hooks.card_price_name;
  // The fit's cards at their prices before the search: each game's prices are offsets from them.
  const std::vector<BalanceCard> base_cards =
      hooks.cards && hooks.side_cards ? hooks.cards(base) : std::vector<BalanceCard>{};
  CardPrices prices_so_far;
  const std::int64_t per_round = games_per_round(settings);
  std::vector<sim::GameResult> games;
  for (int round = 0; round < settings.max_rounds; ++round) {
    BalanceSettings played = settings.balance;
    played.games = per_round;
    played.first_game = settings.balance.first_game + round * per_round;
    const std::vector<BalanceOverride> prices =
        price_overrides(settings.balance.ruleset, result.units);
    played.overrides.insert(played.overrides.end(), prices.begin(), prices.end());
    const std::vector<BalanceOverride> card_prices =
        card_price_overrides(settings.balance.ruleset, result.cards);
    played.overrides.insert(played.overrides.end(), card_prices.begin(), card_prices.end());
    int frozen = 0, frozen_cards = 0;
    for (const RepricedUnit& unit : result.units)
      frozen += unit.frozen_round >= 0 ? 1 : 0;
    for (const RepricedCard& card : result.cards)
      frozen_cards += card.frozen_round >= 0 ? 1 : 0;
    const int units = static_cast<int>(result.units.size());
    const int cards = static_cast<int>(result.cards.size());
    const sim::SweepProgress round_progress = [&](std::int64_t done, std::int64_t total) {
      if (progress) progress(round, done, total, frozen, units, frozen_cards, cards);
    };
    BalanceRun run =
        play_round ? play_round(played, round_progress) : run_balance(played, round_progress);
    games.insert(games.end(), run.games.begin(), run.games.end());
    if (!base_cards.empty()) {
      const CardPrices played_prices = round_prices(run);
      prices_so_far.insert(prices_so_far.end(), played_prices.begin(), played_prices.end());
    }
    result.rounds = round + 1;
    result.games = static_cast<std::int64_t>(games.size());
    // Refit on every game so far, the average point valued at the reference prices, and
    // each card's price offsets from its price before the search.
    const BalanceAnalysis pooled =
        analyze(run.catalog, games, base_cards, analysis_options(played), prices_so_far);
    result.rate_identified = pooled.rate_identified;
    const bool cards_frozen = move_cards(pooled, settings, round, result.cards);
    std::map<std::string, const UnitBalance*> fitted;
    for (const UnitBalance& unit : pooled.units)
      fitted[unit.id] = &unit;
    bool all_frozen = cards_frozen;
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
      // While points do not clearly predict the outcome every suggestion follows noise: the unit
      // keeps its price and waits for the next round's games (they pool all the same).
      if (!pooled.rate_identified) {
        all_frozen = false;
        continue;
      }
      // Within half to twice its reference price (the content's): a noisy early fit must not
      // price a unit out of every list (with --lists priced) or under the ruleset's floor. The
      // reference, not the price the search started from, so that catalogs compared (a planted
      // price and the content's) are held to the same bounds.
      const auto found_reference = reference.find(unit.name);
      const int bound =
          found_reference == reference.end() ? unit.old_points : found_reference->second;
      unit.new_points = static_cast<int>(
          std::lround(std::clamp(fit.suggested, 0.5 * bound, 2.0 * std::max(bound, 1))));
      if ((unit.high - unit.low) / 2 <= settings.tolerance)
        unit.frozen_round = round;
      else
        all_frozen = false;
    }
    result.last_round = played;
    result.last_run = std::move(run);
    if (fitted_round) fitted_round(round, pooled.rate_identified);
    if (all_frozen) {
      result.all_frozen = true;
      break;
    }
  }
  // Ended on noise: no price the search moved is evidence, so every unit not frozen (at a fit
  // whose rate was identified) keeps its cost.
  if (!result.rate_identified)
    for (RepricedUnit& unit : result.units)
      if (unit.frozen_round < 0) unit.new_points = unit.old_points;
  return result;
}

namespace {

std::string card_note(const RepricedCard& card, const std::string& price) {
  if (!card.estimable)
    return fmt::format("{} was {}, no suggestion: unchanged", price, card.old_price);
  return fmt::format(
      "{} was {}, 95% interval {:.1f} to {:.1f}{}", price, card.old_price, card.low, card.high,
      card.frozen_round >= 0 ? fmt::format(", frozen in round {}", card.frozen_round + 1)
                             : ", not frozen");
}

// The card prices as `--set` lines (comments, so the points file stays the ruleset's format).
std::string card_prices_text(const RepriceResult& result) {
  if (result.cards.empty()) return "";
  const BalanceHooks& hooks = find_balance(result.settings.balance.ruleset);
  std::string out = fmt::format(
      "\n# {} suggested for the cards (each the price at which a copy plays like its kind's\n"
      "# average card): the what-if lines that set them.\n",
      result.card_price_name);
  for (const RepricedCard& card : result.cards) {
    const auto [path, value] = hooks.card_price_override(card.price_id, card.new_price);
    out += fmt::format("# --set {}={}  # {}: {}\n", path, value, card.name,
                       card_note(card, result.card_price_name));
  }
  return out;
}

// An interval wider than the unit's own cost says nothing about its price: the new price is
// where the search's bounds stopped a noisy fit.
bool wider_than_cost(const RepricedUnit& unit) {
  return unit.estimable && unit.high - unit.low > unit.old_points;
}

// `identified`: the run's last fit's rate (RepriceResult::rate_identified); without it a unit not
// frozen kept its cost.
std::string interval_note(const RepricedUnit& unit, bool identified) {
  if (!unit.estimable) return fmt::format("was {}, not estimable: unchanged", unit.old_points);
  return fmt::format(
      "was {}, 95% interval {:.0f} to {:.0f}{}{}", unit.old_points, unit.low, unit.high,
      unit.frozen_round >= 0 ? fmt::format(", frozen in round {}", unit.frozen_round + 1)
      : identified           ? ", not frozen"
                             : ", not frozen: unchanged (points did not predict the outcome)",
      wider_than_cost(unit) ? ", wider than the cost: noise" : "");
}

// What the designer must know before using the prices, or "" when the fit could price them.
std::string noise_warning(const RepriceResult& result) {
  const auto wide = std::count_if(result.units.begin(), result.units.end(), wider_than_cost);
  if (result.rate_identified && wide == 0) return "";
  if (!result.rate_identified) {
    const auto frozen =
        std::count_if(result.units.begin(), result.units.end(),
                      [](const RepricedUnit& unit) { return unit.frozen_round >= 0; });
    return fmt::format(
        "Warning: points did not clearly predict the outcome in {} games (the average point's "
        "value is not clearly above 0), so any move would follow noise: {}. More games, a bot "
        "that plays to win (--bot balance) or --outcome margin identify it.",
        result.games,
        frozen == 0 ? std::string("every unit keeps its cost")
                    : fmt::format("every unit keeps its cost but the {} frozen at an earlier "
                                  "round's fit",
                                  frozen));
  }
  return fmt::format(
      "Warning: {} of {} units' 95% intervals are wider than their cost, so their moves follow "
      "noise: not prices to use. More games, a bot that plays to win (--bot balance) or "
      "--outcome margin narrow them.",
      wide, result.units.size());
}

}  // namespace

namespace {

// A unit id as a TOML key: bare when it may be ("orc_warrior"), else quoted (an id with a dot or
// a space, "iron_pact.Pact Musketeer"): a JSON string is a TOML basic string.
std::string points_file_key(const std::string& id) {
  const bool bare = !id.empty() && std::all_of(id.begin(), id.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-';
  });
  return bare ? id : nlohmann::json(id).dump();
}

}  // namespace

std::string points_file(const RepriceResult& result) {
  const BalanceHooks& hooks = find_balance(result.settings.balance.ruleset);
  std::vector<BalanceUnit> prices;
  std::vector<std::string> comments;
  for (const RepricedUnit& unit : result.units) {
    prices.push_back({.id = unit.id, .name = unit.name, .points = unit.new_points});
    comments.push_back(interval_note(unit, result.rate_identified));
  }
  // The warning as comment lines of at most 100 characters, as the file's others.
  std::string head;
  if (const std::string warning = noise_warning(result); !warning.empty()) {
    std::vector<std::string> words = {"#"};
    std::istringstream text(warning);
    for (std::string word; text >> word;)
      words.push_back(word);
    head = wrap_parts(words, " ", 100, "# ") + "\n";
  }
  if (hooks.render_points_file)
    return head + hooks.render_points_file(result.last_run.setup, prices, comments) +
           card_prices_text(result);
  std::string out =
      head + fmt::format(
                 "# {} unit points suggested by `warband balance --reprice` (no ruleset format: "
                 "id = points, each what `--set units.ID.points=N` takes)\n\n[units]\n",
                 result.settings.balance.ruleset);
  for (std::size_t u = 0; u < prices.size(); ++u)
    out += fmt::format("{} = {}  # {}\n", points_file_key(prices[u].id), prices[u].points,
                       comments[u]);
  return out + card_prices_text(result);
}

namespace {

std::string card_prices_markdown(const RepriceResult& result) {
  if (result.cards.empty()) return "";
  int frozen = 0;
  for (const RepricedCard& card : result.cards)
    frozen += card.frozen_round >= 0 ? 1 : 0;
  const std::string& price = result.card_price_name;
  std::string out = fmt::format(
      "\n{} of {} card prices ({}) frozen at +-{:g}.\n\n| card | kind | old {} | new {} | "
      "suggested | 95% interval | frozen |\n|---|---|---|---|---|---|---|\n",
      frozen, result.cards.size(), price, result.settings.price_tolerance, price, price);
  for (const RepricedCard& card : result.cards) {
    if (!card.estimable) {
      out += fmt::format("| {} | {} | {} | {} | none | | |\n", card.name, card.kind, card.old_price,
                         card.new_price);
      continue;
    }
    out +=
        fmt::format("| {} | {} | {} | {} | {:.1f} | {:.1f} to {:.1f} | {} |\n", card.name,
                    card.kind, card.old_price, card.new_price, card.suggested, card.low, card.high,
                    card.frozen_round >= 0 ? fmt::format("round {}", card.frozen_round + 1)
                                           : std::string("no"));
  }
  return out;
}

}  // namespace

std::string reprice_markdown(const RepriceResult& result) {
  int frozen = 0;
  for (const RepricedUnit& unit : result.units)
    frozen += unit.frozen_round >= 0 ? 1 : 0;
  std::string out = fmt::format(
      "# Repricing: {}\n\n{} rounds, {} games ({} a round), tolerance +-{} points, priced by the "
      "{}: {} of {} units frozen{}.\n\n",
      result.settings.balance.ruleset, result.rounds, result.games, result.last_round.games,
      result.settings.tolerance, outcome_name(result.settings.balance.outcome), frozen,
      result.units.size(), result.all_frozen ? " (all: stopped early)" : "");
  if (const std::string warning = noise_warning(result); !warning.empty())
    out += "**" + warning + "**\n\n";
  out += "| unit | old | new | suggested | 95% interval | frozen |\n|---|---|---|---|---|---|\n";
  for (const RepricedUnit& unit : result.units) {
    if (!unit.estimable) {
      out += fmt::format("| {} | {} | {} | not estimable | | |\n", unit.name, unit.old_points,
                         unit.new_points);
      continue;
    }
    out += fmt::format("| {} | {} | {} | {:.0f} | {:.0f} to {:.0f}{} | {} |\n", unit.name,
                       unit.old_points, unit.new_points, unit.suggested, unit.low, unit.high,
                       wider_than_cost(unit) ? " (wider than the cost)" : "",
                       unit.frozen_round >= 0 ? fmt::format("round {}", unit.frozen_round + 1)
                                              : std::string("no"));
  }
  out += card_prices_markdown(result);
  out +=
      "\nThe report below is the last round's games, at the prices that round played; its "
      "replay commands play them again.\n\n";
  return out;
}

}  // namespace warband::balance
