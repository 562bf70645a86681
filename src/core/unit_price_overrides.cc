#include "core/unit_price_overrides.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>

#include "core/error.h"
#include "core/parameter_overrides.h"
#include "core/toml_fields.h"

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

// A TOML key as written: bare when it may be, else quoted ("wild_hunt.Alpha Wolf").
std::string toml_key(const std::string& id) {
  const bool bare = !id.empty() && std::all_of(id.begin(), id.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-';
  });
  return bare ? id : nlohmann::json(id).dump();
}

// Whether `line` opens a table or an array of tables ("[units]", "  [[sizes]]  # ...").
bool opens_table(std::string_view line) {
  const std::size_t start = line.find_first_not_of(" \t");
  return start != std::string_view::npos && line[start] == '[';
}

bool opens_units_table(std::string_view line) {
  const std::size_t start = line.find_first_not_of(" \t");
  if (start == std::string_view::npos || !line.substr(start).starts_with("[units]")) return false;
  const std::size_t after = line.find_first_not_of(" \t", start + 7);
  return after == std::string_view::npos || line[after] == '#';
}

}  // namespace

std::vector<UnitPriceOverride> read_unit_price_overrides(const TomlFields& costs,
                                                         std::string_view points_noun) {
  std::vector<UnitPriceOverride> overrides;
  if (!costs.has("units")) return overrides;
  const toml::table& units = costs.table("units", "a [units] table of id = { override = N }");
  for (auto&& [key, node] : units) {
    const std::string id(key.str());
    const auto* entry = node.as_table();
    const TomlFields unit(costs.path(), entry ? *entry : units, fmt::format("[units] '{}'", id));
    if (!entry)
      unit.fail(node,
                fmt::format("expected {{ override = N }}, got {}", describe_toml_value(node)));
    unit.check_keys({"override"});
    unit.require("override", fmt::format("{{ override = N }}: {}", points_noun));
    overrides.push_back({.id = id,
                         .where = costs.where(node),
                         .points = unit.integer("override", 0, kMaxUnitPrice)});
  }
  return overrides;
}

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

std::string cost_file_with_overrides(std::string_view cost_file, std::string_view note,
                                     const std::vector<BalanceUnit>& prices,
                                     const std::vector<std::string>& comments) {
  std::string out;
  bool in_units = false;
  for (std::size_t start = 0; start < cost_file.size();) {
    std::size_t end = cost_file.find('\n', start);
    if (end == std::string_view::npos) end = cost_file.size();
    const std::string_view line = cost_file.substr(start, end - start);
    start = end + 1;
    if (opens_table(line)) in_units = opens_units_table(line);
    if (in_units) continue;
    out += line;
    out += '\n';
  }
  while (out.ends_with("\n\n"))
    out.pop_back();
  out += "\n[units]\n";
  for (std::size_t start = 0; start < note.size();) {
    std::size_t end = note.find('\n', start);
    if (end == std::string_view::npos) end = note.size();
    out += fmt::format("# {}\n", note.substr(start, end - start));
    start = end + 1;
  }
  for (std::size_t u = 0; u < prices.size(); ++u)
    out += fmt::format("{} = {{ override = {} }}{}\n", toml_key(prices[u].id), prices[u].points,
                       u < comments.size() && !comments[u].empty() ? "  # " + comments[u] : "");
  return out;
}

}  // namespace warband
