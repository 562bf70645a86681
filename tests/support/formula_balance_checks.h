// What every ruleset whose warbands are priced by a cost formula (Conflict, A Game) checks of its
// balance hooks the same way: the round limit as the only rule what-if (a unit's price is the
// other: reference_lists_checks.h), and a short run's report. Each ruleset's test keeps its own
// facts (its limit, families, names) and passes them in.
#pragma once

#include <gtest/gtest.h>

#include <array>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "balance/balance_run.h"
#include "balance/report.h"
#include "core/error.h"
#include "core/registry.h"
#include "core/rng.h"
#include "sim/sweep.h"

namespace warband::testing {

// `--set parameters.round_limit=LIMIT` reaches the game; another path is refused at "--set PATH"
// naming the one allowed, and a round limit of 0 (the content's own) is no what-if.
inline void expect_round_limit_is_the_only_what_if(const std::string& ruleset, int limit) {
  const BalanceHooks& hooks = find_balance(ruleset);
  const nlohmann::json setup = hooks.apply_overrides(
      nlohmann::json::object(), {{"parameters.round_limit", std::to_string(limit)}});
  EXPECT_EQ(setup["parameters"]["round_limit"], limit);
  EXPECT_EQ(make_game(ruleset, setup)->info().ruleset, ruleset);
  try {
    hooks.apply_overrides(nlohmann::json::object(), {{"costs.wound_points", "3"}});
    ADD_FAILURE() << "expected an InputError";
  } catch (const InputError& error) {
    EXPECT_EQ(error.where(), "--set costs.wound_points");
    EXPECT_NE(error.problem().find("parameters.round_limit"), std::string::npos);
  }
  EXPECT_THROW(hooks.apply_overrides(nlohmann::json::object(), {{"parameters.round_limit", "0"}}),
               InputError);
}

// A ruleset's own facts for its short run.
struct ShortRunFacts {
  int points = 0;                            // the standard game's limit
  std::array<std::string, 2> families;       // the formula's two families, in order
  std::vector<std::string> report_mentions;  // a term's and a unit's name the report shows
};

// 16 random-bot games at seed 5 on two threads: drawn at the standard limit with half of it as
// spread, the formula fitted by its two families, a report naming what `facts` says, no number
// suggested (16 random games cannot show that points win), and game 3 replayed as played.
inline balance::BalanceRun expect_short_formula_run(const std::string& ruleset,
                                                    const ShortRunFacts& facts) {
  balance::BalanceSettings settings;
  settings.ruleset = ruleset;
  settings.games = 16;
  settings.seed = 5;
  settings.threads = 2;
  balance::BalanceRun run = balance::run_balance(settings);
  EXPECT_EQ(run.points, facts.points);
  EXPECT_EQ(run.spread, facts.points / 2);
  EXPECT_EQ(run.games.size(), 16u);
  if (!run.formula.has_value()) {
    ADD_FAILURE() << "no formula fit";
    return run;
  }
  EXPECT_EQ(run.formula->families.size(), 2u);
  for (std::size_t f = 0; f < run.formula->families.size() && f < 2; ++f)
    EXPECT_EQ(run.formula->families[f].family, facts.families[f]);
  EXPECT_GE(run.formula->mean_points, facts.points / 2);
  EXPECT_LE(run.formula->mean_points, facts.points);
  const std::string md = balance::report_markdown(run, {.command = "warband balance"});
  EXPECT_NE(md.find("## The cost formula"), std::string::npos) << md;
  for (const std::string& name : facts.report_mentions)
    EXPECT_NE(md.find(name), std::string::npos) << name << "\n" << md;
  for (const balance::TermBalance& term : run.formula->terms)
    EXPECT_FALSE(term.has_suggestion) << term.term.name;
  const auto record = balance::replay_balance_game(settings, 3);
  EXPECT_EQ(record->game().setup()["warbands"],
            find_balance(ruleset).random_setup(run.setup, run.points, run.spread,
                                               mix_seed(sim::game_seed(5, 3), 2))["warbands"]);
  return run;
}

}  // namespace warband::testing
