// A ruleset's declared parameters (in the manner of OpenSpiel's GameParameters): every named number
// a game can be set with, its type, default, allowed range and one line of doc. A setup's
// "parameters" object is checked against the declaration before the ruleset sees it, so an unknown
// or out-of-range parameter is the same clear error in every ruleset, listing what is allowed.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace warband {

struct ParameterSpec {
  enum class Type { kInt, kBool, kNumber };
  std::string name;  // "turn_limit"
  Type type = Type::kInt;
  double default_value = 0;  // a bool's is 0 or 1
  double min = 0;            // inclusive; ignored for bools
  double max = 0;
  std::string doc;  // one line: "Turns before the game ends on points"

  nlohmann::json to_json() const;  // {"name", "type", "default", "min", "max", "doc"}
};

std::string type_name(ParameterSpec::Type type);  // "int", "bool", "number"

// Checks setup["parameters"] (absent: nothing to check) against `specs`. Throws InputError at
// "setup.parameters[.NAME]" for a non-object, an unknown name (listing every known one with its
// type, range and default), a value of the wrong type, or one out of range (saying the range).
void check_parameters(const std::vector<ParameterSpec>& specs, const nlohmann::json& setup);

}  // namespace warband
