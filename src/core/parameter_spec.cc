#include "core/parameter_spec.h"

#include <fmt/format.h>

#include <cmath>

#include "core/error.h"
#include "core/json_input.h"
#include "core/text.h"

namespace warband {
namespace {

// "1 to 200" for whole numbers, "0.5 to 2" for numbers.
std::string range_text(const ParameterSpec& spec) {
  return fmt::format("{} to {}", spec.min, spec.max);
}

std::string default_text(const ParameterSpec& spec) {
  if (spec.type == ParameterSpec::Type::kBool) return spec.default_value != 0 ? "true" : "false";
  return fmt::format("{}", spec.default_value);
}

// "max_turns (int 1 to 200, default 20)"
std::string describe(const ParameterSpec& spec) {
  if (spec.type == ParameterSpec::Type::kBool)
    return fmt::format("{} (bool, default {})", spec.name, default_text(spec));
  return fmt::format("{} ({} {}, default {})", spec.name, type_name(spec.type), range_text(spec),
                     default_text(spec));
}

std::string known_list(const std::vector<ParameterSpec>& specs) {
  if (specs.empty()) return "this ruleset takes no parameters";
  std::vector<std::string> known;
  for (const ParameterSpec& spec : specs)
    known.push_back(describe(spec));
  return fmt::format("known: {}", fmt::join(known, ", "));
}

void check_value(const ParameterSpec& spec, const nlohmann::json& value, const std::string& where) {
  if (spec.type == ParameterSpec::Type::kBool) {
    if (!value.is_boolean())
      throw InputError(where, "expected true or false, got " + json_type_name(value));
    return;
  }
  const bool whole = spec.type == ParameterSpec::Type::kInt;
  if (whole ? !value.is_number_integer() : !value.is_number())
    throw InputError(where, fmt::format("expected {} from {}, got {}",
                                        whole ? "a whole number" : "a number", range_text(spec),
                                        value.is_number() ? value.dump() : json_type_name(value)));
  const double number = value.get<double>();
  if (!std::isfinite(number) || number < spec.min || number > spec.max)
    throw InputError(where,
                     fmt::format("expected {} to {}, got {}", spec.min, spec.max, value.dump()));
}

}  // namespace

std::string type_name(ParameterSpec::Type type) {
  switch (type) {
    case ParameterSpec::Type::kInt:
      return "int";
    case ParameterSpec::Type::kBool:
      return "bool";
    case ParameterSpec::Type::kNumber:
      return "number";
  }
  return "int";
}

nlohmann::json ParameterSpec::to_json() const {
  nlohmann::json json = {{"name", name}, {"type", type_name(type)}, {"doc", doc}};
  if (type == Type::kBool) {
    json["default"] = default_value != 0;
    return json;
  }
  if (type == Type::kInt) {
    json["default"] = static_cast<long long>(default_value);
    json["min"] = static_cast<long long>(min);
    json["max"] = static_cast<long long>(max);
  } else {
    json["default"] = default_value;
    json["min"] = min;
    json["max"] = max;
  }
  return json;
}

void check_parameters(const std::vector<ParameterSpec>& specs, const nlohmann::json& setup) {
  if (!setup.is_object()) return;  // the ruleset says what a setup must be
  const auto found = setup.find("parameters");
  if (found == setup.end()) return;
  if (!found->is_object())
    throw InputError("setup.parameters", "expected an object of parameter names and values, got " +
                                             json_type_name(*found));
  for (const auto& [name, value] : found->items()) {
    const std::string where = "setup.parameters." + name;
    const ParameterSpec* spec = nullptr;
    for (const ParameterSpec& candidate : specs)
      if (candidate.name == name) spec = &candidate;
    if (spec == nullptr) {
      std::vector<std::string_view> names;
      for (const ParameterSpec& candidate : specs)
        names.push_back(candidate.name);
      throw InputError(where, fmt::format("unknown parameter; {}{}", known_list(specs),
                                          did_you_mean(name, names)));
    }
    check_value(*spec, value, where);
  }
}

}  // namespace warband
