// "toy" odds (toy_ruleset.cc), so `warband odds` is tested end to end without a real ruleset: the
// total of --dice N dice with --faces F faces (default 6), plus 1 with
// --bonus.
#include <cmath>

#include "core/odds.h"
#include "tests/test_rulesets/toy/toy_game.h"

namespace warband::toy {
namespace {

struct ToyRoll {
  int dice;
  int faces;
  bool bonus;
};

ToyRoll read_roll(const OddsArgs& args) {
  return {odds_int(args, "dice", 1, 200), odds_int(args, "faces", 2, 20, 6),
          odds_flag(args, "bonus")};
}

OddsResult compute(const OddsArgs& args) {
  const ToyRoll roll = read_roll(args);
  const int bonus = roll.bonus ? 1 : 0;
  OddsResult result;
  result.title = fmt::format("{}d{}{}: the total", roll.dice, roll.faces, roll.bonus ? "+1" : "");
  result.outcome_label = "total";
  result.exact = Distribution::uniform(1 + bonus, roll.faces + bonus)
                     .plus(Distribution::uniform(1, roll.faces).sum_of(roll.dice - 1));
  result.figures = {{"P(every die shows 1)", std::pow(1.0 / roll.faces, roll.dice)},
                    {"dice", roll.dice}};
  return result;
}

std::vector<int> sample(const OddsArgs& args, Rng& rng, int samples) {
  const ToyRoll roll = read_roll(args);
  std::vector<int> totals;
  totals.reserve(static_cast<std::size_t>(samples));
  for (int i = 0; i < samples; ++i) {
    int total = roll.bonus ? 1 : 0;
    for (int d = 0; d < roll.dice; ++d)
      total += 1 + static_cast<int>(rng.below(static_cast<std::uint64_t>(roll.faces)));
    totals.push_back(total);
  }
  return totals;
}

}  // namespace

OddsQuery toy_odds_query() {
  return {
      .summary = "Toy odds: the total of a handful of dice (tests only)",
      .options = {{"dice", "How many dice, 1 to 200 (required)"},
                  {"faces", "Faces on each die, 2 to 20 (default 6)"},
                  {"bonus", "Add 1 to the total", true}},
      .compute = compute,
      .sample = sample,
  };
}

}  // namespace warband::toy
