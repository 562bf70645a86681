#include "balance/balance_analysis.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <unordered_map>

#include "balance/logistic_fit.h"
#include "balance/margin_fit.h"
#include "balance/ratio_interval.h"
#include "core/error.h"
#include "sim/summary.h"

namespace warband::balance {
namespace {

double red_result(const sim::GameResult& game) {
  return game.winner == 0 ? 1.0 : game.winner == 1 ? 0.0 : 0.5;
}

// Best: the most damage dealt, a survivor on the winning side breaking ties; worst: the least
// damage, a casualty on the losing side breaking ties.
bool better(const GameRef& a, const GameRef& b) {
  if (a.damage_dealt != b.damage_dealt) return a.damage_dealt > b.damage_dealt;
  if (a.side_won != b.side_won) return a.side_won;
  return a.survived && !b.survived;
}

using RoleKey = std::pair<std::string, std::string>;  // (role, unit name)

// The role columns: for each game, +1 for Red's unit in each role and -1 for Blue's, keyed by
// (role, name); `roles` gets one entry per key seen, with its games and survival.
void tally_roles(const std::vector<sim::GameResult>& games, BalanceAnalysis& analysis,
                 std::vector<std::map<RoleKey, double>>& differences) {
  std::map<RoleKey, RoleBalance> seen;
  std::map<RoleKey, int> survivors;
  for (const sim::GameResult& game : games) {
    std::map<RoleKey, double> difference;
    for (const sim::UnitResult& unit : game.units) {
      if (unit.role.empty()) continue;
      const RoleKey key{unit.role, unit.name};
      difference[key] += unit.side == 0 ? 1.0 : -1.0;
      RoleBalance& out = seen[key];
      out.role = unit.role;
      out.name = unit.name;
      ++out.copies;
      survivors[key] += unit.survived ? 1 : 0;
    }
    for (const auto& [key, unused] : difference)
      ++seen[key].games;
    differences.push_back(std::move(difference));
  }
  for (auto& [key, role] : seen) {
    role.survival = static_cast<double>(survivors[key]) / role.copies;
    analysis.roles.push_back(role);
  }
}

void tally(const std::vector<BalanceUnit>& catalog, const std::vector<sim::GameResult>& games,
           BalanceAnalysis& analysis, std::vector<std::vector<double>>& differences) {
  std::map<std::string, int> by_name;
  for (std::size_t u = 0; u < catalog.size(); ++u)
    by_name.emplace(catalog[u].name, static_cast<int>(u));
  std::vector<int> survivors(catalog.size(), 0);
  std::vector<long> damage(catalog.size(), 0), kills(catalog.size(), 0);
  for (const sim::GameResult& game : games) {
    std::vector<double> difference(catalog.size(), 0.0);
    std::vector<bool> seen(catalog.size(), false);
    for (const sim::UnitResult& unit : game.units) {
      const auto found = by_name.find(unit.name);
      if (found == by_name.end()) continue;  // a player's custom profile: not in the catalog
      if (!unit.role.empty()) continue;      // fitted by its role (tally_roles), not as army
      const int u = found->second;
      difference[u] += unit.side == 0 ? 1.0 : -1.0;
      seen[u] = true;
      UnitBalance& out = analysis.units[u];
      ++out.copies;
      survivors[u] += unit.survived ? 1 : 0;
      damage[u] += unit.damage_dealt;
      kills[u] += unit.kills;
      const GameRef ref{.present = true,
                        .index = game.index,
                        .game_seed = game.seed,
                        .damage_dealt = unit.damage_dealt,
                        .survived = unit.survived,
                        .side_won = game.winner == unit.side};
      if (!out.best.present || better(ref, out.best)) out.best = ref;
      if (!out.worst.present || better(out.worst, ref)) out.worst = ref;
    }
    for (std::size_t u = 0; u < catalog.size(); ++u)
      analysis.units[u].appearances += seen[u] ? 1 : 0;
    differences.push_back(std::move(difference));
  }
  for (std::size_t u = 0; u < catalog.size(); ++u) {
    UnitBalance& out = analysis.units[u];
    if (out.copies == 0) continue;
    out.survival = static_cast<double>(survivors[u]) / out.copies;
    out.damage_per_game = static_cast<double>(damage[u]) / out.copies;
    out.kills_per_game = static_cast<double>(kills[u]) / out.copies;
  }
}

void summarise_results(const std::vector<sim::GameResult>& games, BalanceAnalysis& analysis) {
  double sum = 0, squares = 0;
  for (const sim::GameResult& game : games) {
    const double y = red_result(game);
    sum += y;
    squares += y * y;
    if (!game.finished) ++analysis.unfinished;
    if (game.winner == 0)
      ++analysis.red_wins;
    else if (game.winner == 1)
      ++analysis.blue_wins;
    else
      ++analysis.draws;
  }
  const double n = static_cast<double>(games.size());
  if (n == 0) return;
  double margins = 0;
  for (const sim::GameResult& game : games)
    margins += points_margin(game);
  analysis.red_margin = margins / n;
  analysis.red_score = sum / n;
  const double variance =
      n > 1 ? (squares - n * analysis.red_score * analysis.red_score) / (n - 1) : 0.0;
  if (variance > 1e-12) {
    // The normal interval from the games' own spread (draws narrow it), cut to the score's
    // range: 2 games, a win and a loss, gave [-0.48, 1.48].
    const double half = kZ95 * std::sqrt(variance / n);
    analysis.red_score_low = std::max(0.0, analysis.red_score - half);
    analysis.red_score_high = std::min(1.0, analysis.red_score + half);
  } else {
    // One game, or every game the same result: no spread to read, so Wilson's interval (not
    // [1, 1] after 20 wins in 20 games, nor [-0.98, 0.98] after one loss).
    const sim::Proportion score = sim::wilson_score_interval(analysis.red_score, n, kZ95);
    analysis.red_score_low = score.low;
    analysis.red_score_high = score.high;
  }
}

// The card columns: for each game, Red's copies of each card - Blue's; `analysis.cards` gets one
// entry per card of the list, with its games, copies and how often its side won.
void tally_cards(const std::vector<BalanceCard>& cards, const std::vector<sim::GameResult>& games,
                 BalanceAnalysis& analysis, std::vector<std::vector<double>>& differences) {
  std::map<std::string, std::size_t> by_name;
  for (const BalanceCard& card : cards) {
    by_name.emplace(card.name, analysis.cards.size());
    analysis.cards.push_back({.id = card.id,
                              .name = card.name,
                              .current = card.value,
                              .kind = card.kind,
                              .price_id = card.price_id,
                              .price = card.price});
  }
  // By card id (sim/card_names.h): the card's column, or none for a card not in the list.
  constexpr std::size_t kNoColumn = static_cast<std::size_t>(-1);
  std::unordered_map<sim::CardId, std::size_t> column_of;
  for (const sim::GameResult& game : games) {
    std::vector<double> difference(cards.size(), 0.0);
    std::vector<bool> seen(cards.size(), false);
    for (int side = 0; side < 2; ++side) {
      const double side_result = game.winner == side ? 1.0 : game.winner < 0 ? 0.5 : 0.0;
      for (const sim::CardId id : game.cards[side]) {
        auto column = column_of.find(id);
        if (column == column_of.end()) {
          const auto found = by_name.find(sim::card_name(id));
          column = column_of.emplace(id, found == by_name.end() ? kNoColumn : found->second).first;
        }
        const std::size_t c = column->second;
        if (c == kNoColumn) continue;  // not in the ruleset's list: nothing to value
        difference[c] += side == 0 ? 1.0 : -1.0;
        seen[c] = true;
        ++analysis.cards[c].copies;
        analysis.cards[c].side_won += side_result;
      }
    }
    for (std::size_t c = 0; c < cards.size(); ++c)
      analysis.cards[c].games += seen[c] ? 1 : 0;
    differences.push_back(std::move(difference));
  }
  for (CardBalance& card : analysis.cards)
    if (card.copies > 0) card.side_won /= card.copies;
}

// The price-step columns: one per kind of priced cards (in the cards' order), each game's value
// the sum over the kind's cards of (count difference x (its price in that game - its price now)).
struct StepColumns {
  std::vector<std::string> kinds;
  std::vector<std::vector<double>> values;  // [game][kind]
};

StepColumns step_columns(const std::vector<BalanceCard>& cards,
                         const std::vector<std::vector<double>>& card_differences,
                         const CardPrices& prices) {
  StepColumns out;
  std::vector<int> kind_of(cards.size(), -1);
  for (std::size_t c = 0; c < cards.size(); ++c) {
    if (!cards[c].price) continue;
    const auto found = std::find(out.kinds.begin(), out.kinds.end(), cards[c].kind);
    kind_of[c] = static_cast<int>(found - out.kinds.begin());
    if (found == out.kinds.end()) out.kinds.push_back(cards[c].kind);
  }
  WB_CHECK(prices.empty() || prices.size() == card_differences.size());
  for (std::size_t g = 0; g < card_differences.size(); ++g) {
    std::vector<double> row(out.kinds.size(), 0.0);
    if (!prices.empty()) {
      WB_CHECK(prices[g].size() == cards.size());
      for (std::size_t c = 0; c < cards.size(); ++c)
        if (kind_of[c] >= 0)
          row[kind_of[c]] += card_differences[g][c] * (prices[g][c] - *cards[c].price);
    }
    out.values.push_back(std::move(row));
  }
  return out;
}

// The columns whose difference varies between games: a constant one is the intercept's business,
// and one never seen says nothing.
std::vector<int> varying_columns(const std::vector<std::vector<double>>& differences,
                                 std::size_t count) {
  std::vector<int> columns;
  for (std::size_t c = 0; c < count; ++c) {
    bool varies = false;
    for (std::size_t g = 1; g < differences.size() && !varies; ++g)
      varies = differences[g][c] != differences[0][c];
    if (varies) columns.push_back(static_cast<int>(c));
  }
  return columns;
}

// Column i's value over the rate w . b (a suggested cost, a card's worth), with Fieller's interval.
RatioInterval value_over_rate(int i, const std::vector<double>& weights, const LogisticFit& fit) {
  std::vector<double> column(fit.coefficients.size(), 0.0);
  column[static_cast<std::size_t>(i)] = 1.0;
  return ratio_interval(column, weights, fit.coefficients, fit.covariance, kZ95);
}

}  // namespace

double UnitBalance::off_score() const {
  if (!estimable) return 0;
  const double se = (excess_high - excess_low) / (2 * kZ95);
  return se > 0 ? std::abs(excess_per_point) / se : 0;
}

BalanceAnalysis analyze(const std::vector<BalanceUnit>& catalog,
                        const std::vector<sim::GameResult>& games,
                        const std::vector<BalanceCard>& cards, const AnalysisOptions& options,
                        const CardPrices& card_prices) {
  BalanceAnalysis analysis;
  analysis.outcome = options.outcome;
  analysis.games = static_cast<std::int64_t>(games.size());
  for (const BalanceUnit& unit : catalog)
    analysis.units.push_back({.id = unit.id, .name = unit.name, .points = unit.points});
  std::vector<std::vector<double>> differences;
  tally(catalog, games, analysis, differences);
  std::vector<std::map<RoleKey, double>> role_differences;
  tally_roles(games, analysis, role_differences);
  std::vector<std::vector<double>> card_differences;
  tally_cards(cards, games, analysis, card_differences);
  summarise_results(games, analysis);

  // Each role's most frequent unit is its reference: its column is dropped, since a role's
  // columns sum to 1 - 1 = 0 in every game (one unit per side in it).
  std::vector<int> role_columns;  // indices into analysis.roles, fitted after the units
  std::map<std::string, std::size_t> reference_of;  // ties: the first in name order
  for (std::size_t r = 0; r < analysis.roles.size(); ++r) {
    const auto [it, added] = reference_of.emplace(analysis.roles[r].role, r);
    if (!added && analysis.roles[r].games > analysis.roles[it->second].games) it->second = r;
  }
  for (std::size_t r = 0; r < analysis.roles.size(); ++r) {
    const std::size_t reference = reference_of.at(analysis.roles[r].role);
    analysis.roles[r].reference = reference == r;
    if (reference == r) continue;
    // A column that never varies (the same Kons every game, --warbands) would only blur the
    // intercept: left out, like a unit's.
    const RoleKey key{analysis.roles[r].role, analysis.roles[r].name};
    const auto difference_in = [&](std::size_t g) {
      const auto found = role_differences[g].find(key);
      return found == role_differences[g].end() ? 0.0 : found->second;
    };
    bool varies = false;
    for (std::size_t g = 1; g < role_differences.size() && !varies; ++g)
      varies = difference_in(g) != difference_in(0);
    if (varies) role_columns.push_back(static_cast<int>(r));
  }

  // The fit's columns: units whose count difference varies between games (a constant one is the
  // intercept's business, and a unit never fielded says nothing), and the cards likewise.
  const std::vector<int> columns = varying_columns(differences, catalog.size());
  const std::vector<int> card_columns = varying_columns(card_differences, cards.size());
  const StepColumns steps = step_columns(cards, card_differences, card_prices);
  const std::vector<int> step_columns = varying_columns(steps.values, steps.kinds.size());
  std::vector<std::vector<double>> features;
  std::vector<double> outcomes;
  for (std::size_t g = 0; g < games.size(); ++g) {
    std::vector<double> row;
    for (int u : columns)
      row.push_back(differences[g][u]);
    for (int r : role_columns) {
      const auto found = role_differences[g].find({analysis.roles[r].role, analysis.roles[r].name});
      row.push_back(found == role_differences[g].end() ? 0.0 : found->second);
    }
    for (int c : card_columns)
      row.push_back(card_differences[g][c]);
    for (int k : step_columns)
      row.push_back(steps.values[g][k]);
    features.push_back(std::move(row));
    outcomes.push_back(red_outcome(games[g], options.outcome, options.reference_prices));
  }
  LuckColumnFit luck;
  const LogisticFit fit = fit_outcome(features, outcomes, kRidge, options, games, &luck);
  analysis.fit_converged = fit.converged;
  analysis.intercept = fit.coefficients[0];
  analysis.intercept_se = fit.standard_error(0);
  analysis.intercept_significant =
      std::abs(analysis.intercept) > kZ95 * analysis.intercept_se && analysis.intercept_se > 0;

  // The rate: sum(copies x value) / sum(copies x points) over the fitted units, so that the
  // average fielded point (at the reference prices, when given) is worth one point. It is a
  // linear function w . b of the coefficients.
  const std::size_t k = fit.coefficients.size();
  std::vector<double> weights(k, 0.0);
  double fielded_points = 0;
  for (int u : columns) {
    const auto reference = options.reference_prices.find(catalog[u].name);
    const int points =
        reference == options.reference_prices.end() ? catalog[u].points : reference->second;
    fielded_points += static_cast<double>(analysis.units[u].copies) * points;
  }
  for (std::size_t c = 0; c < columns.size() && fielded_points > 0; ++c)
    weights[c + 1] = analysis.units[columns[c]].copies / fielded_points;
  double rate = 0;
  for (std::size_t i = 0; i < k; ++i)
    rate += weights[i] * fit.coefficients[i];
  analysis.rate = rate;
  analysis.rate_se = std::sqrt(variance_along(weights, fit.covariance));
  analysis.rate_identified = !columns.empty() && rate > kZ95 * analysis.rate_se;
  if (luck.fitted)
    analysis.luck = {
        .fitted = true,
        .coefficient = luck.coefficient,
        .coefficient_se = luck.coefficient_se,
        .variance_reduction = luck.variance_reduction,
        .rate_se_without = std::sqrt(variance_along(weights, luck.without.covariance))};

  for (std::size_t c = 0; c < columns.size(); ++c) {
    UnitBalance& unit = analysis.units[columns[c]];
    const int i = static_cast<int>(c + 1);
    unit.estimable = true;
    unit.value = fit.coefficients[i];
    unit.value_se = fit.standard_error(i);
    const double points = std::max(unit.points, 1);
    unit.value_per_point = unit.value / points;
    unit.value_per_point_low = (unit.value - kZ95 * unit.value_se) / points;
    unit.value_per_point_high = (unit.value + kZ95 * unit.value_se) / points;
    // excess = b_u / p_u - w . b: gradient e_u / p_u - w.
    std::vector<double> excess_gradient(k, 0.0);
    for (std::size_t j = 0; j < k; ++j)
      excess_gradient[j] = -weights[j];
    excess_gradient[i] += 1.0 / points;
    const double excess_half = kZ95 * std::sqrt(variance_along(excess_gradient, fit.covariance));
    unit.excess_per_point = unit.value_per_point - rate;
    unit.excess_low = unit.excess_per_point - excess_half;
    unit.excess_high = unit.excess_per_point + excess_half;
    unit.off_par = unit.excess_low > 0 || unit.excess_high < 0;
    if (rate == 0) continue;
    // suggested = b_u / r, its interval Fieller's (ratio_interval.h).
    const RatioInterval suggested = value_over_rate(i, weights, fit);
    unit.suggested = suggested.estimate;
    unit.suggested_low = suggested.low;
    unit.suggested_high = suggested.high;
    const double half = (suggested.high - suggested.low) / 2;
    unit.solid = analysis.rate_identified && half <= kSolidHalfWidth * points;
    unit.off = unit.points < unit.suggested_low || unit.points > unit.suggested_high;
  }
  for (std::size_t c = 0; c < role_columns.size(); ++c) {
    RoleBalance& role = analysis.roles[role_columns[c]];
    const int i = static_cast<int>(columns.size() + c + 1);
    role.estimable = true;
    role.value = fit.coefficients[i];
    role.value_se = fit.standard_error(i);
    role.value_low = role.value - kZ95 * role.value_se;
    role.value_high = role.value + kZ95 * role.value_se;
  }
  for (std::size_t c = 0; c < card_columns.size(); ++c) {
    CardBalance& card = analysis.cards[card_columns[c]];
    const int i = static_cast<int>(columns.size() + role_columns.size() + c + 1);
    card.estimable = true;
    card.value = fit.coefficients[i];
    card.value_se = fit.standard_error(i);
    card.value_low = card.value - kZ95 * card.value_se;
    card.value_high = card.value + kZ95 * card.value_se;
    if (rate == 0) continue;
    // worth = b_c / r, as a unit's suggested cost.
    const RatioInterval worth = value_over_rate(i, weights, fit);
    const double half = (worth.high - worth.low) / 2;
    card.has_worth = true;
    card.worth = worth.estimate;
    card.worth_low = worth.low;
    card.worth_high = worth.high;
    card.solid = analysis.rate_identified && half <= kSolidCardPoints;
  }
  // Each kind's value of a price step, then each priced card's suggested price: the price at
  // which a copy is worth its kind's average copy, price - (value - average) / step, with its
  // interval by the delta method.
  const int first_step =
      static_cast<int>(columns.size() + role_columns.size() + card_columns.size() + 1);
  std::map<std::string, std::pair<int, const CardKindStep*>> step_of;  // kind -> (column, step)
  for (std::size_t kind = 0; kind < steps.kinds.size(); ++kind) {
    CardKindStep step{.kind = steps.kinds[kind]};
    const auto fitted = std::find(step_columns.begin(), step_columns.end(), static_cast<int>(kind));
    if (fitted != step_columns.end()) {
      const int i = first_step + static_cast<int>(fitted - step_columns.begin());
      step.estimable = true;
      step.value = fit.coefficients[i];
      step.value_se = fit.standard_error(i);
      step.value_low = step.value - kZ95 * step.value_se;
      step.value_high = step.value + kZ95 * step.value_se;
      // A price is a cost: a step whose interval lies above 0 (a dearer card did better) says the
      // bots do not pay for the price, and a price fitted from it would move the wrong way.
      step.identified = step.value_high < 0;
      if (rate != 0) {
        const RatioInterval worth = value_over_rate(i, weights, fit);
        step.has_worth = true;
        step.worth = worth.estimate;
        step.worth_low = worth.low;
        step.worth_high = worth.high;
      }
      step_of[step.kind] = {i, nullptr};
    }
    analysis.card_steps.push_back(step);
  }
  for (const CardKindStep& step : analysis.card_steps)
    if (step_of.contains(step.kind)) step_of[step.kind].second = &step;
  // The kind's average copy: the copies-weighted mean value of its fitted priced cards, a linear
  // function m . b of the coefficients, so that the suggestions keep the kind's average price.
  std::map<std::string, std::vector<double>> mean_weights;  // kind -> m
  for (std::size_t c = 0; c < card_columns.size(); ++c) {
    const CardBalance& card = analysis.cards[card_columns[c]];
    if (!card.price || !step_of.contains(card.kind)) continue;
    auto [it, added] = mean_weights.try_emplace(card.kind, std::vector<double>(k, 0.0));
    it->second[columns.size() + role_columns.size() + c + 1] = card.copies;
  }
  for (auto& [kind, m] : mean_weights) {
    double copies = 0;
    for (double n : m)
      copies += n;
    for (double& n : m)
      n = copies > 0 ? n / copies : 0;
  }
  for (std::size_t c = 0; c < card_columns.size(); ++c) {
    CardBalance& card = analysis.cards[card_columns[c]];
    const auto found = step_of.find(card.kind);
    if (!card.price || found == step_of.end() || !found->second.second->identified) continue;
    const std::vector<double>& m = mean_weights.at(card.kind);
    const int i = static_cast<int>(columns.size() + role_columns.size() + c + 1);
    const int step_column = found->second.first;
    const double step = found->second.second->value;
    double mean = 0;
    for (std::size_t j = 0; j < k; ++j)
      mean += m[j] * fit.coefficients[j];
    // p = price - (b_c - m . b) / b_s: gradient -(e_c - m) / b_s, and (b_c - m . b) / b_s^2 for
    // b_s.
    std::vector<double> gradient(k, 0.0);
    for (std::size_t j = 0; j < k; ++j)
      gradient[j] = m[j] / step;
    gradient[i] -= 1.0 / step;
    gradient[step_column] = (card.value - mean) / (step * step);
    const double half = kZ95 * std::sqrt(variance_along(gradient, fit.covariance));
    card.has_price_suggestion = true;
    card.price_suggested = *card.price - (card.value - mean) / step;
    card.price_low = card.price_suggested - half;
    card.price_high = card.price_suggested + half;
    card.price_solid = half <= kSolidPriceSteps;
  }
  // By kind (in the cards' order), then the highest value first (the highest worth, when the
  // rate is positive).
  std::map<std::string, std::size_t> kind_order;
  for (const BalanceCard& card : cards)
    kind_order.emplace(card.kind, kind_order.size());
  std::stable_sort(analysis.cards.begin(), analysis.cards.end(),
                   [&](const CardBalance& a, const CardBalance& b) {
                     if (a.kind != b.kind) return kind_order.at(a.kind) < kind_order.at(b.kind);
                     if (a.estimable != b.estimable) return a.estimable;
                     return a.value > b.value;
                   });
  std::stable_sort(analysis.roles.begin(), analysis.roles.end(),
                   [](const RoleBalance& a, const RoleBalance& b) {
                     if (a.role != b.role) return a.role < b.role;
                     return a.value > b.value;
                   });
  std::stable_sort(analysis.units.begin(), analysis.units.end(),
                   [](const UnitBalance& a, const UnitBalance& b) {
                     if (a.estimable != b.estimable) return a.estimable;
                     return a.off_score() > b.off_score();
                   });
  return analysis;
}

}  // namespace warband::balance
