// Parameters by name: the one list that parameters.toml, setup overrides (`--set`) and the docs
// read, so a named number is spelled the same everywhere.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/parameter_spec.h"
#include "rulesets/atomspast/content.h"

namespace warband::atomspast {

struct ParameterField {
  const char* name;
  int Parameters::*int_field = nullptr;    // set for whole-number parameters
  bool Parameters::*bool_field = nullptr;  // set for yes/no parameters
  int min = 0;
  int max = 0;
  const char* doc = "";  // one line, for the ruleset's parameter spec
};

const std::vector<ParameterField>& parameter_fields();
const ParameterField* find_parameter(const std::string& name);

// The ruleset's parameter spec (core/parameter_spec.h): every field, its range and the default a
// Parameters{} holds (the built-in parameters.toml's values).
std::vector<ParameterSpec> parameter_specs();

// Applies {"name": value, ...} to `parameters`; an unknown name or a value out of range throws
// InputError naming the parameter.
void apply_parameter_overrides(const nlohmann::json& overrides, Parameters& parameters);

}  // namespace warband::atomspast
