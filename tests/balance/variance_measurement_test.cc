// The variance reductions measured (docs/sim.md "Variance reduction"): not a check, a measurement
// run on demand, so it is DISABLED_ in CI. Each design plays R replicate runs of N games on seeds
// 1..R and prints the spread across the replicates of r (the fit's log-odds per point) and of one
// unit's value, with the mean interval half-width the fit reported. Common random numbers: the
// spread of the difference between a baseline run and a run with one price changed, on the same
// seed against seeds apart.
//   build/release/warband_tests --gtest_also_run_disabled_tests
//       --gtest_filter='VarianceMeasurement.*'
// Environment: MEASURE_RULESET (default wager), MEASURE_BOT (random), MEASURE_GAMES (2000),
// MEASURE_REPLICATES (10), MEASURE_UNIT (horse), MEASURE_PRICE (260), MEASURE_THREADS (2).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <iostream>

#include "balance/balance_run.h"
#include "tests/balance/wager_ruleset.h"

namespace warband::balance {
namespace {

std::string env(const char* name, const std::string& fallback) {
  const char* value = std::getenv(name);
  return value && *value ? value : fallback;
}

struct Spread {
  double sum = 0, squares = 0, reported = 0;
  int n = 0;
  void add(double x, double half_width) {
    sum += x;
    squares += x * x;
    reported += half_width;
    ++n;
  }
  double sd() const {
    const double mean = sum / n;
    return n > 1 ? std::sqrt(std::max(0.0, (squares - n * mean * mean) / (n - 1))) : 0.0;
  }
};

BalanceSettings base_settings() {
  BalanceSettings settings;
  settings.ruleset = env("MEASURE_RULESET", wager::kRuleset);
  settings.bot = env("MEASURE_BOT", "random");
  settings.games = std::stoll(env("MEASURE_GAMES", "2000"));
  settings.threads = std::stoi(env("MEASURE_THREADS", "2"));
  settings.spread = settings.ruleset == "atomspast" ? 1000 : -1;
  return settings;
}

const UnitBalance* unit_of(const BalanceAnalysis& analysis, const std::string& id) {
  for (const UnitBalance& unit : analysis.units)
    if (unit.id == id) return &unit;
  return nullptr;
}

TEST(VarianceMeasurement, DISABLED_EachDesignsSpreadAtAFixedNumberOfGames) {
  const int replicates = std::stoi(env("MEASURE_REPLICATES", "10"));
  const std::string unit = env("MEASURE_UNIT", "horse");
  struct Design {
    const char* name;
    bool mirrored;
    int profiles;
    bool luck;
  };
  for (const Design design : {Design{"plain", false, 0, false}, Design{"mirrored", true, 0, false},
                              Design{"skewed (3 profiles)", false, 3, false},
                              Design{"luck", false, 0, true}, Design{"all three", true, 3, true}}) {
    Spread rate, value;
    for (int r = 1; r <= replicates; ++r) {
      BalanceSettings settings = base_settings();
      settings.seed = static_cast<std::uint64_t>(r);
      settings.mirrored = design.mirrored;
      settings.profiles = design.profiles;
      settings.luck = design.luck;
      const BalanceRun run = run_balance(settings);
      rate.add(run.analysis.rate * 100, kZ95 * run.analysis.rate_se * 100);
      if (const UnitBalance* found = unit_of(run.analysis, unit); found && found->estimable)
        value.add(found->value, kZ95 * found->value_se);
    }
    std::cout << fmt::format(
        "{:22} r per 100 points: sd {:.4f} (reported half-width {:.4f}); {} value: sd {:.4f} "
        "(reported half-width {:.4f}, {} of {} runs)\n",
        design.name, rate.sd(), rate.reported / rate.n, unit, value.sd(),
        value.n ? value.reported / value.n : 0.0, value.n, replicates);
  }
}

TEST(VarianceMeasurement, DISABLED_CommonRandomNumbersBetweenTwoPrices) {
  const int replicates = std::stoi(env("MEASURE_REPLICATES", "10"));
  const std::string unit = env("MEASURE_UNIT", "horse");
  const std::string price = env("MEASURE_PRICE", "260");
  for (const bool common : {true, false}) {
    Spread difference;
    for (int r = 1; r <= replicates; ++r) {
      BalanceSettings baseline = base_settings();
      baseline.seed = static_cast<std::uint64_t>(r);
      BalanceSettings changed = baseline;
      changed.overrides.push_back({"units." + unit + ".points", price});
      if (!common) changed.seed += 1000;
      const UnitBalance* a = nullptr;
      const UnitBalance* b = nullptr;
      const BalanceRun first = run_balance(baseline);
      const BalanceRun second = run_balance(changed);
      a = unit_of(first.analysis, unit);
      b = unit_of(second.analysis, unit);
      if (a && b && a->estimable && b->estimable) difference.add(b->value - a->value, 0);
    }
    std::cout << fmt::format("{:22} {} value, changed price minus baseline: sd {:.4f} ({} runs)\n",
                             common ? "common random numbers" : "independent seeds", unit,
                             difference.sd(), difference.n);
  }
}

}  // namespace
}  // namespace warband::balance
