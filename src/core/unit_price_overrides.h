// A balance run's price of a unit whose cost a ruleset's formula gives (`--set
// units.ID.points=N`): the number a planted test or `warband balance --reprice` moves. The
// override is recorded in the setup (setup["unit_points"], unit id -> points) and read by the
// ruleset's balance hooks (its catalog, its random lists, its formula points), so that a unit's
// price can be put under test without editing the formula that prices every unit.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "core/balance_hooks.h"
#include "core/parameter_spec.h"

namespace warband {

class TomlFields;

// The highest price `units.ID.points` takes (a unit's points in a list are bounded alike).
inline constexpr int kMaxUnitPrice = 100000;

// One entry of a cost file's [units] table, `ID = { override = N }`: a unit priced by hand in place
// of the formula's price (what `warband balance --reprice` writes, cost_file_with_overrides).
struct UnitPriceOverride {
  std::string id;     // the table's key, as written: the ruleset matches it to its units
  std::string where;  // "costs.toml:LINE" of the entry, for the ruleset's unknown-id error
  int points = 0;
};

// The [units] table of `costs` (a cost file's top level), in key order; none when it has no
// [units]. `points_noun` says what N is ("the profile's points") in the message for a missing
// override. Throws InputError at the entry's file:line for [units] not a table, an entry not a
// table, a key other than `override`, or N missing or not a whole number from 0 to kMaxUnitPrice.
std::vector<UnitPriceOverride> read_unit_price_overrides(const TomlFields& costs,
                                                         std::string_view points_noun);

// `setup` with every override applied: `units.ID.points=N` (ID one of `catalog`'s ids, N a whole
// number from 0 to kMaxUnitPrice) recorded in setup["unit_points"][ID], every other path passed
// to override_parameters with `what_ifs`. Throws InputError at "--set PATH": an unknown id names
// the catalog's ids, another field of a unit says only points are set, another path says what
// `title` takes.
nlohmann::json override_prices_and_parameters(const nlohmann::json& setup,
                                              const std::vector<BalanceOverride>& overrides,
                                              std::string_view title,
                                              const std::vector<BalanceUnit>& catalog,
                                              const std::vector<ParameterSpec>& what_ifs);

// Unit `id`'s price in `setup`: its recorded override, or `formula_points` (the ruleset's own).
int unit_price(const nlohmann::json& setup, const std::string& id, int formula_points);

// The cost file `cost_file` (a TOML file's text) with its [units] table, if it has one, replaced
// by one that prices each of `prices` by hand, `ID = { override = N }` (a comment from `comments`
// beside each, `note` as comment lines under the header), at the end of the file where a table
// holds no top-level key: the whole file a `--reprice` writes for a ruleset whose cost file takes
// per-unit overrides, to save over the content's.
std::string cost_file_with_overrides(std::string_view cost_file, std::string_view note,
                                     const std::vector<BalanceUnit>& prices,
                                     const std::vector<std::string>& comments);

}  // namespace warband
