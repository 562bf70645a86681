// The loop a designer runs with `warband balance RULESET --reprice` where the ruleset's cost file
// takes per-unit overrides (costs.toml's [units]): the points file it writes, saved over the cost
// file of a copy of the content, prices the catalog as the repricing said.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "balance/reprice.h"
#include "core/balance_hooks.h"
#include "core/file_io.h"
#include "core/registry.h"
#include "tests/support/test_files.h"

namespace warband::testing {

// Each catalog unit's price in `setup` (BalanceHooks::catalog), in catalog order.
inline std::vector<int> catalog_prices(const std::string& ruleset, const nlohmann::json& setup) {
  std::vector<int> prices;
  for (const BalanceUnit& unit : find_balance(ruleset).catalog(setup))
    prices.push_back(unit.points);
  return prices;
}

// A short repricing of `ruleset`'s content copied under `scratch` with `overrides` (a planted
// price), whose points file is saved as `cost_file` (e.g. "conflict/costs.toml") of a second copy:
// that copy's catalog prices every unit as the repricing's new prices. Returns the result.
inline balance::RepriceResult reprice_into_copy(const std::string& ruleset,
                                                const std::vector<BalanceOverride>& overrides,
                                                const std::string& cost_file,
                                                const ScratchFolder& scratch) {
  std::filesystem::create_directories(scratch.file("before"));
  std::filesystem::create_directories(scratch.file("after"));
  scratch.copy_folder(default_content_dir() + "/" + ruleset, "before/" + ruleset);
  scratch.copy_folder(default_content_dir() + "/" + ruleset, "after/" + ruleset);
  balance::RepriceSettings settings;
  settings.balance.ruleset = ruleset;
  settings.balance.base_setup = {{"content_dir", scratch.file("before")}};
  settings.balance.overrides = overrides;
  settings.balance.games = 4;
  settings.balance.seed = 3;
  settings.balance.threads = 1;
  settings.balance.mirrored = true;
  settings.max_rounds = 1;
  const balance::RepriceResult result = balance::reprice(settings);
  write_file_atomically(scratch.file("after/" + cost_file), balance::points_file(result),
                        "points file");
  std::vector<int> repriced;
  for (const balance::RepricedUnit& unit : result.units)
    repriced.push_back(unit.new_points);
  EXPECT_EQ(catalog_prices(ruleset, {{"content_dir", scratch.file("after")}}), repriced)
      << balance::points_file(result);
  return result;
}

// The ruleset's points file for `prices` (one per catalog unit of `setup`, in order) saved over
// `cost_file` under `setup`'s content root reads back as the same prices.
inline void expect_rendered_prices_read_back(const std::string& ruleset,
                                             const nlohmann::json& setup,
                                             const std::string& cost_file,
                                             const std::vector<int>& prices) {
  const BalanceHooks& hooks = find_balance(ruleset);
  ASSERT_TRUE(hooks.render_points_file);
  std::vector<BalanceUnit> units = hooks.catalog(setup);
  ASSERT_EQ(units.size(), prices.size());
  std::vector<std::string> comments;
  for (std::size_t u = 0; u < units.size(); ++u) {
    comments.push_back("was " + std::to_string(units[u].points));
    units[u].points = prices[u];
  }
  const std::string file = hooks.render_points_file(setup, units, comments);
  write_file_atomically(setup.at("content_dir").get<std::string>() + "/" + cost_file, file,
                        "points file");
  EXPECT_EQ(catalog_prices(ruleset, setup), prices) << file;
}

}  // namespace warband::testing
