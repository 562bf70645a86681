#include "core/unit_price_overrides.h"

#include <fmt/format.h>

#include "core/error.h"
#include "core/parameter_overrides.h"

namespace warband {
namespace {

constexpr std::string_view kUnitPrefix = "units.";
constexpr std::string_view kPointsSuffix = ".points";
constexpr const char* kUnitPointsKey = "unit_points";

std::vector<std::string> unit_ids(const std::vector<BalanceUnit>& catalog) {
  std::vector<std::string> ids;
  for (const BalanceUnit& unit : catalog)
    ids.push_back(unit.id);
  return ids;
}

// The price `text` gives, or an InputError at `where`.
int parsed_price(const std::string& text, const std::string& where) {
  const nlohmann::json value = nlohmann::json::parse(text, nullptr, false);
  if (!value.is_number_integer() || value.get<long long>() < 0 ||
      value.get<long long>() > kMaxUnitPrice)
    throw InputError(where, fmt::format("expected a whole number of points from 0 to {}, got '{}'",
                                        kMaxUnitPrice, text));
  return value.get<int>();
}

}  // namespace

nlohmann::json override_prices_and_parameters(const nlohmann::json& setup,
                                              const std::vector<BalanceOverride>& overrides,
                                              std::string_view title,
                                              const std::vector<BalanceUnit>& catalog,
                                              const std::vector<ParameterSpec>& what_ifs) {
  nlohmann::json out = setup.is_object() ? setup : nlohmann::json::object();
  for (const BalanceOverride& override : overrides) {
    const std::string& path = override.first;
    if (!path.starts_with(kUnitPrefix)) {
      try {
        out = override_parameters(out, {override}, title, what_ifs);
      } catch (const InputError& error) {
        // Only the path was wrong when the parameters' refusal says what the ruleset takes.
        if (error.problem().starts_with(std::string(title) + " takes"))
          throw InputError(error.where(), error.problem() + ", or units.ID.points=N");
        throw;
      }
      continue;
    }
    const std::string where = "--set " + path;
    if (!path.ends_with(kPointsSuffix) || path.size() <= kUnitPrefix.size() + kPointsSuffix.size())
      throw InputError(where, fmt::format("{} sets a unit's price only: units.ID.points=N", title));
    const std::string id =
        path.substr(kUnitPrefix.size(), path.size() - kUnitPrefix.size() - kPointsSuffix.size());
    bool known = false;
    for (const BalanceUnit& unit : catalog)
      known = known || unit.id == id;
    if (!known)
      throw InputError(where, fmt::format("no unit '{}' in {}'s catalog; known: {}", id, title,
                                          fmt::join(unit_ids(catalog), ", ")));
    out[kUnitPointsKey][id] = parsed_price(override.second, where);
  }
  return out;
}

int unit_price(const nlohmann::json& setup, const std::string& id, int formula_points) {
  if (!setup.is_object() || !setup.contains(kUnitPointsKey)) return formula_points;
  const nlohmann::json& prices = setup[kUnitPointsKey];
  if (!prices.is_object()) throw InputError("setup.unit_points", "expected unit id -> points");
  const auto found = prices.find(id);
  if (found == prices.end()) return formula_points;
  if (!found->is_number_integer() || found->get<long long>() < 0 ||
      found->get<long long>() > kMaxUnitPrice)
    throw InputError("setup.unit_points." + id,
                     fmt::format("expected whole points from 0 to {}", kMaxUnitPrice));
  return found->get<int>();
}

}  // namespace warband
