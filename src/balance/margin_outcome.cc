#include "balance/margin_outcome.h"

#include <algorithm>

#include "core/error.h"
#include "sim/points_margin.h"

namespace warband::balance {

Outcome parse_outcome(const std::string& text, const std::string& where) {
  if (text == "result") return Outcome::kResult;
  if (text == "margin") return Outcome::kMargin;
  throw InputError(where, fmt::format("expected result or margin, got '{}'", text));
}

const char* outcome_name(Outcome outcome) {
  return outcome == Outcome::kMargin ? "margin" : "result";
}

const char* outcome_value_unit(Outcome outcome) {
  return outcome == Outcome::kMargin ? "margin" : "log-odds";
}

std::string outcome_explanation(Outcome outcome) {
  if (outcome == Outcome::kResult)
    return "Priced by the result (a win 1, a draw 1/2, a loss 0; less the game's luck when "
           "measured), by logistic regression: a value is log-odds of winning.";
  return "Priced by the margin (`--outcome margin`): the share of Blue's points destroyed "
         "minus the share of Red's (a standing unit counted pro rata to the wounds it lost), "
         "from -1 to 1, by least squares on the same columns as the result's fit: a value is "
         "margin per copy, and a worth in points is value / the average point's value as for the "
         "result. This is a unit's worth to the margin, not to winning: where one unit's fall "
         "decides the game (a leader such as a Kon), a unit that destroys many points but cannot "
         "reach the leader is worth more to the margin than to winning, and the leader's own "
         "worth is in its role's table, not in points (docs/sim.md, \"Pricing from the "
         "margin\").";
}

namespace {

int yardstick_points(const sim::UnitResult& unit, const ReferencePrices& yardstick) {
  const auto found = yardstick.find(unit.name);
  return found == yardstick.end() ? unit.points : found->second;
}

}  // namespace

double points_destroyed_share(const sim::GameResult& game, int side,
                              const ReferencePrices& yardstick) {
  const auto lost = [&](std::size_t i) {
    const sim::UnitResult& unit = game.units[i];
    return sim::unit_lost_share(unit.wounds, unit.max_wounds, unit.survived);
  };
  return sim::points_destroyed_share(game.units, side, lost, [&](std::size_t i) {
    return yardstick_points(game.units[i], yardstick);
  });
}

double points_margin(const sim::GameResult& game, const ReferencePrices& yardstick) {
  return points_destroyed_share(game, 1, yardstick) - points_destroyed_share(game, 0, yardstick);
}

double red_outcome(const sim::GameResult& game, Outcome outcome, const ReferencePrices& yardstick) {
  if (outcome == Outcome::kMargin) return points_margin(game, yardstick);
  const double result = game.winner == 0 ? 1.0 : game.winner == 1 ? 0.0 : 0.5;
  return result - game.luck;
}

}  // namespace warband::balance
