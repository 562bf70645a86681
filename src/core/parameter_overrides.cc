#include "core/parameter_overrides.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "core/error.h"
#include "core/registry.h"

namespace warband {
namespace {

constexpr std::string_view kPrefix = "parameters.";
// Up to this many what-ifs, a refusal spells out each one's values; beyond, it names them.
constexpr std::size_t kMaxSpelledOut = 4;

// "parameters.round_limit=N (1 to 50)", "parameters.fast=true|false".
std::string usage(const ParameterSpec& spec) {
  switch (spec.type) {
    case ParameterSpec::Type::kBool:
      return fmt::format("{}{}=true|false", kPrefix, spec.name);
    case ParameterSpec::Type::kInt:
      return fmt::format("{}{}=N ({} to {})", kPrefix, spec.name, spec.min, spec.max);
    case ParameterSpec::Type::kNumber:
      return fmt::format("{}{}=X ({} to {})", kPrefix, spec.name, spec.min, spec.max);
  }
  return "";
}

// The value `text` says for `spec`, or an InputError at `where` saying what was expected.
nlohmann::json parsed_value(const ParameterSpec& spec, const std::string& text,
                            const std::string& where) {
  if (spec.type == ParameterSpec::Type::kBool) {
    if (text != "true" && text != "false")
      throw InputError(where, fmt::format("expected true or false, got '{}'", text));
    return text == "true";
  }
  const nlohmann::json value = nlohmann::json::parse(text, nullptr, false);
  const bool whole = spec.type == ParameterSpec::Type::kInt;
  const bool typed = whole ? value.is_number_integer() : value.is_number();
  if (!typed || !std::isfinite(value.get<double>()) || value.get<double>() < spec.min ||
      value.get<double>() > spec.max)
    throw InputError(where,
                     fmt::format("expected {} from {} to {}, got '{}'",
                                 whole ? "a whole number" : "a number", spec.min, spec.max, text));
  return value;
}

}  // namespace

ParameterSpec declared_parameter(std::string_view ruleset, std::string_view name, double lowest) {
  for (const ParameterSpec& spec : Registry::instance().find(ruleset).parameters) {
    if (spec.name != name) continue;
    ParameterSpec narrowed = spec;
    narrowed.min = std::max(spec.min, lowest);
    return narrowed;
  }
  fail_check(__FILE__, __LINE__, fmt::format("ruleset {} declares no parameter {}", ruleset, name));
}

nlohmann::json override_parameters(const nlohmann::json& setup,
                                   const std::vector<BalanceOverride>& overrides,
                                   std::string_view title,
                                   const std::vector<ParameterSpec>& what_ifs) {
  nlohmann::json out = setup.is_object() ? setup : nlohmann::json::object();
  for (const auto& [path, text] : overrides) {
    const std::string where = "--set " + path;
    const ParameterSpec* spec = nullptr;
    for (const ParameterSpec& candidate : what_ifs)
      if (path.starts_with(kPrefix) && path.substr(kPrefix.size()) == candidate.name)
        spec = &candidate;
    if (spec == nullptr) {
      std::vector<std::string> allowed;
      for (const ParameterSpec& candidate : what_ifs)
        allowed.push_back(kMaxSpelledOut < what_ifs.size() ? candidate.name : usage(candidate));
      if (kMaxSpelledOut < what_ifs.size())
        throw InputError(where, fmt::format("{} takes {}NAME=VALUE, NAME one of: {}", title,
                                            kPrefix, fmt::join(allowed, ", ")));
      throw InputError(where, fmt::format("{} takes {}", title, fmt::join(allowed, " or ")));
    }
    out["parameters"][spec->name] = parsed_value(*spec, text, where);
  }
  return out;
}

}  // namespace warband
